"""Undoing the move that ended a match reopens it and withdraws its stats; finishing it again
computes them anew, and the jobs converge whatever order they run in, late or twice."""

from __future__ import annotations

import pytest

from matches.models import Match
from stats import jobs
from stats.models import ManagerStats, MatchStatsState, RatingEntry
from teams.services import reference_editions_load
from tests.helpers import accept_invitations, assert_error_shape
from tests.matches.test_match_log_api import play_out
from tests.stats.test_rebuild_rows import canonical

pytestmark = pytest.mark.django_db


@pytest.fixture
def managers(make_user, client_for):
    reference_editions_load()
    ann, ben = make_user("ann"), make_user("ben")
    return ann, ben, client_for(ann), client_for(ben)


@pytest.fixture
def client_for():
    from rest_framework.test import APIClient

    def make(user):
        client = APIClient()
        client.force_authenticate(user)
        return client

    return make


def open_match(client) -> dict:
    response = client.post(
        "/api/matches/",
        {
            "game": "amigo-hattrick",
            "sides": [
                {"name": "Ann", "user": "ann"},
                {"name": "Ben", "user": "ben"},
                {"name": "Guest 1"},
                {"name": "Guest 2"},
            ],
            "options": {"games": 1},
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    accept_invitations(response.json()["match"]["id"])
    return response.json()


def ratings(user) -> list[tuple[int, float]]:
    return list(
        RatingEntry.objects.filter(subject=f"m{user.pk}")
        .order_by("finished_at", "match_id")
        .values_list("match_id", "rating_after")
    )


def manager_rows(user) -> list:
    return list(ManagerStats.objects.filter(user=user).values_list("played", "won", "rating"))


def undo(client, match_id: int, seq: int):
    return client.post(
        f"/api/matches/{match_id}/undo/?include=state", {"expected_seq": seq}, format="json"
    )


def test_undo_of_the_last_move_reopens_withdraws_and_finishing_again_equals_a_rebuild(
    managers, django_capture_on_commit_callbacks
):
    ann, ben, ann_phone, ben_phone = managers
    with django_capture_on_commit_callbacks(execute=True):
        play_out(ann_phone, open_match(ann_phone), seed=1)  # an earlier match: ratings move
    before = {user.pk: (ratings(user), manager_rows(user)) for user in (ann, ben)}
    assert all(rows for rows, _ in before.values())

    match = open_match(ann_phone)
    match_id = match["match"]["id"]
    with django_capture_on_commit_callbacks(execute=True):
        play_out(ann_phone, match, seed=2)
    finished = Match.objects.get(pk=match_id)
    assert finished.status == "finished"
    assert (
        RatingEntry.objects.filter(match_id=match_id, user__isnull=False).count() == 2
    )  # ann and ben rated
    assert MatchStatsState.objects.filter(match_id=match_id).exists()

    # ben, a linked manager, takes the last move back: the match reopens
    with django_capture_on_commit_callbacks(execute=True):
        response = undo(ben_phone, match_id, finished.seq)
    assert response.status_code == 201, response.content
    reopened = response.json()["match"]
    assert (reopened["status"], reopened["result"], reopened["finished_at"]) == (
        "in_progress",
        None,
        None,
    )
    assert {(s["score"], s["result"]) for s in reopened["sides"]} == {(None, None)}
    # every stat derived from it is withdrawn: ratings and records as before the match
    assert {user.pk: (ratings(user), manager_rows(user)) for user in (ann, ben)} == before
    assert not RatingEntry.objects.filter(match_id=match_id).exists()
    assert not MatchStatsState.objects.filter(match_id=match_id).exists()
    assert jobs.matches_pending() == []

    # take back two more moves and play the end differently
    seq = response.json()["match"]["seq"]
    for _ in range(2):
        seq = undo(ann_phone, match_id, seq).json()["match"]["seq"]
    with django_capture_on_commit_callbacks(execute=True):
        play_out(ann_phone, {"match": {"id": match_id, "seq": seq}}, seed=99)
    assert Match.objects.get(pk=match_id).status == "finished"
    assert RatingEntry.objects.filter(match_id=match_id, user__isnull=False).count() == 2
    after_jobs = canonical()
    jobs.stats_rebuild()
    assert canonical() == after_jobs


def test_jobs_run_late_or_twice_through_finish_reopen_finish_converge(
    managers, django_capture_on_commit_callbacks
):
    ann, ben, ann_phone, ben_phone = managers
    match = open_match(ann_phone)
    match_id = match["match"]["id"]
    with django_capture_on_commit_callbacks() as first:  # the jobs are held back
        play_out(ann_phone, match, seed=3)
    seq = Match.objects.get(pk=match_id).seq
    with django_capture_on_commit_callbacks() as withdrawn:
        seq = undo(ann_phone, match_id, seq).json()["match"]["seq"]
    with django_capture_on_commit_callbacks() as again:
        play_out(ann_phone, {"match": {"id": match_id, "seq": seq}}, seed=4)
    handoffs = [
        c for c in first + withdrawn + again if "match_finished_handoff" in c.__code__.co_names
    ]
    assert len(handoffs) == 3  # finished, reopened, finished again
    # the newest job first, then the older ones late, and one of them twice
    for callback in (handoffs[2], handoffs[0], handoffs[1], handoffs[0]):
        callback()
    assert jobs.matches_pending() == []
    late = canonical()
    jobs.stats_rebuild()
    assert canonical() == late
    assert RatingEntry.objects.filter(match_id=match_id, user__isnull=False).count() == 2


def test_a_lost_withdrawal_is_caught_up_and_only_managers_reopen(
    managers, client_for, make_user, django_capture_on_commit_callbacks
):
    ann, ben, ann_phone, ben_phone = managers
    match = open_match(ann_phone)
    match_id = match["match"]["id"]
    with django_capture_on_commit_callbacks(execute=True):
        play_out(ann_phone, match, seed=5)
    seq = Match.objects.get(pk=match_id).seq
    # a reader of the public match may not take the last move back
    eve = client_for(make_user("eve"))
    assert_error_shape(undo(eve, match_id, seq), 403, "not_participant")
    assert_error_shape(
        ann_phone.post(f"/api/matches/{match_id}/redo/", {"expected_seq": seq}, format="json"),
        409,
        "match_closed",
    )
    with django_capture_on_commit_callbacks():  # the broker lost the hand-off
        assert undo(ann_phone, match_id, seq).status_code == 201
    assert RatingEntry.objects.filter(match_id=match_id).exists()  # stale until caught up
    assert jobs.matches_pending() == [match_id]
    jobs.stats_catch_up()
    assert not RatingEntry.objects.filter(match_id=match_id).exists()
    assert jobs.matches_pending() == []
    # redo finishes it again, with the same result as the first time
    with django_capture_on_commit_callbacks(execute=True):
        redone = ann_phone.post(
            f"/api/matches/{match_id}/redo/", {"expected_seq": seq + 1}, format="json"
        )
    assert redone.status_code == 201, redone.content
    assert redone.json()["match"]["status"] == "finished"
    assert RatingEntry.objects.filter(match_id=match_id, user__isnull=False).count() == 2
