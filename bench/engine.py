"""Benchmark: Hat-Trick ``apply`` and ``legal_actions`` over whole random matches, beside
python-chess's ``Board.push_san`` measured in the same run.

Run: ``python bench/engine.py`` (from the repository root).
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


def hat_trick(matches: int) -> tuple[list[float], list[float], list[float], int]:
    """In-play timings of apply and legal_actions, then apply again on a replay of the same matches."""
    apply_times: list[float] = []
    replay_times: list[float] = []
    legal_times: list[float] = []
    edition = ENGINE.default_edition()
    sides = [{"name": "Blue"}, {"name": "Red"}]
    clock = time.perf_counter
    for seed in range(matches):
        rng = random.Random(seed)
        s = start = ENGINE.initial_state(
            edition=edition, sides=sides, options={"extra_time": True, "penalty_shootout": True}
        )
        played = []
        while ENGINE.outcome(s) is None:
            t0 = clock()
            legal = ENGINE.legal_actions(s)
            t1 = clock()
            action = random_action(legal, rng)
            t2 = clock()
            s = ENGINE.apply(s, action).state
            t3 = clock()
            legal_times.append(t1 - t0)
            apply_times.append(t3 - t2)
            played.append(action)
        s = start
        for action in played:
            t0 = clock()
            s = ENGINE.apply(s, action).state
            replay_times.append(clock() - t0)
    return apply_times, legal_times, replay_times, matches


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


if __name__ == "__main__":
    main()
