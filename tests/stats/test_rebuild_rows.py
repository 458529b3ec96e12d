"""The rows a rebuild writes, pinned: equal to the rows of per-match jobs, and to a digest.

A fixed, seeded set of matches (Hat-Trick with undos, redos, guests, saved teams, declared
styles, shoot-outs; TriXKick; Amigo Hattrick) with fixed ids and times. Any change to the
stats code that changes a single stats row (a counter, a key, a rating, a JSON field's
content) changes the digest; JSON fields are compared by content, not by key order.
"""

from __future__ import annotations

import hashlib
import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model

from matches.models import Match, MatchEvent, MatchSide
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
from teams.models import Edition
from tests.stats.factories import saved_team

pytestmark = pytest.mark.django_db

START = datetime(2024, 3, 1, 9, tzinfo=UTC)
FIRST_USER, FIRST_MATCH = 880_001, 990_001
TEAM_IDS = {"hat-trick": 10, "trixkick": 20, "amigo-hattrick": 30}
# sha256 of ``canonical()`` for ``seeded_matches()``, taken before any optimisation of the
# rebuild; change it only for an intended change of the stats (and say so in the commit)
EXPECTED_DIGEST = "9647289dccb919fe0b48afc4d8c4580c3c9922d8702a1841d620a6fe2ab5a24e"
EXPECTED_COUNTS = {
    "MatchParticipation": 88,
    "ManagerStats": 15,
    "HeadToHead": 40,
    "RatingEntry": 132,
    "PlayerStats": 350,
    "TeamCard": 36,
    "MatchStatsState": 40,
}


def canonical() -> dict[str, list[str]]:
    """Every stats row without ids and timestamps, JSON fields by content, sorted."""

    def rows(model):
        skip = {"id", "updated_at", "computed_at", "created_at"}
        fields = [f.attname for f in model._meta.concrete_fields if f.name not in skip]
        return sorted(
            json.dumps(row, sort_keys=True, default=str) for row in model.objects.values(*fields)
        )

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


def digest(snapshot: dict[str, list[str]]) -> str:
    return hashlib.sha256(json.dumps(snapshot, sort_keys=True).encode()).hexdigest()


def _squad(first: int, rng: random.Random) -> list[dict]:
    roles = ["goalkeeper"] + ["defender"] * 3 + ["midfielder"] * 4 + ["forward"] * 3
    return [
        {"number": first + i, "role": roles[i], "attack": rng.randint(0, 5), "defence": i % 4}
        for i in range(11)
    ]


def _hat_trick_effects(rng: random.Random, side: int) -> list[dict]:
    player = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, "7", None])
    roll = rng.random()
    if roll < 0.3:
        outcome = rng.choice(
            ["pass_completed", "pass_intercepted", "long_ball_completed", "long_ball_intercepted"]
        )
        data = {"passer": player}
        if rng.random() < 0.7:
            data["pass_type"] = rng.choice(["short_pass", "long_ball", "dribbling"])
        return [{"kind": outcome, "side": side, "data": data}]
    if roll < 0.5:
        kind = rng.choice(["dribble_won", "dribble_lost"])
        return [{"kind": kind, "side": side, "data": {"dribbler": player}}]
    if roll < 0.65:
        penalty = rng.random() < 0.2
        shot = {"kind": "shot", "side": side, "data": {"shooter": player, "penalty": penalty}}
        if rng.random() < 0.4:
            return [
                shot,
                {"kind": "goal", "side": side, "data": {"scorer": player, "penalty": penalty}},
            ]
        return [shot, {"kind": "save", "side": 1 - side, "data": {}}]
    if roll < 0.7:
        goal = {"kind": "goal", "side": side, "data": {"shootout": True}}
        return [{"kind": "shot", "side": side, "data": {"shooter": None}}, goal]
    if roll < 0.8:
        card = rng.choice(["yellow_card", "red_card"])
        return [
            {"kind": "foul", "side": side, "data": {"fouler": player}},
            {"kind": card, "side": side, "data": {"player": player}},
        ]
    if roll < 0.85:
        return [{"kind": "goal", "side": None, "data": {"scorer": player}}]
    return [{"kind": "player_moved", "side": side, "data": {"player": player}}]


_PIECES = ["KKL", "KL", "LLR", "KR", "RRK", "LL"]
_TRIX_KINDS = [
    "ball_played",
    "ball_received",
    "ball_won",
    "dribble",
    "duel_won",
    "duel_lost",
    "offside",
    "run",
    "double_pass",
    "castling",
    "foul",
    "yellow_card",
    "shot",
    "goal",
    "wall",
    "catch",
    "corner",
    "free_kick",
    "penalty",
    "substitution",
]


def _trixkick_effects(rng: random.Random, side: int) -> list[dict]:
    kind = rng.choice(_TRIX_KINDS)
    team = "AB"[side]
    piece = f"{team}-{rng.choice(_PIECES)}"
    data = {
        "piece": piece,
        "pieces": [piece, f"{team}-{rng.choice(_PIECES)}"],
        "kick": rng.choice([None, "open_play", "corner", "free_kick"]),
        "suspects": [piece],
        "in": f"{team}-{rng.choice(_PIECES)}",
        "out": piece,
    }
    return [{"kind": kind, "side": side, "data": data}]


def _amigo_effects(rng: random.Random, sides: int) -> list[dict]:
    if rng.random() < 0.2:
        scores = [rng.randint(-3, 9) for _ in range(sides)]
        passes = [rng.randint(0, 3) for _ in range(sides)]
        return [{"kind": "game_scored", "side": None, "data": {"scores": scores, "passes": passes}}]
    kind = rng.choice(["card_played", "card_passed", "trick_won"])
    return [{"kind": kind, "side": rng.randrange(sides), "data": {}}]


def seeded_matches() -> list[int]:
    """Deterministic matches with fixed ids (users, matches) and times."""
    rng = random.Random(20240301)
    User = get_user_model()
    users = [User.objects.create(id=FIRST_USER + i, username=f"pin{i}") for i in range(6)]
    editions = {
        game: Edition.objects.create(game=game, slug="pin", title="pin", data={})
        for game in ("hat-trick", "trixkick", "amigo-hattrick")
    }
    plan = ["hat-trick"] * 30 + ["trixkick"] * 6 + ["amigo-hattrick"] * 4
    rng.shuffle(plan)
    ids = []
    for index, game in enumerate(plan):
        n_sides = rng.randint(3, 5) if game == "amigo-hattrick" else 2
        if game == "hat-trick":
            state = {"setup": {"players": [_squad(1, rng), _squad(1, rng)]}}
        elif game == "trixkick":
            state = {
                "pieces": {
                    f"{team}-{p}": {"side": s, "field": rng.choice(["A3", "C2", "B5", None])}
                    for s, team in enumerate("AB")
                    for p in _PIECES
                }
            }
        else:
            state = {}
        match = Match.objects.create(
            id=FIRST_MATCH + index,
            game=game,
            edition=editions[game],
            created_by=users[0],
            status="finished",
            state=state,
            result={},
            # some matches share a finishing time: match id breaks the tie
            finished_at=START + timedelta(minutes=index - index % 3),
        )
        seq, scores, log, applied = 0, [0] * n_sides, [], []
        for _ in range(rng.randint(5, 30)):
            seq += 1
            roll = rng.random()
            if roll < 0.1 and applied:
                log.append(MatchEvent(match=match, seq=seq, kind="undo", target_seq=applied.pop()))
                continue
            if roll < 0.13 and log and log[-1].kind == "undo":
                log.append(MatchEvent(match=match, seq=seq, kind="redo"))
                continue
            side = rng.randrange(n_sides)
            if game == "hat-trick":
                effects = _hat_trick_effects(rng, side)
            elif game == "trixkick":
                effects = _trixkick_effects(rng, side)
            else:
                effects = _amigo_effects(rng, n_sides)
            scores[side] += sum(e["kind"] == "goal" for e in effects)
            applied.append(seq)
            log.append(MatchEvent(match=match, seq=seq, kind="action", effects=effects))
        MatchEvent.objects.bulk_create(log)
        best = max(scores)
        players = rng.sample([*users, None, None], n_sides)
        # a saved team belongs to one game (team cards are keyed by team only), and a team,
        # like a manager, meets others, never itself
        team_ids = rng.sample(range(TEAM_IDS[game], TEAM_IDS[game] + 8), n_sides)
        guest_names = rng.sample(["Reds", "Blues", "Greens", "Whites", "Blacks"], n_sides)
        for position, user in enumerate(players):
            config = {}
            name = guest_names[position] if user is None else f"{user} XI"
            team = None
            if rng.random() < 0.3:
                team = saved_team(team_ids[position], editions[game], users[0], name)
            if rng.random() < 0.2:
                config["style"] = rng.choice(["pressing", {"name": "counter"}])
            MatchSide.objects.create(
                match=match,
                position=position,
                name=name,
                user=user,
                team=team,
                config=config,
                score=scores[position] if rng.random() < 0.9 else None,
                result=(
                    None
                    if rng.random() < 0.05
                    else "draw"
                    if scores.count(best) > 1
                    else "win"
                    if scores[position] == best
                    else "loss"
                ),
            )
        Match.objects.filter(pk=match.pk).update(seq=seq)
        ids.append(match.pk)
    return ids


def test_rebuild_rows_equal_per_match_jobs_and_are_pinned():
    ids = seeded_matches()
    summary = jobs.stats_rebuild()
    rebuilt = canonical()
    assert summary.participations == MatchParticipation.objects.count()
    assert summary.player_lines == sum(
        len(players) for players in MatchParticipation.objects.values_list("players", flat=True)
    )
    counts = {name: len(rows) for name, rows in rebuilt.items()}
    assert counts == EXPECTED_COUNTS
    assert digest(rebuilt) == EXPECTED_DIGEST

    jobs.stats_rebuild(batch_size=7)
    assert canonical() == rebuilt

    for model in (MatchParticipation, MatchStatsState, RatingEntry, PlayerStats):
        model.objects.all().delete()
    for model in (ManagerStats, HeadToHead, TeamCard):
        model.objects.all().delete()
    order = list(ids)
    random.Random(7).shuffle(order)  # late arrivals: ratings recomputed in match order
    for match_id in order:
        match_finished.delay(match_id)
    assert canonical() == rebuilt
