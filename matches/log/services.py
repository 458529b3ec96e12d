"""Writes of matches: create, append (one or a batch), undo, redo, abandon, import.

Every write runs in one transaction: lock the match row, check status and the client's
expected sequence number, let the engine judge, insert the event(s) with the next seq and
store the new snapshot. Appends cost the same at move 10 and at move 300: the snapshot is
loaded, never the log. Undo replays the effective actions (it is rare).

A match that ends is handed to the stats jobs after commit (``settings.MATCH_FINISHED_TASK``).

Append, undo, redo and abandon join a caller's transaction without a savepoint of their own
(the views open it in ``companion.api.idempotency.idempotent``, which stores the answer in the same
transaction): a write that fails dooms the transaction it runs in, so a caller inside one must
let the error end it, not catch it and go on. The statements of the append path are SQL
composed once (``matches.log.write_sql``); the rest use the ORM.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.errors import DomainError, NotFound
from matches import errors
from matches.engine import EngineError, GameEngine, get_engine
from matches.engine import matchfile as matchfile_format
from matches.engine.i18n import refusals_of
from matches.guests.principal import account_of, is_guest
from matches.i18n import game_name
from matches.invitations.services import invitations_pending_create
from matches.live import wakeups
from matches.log import snapshots, write_sql
from matches.log.handoff import match_finished_handoff
from matches.log.replay import initial_state, log_stacks, replay_actions
from matches.models import (
    EventKind,
    Match,
    MatchEvent,
    MatchSide,
    MatchStatus,
    SideResult,
    Visibility,
)
from teams.models import Edition
from teams.selectors import edition_latest
from teams.services import reference_editions_load, team_brought

logger = logging.getLogger(__name__)
User = get_user_model()


@dataclass
class WriteResult:
    """What a write did: the match as now stored, its sides and the events it added."""

    match: Match
    sides: list[MatchSide]
    events: list[MatchEvent] = field(default_factory=list)
    state: Any = None


# --- create ----------------------------------------------------------------------------------


def _reference_edition_loaded(game: str) -> Edition | None:
    """The game's latest reference edition, loading the reference editions first if none is
    (a server started with ``migrate`` alone opens matches without ``seed_demo``)."""
    edition = edition_latest(game=game)
    if edition is not None:
        return edition
    try:
        with transaction.atomic():
            reference_editions_load()
    except IntegrityError:
        pass  # another request loaded them at the same moment
    return edition_latest(game=game)


def _resolve_edition(game: str, edition: Edition | None) -> Edition:
    if edition is None:
        edition = _reference_edition_loaded(game)
        if edition is None:
            raise DomainError(
                "edition_missing",
                _("No edition of {game} is loaded on this server.").format(game=game_name(game)),
            )
    elif edition.game != game:
        raise DomainError(
            "edition_mismatch",
            _("The edition {edition} is for {other}, not {game}.").format(
                edition=edition, other=game_name(edition.game), game=game_name(game)
            ),
            details={"edition": edition.pk},
        )
    return edition


def _side_configs(user, game: str, sides: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The engine config of each side: the team's lineup (if any), then the explicit config."""
    from teams.selectors import team_side_config

    configs = []
    for side in sides:
        config: dict[str, Any] = {}
        team = side.get("team")
        if team_brought(user=user, team=team) is not None:
            config.update(team_side_config(team=team)["engine_side"])
        config.update(side.get("config") or {})
        config["name"] = side.get("name") or config.get("name") or f"Side {len(configs) + 1}"
        configs.append(config)
    return configs


def _edition_of_teams(
    game: str, sides: Sequence[Mapping[str, Any]], edition: Edition | None
) -> Edition | None:
    """Sides that bring teams pin the match to their teams' edition."""
    teams = [side["team"] for side in sides if side.get("team") is not None]
    for team in teams:
        if team.edition.game != game:
            raise DomainError(
                "team_wrong_game",
                _("The team “{team}” is a {other} team, not a {game} team.").format(
                    team=team.name, other=game_name(team.edition.game), game=game_name(game)
                ),
                details={"team": team.pk},
            )
    editions = {team.edition for team in teams}
    if edition is not None:
        editions.add(edition)
    if len(editions) > 1:
        raise DomainError(
            "edition_mismatch",
            _("The teams and the match must use the same edition."),
            details={"editions": sorted(str(e) for e in editions)},
        )
    return next(iter(editions), None)


@transaction.atomic
def match_create(
    *,
    user,
    game: str,
    sides: Sequence[Mapping[str, Any]],
    options: Mapping[str, Any] | None = None,
    edition: Edition | None = None,
    visibility: str = "public",
    uid: uuid.UUID | None = None,
) -> WriteResult:
    """Open a match. ``sides``: ``[{"name", "user"?: User, "team"?: Team, "config"?: {}}]``;
    ``uid``: the identity an imported file gives it (default: a new one)."""
    engine = get_engine(game)
    edition = _resolve_edition(game, _edition_of_teams(game, sides, edition))
    options = dict(options or {})
    if not engine.min_sides <= len(sides) <= engine.max_sides:
        raise DomainError(
            "wrong_number_of_sides",
            (
                _("{game} is played by {low} to {high} sides, not {given}.")
                if engine.max_sides != engine.min_sides
                else _("{game} is played by {low} sides, not {given}.")
            ).format(
                game=engine.name, low=engine.min_sides, high=engine.max_sides, given=len(sides)
            ),
            details={"min": engine.min_sides, "max": engine.max_sides, "given": len(sides)},
        )
    configs = _side_configs(user, game, sides)
    state = initial_state(engine, edition=edition.data, sides=configs, options=options)
    match = Match.objects.create(
        uid=uid or uuid.uuid4(),
        game=game,
        edition=edition,
        created_by=user,
        visibility=visibility,
        options=options,
        seq=0,
        state=engine.state_to_json(state),
        summary=engine.summary(state),
    )
    # a side names the creator at once; anyone else only once they accept an invitation
    invitees = {
        position: side["user"]
        for position, side in enumerate(sides)
        if side.get("user") is not None and side["user"].pk != user.pk
    }
    match_sides = MatchSide.objects.bulk_create(
        MatchSide(
            match=match,
            position=position,
            name=config["name"][:100],
            user=None if position in invitees else side.get("user"),
            team=side.get("team"),
            config=config,
        )
        for position, (side, config) in enumerate(zip(sides, configs, strict=True))
    )
    if invitees:
        if len({invitee.pk for invitee in invitees.values()}) < len(invitees):
            raise DomainError(
                "already_invited", _("A manager can be invited to one side of a match only.")
            )
        invitations_pending_create(match=match, user=user, invitees=invitees)
    snapshots.remember_on_commit(match, state)
    return WriteResult(match=match, sides=match_sides, state=state)


# --- append ----------------------------------------------------------------------------------


def lock_open_match(
    match_id: int, user, expected_seq: int | None, *, finished_too: bool = False
) -> tuple[Match, list[MatchSide]]:
    """The match row, locked for this transaction, and its sides, once ``user`` may write it
    and it is open (``finished_too``: or finished, for the undo that reopens it).

    The sides (with their users) decide who writes, and every answer shows them. A private
    match is not found by others (``NotFound``), a public one refused (``not_participant``) to
    those who are not in it.
    """
    found = write_sql.match_for_update(match_id)
    if found is None:
        raise NotFound()
    match, sides = found
    if is_guest(user):
        _guest_may_write(user, match, sides)
    elif match.created_by_id != user.pk and all(side.user_id != user.pk for side in sides):
        if match.visibility != Visibility.PUBLIC:
            raise NotFound()
        raise errors.not_participant()
    if not (match.is_open or (finished_too and match.status == MatchStatus.FINISHED)):
        raise errors.match_closed(status_value=match.status, current=match.seq)
    if expected_seq is not None and expected_seq != match.seq:
        raise errors.stale_sequence(expected=expected_seq, current=match.seq)
    return match, sides


def _guest_may_write(guest, match: Match, sides: list[MatchSide]) -> None:
    """A guest writes its own match while its pass holds (the match's row is locked: a pass
    the creator takes back meanwhile waits for this write, or this write for it)."""
    from matches.guests.services import guest_pass_ended
    from matches.models import GuestPass

    side = next((side for side in sides if side.position == guest.position), None)
    holds = GuestPass.objects.filter(
        pk=guest.pass_id, match_id=match.pk, ended_at__isnull=True
    ).exists()
    if match.pk != guest.match_id or side is None or side.user_id is not None or not holds:
        raise guest_pass_ended()


def _insert_events(match: Match, events: list[MatchEvent]) -> None:
    now = timezone.now()
    for event in events:
        event.created_at = now
    if not write_sql.events_insert(events):  # another writer took the seq first
        current = Match.objects.filter(pk=match.pk).values_list("seq", flat=True).first()
        raise errors.stale_sequence(expected=match.seq, current=current or match.seq)


def _store(
    match: Match,
    sides: list[MatchSide],
    engine: GameEngine,
    state: Any,
    new_events: list[MatchEvent],
) -> None:
    """Insert the events, store the snapshot, and finish the match if the game has ended, or
    reopen it if an undo took back the move that ended it."""
    _insert_events(match, new_events)
    match.seq = new_events[-1].seq
    match.state = engine.state_to_json(state)
    match.summary = engine.summary(state)
    match.updated_at = new_events[-1].created_at
    fields = ["seq", "state", "summary", "updated_at"]
    outcome = engine.outcome(state)
    if outcome is not None:
        match.status = MatchStatus.FINISHED
        match.result = outcome.to_json()
        match.finished_at = match.updated_at
        fields += ["status", "result", "finished_at"]
        _record_side_results(sides, outcome.scores, outcome.winners)
        _guests_leave(match)
        transaction.on_commit(lambda match_id=match.pk: match_finished_handoff(match_id))
    elif match.status == MatchStatus.FINISHED:  # reopened: its results and stats are withdrawn
        match.status = MatchStatus.IN_PROGRESS
        match.result = None
        match.finished_at = None
        fields += ["status", "result", "finished_at"]
        for side in sides:
            side.score = side.result = None
        MatchSide.objects.bulk_update(sides, ["score", "result"])
        transaction.on_commit(lambda match_id=match.pk: match_finished_handoff(match_id))
    write_sql.match_update(match, fields)
    snapshots.remember_on_commit(match, state)
    wakeups.publish_on_commit(match.pk, match.seq)


def _guests_leave(match: Match) -> None:
    """The match is over: its guests' passes end with it (``matches.guests``)."""
    from matches.guests.services import guest_passes_end

    guest_passes_end(match)


def _record_side_results(
    sides: list[MatchSide], scores: Sequence[int], winners: Sequence[int]
) -> None:
    everyone = len(winners) in (0, len(sides))
    for side in sides:
        side.score = scores[side.position] if side.position < len(scores) else None
        if everyone:
            side.result = SideResult.DRAW
        else:
            side.result = SideResult.WIN if side.position in winners else SideResult.LOSS
    MatchSide.objects.bulk_update(sides, ["score", "result"])


def _apply(engine: GameEngine, state: Any, action_data: Any) -> tuple[Any, Any, list[dict]]:
    action = engine.parse_action(action_data)
    transition = engine.apply(state, action)
    return action, transition.state, [event.to_json() for event in transition.events]


@transaction.atomic(savepoint=False)
def match_actions_append(
    *,
    match_id: int,
    user,
    actions: Sequence[Any],
    expected_seq: int | None,
    up_to_refusal: bool = False,
) -> WriteResult:
    """Append one or more actions, all or nothing: an illegal one raises with its ``index``.
    ``up_to_refusal``: the actions before the first illegal one are logged instead (one
    illegal at the first still raises)."""
    match, sides = lock_open_match(match_id, user, expected_seq)
    engine = get_engine(match.game)
    state = snapshots.snapshot_state(match, engine, load=write_sql.match_snapshot_load)
    new_events = []
    for index, data in enumerate(actions):
        if new_events and engine.outcome(state) is not None:
            raise errors.match_closed(status_value="finished", current=match.seq)
        try:
            action, state, effects = _apply(engine, state, data)
        except EngineError as exc:
            if up_to_refusal and new_events:
                break
            if len(actions) > 1:
                exc.details.setdefault("index", index)
            # the message names the teams, not side indexes (see matches.i18n)
            exc.game = match.game
            exc.side_names = [side.name for side in sides]
            raise
        new_events.append(
            MatchEvent(
                match=match,
                seq=match.seq + len(new_events) + 1,
                kind=EventKind.ACTION,
                action=engine.action_to_json(action),
                notation=engine.format_action(action),
                effects=effects,
                author=account_of(user),
            )
        )
    _store(match, sides, engine, state, new_events)
    return WriteResult(match=match, sides=sides, events=new_events, state=state)


# --- undo, redo, abandon ---------------------------------------------------------------------


def _stacks(match: Match):
    events = match.events.only("seq", "kind", "action", "target_seq").order_by("seq")
    return log_stacks(events)


def _initial(match: Match, sides: list[MatchSide], engine: GameEngine) -> Any:
    configs = [side.config for side in sides]
    return initial_state(engine, edition=match.edition.data, sides=configs, options=match.options)


def _store_command(
    match: Match,
    sides: list[MatchSide],
    engine: GameEngine,
    state: Any,
    kind: EventKind,
    target: MatchEvent,
    *,
    user,
    effects: list | None = None,
) -> WriteResult:
    """Log an undo or a redo of ``target`` as an event of its own, with the state it leads to."""
    event = MatchEvent(
        match=match,
        seq=match.seq + 1,
        kind=kind,
        target_seq=target.seq,
        notation=f"{kind.value} {target.seq}",
        effects=effects or [],
        author=account_of(user),
    )
    _store(match, sides, engine, state, [event])
    return WriteResult(match=match, sides=sides, events=[event], state=state)


@transaction.atomic(savepoint=False)
def match_undo(*, match_id: int, user, expected_seq: int | None) -> WriteResult:
    """Undo the last effective move; the move that ended a match too, which reopens it."""
    match, sides = lock_open_match(match_id, user, expected_seq, finished_too=True)
    engine = get_engine(match.game)
    stacks = _stacks(match)
    if not stacks.applied:
        raise errors.nothing_to("undo", current=match.seq)
    voided = stacks.applied[-1]
    state = replay_actions(
        engine, _initial(match, sides, engine), (e.action for e in stacks.applied[:-1])
    )
    return _store_command(match, sides, engine, state, EventKind.UNDO, voided, user=user)


@transaction.atomic(savepoint=False)
def match_redo(*, match_id: int, user, expected_seq: int | None) -> WriteResult:
    match, sides = lock_open_match(match_id, user, expected_seq)
    engine = get_engine(match.game)
    stacks = _stacks(match)
    if not stacks.redoable:
        raise errors.nothing_to("redo", current=match.seq)
    restored = stacks.redoable[-1]
    state = snapshots.snapshot_state(match, engine, load=write_sql.match_snapshot_load)
    _action, state, effects = _apply(engine, state, restored.action)
    return _store_command(
        match, sides, engine, state, EventKind.REDO, restored, user=user, effects=effects
    )


@transaction.atomic(savepoint=False)
def match_abandon(*, match_id: int, user, expected_seq: int | None = None) -> WriteResult:
    match, sides = lock_open_match(match_id, user, expected_seq)
    write_sql.match_snapshot_load(match)  # the answer shows the state as it stands
    state = snapshots.snapshot_state(match, get_engine(match.game))
    match.status = MatchStatus.ABANDONED
    match.updated_at = timezone.now()
    write_sql.match_update(match, ["status", "updated_at"])
    _guests_leave(match)
    return WriteResult(match=match, sides=sides, state=state)


# --- import ----------------------------------------------------------------------------------


def _edition_from_header(game: str, header: Any) -> Edition | None:
    if header is None:
        return None
    if isinstance(header, dict):
        slug, version = header.get("slug", "reference"), header.get("version")
    elif isinstance(header, str):
        slug, _, version = header.partition("@")
    else:
        slug, version = None, None
    if slug == "reference":
        _reference_edition_loaded(game)
    try:
        query = Edition.objects.filter(game=game, slug=str(slug))
        edition = query.get(version=int(version)) if version not in (None, "") else query.first()
    except (Edition.DoesNotExist, TypeError, ValueError):
        edition = None
    if edition is None:
        raise DomainError(
            "edition_missing",
            _("The file names the edition “{edition}”, which is not loaded here.").format(
                edition=header
            ),
        )
    return edition


@transaction.atomic
def match_import(*, user, text: str, visibility: str = "public") -> WriteResult:
    """Create a match from a match file, re-validating every move; all or nothing."""
    parsed = matchfile_format.read(text)
    game = parsed.headers.get("Game")
    if not isinstance(game, str):
        raise DomainError("invalid_match_file", _('The file has no [Game "…"] header.'))
    engine = get_engine(game)
    sides = parsed.headers.get("Sides")
    if not isinstance(sides, list) or not all(isinstance(side, dict) for side in sides):
        raise DomainError(
            "invalid_match_file",
            _("The [Sides …] header must be a JSON list of objects."),
        )
    options = parsed.headers.get("Options") or {}
    if not isinstance(options, dict):
        raise DomainError(
            "invalid_match_file",
            _("The [Options …] header must be a JSON object."),
        )
    uid = _uid_from_header(parsed.headers.get("Match"))
    with refusals_of(engine.key):
        actions = parsed.parse_actions(engine)
    if uid is not None and Match.objects.filter(uid=uid).exists():
        raise _already_held(user, uid)
    try:
        created = match_create(
            user=user,
            game=game,
            sides=[{"name": side.get("name"), "config": side} for side in sides],
            options=options,
            edition=_edition_from_header(game, parsed.headers.get("Edition")),
            visibility=visibility,
            uid=uid,
        )
    except IntegrityError:  # the same file imported at the same moment: the other one won
        if uid is None or not Match.objects.filter(uid=uid).exists():
            raise
        raise _already_held(user, uid) from None
    if not actions:
        return created
    try:
        return match_actions_append(
            match_id=created.match.pk,
            user=user,
            actions=[engine.action_to_json(action) for action in actions],
            expected_seq=0,
        )
    except EngineError as exc:
        if "index" in exc.details:
            exc.details["move_number"] = exc.details.pop("index") + 1
        else:
            exc.details.setdefault("move_number", 1)
        raise


def _uid_from_header(value: Any) -> uuid.UUID | None:
    """The ``[Match "<uuid>"]`` header: the identity of the match the file records."""
    if value is None:
        return None
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise DomainError(
            "invalid_match_file",
            _("The [Match …] header must be the match's identity (a UUID)."),
        ) from None


def _already_held(user, uid: uuid.UUID) -> DomainError:
    """The file records a match this server holds; a link to it if the user may read it."""
    from matches.log.selectors import match_visible_to

    original = match_visible_to(user).filter(uid=uid).values_list("pk", flat=True).first()
    details: dict[str, Any] = {"uid": str(uid)}
    if original is not None:
        details.update(match=original, url=f"/api/matches/{original}/")
    return DomainError(
        "match_already_held",
        _(
            "This file records a match this server already holds; importing it again would "
            "count it twice."
        ),
        details=details,
    )


def match_export(*, match: Match) -> str:
    """The match as a match file: headers, then the effective actions in notation."""
    stacks = _stacks(match)
    headers = {
        "Game": match.game,
        "Match": str(match.uid),
        "Edition": {"slug": match.edition.slug, "version": match.edition.version},
        "Sides": [side.config for side in match.sides.order_by("position")],
        "Options": match.options,
        "Status": match.status,
    }
    if match.result:
        headers["Result"] = match.result
    return matchfile_format.write(headers, (event.notation for event in stacks.applied))
