"""Private matches count in no public stats; rival and nemesis are a pure function of
the finished matches (ties broken by a total order), so a rebuild and the per-match jobs agree."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from matches.models import Visibility
from stats import jobs
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
    jobs.stats_rebuild()
    return public, private


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_private_match_counts_in_no_public_stats(managers, one_private):
    """Documented: every aggregate is public, so it is made of public matches only."""
    ann, ben, cat = managers
    public, _private = one_private
    for reader in (None, cat, ann, ben):  # the same for everyone, those who played it too
        client = _client(reader)
        entries = client.get("/api/stats/managers/ann/ratings/?game=hat-trick").json()["results"]
        assert [e["match"] for e in entries] == [public.pk], reader
        stats = client.get("/api/stats/managers/ann/?game=hat-trick").json()
        assert (stats[0]["played"], stats[0]["won"], stats[0]["rated_matches"]) == (1, 1, 1)
        h2h = client.get("/api/stats/head-to-head/?game=hat-trick&manager=ann&opponent=ben")
        assert h2h.json()["record"]["played"] == 1
        assert h2h.json()["record"]["last_played_at"] == public.finished_at.isoformat().replace(
            "+00:00", "Z"
        )
    assert TeamCard.objects.get(name="ann XI").played == 1
    assert PlayerStats.objects.filter(scope="manager", scope_key=str(ann.pk)).count() == 0
    # its own rows are kept, for the player lines its managers may read
    assert MatchParticipation.objects.filter(public=False).count() == 2


def test_a_match_made_private_is_withdrawn_by_the_catch_up(managers):
    """What the upgrade to public-only aggregates does (migration stats 0002), and what a match
    whose visibility an admin changed gets: forget its stats state, and catch-up withdraws it."""
    import importlib

    from django.apps import apps

    ann, ben, _cat = managers
    play(ann, ben, 2, 1)
    hidden = play(ann, ben, 0, 3)
    jobs.stats_rebuild()
    assert ManagerStats.objects.get(user=ann).played == 2
    hidden.visibility = Visibility.PRIVATE
    hidden.save(update_fields=["visibility"])
    migration = importlib.import_module("stats.migrations.0002_participation_public")
    migration.recount_private_matches(apps, None)
    assert jobs.stats_catch_up() == 1
    assert ManagerStats.objects.get(user=ann).played == 1
    assert not RatingEntry.objects.filter(match=hidden).exists()
    assert HeadToHead.objects.get(user=ann, opponent=ben).played == 1


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
    jobs.stats_rebuild()
    stats = ManagerStats.objects.get(user=ann, game="hat-trick")
    # equal games, record and last meeting: the lower user id (registered first) wins the tie
    assert stats.rival == ben


def test_nemesis_ties_are_broken_the_same_way(managers):
    ann, ben, cat = managers
    when = BASE + timedelta(days=2)
    for opponent in (cat, ben):
        for minute in range(3):
            play(ann, opponent, 0, 2, finished_at=when + timedelta(minutes=minute))
    jobs.stats_rebuild()
    stats = ManagerStats.objects.get(user=ann, game="hat-trick")
    assert stats.nemesis == ben and stats.rival == ben


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_on_ties_a_rebuild_equals_the_per_match_jobs(managers, seed):
    ann, ben, cat = managers
    ids = _tied_world(ann, ben, cat, first=cat)
    ids += [play(ben, cat, 1, 0).pk for _ in range(3)]
    jobs.stats_rebuild()
    rebuilt = snapshot()
    jobs.stats_rebuild()  # nothing between two rebuilds changes
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
