"""Choices both sides make at once, face down, from a phone each (Hat-Trick's action cards,
its shots and its shoot-out's penalties).

Each side's manager logs their own part (``part_submit``); it is kept hidden from everyone but
that side's manager until every side's part is in, then the parts make one action, logged like
any other (``match_actions_append``): the log, the live stream and every answer hold only what
the table has seen. A phone logging both sides sends the whole action to ``events/`` as before.

Who chooses a side's part is who logs for the side (``matches.log.selectors.sides_logged_by``,
the rule that also says whose secrets a reader sees): its linked manager, or the match's
creator for a side with no manager (a guest the creator logs for), or the guest who plays it.
A part may be changed until the last one is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from companion.errors import DomainError
from matches.engine import get_engine, get_game
from matches.guests.principal import account_of
from matches.log import snapshots, write_sql
from matches.log.selectors import sides_logged_by
from matches.log.services import WriteResult, lock_open_match, match_actions_append
from matches.models import Match, MatchStatus, PendingPart


@dataclass
class PartsView:
    """The step's face-down choice as one reader may see it: per side, whether its part is
    in, and the part itself only where the reader chooses for that side."""

    seq: int
    game: str
    type: str | None
    parts: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "game": self.game, "type": self.type, "parts": self.parts}


def _open_choice(match: Match, engine, state) -> Any:
    # how the game's parts make an action (or, TriXKick's re-set-up, the moves of a batch)
    rules = get_game(match.game).parts
    if rules is None or match.status != MatchStatus.IN_PROGRESS:
        return None, None
    return rules, rules.open_choice(engine.legal_actions(state), state)


def _view(match: Match, sides, user, entry, rows: dict[int, PendingPart]) -> PartsView:
    if entry is None:
        return PartsView(seq=match.seq, game=match.game, type=None, parts=[])
    parts = []
    mine = sides_logged_by(match, user, sides)
    for side in sides:
        row = rows.get(side.position)
        parts.append(
            {
                "type": entry["type"],
                "side": side.position,
                "chosen": row is not None,
                "part": row.part if row is not None and side.position in mine else None,
            }
        )
    return PartsView(seq=match.seq, game=match.game, type=entry["type"], parts=parts)


def _current_rows(match: Match) -> dict[int, PendingPart]:
    return {row.position: row for row in match.pending_parts.filter(seq=match.seq)}


def parts_read(*, match: Match, user) -> PartsView:
    """What ``user`` may see of the step's face-down choice (``match`` readable by them)."""
    engine = get_engine(match.game)
    state = snapshots.snapshot_state(match, engine)
    _rules, entry = _open_choice(match, engine, state)
    sides = list(match.sides.order_by("position"))
    return _view(match, sides, user, entry, _current_rows(match) if entry else {})


@transaction.atomic(savepoint=False)
def part_submit(
    *, match_id: int, user, side: int, part: Any, expected_seq: int | None
) -> tuple[PartsView, WriteResult | None]:
    """Keep ``side``'s part; once every side's part is in, log the action they make (then the
    ``WriteResult`` of that append is returned beside the view)."""
    match, sides = lock_open_match(match_id, user, expected_seq)
    engine = get_engine(match.game)
    state = snapshots.snapshot_state(match, engine, load=write_sql.match_snapshot_load)
    rules, entry = _open_choice(match, engine, state)
    if entry is None:
        raise DomainError(
            "no_face_down_choice",
            _("Nothing is chosen face down at this step: log the move itself."),
            details={"current_seq": match.seq},
        )
    mine = next((s for s in sides if s.position == side), None)
    if mine is None or side not in rules.sides_of(entry):
        raise DomainError(
            "no_such_side",
            _("The match has no side {side}.").format(side=side + 1),
            details={"side": side, "sides": len(sides)},
        )
    if side not in sides_logged_by(match, user, sides):
        raise DomainError(
            "not_your_side",
            _("{side} chooses for itself: only its manager logs its card.").format(side=mine.name),
            details={"side": side},
        )
    if not rules.part_allowed(entry, side, part):
        raise DomainError(
            "part_not_allowed",
            _(rules.REFUSED).format(side=mine.name),
            details={"side": side},
        )
    match.pending_parts.exclude(seq=match.seq).delete()  # parts of a step that is over
    PendingPart.objects.update_or_create(
        match=match,
        position=side,
        defaults={"seq": match.seq, "part": part, "author": account_of(user)},
    )
    rows = _current_rows(match)
    if set(rows) < set(rules.sides_of(entry)):
        return _view(match, sides, user, entry, rows), None
    composed = rules.compose(entry, {position: row.part for position, row in rows.items()})
    actions = composed if isinstance(composed, list) else [composed]
    match.pending_parts.all().delete()
    result = match_actions_append(
        match_id=match.pk,
        user=user,
        actions=actions,
        expected_seq=match.seq,
        # a piece that may not stand where it stood before (at another kick-off) ends the
        # batch: the moves before it are logged, the rest is placed move by move
        up_to_refusal=True,
    )
    return PartsView(seq=result.match.seq, game=match.game, type=None, parts=[]), result
