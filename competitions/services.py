"""Writes of competitions: create, invite, accept or decline, draw, play a fixture, walkover,
postpone, leave, next season.

Consent first: a user is in a competition only once they accept their invitation (with their
own team or build where the game has teams), and a fixture's match names the other member on
their side only once they accept the match's invitation (``matches.invitations``). The
organiser, who creates the competition, is its first member at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.errors import DomainError
from companion.locks import locked
from competitions import draws, jobs, tables
from competitions.models import (
    Competition,
    CompetitionStatus,
    Fixture,
    FixtureStatus,
    Format,
    Member,
    MemberStatus,
    Stage,
    Visibility,
)
from competitions.selectors import competition_visible_to
from matches.engine import get_game
from matches.log import services as match_services
from matches.models import MatchStatus
from teams.models import Build, Team

#: the options a cup match is created with, where the game's options declare them: the
#: rulebook's own deciders (Hat-Trick: "Verlängerung … Elfmeterschießen")
DECIDERS = ("extra_time", "penalty_shootout")
#: the fewest members of each format
LEAST: dict[str, int] = {
    Format.LEAGUE: 2,
    Format.CUP: 2,
    Format.GROUPS_CUP: 6,
    Format.SWISS: 2,
    Format.SERIES: 2,
}


def _refused(code: str, message: Any, **details: Any) -> DomainError:
    return DomainError(code, message, details=details)


def not_organiser() -> DomainError:
    return _refused("not_organiser", _("Only the competition's organiser may do this."))


def _drawn() -> DomainError:
    return _refused("competition_drawn", _("The fixtures are drawn: nobody joins any more."))


# --- create ---------------------------------------------------------------------------------


def deciders_of(game: str) -> dict[str, bool]:
    """The deciders of a cup match of ``game``: those of :data:`DECIDERS` its options have."""
    declared = getattr(get_game(game).shapes.options, "__annotations__", {})
    return {name: True for name in DECIDERS if name in declared}


@transaction.atomic
def competition_create(
    *,
    user,
    name: str,
    game: str,
    format: str,
    options: Mapping[str, Any] | None = None,
    settings: Mapping[str, Any] | None = None,
    points: str = "3-1-0",
    tie_break: str = tables.DIFFERENCE,
    discipline: bool = False,
    visibility: str = Visibility.PUBLIC,
    team: Team | None = None,
    build: Build | None = None,
    invite: Sequence[Any] = (),
    seed: int | None = None,
    previous: Competition | None = None,
) -> Competition:
    """A competition of ``game``; the organiser is its first member (with ``team`` or
    ``build``), the users of ``invite`` are asked to join."""
    get_game(game)  # an unknown game is refused by the view; a game removed since, here
    engine = get_game(game).engine
    if format == Format.SERIES and engine.max_sides < 3:
        raise _refused(
            "format_not_for_game",
            _("A series of match days is for games played by more than two at a table."),
        )
    if format != Format.SERIES and not engine.min_sides <= 2 <= engine.max_sides:
        raise _refused(
            "format_not_for_game",
            _("Leagues and cups are for games of two sides; choose a series of match days."),
        )
    _options_checked(game, dict(options or {}), cup=format in (Format.CUP, Format.GROUPS_CUP))
    competition = Competition.objects.create(
        name=name,
        game=game,
        format=format,
        organiser=user,
        visibility=visibility,
        options=dict(options or {}),
        settings=dict(settings or {}),
        points=points,
        tie_break=tie_break,
        discipline=discipline,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**62),
        season=previous.season + 1 if previous is not None else 1,
        previous=previous,
    )
    own = _own_team(user, game, team=team, build=build)
    Member.objects.create(
        competition=competition,
        user=user,
        team=own,
        status=MemberStatus.ACCEPTED,
        answered_at=timezone.now(),
    )
    for invitee in invite:
        if invitee.pk != user.pk:
            Member.objects.get_or_create(competition=competition, user=invitee)
    jobs.standings_rebuild(competition_id=competition.pk)
    return competition


def _options_checked(game: str, options: dict[str, Any], *, cup: bool) -> None:
    """The matches' options as the game's engine reads them (its refusal, a 400, if it cannot),
    with a cup's deciders too; checked on a set-up of the game's fewest sides."""
    from matches.log.replay import initial_state
    from teams.selectors import edition_latest

    edition = edition_latest(game=game)
    if edition is None:
        return  # no edition loaded yet: the match's opening checks them
    engine = get_game(game).engine
    sides = [{"name": str(n + 1)} for n in range(engine.min_sides)]
    if cup:
        options = {**options, **deciders_of(game)}
    initial_state(engine, edition=edition.data, sides=sides, options=options)


def _own_team(user, game: str, *, team: Team | None, build: Build | None) -> Team | None:
    from teams.services import team_brought

    team = team_brought(user=user, team=team, build=build)
    if team is None:
        return None
    if team.edition.game != game:
        raise _refused(
            "team_wrong_game",
            _("The team “{team}” is not a team of this competition's game.").format(team=team.name),
            team=team.pk,
        )
    return team


def _locked(competition_id: int, user) -> Competition:
    return locked(competition_visible_to(user).filter(pk=competition_id))


@transaction.atomic
def member_invite(*, competition_id: int, user, invitee) -> Member:
    competition = _locked(competition_id, user)
    if competition.organiser_id != user.pk:
        raise not_organiser()
    if competition.status != CompetitionStatus.OPEN:
        raise _drawn()
    member = competition.members.filter(user=invitee).first()
    if member is not None and member.status != MemberStatus.DECLINED:
        raise _refused(
            "already_member",
            _("{user} is asked or plays already.").format(user=invitee.username),
            member=member.pk,
        )
    if member is None:
        return Member.objects.create(competition=competition, user=invitee)
    member.status, member.answered_at, member.team = MemberStatus.INVITED, None, None
    member.save(update_fields=["status", "answered_at", "team"])
    return member


def _invited(member_id: int, user) -> Member:
    """The user's invitation to a competition, locked, while it is not answered."""
    member = locked(Member.objects.select_related("competition").filter(pk=member_id, user=user))
    if member.status != MemberStatus.INVITED:
        raise _refused(
            "member_answered", _("The invitation has been answered already."), status=member.status
        )
    return member


@transaction.atomic
def member_accept(
    *, member_id: int, user, team: Team | None = None, build: Build | None = None
) -> Member:
    """The invited user joins, with their own team or build if they bring one."""
    member = _invited(member_id, user)
    if member.competition.status != CompetitionStatus.OPEN:
        raise _drawn()
    member.team = _own_team(user, member.competition.game, team=team, build=build)
    member.status, member.answered_at = MemberStatus.ACCEPTED, timezone.now()
    member.save(update_fields=["team", "status", "answered_at"])
    jobs.standings_rebuild(competition_id=member.competition_id)
    return member


@transaction.atomic
def member_decline(*, member_id: int, user) -> Member:
    member = _invited(member_id, user)
    member.status, member.answered_at = MemberStatus.DECLINED, timezone.now()
    member.save(update_fields=["status", "answered_at"])
    return member


# --- the draw -------------------------------------------------------------------------------


def _ratings(competition: Competition, members: Sequence[Member]) -> dict[int, float]:
    from stats.selectors import manager_stats_list

    found = {}
    for member in members:
        row = manager_stats_list(user=member.user, game=competition.game).first()
        if row is not None:
            found[member.pk] = float(row.rating)
    return found


def _draw_refused(error: draws.DrawError, competition: Competition) -> DomainError:
    messages = {
        "too_few_members": gettext_lazy("Too few members have accepted for this format."),
        "invalid_groups": gettext_lazy("Groups must have 3 to 6 members each."),
        "invalid_qualifiers": gettext_lazy("Each group must have as many members as go through."),
    }
    return _refused(error.code, messages.get(error.code, str(error)))


@transaction.atomic
def competition_draw(
    *, competition_id: int, user, first_date: date | None = None, days_between: int = 7
) -> Competition:
    """Draw the fixtures among the members who accepted; those still invited are left out.
    ``first_date``: the first round's date, each next round ``days_between`` days later."""
    competition = _locked(competition_id, user)
    if competition.organiser_id != user.pk:
        raise not_organiser()
    if competition.status != CompetitionStatus.OPEN:
        raise _refused("competition_drawn", _("The fixtures are drawn already."))
    members = list(competition.members.filter(status=MemberStatus.ACCEPTED).order_by("id"))
    ids = [m.pk for m in members]
    least = LEAST[competition.format]
    if len(ids) < least:
        raise _refused(
            "too_few_members",
            _("This format needs at least {count} members who accepted.").format(count=least),
            least=least,
        )
    settings = dict(competition.settings)
    if first_date is not None:
        settings["first_date"] = first_date.isoformat()
        settings["days_between"] = days_between
        competition.settings = settings
    seeding = settings.get("seeding", "random")
    ratings = _ratings(competition, members) if seeding == "rating" else None
    for member in members:
        member.rating = (ratings or {}).get(member.pk)
    Member.objects.bulk_update(members, ["rating"])
    seeds = draws.seeded(ids, ratings=ratings, seed=competition.seed)
    try:
        fixtures = _draw_fixtures(competition, settings, ids, seeds)
    except draws.DrawError as error:
        raise _draw_refused(error, competition) from error
    for fixture in fixtures:
        fixture.date = jobs.round_date(competition, fixture.round)
    Fixture.objects.bulk_create(fixtures)
    competition.settings = settings
    competition.status = CompetitionStatus.RUNNING
    competition.drawn_at = timezone.now()
    competition.save(update_fields=["settings", "status", "drawn_at"])
    competition.members.filter(status=MemberStatus.INVITED).update(
        status=MemberStatus.DECLINED, answered_at=timezone.now()
    )
    jobs.standings_rebuild(competition_id=competition.pk)
    return competition


def _draw_fixtures(
    competition: Competition, settings: dict[str, Any], ids: list[int], seeds: list[int]
) -> list[Fixture]:
    fmt = competition.format
    if fmt == Format.LEAGUE:
        double = bool(settings.get("double"))
        return _round_robin(ids, double=double, competition=competition, stage=Stage.LEAGUE)
    if fmt == Format.CUP:
        draws.cup_bracket(seeds)  # refuses too few
        settings["seeds"] = seeds
        return []  # the rebuild adds each tie's fixture once its members are known
    if fmt == Format.GROUPS_CUP:
        count = int(settings.get("groups") or max(1, len(ids) // 4))
        groups = draws.group_draw(seeds, groups=count)
        settings["groups"] = count
        qualifiers = int(settings.get("qualifiers") or 2)
        if qualifiers > min(len(g) for g in groups):
            raise draws.DrawError("invalid_qualifiers", "too many qualifiers")
        settings["group_members"] = groups
        double = bool(settings.get("double"))
        return [
            fixture
            for number, group in enumerate(groups)
            for fixture in _round_robin(
                group, double=double, competition=competition, stage=Stage.GROUP, group=number
            )
        ]
    if fmt == Format.SWISS:
        settings.setdefault("rounds", draws.swiss_rounds(len(ids)))
        drawn = draws.swiss_round(seeds, scores=dict.fromkeys(ids, 0.0))
        return jobs.swiss_round(competition, 1, drawn)
    # a series: match days of the members present, decided when a day is played
    days = int(settings.get("days") or 3)
    settings["days"] = days
    return [
        Fixture(competition=competition, stage=Stage.DAY, round=day) for day in range(1, days + 1)
    ]


def _round_robin(members: list[int], *, double: bool, **columns: Any) -> list[Fixture]:
    """The fixtures of a league, or of one group, as the round robin draws them; ``columns``:
    what they all have (competition, stage, group)."""
    return [
        Fixture(round=p.round, leg=p.leg, home_id=p.home, away_id=p.away, **columns)
        for p in draws.round_robin(members, double=double)
    ]


# --- playing a fixture ----------------------------------------------------------------------


def _locked_fixture(fixture_id: int, user) -> Fixture:
    visible = competition_visible_to(user)
    return locked(
        Fixture.objects.select_related("competition").filter(pk=fixture_id, competition__in=visible)
    )


def _side(member: Member, user) -> dict[str, Any]:
    """A side of a fixture's match: the member's team (its name and line-up); linked at once
    when the member is the one who taps, invited otherwise."""
    name = member.team.name if member.team is not None else member.user.username
    side: dict[str, Any] = {"name": name, "user": member.user}
    if member.team is not None:
        if member.user_id == user.pk:
            side["team"] = member.team
        else:
            from teams.selectors import team_side_config

            config = dict(team_side_config(team=member.team)["engine_side"])
            config["name"] = name
            side["config"] = config
    return side


@transaction.atomic
def fixture_play(
    *, fixture_id: int, user, present: Sequence[int] | None = None
) -> tuple[Fixture, bool]:
    """ "Play now": the fixture's match, opened now by a member of it, with the members on
    their sides and the competition's options; the other members are invited to it. Two taps
    at once give one match: the fixture's row is locked, and a fixture whose match is open or
    played answers with that match (``False``: not new)."""
    fixture = _locked_fixture(fixture_id, user)
    competition = fixture.competition
    if (
        fixture.match_id is not None
        and fixture.status != FixtureStatus.SCHEDULED
        and fixture.match is not None
        and fixture.match.status != MatchStatus.ABANDONED
    ):
        return fixture, False
    if fixture.status in (FixtureStatus.PLAYED, FixtureStatus.WALKOVER) or (
        competition.status != CompetitionStatus.RUNNING
    ):
        raise _refused(
            "fixture_closed",
            _("This fixture is decided already."),
            status=fixture.status,
        )
    members = _fixture_members(fixture, competition, present)
    if all(m.user_id != user.pk for m in members):
        raise _refused("not_in_fixture", _("Only the members of a fixture play it."))
    if any(m.status != MemberStatus.ACCEPTED for m in members):
        raise _refused("member_left", _("A member of this fixture has left the competition."))
    options = dict(competition.options)
    if fixture.stage == Stage.CUP:
        options.update(deciders_of(competition.game))
    written = match_services.match_create(
        user=user,
        game=competition.game,
        sides=[_side(m, user) for m in members],
        options=options,
        visibility=competition.visibility,
    )
    fixture.match = written.match
    fixture.status = FixtureStatus.PLAYING
    if fixture.stage == Stage.DAY:
        fixture.seats = [m.pk for m in members]
    fixture.save(update_fields=["match", "status", "seats"])
    return fixture, True


def _fixture_members(
    fixture: Fixture, competition: Competition, present: Sequence[int] | None
) -> list[Member]:
    if fixture.stage != Stage.DAY:
        found = Member.objects.select_related("user", "team").in_bulk(
            [fixture.home_id, fixture.away_id]
        )
        return [found[fixture.home_id], found[fixture.away_id]]
    accepted = list(
        competition.members.filter(status=MemberStatus.ACCEPTED)
        .select_related("user", "team")
        .order_by("id")
    )
    if present is not None:
        wanted = list(dict.fromkeys(present))
        by_id = {m.pk: m for m in accepted}
        if any(m not in by_id for m in wanted):
            raise _refused("not_member", _("Only the competition's members play its match days."))
        accepted = [by_id[m] for m in wanted]
    engine = get_game(competition.game).engine
    if not engine.min_sides <= len(accepted) <= engine.max_sides:
        raise _refused(
            "wrong_number_of_sides",
            _("{game} is played by {low} to {high} at a table, not {given}.").format(
                game=engine.name, low=engine.min_sides, high=engine.max_sides, given=len(accepted)
            ),
            min=engine.min_sides,
            max=engine.max_sides,
            given=len(accepted),
        )
    return accepted


@transaction.atomic
def fixture_walkover(*, fixture_id: int, user, winner: int) -> Fixture:
    """The organiser awards an unplayed fixture to ``winner`` (a member of it), 3-0."""
    fixture = _locked_fixture(fixture_id, user)
    competition = fixture.competition
    if competition.organiser_id != user.pk:
        raise not_organiser()
    _award(fixture, winner)
    jobs.standings_rebuild(competition_id=competition.pk)
    fixture.refresh_from_db()
    return fixture


def _award(fixture: Fixture, winner: int) -> None:
    if fixture.stage == Stage.DAY or fixture.away_id is None:
        raise _refused("no_walkover", _("A match day cannot be awarded."))
    if fixture.status in (FixtureStatus.PLAYED, FixtureStatus.WALKOVER) or (
        fixture.status == FixtureStatus.PLAYING
        and fixture.match is not None
        and fixture.match.status == MatchStatus.FINISHED
    ):
        raise _refused(
            "fixture_closed", _("This fixture is decided already."), status=fixture.status
        )
    if winner not in (fixture.home_id, fixture.away_id):
        raise _refused("winner_not_in_fixture", _("The winner must be a member of the fixture."))
    fixture.status = FixtureStatus.WALKOVER
    fixture.result = jobs.walkover_result(home_wins=winner == fixture.home_id)
    if fixture.match is not None and fixture.match.status == MatchStatus.IN_PROGRESS:
        fixture.match = None  # the open match no longer counts
    fixture.save(update_fields=["status", "result", "match"])


@transaction.atomic
def fixture_postpone(*, fixture_id: int, user, on: date | None = None) -> Fixture:
    """A member of the fixture or the organiser puts it off (to ``on``, if given); it can be
    played at any time after."""
    fixture = _locked_fixture(fixture_id, user)
    competition = fixture.competition
    members = {fixture.home_id, fixture.away_id, *fixture.seats}
    mine = competition.members.filter(user=user, pk__in=[m for m in members if m]).exists()
    if competition.organiser_id != user.pk and not mine:
        raise _refused("not_in_fixture", _("Only the members of a fixture play it."))
    if fixture.status != FixtureStatus.SCHEDULED:
        raise _refused(
            "fixture_closed", _("Only a fixture not begun can be put off."), status=fixture.status
        )
    fixture.status = FixtureStatus.POSTPONED
    fixture.date = on
    fixture.save(update_fields=["status", "date"])
    jobs.standings_rebuild(competition_id=competition.pk)
    return fixture


@transaction.atomic
def member_leave(*, member_id: int, user) -> Member:
    """A member leaves (themselves, or the organiser takes them out). The rule: the results
    they played stand, and every fixture of theirs not yet decided is awarded to the opponent
    as a walkover (3-0); a match day goes on without them. The organiser cannot leave."""
    visible = competition_visible_to(user)
    member = locked(
        Member.objects.select_related("competition").filter(pk=member_id, competition__in=visible)
    )
    competition = member.competition
    if member.user_id != user.pk and competition.organiser_id != user.pk:
        raise not_organiser()
    if member.user_id == competition.organiser_id:
        raise _refused("organiser_stays", _("The organiser stays to the end of the season."))
    if member.status not in (MemberStatus.ACCEPTED, MemberStatus.INVITED):
        raise _refused("member_answered", _("This member is not in the competition."))
    member.status = (
        MemberStatus.LEFT if member.status == MemberStatus.ACCEPTED else MemberStatus.DECLINED
    )
    member.save(update_fields=["status"])
    open_fixtures = Fixture.objects.select_for_update(of=("self",)).filter(
        competition=competition,
        status__in=(FixtureStatus.SCHEDULED, FixtureStatus.POSTPONED, FixtureStatus.PLAYING),
    )
    for fixture in open_fixtures.select_related("match"):
        if member.pk not in (fixture.home_id, fixture.away_id) or fixture.away_id is None:
            continue
        if fixture.match is not None and fixture.match.status == MatchStatus.FINISHED:
            continue
        opponent = fixture.away_id if fixture.home_id == member.pk else fixture.home_id
        if opponent is not None:
            _award(fixture, opponent)
    jobs.standings_rebuild(competition_id=competition.pk)
    return member


# --- the next season ------------------------------------------------------------------------

#: What the next season keeps of the last as it was (its settings less the last draw's seeds
#: and groups; a new seed, the season's number and ``previous`` are its own).
_SEASON_CARRIES = (
    "name",
    "game",
    "format",
    "organiser",
    "visibility",
    "options",
    "points",
    "tie_break",
    "discipline",
)


@transaction.atomic
def season_next(*, competition_id: int, user) -> Competition:
    """A new season with the same members (each with the team they played), drawn anew."""
    competition = _locked(competition_id, user)
    if competition.organiser_id != user.pk:
        raise not_organiser()
    if competition.status != CompetitionStatus.FINISHED:
        raise _refused("season_not_over", _("The season is not over yet."))
    if Competition.objects.filter(previous=competition).exists():
        raise _refused("season_started", _("The next season has begun already."))
    following = Competition.objects.create(
        **{name: getattr(competition, name) for name in _SEASON_CARRIES},
        settings={
            k: v for k, v in competition.settings.items() if k not in ("seeds", "group_members")
        },
        seed=random.SystemRandom().randrange(2**62),
        season=competition.season + 1,
        previous=competition,
    )
    for member in competition.members.filter(status=MemberStatus.ACCEPTED).order_by("id"):
        Member.objects.create(
            competition=following,
            user=member.user,
            team=member.team,
            status=MemberStatus.ACCEPTED,
            answered_at=timezone.now(),
        )
    competition_draw(competition_id=following.pk, user=user)
    following.refresh_from_db()
    return following
