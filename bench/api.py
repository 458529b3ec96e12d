"""API benchmarks, measured in one run on this machine, printed as ratios.

1. Appending a move through the full stack (token auth, throttling, idempotency, lock,
   engine, insert, snapshot) beside a bare DRF endpoint that authenticates the same token,
   validates the payload and inserts one row, the two taking turns in blocks of 40 requests.
   Target: at most 2x.
2. The append cost around event 10 beside event 300 of the same match. Target: at most 1.2x.
3. Listing history (first page, newest first, filtered by game and manager) with 1k and with
   100k matches in the table. Target: at most 1.3x.
4. The size of append answers over whole random matches of each game, the full state
   (``?include=state``, every answer before) beside the slim default. Target: Hat-Trick
   median at most a fifth of the full one.

Run: ``python bench/api.py`` (``--quick`` for a smaller history table and fewer matches);
with ``DATABASE_URL`` set to an empty PostgreSQL database it measures there.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _django  # noqa: E402

_django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import transaction  # noqa: E402
from django.urls import path  # noqa: E402
from engine import TRIXKICK_OPTIONS, TRIXKICK_PERIOD_STEPS, trixkick_choice  # noqa: E402
from rest_framework import serializers  # noqa: E402
from rest_framework.permissions import IsAuthenticated  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

from companion.devices import device_create  # noqa: E402
from matches.engine import get_engine  # noqa: E402
from matches.engine.hat_trick.sampling import random_action as hat_trick_random_action  # noqa: E402
from matches.models import Match, MatchEvent, MatchSide  # noqa: E402

GAME = "amigo-hattrick"
ENGINE = get_engine(GAME)
SIDES = [{"name": name} for name in ("Ann", "Ben", "Cat", "Dan")]


class BareInput(serializers.Serializer):
    expected_seq = serializers.IntegerField(min_value=0)
    action = serializers.JSONField()


class BareAppend(APIView):
    """The floor: validate the same payload and insert one event row."""

    permission_classes = [IsAuthenticated]

    def post(self, request, pk):
        data = BareInput(data=request.data)
        data.is_valid(raise_exception=True)
        with transaction.atomic():
            event = MatchEvent.objects.create(
                match_id=pk,
                seq=data.validated_data["expected_seq"] + 1,
                kind="action",
                action=data.validated_data["action"],
            )
        return Response({"seq": event.seq}, status=201)


def _install_bare_url():
    from companion import urls

    urls.urlpatterns.append(path("bench/bare/<int:pk>/", BareAppend.as_view()))
    from django.urls import clear_url_caches

    clear_url_caches()


def legal_playthrough(n: int, seed: int = 1) -> list[dict]:
    """n legal actions of a long match (several games), hands known so actions are concrete."""
    rng = random.Random(seed)
    state = ENGINE.initial_state(
        edition=ENGINE.default_edition(), sides=SIDES, options={"games": 40}
    )
    actions = []
    while len(actions) < n and ENGINE.outcome(state) is None:
        legal = ENGINE.legal_actions(state)
        if legal["step"] == "deal":
            cards = [
                {"colour": c, "number": k} for c in ("red", "blue", "green") for k in range(1, 21)
            ]
            rng.shuffle(cards)
            action = {"type": "deal", "hands": [cards[i * 15 : (i + 1) * 15] for i in range(4)]}
        else:
            action = rng.choice(legal["actions"])
        state = ENGINE.apply(state, ENGINE.parse_action(action)).state
        actions.append(action)
    return actions


def _amigo_choice(legal: dict, rng: random.Random, _since_whistle: int) -> dict:
    if legal["step"] == "deal":
        cards = [{"colour": c, "number": k} for c in ("red", "blue", "green") for k in range(1, 21)]
        rng.shuffle(cards)
        size = len(cards) // len(SIDES)
        return {
            "type": "deal",
            "hands": [cards[i * size : (i + 1) * size] for i in range(len(SIDES))],
        }
    return rng.choice(legal["actions"])


def _hat_trick_choice(legal: dict, rng: random.Random, _since_whistle: int) -> dict:
    return get_engine("hat-trick").action_to_json(hat_trick_random_action(legal, rng))


def _trixkick_choice(legal: dict, rng: random.Random, since_whistle: int) -> dict:
    return trixkick_choice(legal, rng, since_whistle >= TRIXKICK_PERIOD_STEPS)


#: game -> (match options, sides, a random concrete action from the answer's ``legal``)
SIZE_GAMES = {
    "hat-trick": ({"extra_time": True, "penalty_shootout": True}, SIDES[:2], _hat_trick_choice),
    "trixkick": (TRIXKICK_OPTIONS, SIDES[:2], _trixkick_choice),
    "amigo-hattrick": ({}, SIDES, _amigo_choice),
}


def answer_sizes(client: APIClient, game: str, *, seed: int, full: bool) -> list[int]:
    """Bytes of every append answer of one random match played through the API from the
    answers alone (``full``: with ``?include=state``, as every answer was before)."""
    options, sides, choose = SIZE_GAMES[game]
    query = "?include=state" if full else ""
    created = _check(
        client.post(
            "/api/matches/", {"game": game, "sides": sides, "options": options}, format="json"
        )
    ).json()
    match_id, current = created["match"]["id"], created["current"]
    rng = random.Random(seed)
    sizes: list[int] = []
    since_whistle = 0
    while current["outcome"] is None:
        action = choose(current["legal"], rng, since_whistle)
        response = _check(
            client.post(
                f"/api/matches/{match_id}/events/{query}",
                {"expected_seq": current["seq"], "action": action},
                format="json",
            )
        )
        sizes.append(len(response.content))
        current = response.json()["current"]
        since_whistle = 0 if action["type"] == "whistle" else since_whistle + 1
    return sizes


def bench_answer_sizes(client: APIClient, matches: int) -> dict[str, dict[str, list[int]]]:
    """Append answer sizes over whole random matches of each game, full beside slim."""
    return {
        game: {
            mode: [
                size
                for seed in range(matches)
                for size in answer_sizes(client, game, seed=seed, full=mode == "full")
            ]
            for mode in ("full", "slim")
        }
        for game in SIZE_GAMES
    }


def percentile(values: list[int], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_append(client: APIClient, user) -> dict[str, float]:
    created = client.post(
        "/api/matches/", {"game": GAME, "sides": SIDES, "options": {"games": 40}}, format="json"
    ).json()
    match_id = created["match"]["id"]
    bare_match = Match.objects.create(
        game=GAME, edition_id=created["match"]["edition"]["id"], created_by=user, state={}
    )
    actions = legal_playthrough(320)

    def post(path: str, seq: int, **headers) -> float:
        body = {"expected_seq": seq, "action": actions[seq]}
        return timed(lambda: _check(client.post(path, body, format="json", **headers)))

    def full(seq: int) -> float:
        key = f"bench-{match_id}-{seq}"
        return post(f"/api/matches/{match_id}/events/", seq, HTTP_IDEMPOTENCY_KEY=key)

    def bare(seq: int) -> float:
        return post(f"/bench/bare/{bare_match.pk}/", seq)

    # the two endpoints take turns, a block of 40 requests each, so a change in the machine's
    # speed during the run (other load, frequency scaling) weighs on both alike
    per_event: list[float] = []
    per_bare: list[float] = []
    for start in range(0, 200, 40):
        per_event += [full(seq) for seq in range(start, start + 40)]
        per_bare += [bare(seq) for seq in range(start, start + 40)]
    per_event += [full(seq) for seq in range(200, len(actions))]
    return {
        "full_median": statistics.median(per_event[:200]),
        "bare_median": statistics.median(per_bare),
        "at_10": statistics.median(per_event[5:25]),
        "at_300": statistics.median(per_event[290:310]),
    }


def _check(response):
    if response.status_code != 201:
        raise SystemExit(f"unexpected {response.status_code}: {response.content[:300]!r}")
    return response


def fill_history(target: int, users, edition_id: int, state: dict) -> None:
    have = Match.objects.count()
    batch = 5000
    rng = random.Random(target)
    while have < target:
        size = min(batch, target - have)
        matches = Match.objects.bulk_create(
            Match(
                game=GAME,
                edition_id=edition_id,
                created_by=users[0],
                state=state,
                status="finished",
            )
            for _ in range(size)
        )
        sides = []
        for match in matches:
            pair = rng.sample(users, 2)
            for position in range(4):
                user = pair[position] if position < 2 else None
                sides.append(
                    MatchSide(match=match, position=position, name=f"P{position}", user=user)
                )
        MatchSide.objects.bulk_create(sides)
        have += size


def bench_history(client: APIClient, users, sizes: tuple[int, int]) -> dict[int, float]:
    edition_id = Match.objects.values_list("edition_id", flat=True).first()
    state = Match.objects.values_list("state", flat=True).first()
    results = {}
    for size in sizes:
        fill_history(size, users, edition_id, state)
        url = f"/api/matches/?game={GAME}&manager={users[1].username}&page_size=25"
        for _ in range(5):
            client.get(url)  # warm up
        # the best of several rounds' medians: a burst of other load on the machine during
        # one round does not decide the figure
        results[size] = min(
            statistics.median(timed(lambda u=url: client.get(u)) for _ in range(15))
            for _ in range(6)
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="10k instead of 100k history rows")
    args = parser.parse_args()
    _install_bare_url()
    User = get_user_model()
    users = [User.objects.create_user(f"bench{i}", password="bench-password") for i in range(20)]
    # a phone's own way in: a token header on every request, for both endpoints alike
    client = APIClient()
    _, key = device_create(user=users[0], name="bench")
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")

    sizes = bench_answer_sizes(client, 2 if args.quick else 5)
    append = bench_append(client, users[0])
    big = 10_000 if args.quick else 100_000
    history = bench_history(client, users, (1_000, big))

    def row(name, a, b, target):
        ratio = a / b
        verdict = "ok" if ratio <= target else "OVER TARGET"
        print(
            f"{name:<46} {a * 1e3:8.2f} ms / {b * 1e3:8.2f} ms = {ratio:5.2f}x (target <= {target}x) {verdict}"
        )

    print(f"API benchmark ({GAME}, database: {Match.objects.db})")
    row("append full stack / bare DRF insert", append["full_median"], append["bare_median"], 2.0)
    row("append at event 300 / at event 10", append["at_300"], append["at_10"], 1.2)
    row(f"history page at {big // 1000}k / at 1k matches", history[big], history[1_000], 1.3)
    print("append answer bytes (uncompressed): full state (?include=state) / slim (default)")
    for game, modes in sizes.items():
        full, slim = modes["full"], modes["slim"]
        median_ratio = statistics.median(slim) / statistics.median(full)
        print(
            f"  {game:<15} median {statistics.median(full):7.0f} / {statistics.median(slim):6.0f}"
            f"  p95 {percentile(full, 95):7.0f} / {percentile(slim, 95):6.0f}"
            f"  slim median = {median_ratio:4.2f} of full ({len(slim)} appends)"
        )


if __name__ == "__main__":
    main()
