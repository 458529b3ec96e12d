"""Reads of competitions: who may see which, a competition's fixtures and members."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from competitions.models import Competition, Fixture, Member, MemberStatus, Visibility


def competition_visible_to(user) -> QuerySet[Competition]:
    """Public competitions, plus the private ones the user organises, plays in or is asked
    to join (a private competition is 404 to everyone else)."""
    queryset = Competition.objects.all()
    if user is None or not user.is_authenticated:
        return queryset.filter(visibility=Visibility.PUBLIC)
    member = Member.objects.filter(
        competition=OuterRef("pk"),
        user=user,
        status__in=(MemberStatus.INVITED, MemberStatus.ACCEPTED, MemberStatus.LEFT),
    )
    return queryset.filter(Q(visibility=Visibility.PUBLIC) | Q(organiser=user) | Exists(member))


def competition_readers(competition: Competition) -> frozenset[int] | None:
    """Who may read the competition, by user id, as ``competition_visible_to`` decides it
    (``None``: anyone, a public one): a live stream asks it once for all its viewers."""
    if competition.visibility == Visibility.PUBLIC:
        return None
    members = Member.objects.filter(
        competition=competition,
        status__in=(MemberStatus.INVITED, MemberStatus.ACCEPTED, MemberStatus.LEFT),
    ).values_list("user_id", flat=True)
    return frozenset([competition.organiser_id, *members])


def competitions_of(user, *, mine: bool, game: str | None = None) -> QuerySet[Competition]:
    """The competitions a reader lists: ``mine``, those they organise or play in (or are asked
    to); else every public one and their own; of ``game`` only, if given."""
    queryset = competition_visible_to(user)
    if game:
        queryset = queryset.filter(game=game)
    if mine and user is not None and user.is_authenticated:
        playing = Member.objects.filter(competition=OuterRef("pk"), user=user).exclude(
            status=MemberStatus.DECLINED
        )
        queryset = queryset.filter(Q(organiser=user) | Exists(playing))
    return queryset.select_related("organiser").order_by("-created_at", "-id")


def competition_get(*, competition_id: int, user) -> Competition | None:
    return (
        competition_visible_to(user)
        .select_related("organiser", "previous")
        .filter(pk=competition_id)
        .first()
    )


def members_of(competition: Competition) -> QuerySet[Member]:
    return competition.members.select_related("user", "team").order_by("id")


def fixtures_of(competition: Competition, *, round_number: int | None = None) -> QuerySet[Fixture]:
    queryset = competition.fixtures.select_related(
        "home__user", "home__team", "away__user", "away__team", "match"
    ).order_by("round", "id")
    if round_number is not None:
        queryset = queryset.filter(round=round_number)
    return queryset


def invitations_of(user) -> QuerySet[Member]:
    """The competitions the user is asked to join and has not answered."""
    return (
        Member.objects.filter(user=user, status=MemberStatus.INVITED)
        .select_related("competition", "competition__organiser")
        .order_by("-invited_at", "-id")
    )
