"""TriXKick's set-up "as before" after the phone's own goal, refereed on the phone, in Chromium,
Firefox ESR and WebKitGTK: once the goal is stored, "Set up as before" is offered with the
count of moves it logs (the same when the app is opened again, one less after a piece set by
hand), and one tap stores them all: every piece set up, the keepers too, the match going on."""

from __future__ import annotations

import pytest

from tests.browser.phone import db
from tests.browser.test_webapp_resetup import _just_before_a_goal
from webapp.runtime import runtime_version

pytestmark = [
    pytest.mark.engines,
    pytest.mark.slow,
    pytest.mark.phone_only,
    pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)"),
]

MOVE = 'section.moves button.move[aria-label="{}"]'
SEQ = "() => Number(document.querySelector('.match-head')?.dataset.seq)"
SEQ_IS = "(n) => Number(document.querySelector('.match-head')?.dataset.seq) === n"
# the number of moves "Set up as before (N moves)" says it logs
AS_BEFORE = """() => {
  const label = document.getElementById("as-before")?.textContent ?? "";
  const count = /\\((\\d+) /.exec(label);
  return count ? Number(count[1]) : 0;
}"""
COUNT_IS = f"(n) => ({AS_BEFORE})() === n"


def _tap(phone, selector: str) -> None:
    """The engine's click on the element once it is on screen."""
    phone.wait_for(selector)
    phone.click(selector)


def _moves_after(match_id, seq: int) -> list[str]:
    """The types of the moves logged after ``seq``."""
    from matches.models import MatchEvent

    events = MatchEvent.objects.filter(match_id=match_id, seq__gt=seq).order_by("seq")
    return [(action or {}).get("type") for action in events.values_list("action", flat=True)]


def test_set_up_as_before_after_the_phones_own_goal(engine, phones, table, make_user, token_for):
    ann = make_user("ann")
    match_id, goal = db(_just_before_a_goal, ann)
    piece = goal["piece"].split("-")[1]
    symbol = {"K": "head", "L": "left foot", "R": "right foot"}[goal["symbol"]]
    token = token_for(ann)
    phone = phones()
    phone.sign_in(token, "en")
    phone.goto(f"/app/#/match/{match_id}")
    phone.wait_for('.match-head[data-refereed="true"]', timeout=240)
    seq = phone.evaluate(SEQ)
    # the goal, scored again on the phone: the shot, then its corner
    _tap(phone, MOVE.format(f"{piece} shoots ({symbol})"))
    _tap(phone, MOVE.format(goal["target"]))  # a corner's word in English is its name
    phone.wait(SEQ_IS, seq + 1)
    before = phone.wait(AS_BEFORE)
    # every piece of both teams and the keepers, less what the kick-off lets stand elsewhere
    assert before >= 10, before
    phone.shot("as-before-after-own-goal")

    # the app opened again: the same set-up offered, refereed on the phone
    phone.reload()
    phone.wait_for('.match-head[data-refereed="true"]', timeout=240)
    phone.wait(COUNT_IS, before)

    # one piece set up by hand, refereed on the phone: the count follows
    _tap(phone, 'section.moves button.move[aria-label^="Set up "]')
    _tap(phone, "section.moves button.move")
    phone.wait(SEQ_IS, seq + 2)
    phone.wait(COUNT_IS, before - 1)
    _tap(phone, "#as-before")
    phone.wait(SEQ_IS, seq + 1 + before)
    phone.wait_for('.match-head[data-setup="0"]')  # the keepers too: the match goes on
    assert phone.count("[role=alert]") == 0
    phone.shot("as-before-stored")
    moves = db(_moves_after, match_id, seq + 1)
    assert len(moves) == before and set(moves) <= {"place", "keepers"}, moves
