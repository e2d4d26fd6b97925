"""How long the replay viewer takes to rebuild a LAN guest's record as its seat saw it (``seen_positions``).

Run by hand: `python bench/seen_replay.py [--games 20]`. Each game is a seeded game of random legal turns whose
guest record is made by the guest's own code (``tests/review/guest_records.py``); the time is that of
``seen_positions`` alone, which the viewer runs once when the record is opened. The last line printed is one
JSON object (milliseconds per record, median and worst, per player count); ``--write docs/figures.md`` puts its
row in the figures table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures_table import Row, when, write_rows  # noqa: E402
from patrician_qt.review.seen_replay import seen_positions  # noqa: E402
from tests.review.guest_records import guest_game  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the row there")
    args = ap.parse_args()
    load_before = os.getloadavg()[0]
    out: dict[str, dict[str, float]] = {}
    for n in range(2, 6):
        ms = []
        for seed in range(args.games):
            game = guest_game(seed, NAMES[:n], seed % n)
            t = time.perf_counter()
            seen_positions(game.guest)
            ms.append((time.perf_counter() - t) * 1000)
        out[f"{n}p"] = {"median_ms": round(statistics.median(ms), 2), "worst_ms": round(max(ms), 2)}
        print(f"{n} players: median {out[f'{n}p']['median_ms']} ms, worst {out[f'{n}p']['worst_ms']} ms")
    print(json.dumps(out))
    if args.write:
        figure = " · ".join(f"{k[0]} p: {v['median_ms']:.0f} ms (worst {v['worst_ms']:.0f} ms)" for k, v in out.items())
        write_rows(args.write, [Row(
            "seen_replay.time", "a LAN guest's record rebuilt as its seat saw it, when the replay viewer opens it "
            "(every position checked against the views it kept)", figure, "≤ 200 ms",
            f"`bench/seen_replay.py --games {args.games}`, {when([load_before, os.getloadavg()[0]])}")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
