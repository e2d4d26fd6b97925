"""Engine speed: random full games per second for 2–5 players, and the cost of apply, legal_turns and clone.

Run by hand (``python bench/engine.py [--write docs/figures.md]``); ``--write`` puts the figures into
docs/figures.md's table (rows ``engine.games`` and ``engine.ops``), never into tests.
The last line is one JSON object.

Games per second are measured in rounds that take turns over the player counts, so that a burst
of load from other work on a shared machine hits one round rather than one player count; the
figure is the best round (as ``timeit`` reports its best repeat: noise only ever slows a round
down), and the median round is printed and reported beside it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures_table import Row, when, write_rows
from patrician_qt.engine import apply, legal_turns, new_game, playout, random_turn


def games_per_second(n: int, seconds: float, rng: random.Random) -> float:
    """Deal and play uniformly random full games on one core for ``seconds``."""
    names = [f"P{i}" for i in range(n)]
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            playout(new_game(names, rng), rng)
        games += 50
    return games / (time.process_time() - start)


def game_rates(rounds: int, seconds: float) -> dict[int, list[float]]:
    """Games per second of each player count, one figure per round, the counts taking turns."""
    rngs = {n: random.Random(n) for n in (2, 3, 4, 5)}
    rates: dict[int, list[float]] = {n: [] for n in rngs}
    for _ in range(rounds):
        for n, rng in rngs.items():
            rates[n].append(games_per_second(n, seconds, rng))
    return rates


def positions(count: int) -> list:
    """States from random 3-player games, at every stage of a game."""
    rng = random.Random(7)
    out = []
    while len(out) < count:
        st = new_game(["a", "b", "c"], rng)
        while not st.over:
            out.append(st)
            st, _ = apply(st, random_turn(st, rng))
    return out[:count]


def per_call_us(func, items: list, repeat: int = 3) -> float:
    """Best-of-``repeat`` mean microseconds per call over ``items``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            func(item)
        best = min(best, (time.process_time() - start) / len(items))
    return best * 1e6


def rows(figures: dict[str, Any], rounds: int, stamp: str) -> list[Row]:
    """The figures table's rows of this bench."""
    best, median = figures["games_per_s"], figures["games_per_s_median"]
    games = " · ".join(f"{n} p {best[n]:,.0f} (median {median[n]:,.0f})" for n in sorted(best))
    how = f"`bench/engine.py --rounds {rounds}`, {stamp}"
    return [
        Row("engine.games", "random full games per second, one core (best of the rounds)", games, "3 p ≥ 4,000", how),
        Row("engine.ops", "engine: validated `apply` / `legal_turns` / `clone`",
            f"{figures['turn_apply_us']:g} µs / {figures['legal_turns_us']:g} µs / {figures['clone_us']:g} µs",
            "clone ≤ 5 µs", how),
    ]


def main(argv: list[str] | None = None) -> None:
    """Print a table, then the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="rounds over the player counts")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per player count and round")
    parser.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the rows there")
    args = parser.parse_args(argv)
    rates = game_rates(args.rounds, args.seconds)
    games = {str(n): round(max(r), 1) for n, r in rates.items()}
    medians = {str(n): round(statistics.median(r), 1) for n, r in rates.items()}
    states = positions(5000)
    turns = [random_turn(st, random.Random(i)) for i, st in enumerate(states)]
    pairs = list(zip(states, turns, strict=True))
    figures = {
        "games_per_s": games,
        "games_per_s_median": medians,
        "turn_apply_us": round(per_call_us(lambda p: apply(p[0], p[1]), pairs), 2),
        "legal_turns_us": round(per_call_us(legal_turns, states), 2),
        "clone_us": round(per_call_us(lambda s: s.clone(), states), 2),
    }
    print(f"players  random games/s (one core): best and median of {args.rounds} rounds")
    for n, g in games.items():
        print(f"{n:>7}  {g:>10.0f}  {medians[n]:>10.0f}")
    print(f"apply (validated, with events): {figures['turn_apply_us']} µs/turn")
    print(f"legal_turns: {figures['legal_turns_us']} µs/call")
    print(f"clone: {figures['clone_us']} µs")
    print(json.dumps(figures))
    if args.write:
        write_rows(args.write, rows(figures, args.rounds, when()))


if __name__ == "__main__":
    main()
