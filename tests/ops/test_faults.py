"""Faults: a database error in the middle of an append, the database down, the broker down while
matches finish, and a worker killed in the middle of a stats job.

The first two run in both CI runs (the database-down test starts its own gunicorn against a
port where nothing listens); the broker and worker faults start a private Redis, a worker (and
gunicorn) against the test database, so they run in the PostgreSQL + Redis run. Nothing here
stops the shared PostgreSQL or Redis.
"""

from __future__ import annotations

import os
import random
import signal
import tempfile
from pathlib import Path

import httpx
import pytest
from django.db import OperationalError
from django.test import override_settings

from bench.load import (
    Mischief,
    Probe,
    drive,
    free_port,
    make_phones,
    pool_children,
    service_env,
    start_redis,
    start_stack,
    start_web,
    start_worker,
    verify,
    wait_for,
    wait_for_stats,
)
from matches.engine import get_engine
from matches.log import services as match_services
from matches.log import write_sql
from matches.models import IdempotencyRecord, Match, MatchEvent, MatchSide
from stats.jobs import matches_pending, matches_stats_refresh
from stats.models import GameStatsState, ManagerStats, MatchParticipation, MatchStatsState
from tests.helpers import assert_error_shape
from tests.matches.play import next_action
from tests.ops.conftest import create_match, database_url

ENGINE = get_engine("amigo-hattrick")


def _snapshot(match_id: int) -> dict:
    match = Match.objects.get(pk=match_id)
    return {
        "seq": match.seq,
        "status": match.status,
        "state": match.state,
        "summary": match.summary,
        "events": list(
            MatchEvent.objects.filter(match_id=match_id)
            .order_by("seq")
            .values_list("seq", "action")
        ),
        "side_results": list(
            MatchSide.objects.filter(match_id=match_id).values_list("score", "result")
        ),
        "keys": IdempotencyRecord.objects.filter(match_id=match_id).count(),
        "stats": MatchStatsState.objects.filter(match_id=match_id).exists(),
    }


def _next(client, match_id: int, rng: random.Random) -> tuple[int, dict | None]:
    current = client.get(f"/api/matches/{match_id}/state/").json()
    return current["seq"], next_action(
        "amigo-hattrick", ENGINE.state_from_json(current["state"]), rng, 4
    )


def _play_until_one_move_is_left(client, match_id: int, rng: random.Random) -> tuple[int, dict]:
    """Log moves until the next one ends the match; return (seq, that last move)."""
    while True:
        seq, action = _next(client, match_id, rng)
        state = ENGINE.state_from_json(Match.objects.get(pk=match_id).state)
        after = ENGINE.apply(state, ENGINE.parse_action(action)).state
        if ENGINE.outcome(after) is not None:
            return seq, action
        response = client.post(
            f"/api/matches/{match_id}/events/",
            {"expected_seq": seq, "action": action},
            format="json",
        )
        assert response.status_code == 201, response.content


# --- a database error in the middle of an append ------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_database_error_in_the_middle_of_an_append_writes_nothing(
    editions, make_user, phone, monkeypatch
):
    client = phone(make_user("ann"))
    match_id = create_match(client, "ann")
    rng = random.Random(5)
    for _ in range(3):
        seq, action = _next(client, match_id, rng)
        client.post(
            f"/api/matches/{match_id}/events/",
            {"expected_seq": seq, "action": action},
            format="json",
        )
    before = _snapshot(match_id)
    seq, action = _next(client, match_id, rng)

    inside = {}

    def update_then_lose_the_connection(match, fields):
        # the event row is already inserted in this transaction when the snapshot is stored
        inside["events"] = MatchEvent.objects.filter(match_id=match.pk).count()
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(write_sql, "match_update", update_then_lose_the_connection)
    body = {"expected_seq": seq, "action": action}
    url = f"/api/matches/{match_id}/events/"
    response = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="move-4")
    error = assert_error_shape(response, 503, "service_unavailable")
    assert int(response["Retry-After"]) > 0 and error["details"]["retry_after"] > 0
    assert inside["events"] == len(before["events"]) + 1  # it failed half-way through
    assert _snapshot(match_id) == before  # and nothing of it was kept

    monkeypatch.undo()
    retried = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="move-4")
    assert retried.status_code == 201, retried.content
    assert "Idempotent-Replayed" not in retried  # the first attempt left no answer behind
    after = _snapshot(match_id)
    assert after["seq"] == before["seq"] + 1
    assert [s for s, _ in after["events"]] == list(range(1, after["seq"] + 1))


@pytest.mark.django_db(transaction=True)
def test_a_database_error_on_the_last_move_leaves_the_match_open_and_hands_nothing_over(
    editions, make_user, phone, monkeypatch
):
    client = phone(make_user("ann"))
    match_id = create_match(client, "ann")
    seq, last = _play_until_one_move_is_left(client, match_id, random.Random(11))
    before = _snapshot(match_id)
    real_results = match_services._record_side_results

    def results_then_fail(sides, scores, winners):
        real_results(sides, scores, winners)
        raise OperationalError("could not serialize access")

    monkeypatch.setattr(match_services, "_record_side_results", results_then_fail)
    body = {"expected_seq": seq, "action": last}
    response = client.post(f"/api/matches/{match_id}/events/", body, format="json")
    assert_error_shape(response, 503, "service_unavailable")
    assert _snapshot(match_id) == before  # still open, no results, no stats handed over
    assert before["status"] == "in_progress" and not before["stats"]

    monkeypatch.undo()
    response = client.post(f"/api/matches/{match_id}/events/", body, format="json")
    assert response.status_code == 201, response.content
    after = _snapshot(match_id)
    assert after["status"] == "finished" and after["seq"] == seq + 1
    assert after["stats"]  # tasks run in-process here: the hand-off happened after commit


# --- the database down --------------------------------------------------------------------------


def test_the_database_down_gives_503_and_clear_json_errors_never_an_html_500(tmp_path):
    nowhere = f"postgres://postgres@127.0.0.1:{free_port()}/companion"
    env = service_env(nowhere, "")
    web, base = start_web(env, tmp_path, workers=1)
    try:
        with httpx.Client(
            base_url=base, timeout=30, headers={"Accept": "application/json"}
        ) as http:
            health = http.get("/api/health/")
            assert health.status_code == 503
            assert health.json()["status"] == "down"
            assert health.json()["database"]["ok"] is False
            token = {"Authorization": "Token " + "a" * 40}
            answers = [
                http.get("/api/matches/"),
                http.get("/api/matches/1/state/"),
                http.post("/api/auth/login/", json={"username": "ann", "password": "x" * 12}),
                http.post(
                    "/api/matches/1/events/",
                    json={"expected_seq": 0, "action": {"type": "deal"}},
                    headers=token,
                ),
                http.get("/api/teams/", headers=token),
            ]
            for answer in answers:
                assert answer.status_code == 503, (answer.request.url, answer.text[:300])
                assert answer.headers["content-type"].startswith("application/json")
                body = answer.json()
                assert body["code"] == "service_unavailable" and body["message"]
                assert int(answer.headers["Retry-After"]) > 0
            missing = http.get("/api/no-such-thing/")
            assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    finally:
        web.stop()


# --- the broker down while matches finish -------------------------------------------------------


@pytest.mark.worker
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_broker_down_while_matches_finish_then_stats_catch_up(needs_services, editions):
    stack = start_stack(database_url(), web_workers=2, worker_concurrency=1)
    try:
        stack.redis.stop()
        with httpx.Client(base_url=stack.base_url, timeout=30) as http:
            health = http.get("/api/health/").json()
        assert health["status"] == "degraded" and health["broker"]["ok"] is False

        results = drive(
            stack.base_url, make_phones(2), matches=2, seed=3, mischief=Mischief(0.05, 0, 0.03)
        )
        assert results.errors == []
        assert not [status for status in results.statuses if status >= 500]
        ids = [log.match_id for log in results.matches]
        assert all(log.finished for log in results.matches)
        # the appends went through; the hand-off of the finished matches was lost
        assert Match.objects.filter(pk__in=ids, status="finished").count() == 2
        assert not MatchStatsState.objects.filter(match_id__in=ids).exists()
        assert sorted(matches_pending()) == sorted(ids)

        stack.redis = start_redis(stack.redis_port, stack.logdir)
        probe = Probe(stack.broker_url)
        wait_for(probe.ping, timeout=90, what="the worker to reconnect", every=0.5)
        probe.send("stats.tasks.catch_up")  # what beat sends every five minutes
        wait_for_stats(ids, timeout=90)
        with httpx.Client(base_url=stack.base_url, timeout=30) as http:
            assert http.get("/api/health/").json()["status"] == "ok"
    except BaseException:
        print("web log:\n" + stack.web.tail())
        print("worker log:\n" + stack.worker.tail())
        raise
    finally:
        stack.close()
    verdict = verify(results.matches)
    assert verdict.problems == []
    assert verdict.lost == verdict.doubled == verdict.stats_missing == 0
    assert matches_pending() == []


# --- a worker killed in the middle of a job -----------------------------------------------------


def _stats_rows(match_id: int) -> dict:
    users = list(
        MatchSide.objects.filter(match_id=match_id, user__isnull=False).values_list(
            "user", flat=True
        )
    )
    participations = MatchParticipation.objects.filter(match_id=match_id).order_by("position")
    managers = ManagerStats.objects.filter(user__in=users).order_by("user_id", "game")
    drop = {"id", "updated_at", "computed_at"}
    return {
        "state": list(MatchStatsState.objects.filter(match_id=match_id).values("seq_included")),
        "participations": [
            {k: v for k, v in row.items() if k not in drop} for row in participations.values()
        ],
        "managers": [{k: v for k, v in row.items() if k not in drop} for row in managers.values()],
    }


def _lock_waiters(conn) -> set[int]:
    rows = conn.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
        "AND wait_event_type = 'Lock'"
    ).fetchall()
    return {row[0] for row in rows}


@pytest.mark.worker
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_in_the_middle_of_a_job_converges_on_the_rerun(
    needs_services, editions, make_user, phone
):
    import psycopg

    client = phone(make_user("ann"))
    make_user("ben")
    with override_settings(MATCH_FINISHED_TASK=""):  # no hand-off: the test sends the job
        match_id = create_match(client, "ann", "ben")
        seq, last = _play_until_one_move_is_left(client, match_id, random.Random(21))
        response = client.post(
            f"/api/matches/{match_id}/events/", {"expected_seq": seq, "action": last}, format="json"
        )
        assert response.status_code == 201
    GameStatsState.objects.get_or_create(game="amigo-hattrick")
    table = GameStatsState._meta.db_table

    logdir = Path(tempfile.mkdtemp(prefix="companion-fault-"))
    port = free_port()
    redis = start_redis(port, logdir)
    worker = None
    locker = psycopg.connect(database_url())
    watcher = psycopg.connect(database_url(), autocommit=True)
    try:
        env = service_env(database_url(), f"redis://127.0.0.1:{port}/0")
        worker = start_worker(env, logdir, name="doomed", concurrency=1)
        # hold the game's stats lock: the job will start its transaction and wait on it
        locker.execute(f"SELECT * FROM {table} WHERE game = %s FOR UPDATE", ["amigo-hattrick"])
        probe = Probe(f"redis://127.0.0.1:{port}/0")
        probe.send("stats.tasks.match_finished", match_id)
        first = wait_for(lambda: _lock_waiters(watcher), timeout=60, what="the job to start")

        children = pool_children(worker.pid)
        assert len(children) == 1, children
        os.kill(children[0], signal.SIGKILL)  # the process running the job dies mid-transaction

        # the job is handed out again (acks late, rejected on worker loss) and waits again
        wait_for(lambda: _lock_waiters(watcher) - first, timeout=60, what="the job to run again")
        assert not MatchStatsState.objects.filter(match_id=match_id).exists()
        locker.rollback()  # let it through
        wait_for_stats([match_id], timeout=60)
        assert worker.alive() and pool_children(worker.pid) != children
    except BaseException:
        if worker is not None:
            print("worker log:\n" + worker.tail(80))
        raise
    finally:
        locker.close()
        watcher.close()
        if worker is not None:
            worker.stop()
        redis.stop()

    converged = _stats_rows(match_id)
    assert converged["state"] == [{"seq_included": Match.objects.get(pk=match_id).seq}]
    assert len(converged["participations"]) == 4
    assert converged["managers"]
    matches_stats_refresh(match_ids=[match_id])  # running it again changes nothing
    assert _stats_rows(match_id) == converged
    assert matches_pending() == []


# --- the broker down: the finishing append does not wait for it ---------------------------------


@pytest.mark.worker
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_finishing_append_answers_within_a_second_while_redis_is_down(
    needs_services, editions, make_user, phone
):
    """Three matches one move from the end; Redis stopped; their last moves sent at once to two
    web workers each answer within a second (the hand-off fails fast, no result backend is
    waited for), and the catch-up job computes their stats once Redis is back."""
    from concurrent.futures import ThreadPoolExecutor
    from time import monotonic

    ann = make_user("ann")
    client = phone(ann)
    token = client.token
    last_moves = {}
    with override_settings(MATCH_FINISHED_TASK=""):
        for seed in (31, 32, 33):
            match_id = create_match(client, "ann")
            last_moves[match_id] = _play_until_one_move_is_left(
                client, match_id, random.Random(seed)
            )

    stack = start_stack(database_url(), web_workers=2, worker_concurrency=1)
    try:
        stack.redis.stop()

        def finish(item):
            match_id, (seq, action) = item
            started = monotonic()
            with httpx.Client(
                base_url=stack.base_url, timeout=30, headers={"Authorization": f"Token {token}"}
            ) as http:
                answer = http.post(
                    f"/api/matches/{match_id}/events/",
                    json={"expected_seq": seq, "action": action},
                )
            return answer.status_code, monotonic() - started

        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(finish, last_moves.items()))
        print("finishing appends with Redis down (status, seconds):", answers)
        assert [status for status, _ in answers] == [201, 201, 201]
        # two workers serve three requests: the third waits for one of the first two
        assert max(seconds for _, seconds in answers) < 2.0, answers
        assert sorted(seconds for _, seconds in answers)[1] < 1.0, answers
        ids = list(last_moves)
        assert Match.objects.filter(pk__in=ids, status="finished").count() == 3
        assert sorted(matches_pending()) == sorted(ids)

        stack.redis = start_redis(stack.redis_port, stack.logdir)
        probe = Probe(stack.broker_url)
        wait_for(probe.ping, timeout=90, what="the worker to reconnect", every=0.5)
        probe.send("stats.tasks.catch_up")
        wait_for_stats(ids, timeout=90)
    except BaseException:
        print("web log:\n" + stack.web.tail())
        print("worker log:\n" + stack.worker.tail())
        raise
    finally:
        stack.close()
    assert matches_pending() == []
