"""Reads of matches: visibility, history lists, the state at any point, the log."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db.models import Exists, OuterRef, Q, QuerySet

from companion.locks import locked
from matches import errors
from matches.engine import get_engine
from matches.engine.base import HiddenInformation, view_state
from matches.engine.referee import localized_legal
from matches.guests.principal import is_guest
from matches.i18n import (
    quick_reference,
    state_side_names,
    to_move_name,
)
from matches.log import snapshots
from matches.log.replay import initial_state, log_stacks, replay_actions
from matches.models import Match, MatchEvent, MatchSide, MatchStatus, Visibility


def match_visible_to(user) -> QuerySet[Match]:
    """Public matches, plus the private ones the user created or plays in; a guest's own
    match alone (``matches.guests``)."""
    queryset = Match.objects.all()
    if is_guest(user):
        return queryset.filter(pk=user.match_id)
    if user is None or not user.is_authenticated:
        return queryset.filter(visibility=Visibility.PUBLIC)
    plays_in = MatchSide.objects.filter(match=OuterRef("pk"), user=user)
    return queryset.filter(Q(visibility=Visibility.PUBLIC) | Q(created_by=user) | Exists(plays_in))


def match_locked(match_id: int, user) -> Match:
    """The match ``match_id`` as ``user`` may see it, with its edition, locked until the
    transaction ends (``NotFound`` when there is none the user may see)."""
    return locked(match_visible_to(user).select_related("edition").filter(pk=match_id))


def match_visible_sides(
    match: Match, user, *, sides: Sequence[MatchSide] | None = None
) -> frozenset[int] | None:
    """Sides whose hidden information (TriXKick's keepers) ``user`` may see; ``None``: all.

    Everything is open once the match is over, and in games without secrets. While it runs, a
    viewer sees the secrets of the sides they log for (``sides_logged_by``). Reads ``sides``,
    else ``match.sides`` (prefetch it).
    """
    if match.status != MatchStatus.IN_PROGRESS:
        return None
    if not isinstance(get_engine(match.game), HiddenInformation):
        return None
    return sides_logged_by(match, user, match.sides.all() if sides is None else sides)


def sides_logged_by(match: Match, user, sides: Iterable[MatchSide]) -> frozenset[int]:
    """The positions of the sides of ``sides`` that ``user`` logs for: the sides linked to
    them, and for the match's creator also those with no linked manager (a guest the creator
    logs for); for a guest its own side; for anyone else none. Who logs for a side chooses its
    face-down parts (``matches.parts``) and sees its secrets while the match runs."""
    if user is None or not user.is_authenticated:
        return frozenset()
    if is_guest(user):
        return frozenset({user.position}) if match.pk == user.match_id else frozenset()
    creator = match.created_by_id == user.pk
    return frozenset(
        side.position
        for side in sides
        if side.user_id == user.pk or (creator and side.user_id is None)
    )


@dataclass(frozen=True)
class StateView:
    seq: int
    state: Any  # the engine's state value
    engine: Any
    state_json: dict[str, Any] | None = None  # the stored snapshot, when it is at hand
    summary: dict[str, Any] | None = None
    sides: Sequence[MatchSide] | None = None  # the match's sides (with users), when at hand

    def to_json(
        self,
        *,
        with_state: bool = True,
        with_reference: bool = True,
        visible: frozenset[int] | None = None,
    ) -> dict[str, Any]:
        """The state for a viewer who may see the secrets of ``visible`` (``None``: all).

        Without ``with_state`` and ``with_reference``: what a phone shows next (seq, summary,
        legal actions with their hint, outcome)."""
        outcome = self.engine.outcome(self.state)
        data: dict[str, Any] = {
            "game": self.engine.key,
            "seq": self.seq,
            "summary": self.summary
            if self.summary is not None
            else self.engine.summary(self.state),
            "legal": (legal := localized_legal(self.engine, self.state)),
            "outcome": outcome.to_json() if outcome else None,
            "to_move": to_move(self.engine, self.state, legal, outcome, self.sides),
        }
        if with_reference:
            data["reference"] = quick_reference(self.engine.key, self.state, legal)
        if with_state:
            state_json = (
                self.state_json
                if self.state_json is not None
                else self.engine.state_to_json(self.state)
            )
            data["state"] = view_state(self.engine, state_json, visible)
        return data


def to_move(
    engine: Any,
    state: Any,
    legal: Mapping[str, Any],
    outcome: Any,
    sides: Sequence[MatchSide] | None,
) -> list[dict[str, Any]]:
    """The sides whose move it is, ``[{"side", "name", "user"}]``: the engine's ``actor``, or
    every side when all act at once (both Hat-Trick managers reveal cards); none once over.
    ``user`` is the linked manager's username (so a phone can say "your turn")."""
    if outcome is not None:
        return []
    actor = legal.get("actor")
    count = len(sides) if sides else len(state_side_names(engine.key, state))
    positions = [actor] if isinstance(actor, int) and not isinstance(actor, bool) else range(count)
    users = {side.position: side.user.username for side in sides or () if side.user_id}
    return [
        {"side": p, "name": to_move_name(engine.key, state, p), "user": users.get(p)}
        for p in positions
    ]


def match_state_current(
    match: Match, *, state: Any = None, sides: Sequence[MatchSide] | None = None
) -> StateView:
    """The state after the last event, from the stored snapshot (``state``: already parsed;
    ``sides``: the match's sides with their users, else ``match.sides``, prefetched)."""
    engine = get_engine(match.game)
    if state is None:
        state = snapshots.snapshot_state(match, engine)
    return StateView(
        seq=match.seq,
        state=state,
        engine=engine,
        state_json=match.state,
        summary=match.summary,
        sides=list(match.sides.all()) if sides is None else sides,
    )


def match_state_at(match: Match, *, seq: int) -> StateView:
    """The state after event ``seq`` (0 = before the first move): the replay of the log.

    A ``seq`` beyond the log is refused with ``seq_out_of_range`` (not the current state)."""
    if seq > match.seq:
        raise errors.seq_beyond_log(seq=seq, current=match.seq)
    if seq == match.seq:
        return match_state_current(match)
    engine = get_engine(match.game)
    sides = list(match.sides.order_by("position").select_related("user"))
    state = _replayed(match, engine, sides, _standing_actions(match, seq))
    return StateView(seq=seq, state=state, engine=engine, sides=sides)


def match_state_with_last_move(match: Match, *, seq: int | None) -> tuple[StateView, Any | None]:
    """The state after event ``seq`` (``None``: now) and the state before the last move that
    stands there (the action an undo has not taken back; ``None`` before the first move), for
    a picture that marks that move. One replay gives both: states are immutable.

    A ``seq`` beyond the log is refused with ``seq_out_of_range``."""
    if seq is not None and seq > match.seq:
        raise errors.seq_beyond_log(seq=seq, current=match.seq)
    at = match.seq if seq is None else seq
    actions = _standing_actions(match, at)
    engine = get_engine(match.game)
    sides = list(match.sides.order_by("position").select_related("user"))
    before = _replayed(match, engine, sides, actions[:-1]) if actions else None
    if at == match.seq:
        return match_state_current(match), before
    if before is None:
        state = _replayed(match, engine, sides, [])
    else:
        state = replay_actions(engine, before, actions[-1:])
    return StateView(seq=at, state=state, engine=engine, sides=sides), before


def _standing_actions(match: Match, seq: int) -> list[Any]:
    """The actions that stand after event ``seq`` (undone ones left out), in order."""
    events = MatchEvent.objects.filter(match=match, seq__lte=seq).only("seq", "kind", "action")
    return [event.action for event in log_stacks(events.order_by("seq")).applied]


def _replayed(match: Match, engine: Any, sides: list[MatchSide], actions: list[Any]) -> Any:
    """The state after ``actions``, replayed from the match's set-up."""
    configs = [side.config for side in sides]
    state = initial_state(engine, edition=match.edition.data, sides=configs, options=match.options)
    return replay_actions(engine, state, actions)


class _SeqKind(NamedTuple):
    seq: int
    kind: str


def match_voided_seqs(match: Match) -> set[int]:
    """Seqs of the action events that are currently voided by an undo."""
    # seq and kind are all the undo/redo stacks need: no action JSON, no model instances
    events = [
        _SeqKind(seq, kind) for seq, kind in match.events.order_by("seq").values_list("seq", "kind")
    ]
    applied = {event.seq for event in log_stacks(events).applied}
    return {event.seq for event in events if event.kind == "action" and event.seq not in applied}


@dataclass(frozen=True)
class LogSlice:
    """The events of a match after a seq, with what a viewer's presentation needs."""

    match: Match
    sides: list[MatchSide]
    events: list[MatchEvent]  # oldest first, at most the limit asked for
    voided: frozenset[int]  # seqs among ``events`` that an undo voids now
    more: bool  # the log goes on past the last of ``events``


def match_log_after(match_id: int, *, after: int, limit: int = 500) -> LogSlice | None:
    """The log of ``match_id`` after event ``after`` (``None``: no such match).

    An action's ``voided`` flag is decided by the last undo or redo that names it, and those
    come after it in the log: only events after ``after`` need to be read, however long the
    log, and the flags are the ones the whole log gives.
    """
    match = (
        Match.objects.filter(pk=match_id)
        .only("id", "game", "status", "visibility", "created_by_id", "seq")
        .first()
    )
    if match is None:
        return None
    sides = list(
        MatchSide.objects.filter(match_id=match_id).only(
            "id", "match_id", "position", "user_id", "name"
        )
    )
    if match.seq <= after:
        return LogSlice(match=match, sides=sides, events=[], voided=frozenset(), more=False)
    later = MatchEvent.objects.filter(match_id=match_id, seq__gt=after).order_by("seq")
    events = list(later.select_related("author")[: limit + 1])
    more = len(events) > limit
    events = events[:limit]
    last_word: dict[int, str] = {}
    for kind, target in later.exclude(kind="action").values_list("kind", "target_seq"):
        last_word[target] = kind
    voided = frozenset(
        event.seq
        for event in events
        if event.kind == "action" and last_word.get(event.seq) == "undo"
    )
    return LogSlice(match=match, sides=sides, events=events, voided=voided, more=more)


def match_readable_by(match: Match, user, sides: Sequence[MatchSide]) -> bool:
    """``match_visible_to`` for one match whose sides are at hand."""
    if is_guest(user):
        return match.pk == user.match_id
    if match.visibility == Visibility.PUBLIC:
        return True
    if user is None or not user.is_authenticated:
        return False
    return match.created_by_id == user.pk or any(side.user_id == user.pk for side in sides)
