"""How long the review of a game takes (whether what it measures ranks the bot levels: bench/review_levels.py).

Run by hand (figures go to docs/figures.md and docs/bots.md, never asserted in CI):

  python bench/review.py [--budget default] [--workers 2] [--window] [--write docs/figures.md]
      reviews one seat of a 2-player and of a 4-player game (games of Medium bots, seeded) and prints the
      seconds, wall and CPU (this process and its workers), with the machine's load average before and after
      (the machine may be shared); ``--write`` puts them into the figures table (row ``review.time``).
      ``--window`` reviews the way the window does (``ReviewProcess``: ``--workers`` worker processes, every
      other turn each, niced) instead of ``patrician review``'s way (a pool of ``--workers`` processes).

The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures_table import Row, when, write_rows  # noqa: E402
from patrician_qt.bots.arena import play_game  # noqa: E402
from patrician_qt.engine import read_record  # noqa: E402
from patrician_qt.review.game_review import review_game  # noqa: E402
from patrician_qt.review.judge import parse_budget  # noqa: E402
from patrician_qt.review.worker import ReviewProcess  # noqa: E402


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the review's worker processes)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timing(args: argparse.Namespace) -> dict[str, Any]:
    """Seconds to review seat 0 of a 2- and a 4-player game."""
    budget = parse_budget(args.budget)
    out: dict[str, Any] = {"budget": budget.name, "workers": args.workers, "cpus": os.cpu_count(),
                           "window": args.window}
    for n in (2, 4):
        game = play_game(["medium"] * n, 0, args.seed, None, True)
        assert game.record is not None
        record = read_record(json.dumps(game.record))
        before = _load()
        cpu0 = _cpu()
        t0 = time.perf_counter()
        if args.window:
            review = _as_the_window(record, args)
        else:
            review = review_game(record, {0}, budget, seed=args.seed, workers=args.workers)
        dt = time.perf_counter() - t0
        line = {"players": n, "turns": len(review["turns"]), "seconds": round(dt, 1),
                "cpu_seconds": round(_cpu() - cpu0, 1),
                "per_turn": round(dt / max(1, len(review["turns"])), 2), "load_before": before, "load_after": _load()}
        print(json.dumps(line), flush=True)
        out[f"{n}p"] = line
    return out


def _as_the_window(record: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The review as the window runs it: worker processes, read until the last word."""
    proc = ReviewProcess(record, [0], args.budget, args.seed, processes=args.workers)
    while True:
        for msg in proc.messages(0.2):
            if msg[0] == "done":
                return dict(msg[1])
            if msg[0] != "progress":
                raise RuntimeError(f"the review's workers ended: {msg}")


def rows(out: dict[str, Any], stamp: str) -> list[Row]:
    """The figures table's row of this bench: the review's time for one player's turns of a whole game."""
    two, four = out["2p"], out["4p"]

    def one(n: int, line: dict[str, Any]) -> str:
        return f"{n} p: {line['turns']} turns in {line['seconds']:.1f} s wall ({line['cpu_seconds']:.1f} s CPU)"

    loads = [*two["load_before"][:1], *two["load_after"][:1], *four["load_before"][:1], *four["load_after"][:1]]
    return [Row(
        "review.time", f"the review of one player's turns of a whole game, budget {out['budget']}, "
        f"{out['workers']} worker processes{' as the window runs them' if out.get('window') else ''} "
        "(a seat of a game of Medium bots)",
        f"{one(2, two)} · {one(4, four)}", "2 p ≤ 60 s",
        f"`bench/review.py --budget {out['budget']} --workers {out['workers']}"
        f"{' --window' if out.get('window') else ''}`, {stamp.split(', load')[0]}, "
        f"load {min(loads):.1f}–{max(loads):.1f}")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", default="default")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", action="store_true", help="review as the window does (ReviewProcess)")
    parser.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the row there")
    args = parser.parse_args(argv)
    out = timing(args)
    print(json.dumps(out))
    if args.write:
        write_rows(args.write, rows(out, when()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
