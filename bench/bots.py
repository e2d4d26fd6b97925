"""Bot speed: ISMCTS iterations per second for 2–5 players and the greedy bot's ms per turn (one core, CPU time).

Run by hand: ``python bench/bots.py [--iterations N] [--positions K] [--hard K] [--expert K]``. The last line is
one JSON object. ``--hard K`` also times K whole Hard turns per player count (CPU time: mean and longest; Hard's
playouts are greedy from 3 players on, so its turns cost more than its iterations say). ``--expert K`` also
times K whole Expert turns per player count: wall time (both parts at once, one in a helper process) and the CPU
time of one part, which is what a turn takes on a free 2-core machine. ``--write docs/figures.md`` puts the
figures into that table (rows ``bots.ismcts``, ``bots.greedy`` and, with ``--expert``, ``bots.expert``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures_table import Row, when, write_rows
from patrician_qt.bots.base import decision_rng
from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.greedy import greedy_indices
from patrician_qt.bots.ismcts import SearchConfig, search
from patrician_qt.bots.levels import choose_turn, hard_config, search_plan
from patrician_qt.bots.parallel import close_shared_pool, search_part
from patrician_qt.engine import apply, new_game, random_turn, view_for


def positions(n_players: int, count: int, seed: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(view, history) pairs of the seat to move, spread over the early, middle and late game."""
    out = []
    rng = random.Random(seed)
    for k in range(count):
        state = new_game([f"P{i}" for i in range(n_players)], rng)
        history: list[dict[str, Any]] = []
        stop = (k * 41) % 40  # turns 0..39 of the ~48
        while state.turn_number < stop and not state.over:
            state, events = apply(state, random_turn(state, rng))
            history.extend(events)
        out.append((view_for(state, state.to_move), history))
    return out


def bench_ismcts(n_players: int, iterations: int, count: int) -> float:
    """Iterations per second of the random-playout search (Hard's at 2 players), over ``count`` positions."""
    cfg = SearchConfig(iterations=iterations, playout_depth=hard_config().playout_depth)
    total_it = 0
    total_s = 0.0
    for view, history in positions(n_players, count, 1000 + n_players):
        t0 = time.process_time()
        res = search(Determinizer(view, history), decision_rng("bench", 1, view["seat"], view), cfg)
        total_s += time.process_time() - t0
        total_it += res.iterations
    return total_it / total_s if total_s else 0.0


def bench_greedy(n_players: int, count: int) -> float:
    """Milliseconds per greedy turn (determinisation included)."""
    total = 0.0
    pos = positions(n_players, count, 2000 + n_players)
    for view, history in pos:
        t0 = time.process_time()
        det = Determinizer(view, history)
        rng = decision_rng("bench", 1, view["seat"], view)
        st = det.sample(rng)
        st.deck = ()
        greedy_indices(st, rng)
        total += time.process_time() - t0
    return 1000 * total / len(pos)


def bench_hard(n_players: int, count: int) -> tuple[float, float]:
    """Hard turns: mean and longest CPU seconds of a whole turn (one core, as the level runs)."""
    cpus = []
    for k, (view, history) in enumerate(positions(n_players, count, 4000 + n_players)):
        c0 = time.process_time()
        choose_turn("hard", view["seat"], view, history, seed=k)
        cpus.append(time.process_time() - c0)
    return sum(cpus) / len(cpus), max(cpus)


def bench_expert(n_players: int, count: int) -> tuple[float, float, float]:
    """Expert turns: mean and longest wall time of a whole turn, and mean CPU seconds of one part."""
    walls, cpus = [], []
    for k, (view, history) in enumerate(positions(n_players, count, 3000 + n_players)):
        t0 = time.perf_counter()
        choose_turn("expert", view["seat"], view, history, seed=k)
        walls.append(time.perf_counter() - t0)
        cfg, _ = search_plan("expert", n_players, None)
        c0 = time.process_time()
        search_part("expert", view, history, k, 0, cfg)
        cpus.append(time.process_time() - c0)
    return sum(walls) / len(walls), max(walls), sum(cpus) / len(cpus)


def rows(figures: dict[str, Any], args: argparse.Namespace, stamp: str) -> list[Row]:
    """The figures table's rows of this bench."""
    how = f"`bench/bots.py --positions {args.positions} --iterations {args.iterations}`, {stamp}"
    ips, ms = figures["ismcts_it_per_s"], figures["greedy_ms_per_turn"]
    out = [
        Row("bots.ismcts", "ISMCTS iterations per second, one core (CPU time)",
            " · ".join(f"{n} p {ips[n]:,}" for n in sorted(ips)), "3 p ≥ 1,500, and never lower than before", how),
        Row("bots.greedy", "greedy bot (Medium) per turn, CPU",
            " · ".join(f"{n} p {ms[n]:.2f} ms" for n in sorted(ms)), "well under 10 ms", how),
    ]
    if "expert" in figures:
        ex = figures["expert"]
        two = ex["2"]
        out.append(Row(
            "bots.expert", "Expert turn: two parts at once, one in a helper process",
            f"2 p {two['wall_s']:.2f} s wall (longest {two['max_wall_s']:.2f} s, a part {two['part_cpu_s']:.2f} s CPU)"
            " · 3 / 4 / 5 p " + " / ".join(f"{ex[n]['wall_s']:.2f}" for n in ("3", "4", "5")) + " s",
            "≤ 2 s on a free machine, ≤ 6 s cap", f"`bench/bots.py --expert {args.expert}`, {stamp}"))
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the figures, then one JSON line."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iterations", type=int, default=1000, help="ISMCTS iterations per position")
    ap.add_argument("--positions", type=int, default=8, help="positions per player count")
    ap.add_argument("--hard", type=int, default=0, metavar="K", help="also time K Hard turns per player count")
    ap.add_argument("--expert", type=int, default=0, metavar="K", help="also time K Expert turns per player count")
    ap.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the rows there")
    args = ap.parse_args(argv)
    figures: dict[str, Any] = {"ismcts_it_per_s": {}, "greedy_ms_per_turn": {}}
    for n in (2, 3, 4, 5):
        ips = bench_ismcts(n, args.iterations, args.positions)
        ms = bench_greedy(n, 4 * args.positions)
        figures["ismcts_it_per_s"][str(n)] = round(ips)
        figures["greedy_ms_per_turn"][str(n)] = round(ms, 3)
        print(f"{n} players: ISMCTS {ips:8.0f} it/s   greedy {ms:6.2f} ms/turn", flush=True)
    if args.hard:
        figures["hard"] = {}
        for n in (2, 3, 4, 5):
            mean, longest = bench_hard(n, args.hard)
            figures["hard"][str(n)] = {"cpu_s": round(mean, 3), "max_cpu_s": round(longest, 3)}
            print(f"{n} players: Hard turn {mean:.3f} s CPU (longest {longest:.3f} s)", flush=True)
    if args.expert:
        figures["expert"] = {}
        for n in (2, 3, 4, 5):
            mean, longest, cpu = bench_expert(n, args.expert)
            figures["expert"][str(n)] = {"wall_s": round(mean, 3), "max_wall_s": round(longest, 3),
                                         "part_cpu_s": round(cpu, 3)}
            print(f"{n} players: Expert turn {mean:.2f} s wall (longest {longest:.2f} s), "
                  f"one part {cpu:.2f} s CPU", flush=True)
        close_shared_pool()
    print(json.dumps(figures))
    if args.write:
        write_rows(args.write, rows(figures, args, when()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
