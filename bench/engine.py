"""Benchmark: Hat-Trick and TriXKick ``apply`` and ``legal_actions`` over whole random
matches, beside python-chess's ``Board.push_san`` measured in the same run.

Run: ``python bench/engine.py [matches]`` (from the repository root).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402

from matches.engine.hat_trick import ENGINE  # noqa: E402
from matches.engine.hat_trick.sampling import random_action  # noqa: E402
from matches.engine.trixkick import ENGINE as TRIXKICK  # noqa: E402

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
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 40
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


if __name__ == "__main__":
    main()
