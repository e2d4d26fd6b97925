"""Engine speed: random full games per second for 2–5 players, and the cost of apply, legal_turns and clone.

Run by hand (``python bench/engine.py``); figures go into closing notes and README, never into tests.
The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from patrician_qt.engine import apply, legal_turns, new_game, playout, random_turn


def games_per_second(n: int, seconds: float) -> float:
    """Deal and play uniformly random full games on one core for ``seconds``."""
    rng = random.Random(n)
    names = [f"P{i}" for i in range(n)]
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            playout(new_game(names, rng), rng)
        games += 50
    return games / (time.process_time() - start)


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


def main() -> None:
    """Print a table, then the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    args = parser.parse_args()
    games = {str(n): round(games_per_second(n, args.seconds), 1) for n in (2, 3, 4, 5)}
    states = positions(5000)
    turns = [random_turn(st, random.Random(i)) for i, st in enumerate(states)]
    pairs = list(zip(states, turns, strict=True))
    figures = {
        "games_per_s": games,
        "turn_apply_us": round(per_call_us(lambda p: apply(p[0], p[1]), pairs), 2),
        "legal_turns_us": round(per_call_us(legal_turns, states), 2),
        "clone_us": round(per_call_us(lambda s: s.clone(), states), 2),
    }
    print("players  random games/s (one core)")
    for n, g in games.items():
        print(f"{n:>7}  {g:>10.0f}")
    print(f"apply (validated, with events): {figures['turn_apply_us']} µs/turn")
    print(f"legal_turns: {figures['legal_turns_us']} µs/call")
    print(f"clone: {figures['clone_us']} µs")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
