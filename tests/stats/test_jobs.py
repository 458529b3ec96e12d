"""Manager stats, Elo and the jobs' idempotency on hand-built matches."""

from __future__ import annotations

import pytest

from stats import elo, jobs, manager_stats, rows
from stats.models import (
    HeadToHead,
    ManagerStats,
    MatchParticipation,
    MatchStatsState,
    PlayerStats,
    RatingEntry,
    TeamCard,
)
from stats.tasks import catch_up, match_finished
from tests.stats.factories import make_match

pytestmark = pytest.mark.django_db


def snapshot() -> dict:
    """Every stats row, without ids and timestamps, to compare two runs."""

    def rows(model, *exclude):
        skip = {"id", "updated_at", "computed_at", "created_at", *exclude}
        fields = [f.attname for f in model._meta.concrete_fields if f.name not in skip]
        return sorted(map(repr, model.objects.values_list(*fields)))

    return {
        model.__name__: rows(model)
        for model in (
            MatchParticipation,
            ManagerStats,
            HeadToHead,
            RatingEntry,
            PlayerStats,
            TeamCard,
            MatchStatsState,
        )
    }


@pytest.fixture
def managers(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat")]


def play(a, b, score_a, score_b, **extra):
    return make_match(
        sides=[
            {"name": f"{a.username} XI", "user": a, "score": score_a},
            {"name": f"{b.username} XI", "user": b, "score": score_b},
        ],
        **extra,
    )


def test_manager_stats_equal_hand_counts(managers):
    ann, ben, cat = managers
    matches = [
        play(ann, ben, 2, 1),
        play(ann, ben, 0, 0),
        play(ben, ann, 3, 1),
        play(ann, cat, 4, 0),
        play(ann, ben, 1, 0),
        make_match(  # ann against a guest
            sides=[{"name": "ann XI", "user": ann, "score": 2}, {"name": "Guests", "score": 2}]
        ),
    ]
    for match in matches:
        match_finished.delay(match.pk)
    stats = ManagerStats.objects.get(game="hat-trick", user=ann)
    # W D L W W D
    assert (stats.played, stats.won, stats.drawn, stats.lost) == (6, 3, 2, 1)
    assert (stats.goals_for, stats.goals_against) == (2 + 0 + 1 + 4 + 1 + 2, 1 + 0 + 3 + 0 + 0 + 2)
    assert stats.win_rate == 0.5
    assert stats.current_streak == "D1"
    assert stats.best_win_streak == 2
    assert stats.best_unbeaten_streak == 3
    assert stats.rival == ben  # met four times
    assert stats.nemesis is None  # ann won 2, lost 1 against ben
    ben_stats = ManagerStats.objects.get(game="hat-trick", user=ben)
    assert ben_stats.nemesis == ann and ben_stats.rival == ann
    h2h = HeadToHead.objects.get(user=ann, opponent=ben)
    assert (h2h.played, h2h.won, h2h.drawn, h2h.lost) == (4, 2, 1, 1)
    assert (h2h.goals_for, h2h.goals_against) == (4, 4)
    assert not HeadToHead.objects.filter(user=ann, opponent=cat, played__gte=3).exists()
    assert not ManagerStats.objects.filter(user__isnull=True).exists()


def test_ratings_match_a_hand_computation(managers):
    ann, ben, cat = managers
    play(ann, ben, 1, 0)
    play(ben, cat, 2, 2)
    play(cat, ann, 3, 0)
    jobs.stats_catch_up()
    k = 32
    # match 1: both 1500, ann wins: +16 / -16
    ann_r, ben_r, cat_r = 1516.0, 1484.0, 1500.0
    # match 2: ben 1484 v cat 1500, draw
    e_ben = 1 / (1 + 10 ** ((cat_r - ben_r) / 400))
    ben_r, cat_r = ben_r + k * (0.5 - e_ben), cat_r - k * (0.5 - e_ben)
    # match 3: cat beats ann
    e_cat = 1 / (1 + 10 ** ((ann_r - cat_r) / 400))
    cat_r, ann_r = cat_r + k * (1 - e_cat), ann_r - k * (1 - e_cat)
    got = {s.user.username: s.rating for s in ManagerStats.objects.select_related("user")}
    assert got == pytest.approx({"ann": ann_r, "ben": ben_r, "cat": cat_r}, abs=0.01)
    history = list(
        RatingEntry.objects.filter(user=ann).order_by("finished_at").values_list("rating_after")
    )
    assert [round(h[0], 2) for h in history] == [1516.0, round(ann_r, 2)]
    assert ManagerStats.objects.get(user=ann).best_rating == 1516.0


def test_amigo_elo_is_pairwise_and_scaled():
    new = elo.match_update({}, [(1, 30), (2, 20), (3, 10)])
    # first beats both (2 x 0.5 x 16), last loses both, middle breaks even
    assert new == pytest.approx({1: 1516.0, 2: 1500.0, 3: 1484.0})


def test_a_match_logged_late_is_rated_in_match_order(managers):
    from datetime import timedelta

    ann, ben, _ = managers
    first = play(ann, ben, 1, 0)
    third = play(ann, ben, 0, 1)
    match_finished.delay(first.pk)
    match_finished.delay(third.pk)
    second = play(ann, ben, 2, 0, finished_at=first.finished_at + timedelta(seconds=1))
    match_finished.delay(second.pk)
    incremental = snapshot()
    jobs.stats_rebuild()
    assert snapshot() == incremental
    order = list(
        RatingEntry.objects.filter(user=ann).order_by("finished_at").values_list("match_id")
    )
    assert [o[0] for o in order] == [first.pk, second.pk, third.pk]


def test_rerunning_a_job_changes_nothing(managers):
    ann, ben, cat = managers
    matches = [play(ann, ben, 2, 1), play(cat, ann, 1, 1), play(ben, cat, 0, 3)]
    for match in matches:
        match_finished.delay(match.pk)
    first = snapshot()
    for match in matches:
        match_finished.delay(match.pk)
    assert snapshot() == first
    assert catch_up.delay().get() == 0
    jobs.stats_rebuild()
    assert snapshot() == first
    jobs.stats_rebuild()
    assert snapshot() == first


def test_interrupted_job_rolls_back_and_a_rerun_converges(managers, monkeypatch):
    ann, ben, cat = managers
    matches = [play(ann, ben, 2, 1), play(cat, ann, 1, 1), play(ben, cat, 0, 3)]
    for match in matches[:2]:
        match_finished.delay(match.pk)
    calls = {"n": 0}
    real = manager_stats.manager_stats_refresh

    def dies_half_way(*args, **kwargs):
        calls["n"] += 1
        real(*args, **kwargs)  # some rows are written in the transaction…
        raise RuntimeError("worker lost")  # …then the worker dies

    monkeypatch.setattr(manager_stats, "manager_stats_refresh", dies_half_way)
    with pytest.raises(RuntimeError):
        match_finished.delay(matches[2].pk)
    assert calls["n"] == 1
    assert not MatchStatsState.objects.filter(match=matches[2]).exists()
    assert jobs.matches_pending() == [matches[2].pk]
    monkeypatch.setattr(manager_stats, "manager_stats_refresh", real)
    assert catch_up.delay().get() == 1
    converged = snapshot()
    jobs.stats_rebuild()
    assert snapshot() == converged


def test_interrupted_rebuild_converges(managers, monkeypatch):
    ann, ben, cat = managers
    for i in range(7):
        play([ann, ben, cat][i % 3], [ben, cat, ann][i % 3], i % 3, (i + 1) % 2)
    jobs.stats_rebuild()
    clean = snapshot()
    real = rows.match_rows_write
    calls = {"n": 0}

    def dies_on_second_batch(ids):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("killed")
        return real(ids)

    monkeypatch.setattr(rows, "match_rows_write", dies_on_second_batch)
    MatchStatsState.objects.all().delete()
    with pytest.raises(RuntimeError):
        jobs.stats_rebuild(batch_size=3)
    monkeypatch.setattr(rows, "match_rows_write", real)
    jobs.stats_rebuild(batch_size=3)
    assert snapshot() == clean


def test_catch_up_finds_matches_whose_seq_is_not_included(managers):
    ann, ben, _ = managers
    match = play(ann, ben, 1, 0)
    assert jobs.matches_pending() == [match.pk]
    assert jobs.stats_catch_up() == 1
    assert jobs.matches_pending() == []
    MatchStatsState.objects.filter(match=match).update(seq_included=0)
    match.seq = 5
    match.save(update_fields=["seq"])
    assert jobs.matches_pending() == [match.pk]
    jobs.stats_catch_up()
    assert MatchStatsState.objects.get(match=match).seq_included == 5


def test_unfinished_matches_are_left_out(managers):
    ann, ben, _ = managers
    match = play(ann, ben, 1, 0, status="in_progress")
    match_finished.delay(match.pk)
    assert not ManagerStats.objects.exists()
    assert jobs.matches_pending() == []
