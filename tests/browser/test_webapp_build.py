"""Building a team within a budget card on the phone, and starting a match with it."""

import pytest

from matches.models import Match
from tests.browser.phone import browser, db, phone, shot

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]

# the cheapest card for each shirt number (name, its numbers as the catalog shows them)
CHEAPEST = {
    2: ("Full-back", "2"),
    3: ("Full-back", "3"),
    4: ("Stopper", "4"),
    5: ("Stopper", "5"),
    6: ("Central midfielder", "6"),
    7: ("Central midfielder", "7"),
    8: ("Attacking midfielder", "8"),
    9: ("Defensive forward", "9/11"),
    10: ("Attacking midfielder", "10"),
    11: ("Goal poacher", "11"),
}


def _open_slot(page, slot: int) -> None:
    page.get_by_role("button", name=f"No. {slot}:").tap()
    page.get_by_role("heading", name=f"No. {slot}", exact=True).wait_for()


def _pick(page, slot: int, name: str, numbers: str | None = None) -> None:
    _open_slot(page, slot)
    card = page.locator(".catalog-card", has_text=name)
    card.filter(has_text=f"No. {numbers or slot} ·").first.tap()
    page.locator(".slot-pick", has_text=name).nth(0).wait_for()


@pytest.mark.slow
def test_build_within_the_budget_card_fix_a_violation_save_and_play(
    app_server, make_user, token_for
):
    ann = make_user("ann")
    token = token_for(ann)
    with browser() as b:
        context, page = phone(b, app_server, token=token)
        page.goto("/app/#/build")
        page.get_by_role("heading", name="Build a team").wait_for()
        page.get_by_role("button", name="IV", exact=True).tap()
        page.locator(".pool", has_text="Defensive stars").get_by_text("5 of 5 left").wait_for()
        assert page.get_by_text("Nobody plays as number 2.").is_visible()
        shot(page, "30-build-empty")
        for slot, (name, numbers) in CHEAPEST.items():
            _pick(page, slot, name, numbers)
        page.locator(".pool", has_text="Defensive stars").get_by_text("1 of 5 left").wait_for()
        assert page.locator(".violation").count() == 0, page.locator(".violation").all_inner_texts()

        # a dearer no. 2 overspends the defensive stars: the violation is shown, then fixed
        _open_slot(page, 2)  # the orientation has a "defensive" button too
        page.get_by_role("button", name="defensive", exact=True).tap()
        page.locator('[data-shield="defensive"][aria-pressed="true"]').wait_for()
        page.locator(".catalog-card", has_text="Ball-playing centre-back").wait_for()
        assert page.locator(".catalog-card", has_text="Wing-back").count() == 0  # balanced
        shot(page, "31-build-catalog")
        page.locator(".catalog-card", has_text="Ball-playing centre-back").tap()
        page.locator(".pool.over", has_text="Defensive stars").wait_for()
        violation = page.locator(".violation").first
        assert "defensive" in violation.inner_text().lower()
        shot(page, "32-build-violation")
        _pick(page, 2, "Full-back")
        page.locator(".pool", has_text="Defensive stars").get_by_text("1 of 5 left").wait_for()
        assert page.locator(".violation").count() == 0

        page.get_by_role("button", name="Save").tap()
        page.get_by_text("is saved and keeps to the budget card").wait_for()
        shot(page, "33-build-saved")
        page.get_by_role("button", name="Use in a match").tap()
        page.get_by_role("button", name="Start the match").wait_for()
        shot(page, "34-new-match-with-team")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_selector('.match-head[data-seq="0"]')
        team = db(lambda: Match.objects.get().sides.get(position=0).team)
        assert team is not None and team.name == "My team"
        context.close()
