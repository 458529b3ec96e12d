"""Private matches stay private in the stats lists; rival and nemesis are a pure function of
the finished matches (ties broken by a total order), so a rebuild and the per-match jobs agree."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from matches.models import Visibility
from stats import services
from stats.models import (
    HeadToHead,
    ManagerStats,
    MatchParticipation,
    MatchStatsState,
    PlayerStats,
    RatingEntry,
    TeamCard,
)
from stats.tasks import match_finished
from tests.stats.factories import BASE, make_match
from tests.stats.test_jobs import snapshot

pytestmark = pytest.mark.django_db


def play(a, b, score_a, score_b, **extra):
    return make_match(
        sides=[
            {"name": f"{a.username} XI", "user": a, "score": score_a},
            {"name": f"{b.username} XI", "user": b, "score": score_b},
        ],
        **extra,
    )


@pytest.fixture
def managers(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat")]


# --- privacy --------------------------------------------------------------------------------------


@pytest.fixture
def one_private(managers):
    ann, ben, cat = managers
    public = play(ann, ben, 2, 1)
    private = play(ann, ben, 0, 3)
    private.visibility = Visibility.PRIVATE
    private.save(update_fields=["visibility"])
    services.stats_rebuild()
    return public, private


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_the_rating_history_hides_a_private_match_from_those_who_may_not_read_it(
    managers, one_private
):
    ann, ben, cat = managers
    public, private = one_private
    url = "/api/stats/managers/ann/ratings/?game=hat-trick"
    for reader in (None, cat):
        entries = _client(reader).get(url).json()["results"]
        assert [e["match"] for e in entries] == [public.pk], reader
    for reader in (ann, ben):  # the two who played it
        entries = _client(reader).get(url).json()["results"]
        assert [e["match"] for e in entries] == [private.pk, public.pk], reader


def test_the_rating_chart_draws_only_readable_matches(managers, one_private):
    ann, _, cat = managers
    anonymous = _client().get("/api/stats/managers/ann/rating.svg?game=hat-trick")
    own = _client(ann).get("/api/stats/managers/ann/rating.svg?game=hat-trick")
    assert anonymous.status_code == own.status_code == 200
    assert anonymous.content != own.content  # one point fewer for the anonymous reader


def test_totals_may_count_private_matches(managers, one_private):
    """Documented: the manager's totals and rating include every finished match."""
    body = _client().get("/api/stats/managers/ann/?game=hat-trick").json()
    assert body[0]["played"] == 2 and body[0]["rated_matches"] == 2


# --- deterministic rival and nemesis ------------------------------------------------------------


def _tied_world(ann, ben, cat, *, first):
    """ann meets ben and cat three times each with the same record (W, D, L), the last
    meetings at the same moment; ``first`` is the opponent she meets first."""
    second = cat if first is ben else ben
    when = BASE + timedelta(days=1)
    ids = []
    for opponent in (first, second):
        ids.append(play(ann, opponent, 2, 1).pk)  # ann wins
        ids.append(play(ann, opponent, 1, 1).pk)  # draw
    for opponent in (first, second):
        ids.append(play(ann, opponent, 0, 1, finished_at=when).pk)  # ann loses, same time
    return ids


@pytest.mark.parametrize("first", ["ben", "cat"])
def test_a_tied_rival_is_the_same_whoever_was_met_first(managers, first):
    ann, ben, cat = managers
    _tied_world(ann, ben, cat, first=ben if first == "ben" else cat)
    services.stats_rebuild()
    stats = ManagerStats.objects.get(user=ann, game="hat-trick")
    # equal games, record and last meeting: the lower user id (registered first) wins the tie
    assert stats.rival == ben


def test_nemesis_ties_are_broken_the_same_way(managers):
    ann, ben, cat = managers
    when = BASE + timedelta(days=2)
    for opponent in (cat, ben):
        for minute in range(3):
            play(ann, opponent, 0, 2, finished_at=when + timedelta(minutes=minute))
    services.stats_rebuild()
    stats = ManagerStats.objects.get(user=ann, game="hat-trick")
    assert stats.nemesis == ben and stats.rival == ben


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_on_ties_a_rebuild_equals_the_per_match_jobs(managers, seed):
    ann, ben, cat = managers
    ids = _tied_world(ann, ben, cat, first=cat)
    ids += [play(ben, cat, 1, 0).pk for _ in range(3)]
    services.stats_rebuild()
    rebuilt = snapshot()
    services.stats_rebuild()  # nothing between two rebuilds changes
    assert snapshot() == rebuilt
    for model in (
        ManagerStats,
        MatchParticipation,
        MatchStatsState,
        RatingEntry,
        PlayerStats,
        HeadToHead,
        TeamCard,
    ):
        model.objects.all().delete()
    order = list(ids)
    random.Random(seed).shuffle(order)
    for match_id in order:
        match_finished.delay(match_id)
    assert snapshot() == rebuilt
