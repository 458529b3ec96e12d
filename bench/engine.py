"""Benchmark: Hat-Trick and TriXKick ``apply`` and ``legal_actions`` over whole random
matches, beside python-chess's ``Board.push_san`` measured in the same run.

Run: ``python bench/engine.py [matches]`` (from the repository root).

``python bench/engine.py --hash [matches]`` times nothing: it plays random TriXKick matches from
fixed seeds under several option sets and prints one SHA-256 over every state snapshot (its JSON
text, keys in the order they come), every ``legal_actions`` answer, every action's notation and
events, and the refusal of a random (mostly illegal) action at each step. A change of the rules'
code that leaves this hash alone leaves their outputs alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402

from matches.engine.base import EngineError  # noqa: E402
from matches.engine.hat_trick import ENGINE  # noqa: E402
from matches.engine.hat_trick.sampling import random_action  # noqa: E402
from matches.engine.trixkick import ENGINE as TRIXKICK  # noqa: E402
from matches.engine.trixkick.board import FIELDS as TRIXKICK_FIELDS  # noqa: E402

TRIXKICK_OPTIONS = {"match_length": {"kind": "time", "periods": 2, "minutes": 15}}
TRIXKICK_PERIOD_STEPS = 120  # the whistle goes once it is legal after this many actions


Timings = tuple[list[float], list[float], list[float], int]


def timed_matches(engine, matches: int, options: dict, choose) -> Timings:
    """In-play timings of ``legal_actions`` and ``apply`` over random matches of ``engine``,
    then ``apply`` again on a replay of the same matches. ``choose(legal, rng, actions_so_far)``
    picks the next typed action."""
    apply_times: list[float] = []
    replay_times: list[float] = []
    legal_times: list[float] = []
    edition = engine.default_edition()
    sides = [{"name": "Blue"}, {"name": "Red"}]
    clock = time.perf_counter
    for seed in range(matches):
        rng = random.Random(seed)
        s = start = engine.initial_state(edition=edition, sides=sides, options=options)
        played = []
        while engine.outcome(s) is None:
            t0 = clock()
            legal = engine.legal_actions(s)
            t1 = clock()
            action = choose(legal, rng, played)
            t2 = clock()
            s = engine.apply(s, action).state
            t3 = clock()
            legal_times.append(t1 - t0)
            apply_times.append(t3 - t2)
            played.append(action)
        s = start
        for action in played:
            t0 = clock()
            s = engine.apply(s, action).state
            replay_times.append(clock() - t0)
    return apply_times, legal_times, replay_times, matches


def hat_trick(matches: int) -> Timings:
    """Hat-Trick with extra time and a penalty shoot-out, each action picked at random."""
    options = {"extra_time": True, "penalty_shootout": True}
    return timed_matches(ENGINE, matches, options, lambda legal, rng, _: random_action(legal, rng))


def trixkick_choice(legal: dict, rng: random.Random, whistle: bool) -> dict:
    """One concrete action (JSON) from TriXKick's grouped legal actions, picked at random."""
    entries = legal["actions"]
    if whistle and any(e["type"] == "whistle" for e in entries):
        return {"type": "whistle"}
    entries = [e for e in entries if e["type"] != "whistle"] or entries
    entry = rng.choice(entries)
    return {k: rng.choice(v) if isinstance(v, list) else v for k, v in entry.items()}


def trixkick(matches: int) -> Timings:
    """TriXKick timings as for Hat-Trick: two timed periods of random play, with every option
    of section 6 on (fouls, offside, substitutions, double pass, castling)."""

    def choose(legal: dict, rng: random.Random, played: list) -> object:
        in_period = 0
        for action in reversed(played):
            if action.type == "whistle":
                break
            in_period += 1
        whistle = in_period >= TRIXKICK_PERIOD_STEPS
        return TRIXKICK.parse_action(trixkick_choice(legal, rng, whistle))

    return timed_matches(TRIXKICK, matches, TRIXKICK_OPTIONS, choose)


TRIXKICK_HASH_OPTIONS = (
    TRIXKICK_OPTIONS,
    {},
    {"match_length": {"kind": "goals", "goals": 3}, "kickoff_side": 1},
    {"special_situations": False, "match_length": {"kind": "time", "periods": 1, "minutes": 5}},
    {
        "match_length": {"kind": "time", "periods": 2, "minutes": 15},
        "two_keepers": True,
        "keeper_support": True,
        "l_shaped_runs": True,
        "far_corner": True,
    },
    {
        "match_length": {"kind": "time", "periods": 4, "minutes": 15},
        "no_second_touch": True,
        "one_triple_substitute": True,
        "same_symbol_substitutes": True,
    },
)


def _stray_action(rng: random.Random, pieces: list[str]) -> dict:
    """A random action of any type, most of them illegal where they are tried."""
    fields = list(TRIXKICK_FIELDS)
    piece, other_piece = rng.choice(pieces), rng.choice(pieces)
    return rng.choice(
        [
            {"type": "run", "piece": piece, "to": rng.choice(fields)},
            {"type": "play", "piece": piece, "symbol": rng.choice("KLR"), "to": rng.choice(fields)},
            {"type": "shoot", "piece": piece, "symbol": rng.choice("KLR"), "target": "left"},
            {
                "type": "double_pass",
                "piece": piece,
                "symbol": "K",
                "partner": other_piece,
                "return_symbol": "L",
                "to": rng.choice(fields),
            },
            {"type": "place", "piece": piece, "to": rng.choice(fields)},
            {"type": "castle", "piece": piece, "with": other_piece},
            {"type": "substitute", "out": piece, "in": other_piece},
            {"type": "card", "piece": piece},
            {"type": "end"},
            {"type": "pass"},
        ]
    )


def trixkick_hash(matches: int) -> tuple[str, int]:
    """The SHA-256 over random TriXKick play (see the module's doc) and the number of actions."""
    digest = hashlib.sha256()
    feed = lambda value: digest.update(  # noqa: E731
        json.dumps(value, ensure_ascii=False, default=repr).encode() + b"\n"
    )
    edition = TRIXKICK.default_edition()
    actions = 0
    for index, options in enumerate(TRIXKICK_HASH_OPTIONS):
        for seed in range(matches):
            rng = random.Random(1000 * index + seed)
            sides = [{"name": "Blue"}, {"name": "Red"}]
            state = TRIXKICK.initial_state(edition=edition, sides=sides, options=options)
            pieces = sorted(TRIXKICK.state_to_json(state)["pieces"])
            in_period = 0
            while TRIXKICK.outcome(state) is None and in_period < 400:
                snapshot = TRIXKICK.state_to_json(state)
                feed(snapshot)
                if TRIXKICK.state_from_json(snapshot) != state:
                    raise SystemExit(f"snapshot does not round-trip (options {index}, seed {seed})")
                legal = TRIXKICK.legal_actions(state)
                feed(legal)
                feed(TRIXKICK.summary(state))
                stray = _stray_action(rng, pieces)
                try:
                    feed(["stray", TRIXKICK.apply(state, stray).events])
                except EngineError as exc:
                    feed(
                        [
                            "refused",
                            type(exc).__name__,
                            exc.code,
                            exc.rule,
                            exc.details,
                            exc.message,
                        ]
                    )
                choice = trixkick_choice(legal, rng, in_period >= TRIXKICK_PERIOD_STEPS)
                action = TRIXKICK.parse_action(choice)
                transition = TRIXKICK.apply(state, action)
                feed([TRIXKICK.format_action(action), transition.events])
                in_period = 0 if action.type == "whistle" else in_period + 1
                state = transition.state
                actions += 1
            feed(TRIXKICK.state_to_json(state))
            feed(TRIXKICK.outcome(state))
            feed(TRIXKICK.render_svg(state))
    return digest.hexdigest(), actions


def chess_games(games: int) -> tuple[list[float], list[float]]:
    """Random legal games; each SAN move timed through ``Board.push_san`` (parse + legality + push),
    in play and again on a replay of the same games."""
    times: list[float] = []
    replay: list[float] = []
    clock = time.perf_counter
    for seed in range(games):
        rng = random.Random(seed)
        board = chess.Board()
        sans = []
        while not board.is_game_over(claim_draw=False) and board.fullmove_number < 150:
            move = rng.choice(list(board.legal_moves))
            san = board.san(move)
            t0 = clock()
            board.push_san(san)
            times.append(clock() - t0)
            sans.append(san)
        board = chess.Board()
        for san in sans:
            t0 = clock()
            board.push_san(san)
            replay.append(clock() - t0)
    return times, replay


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument(
        "matches",
        nargs="?",
        type=int,
        help="random matches of each game (default 40; 6 with --hash)",
    )
    parser.add_argument(
        "--hash",
        action="store_true",
        help="print a hash over TriXKick's states along random matches (the same before and "
        "after a change that keeps the rules) instead of timing",
    )
    args = parser.parse_args()
    if args.hash:
        digest, actions = trixkick_hash(args.matches or 6)
        print(f"TriXKick hash over {actions} random actions: {digest}")
        return
    matches = args.matches or 40
    apply_times, legal_times, replay_times, n = hat_trick(matches)
    chess_times, chess_replay = chess_games(matches)
    ap = statistics.median(apply_times) * 1e6
    la = statistics.median(legal_times) * 1e6
    ch = statistics.median(chess_times) * 1e6
    ap_r = statistics.median(replay_times) * 1e6
    ch_r = statistics.median(chess_replay) * 1e6
    print(f"Hat-Trick: {n} random matches, {len(apply_times)} actions")
    print(
        f"  apply          median {ap:7.2f} us   mean {statistics.fmean(apply_times) * 1e6:7.2f} us"
    )
    print(
        f"  legal_actions  median {la:7.2f} us   mean {statistics.fmean(legal_times) * 1e6:7.2f} us"
    )
    print(f"python-chess {chess.__version__}: {len(chess_times)} moves")
    print(
        f"  Board.push_san median {ch:7.2f} us   mean {statistics.fmean(chess_times) * 1e6:7.2f} us"
    )
    print(f"  replay: apply median {ap_r:7.2f} us, push_san median {ch_r:7.2f} us")
    print(f"ratio apply / push_san (in play)  = {ap / ch:.2f}")
    print(f"ratio apply / push_san (replay)   = {ap_r / ch_r:.2f}")
    print(f"ratio legal_actions / push_san    = {la / ch:.2f}")
    tk_apply, tk_legal, tk_replay, tk_n = trixkick(matches)
    print(f"TriXKick: {tk_n} random matches, {len(tk_apply)} actions")
    for label, values in (
        ("apply", tk_apply),
        ("legal_actions", tk_legal),
        ("apply (replay)", tk_replay),
    ):
        med, mean = statistics.median(values) * 1e6, statistics.fmean(values) * 1e6
        print(f"  {label:<15}median {med:8.2f} us   mean {mean:8.2f} us")
    print(
        f"ratio TriXKick apply / push_san (in play) = {statistics.median(tk_apply) * 1e6 / ch:.2f}"
    )
    tk_replay_ratio = statistics.median(tk_replay) * 1e6 / ch_r
    print(f"ratio TriXKick apply / push_san (replay)  = {tk_replay_ratio:.2f}")


if __name__ == "__main__":
    main()
