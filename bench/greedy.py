"""Greedy lookahead speed: µs of CPU per ``greedy_indices`` call against the plain loop it replaced, 2–5 players.

Run by hand: ``python bench/greedy.py [--positions K] [--repeat R]``. Positions are sampled determinisations
(what the search's playouts call it on) of the seat to move over whole seeded random games, half of them with
``deck = ()`` as the greedy level uses. Both bots run on the same positions with the same seeds, and the bench
checks they choose the same turns. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.greedy import Indices, greedy_indices, plain_greedy_indices
from patrician_qt.engine import apply, new_game, random_turn, view_for


def states(n_players: int, count: int, seed: int) -> list[Any]:
    """``count`` sampled determinisations of the seat to move, spread over whole random games."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = new_game([f"P{i}" for i in range(n_players)], rng)
        history: list[dict[str, Any]] = []
        while not state.over and len(out) < count:
            if rng.random() < 0.5:
                st = Determinizer(view_for(state, state.to_move), history).sample(rng)
                if len(out) % 2:
                    st.deck = ()
                out.append(st)
            state, events = apply(state, random_turn(state, rng))
            history.extend(events)
    return out


def cpu_us(bots: tuple[Any, ...], sts: list[Any], repeat: int) -> list[tuple[float, list[Indices]]]:
    """Per bot: mean µs of CPU per call and the turns chosen, the bots taking turns pass by pass (alike load)."""
    spent = [0.0] * len(bots)
    chosen: list[list[Indices]] = [[] for _ in bots]
    for _ in range(repeat):
        for i, bot in enumerate(bots):
            t0 = time.process_time()
            chosen[i] = [bot(st, random.Random(k)) for k, st in enumerate(sts)]
            spent[i] += time.process_time() - t0
    return [(1e6 * t / (repeat * len(sts)), c) for t, c in zip(spent, chosen, strict=True)]


def main(argv: list[str] | None = None) -> int:
    """Print the figures, then one JSON line."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=2000, help="positions per player count")
    ap.add_argument("--repeat", type=int, default=3, help="passes over the positions per bot")
    args = ap.parse_args(argv)
    figures: dict[str, Any] = {}
    for n in (2, 3, 4, 5):
        sts = states(n, args.positions, 5000 + n)
        (before, want), (after, got) = cpu_us((plain_greedy_indices, greedy_indices), sts, args.repeat)
        if got != want:
            raise SystemExit(f"{n} players: the turns differ from the plain loop's")
        figures[str(n)] = {
            "before_us": round(before, 1),
            "after_us": round(after, 1),
            "speedup": round(before / after, 2),
        }
        print(
            f"{n} players: {before:7.1f} µs → {after:7.1f} µs per call ({before / after:.2f}×), {len(sts)} positions",
            flush=True,
        )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
