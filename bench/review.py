"""How long the review of a game takes, and whether what it measures ranks the bot levels.

Run by hand (figures go to docs/bots.md, never asserted in CI):

  python bench/review.py timing [--budget default] [--workers 2]
      reviews one seat of a 2-player and of a 4-player game (games of Medium bots, seeded) and prints the
      seconds, with the machine's load average before and after (the machine may be shared).
  python bench/review.py ranking [--games 6] [--budget fast] [--levels random,easy,medium,hard,expert]
      plays GAMES 2-player games of each level against Medium (seats alternating), reviews the level's seat,
      and prints each level's mean win chance lost per turn (forced turns left out), and the mean margin lost
      (points of score, best found minus played), each with a 95% interval over games (normal approximation
      of the per-game means).

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

from patrician_qt.bots.arena import mean_ci, play_game  # noqa: E402
from patrician_qt.engine import read_record  # noqa: E402
from patrician_qt.review.game_review import review_game  # noqa: E402
from patrician_qt.review.judge import parse_budget  # noqa: E402


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the review's worker processes)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timing(args: argparse.Namespace) -> dict[str, Any]:
    """Seconds to review seat 0 of a 2- and a 4-player game."""
    budget = parse_budget(args.budget)
    out: dict[str, Any] = {"budget": budget.name, "workers": args.workers, "cpus": os.cpu_count()}
    for n in (2, 4):
        game = play_game(["medium"] * n, 0, args.seed, None, True)
        assert game.record is not None
        record = read_record(json.dumps(game.record))
        before = _load()
        cpu0 = _cpu()
        t0 = time.perf_counter()
        review = review_game(record, {0}, budget, seed=args.seed, workers=args.workers)
        dt = time.perf_counter() - t0
        line = {"players": n, "turns": len(review["turns"]), "seconds": round(dt, 1),
                "cpu_seconds": round(_cpu() - cpu0, 1),
                "per_turn": round(dt / max(1, len(review["turns"])), 2), "load_before": before, "load_after": _load()}
        print(json.dumps(line), flush=True)
        out[f"{n}p"] = line
    return out


def ranking(args: argparse.Namespace) -> dict[str, Any]:
    """Mean win chance lost per turn, per level, over ``games`` reviewed games against Medium."""
    budget = parse_budget(args.budget)
    out: dict[str, Any] = {"budget": budget.name, "games_per_level": args.games, "opponent": "medium"}
    levels: dict[str, Any] = {}
    for level in args.levels.split(","):
        per_game: list[float] = []
        margins: list[float] = []
        turns = 0
        t0 = time.perf_counter()
        for g in range(args.games):
            game = play_game([level, "medium"], g, args.seed, None, True)
            assert game.record is not None
            seat = game.names.index(level) if level != "medium" else g % 2
            record = read_record(json.dumps(game.record))
            review = review_game(record, {seat}, budget, seed=args.seed, workers=args.workers)
            judged = [t for t in review["turns"] if not t["forced"]]
            turns += len(judged)
            if judged:
                per_game.append(sum(t["loss"] for t in judged) / len(judged))
                margins.append(sum(t["margin_best"] - t["margin_played"] for t in judged) / len(judged))
            print(json.dumps({"level": level, "game": g, "seat": seat, "mean_loss": round(per_game[-1], 4),
                              "mean_margin_lost": round(margins[-1], 2),
                              "seconds": round(time.perf_counter() - t0, 1)}), flush=True)
        m, half = mean_ci(per_game)
        mm, mhalf = mean_ci(margins)
        levels[level] = {"games": len(per_game), "turns": turns, "mean_loss": round(m, 4),
                         "ci95": [round(m - half, 4), round(m + half, 4)],
                         "mean_margin_lost": round(mm, 2), "margin_ci95": [round(mm - mhalf, 2), round(mm + mhalf, 2)]}
        print(json.dumps({level: levels[level]}), flush=True)
    out["levels"] = levels
    out["load_after"] = _load()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("timing", "ranking"))
    parser.add_argument("--budget", default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--levels", default="random,easy,medium,hard,expert")
    args = parser.parse_args()
    if args.budget is None:
        args.budget = "default" if args.what == "timing" else "fast"
    print(json.dumps(timing(args) if args.what == "timing" else ranking(args)))


if __name__ == "__main__":
    main()
