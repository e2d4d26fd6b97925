"""``patrician arena``: bots play each other, seats rotating, and the win rates come with 95% intervals.

Games are played in groups of one deal per rotation of the seat list, so every bot
plays every seat of the same deal equally often (less luck, tighter intervals).
The last line of output is one JSON object with the same figures. ``--table`` picks the
rulebook table (R26, the default) or the open table (R26a): bots see their seat's view of
that table plus the public events, as at a real one.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from patrician_qt.engine import (
    RULEBOOK,
    VISIBILITIES,
    Event,
    Record,
    RecordMap,
    ResultMap,
    apply,
    new_game,
    new_record,
    read_record,
    result_of,
    view_for,
    write_record,
)

from .levels import normalize, timed_choose


@dataclass(slots=True)
class GameOutcome:
    """One finished game, seen from the bots' names: who sat where, results, thinking time, the record."""

    index: int
    names: list[str]
    result: ResultMap
    seconds: list[float]  # thinking (wall) time per seat
    turns: list[int]  # turns played per seat
    record: RecordMap | None = None
    longest: list[float] = field(default_factory=list)  # each seat's longest turn, seconds


def seating(bots: list[str], game: int) -> list[str]:
    """Game ``game`` rotates the seat list by ``game % n`` so each bot sits everywhere equally."""
    k = game % len(bots)
    return bots[k:] + bots[:k]


def play_game(
    bots: list[str], game: int, seed: int, move_time: float | None, keep_record: bool, visibility: str = RULEBOOK
) -> GameOutcome:
    """Play one whole game; the deal depends on (seed, game // players) only, so rotations share it."""
    names = seating(bots, game)
    n = len(names)
    players = [f"{name} ({s})" for s, name in enumerate(names)]
    state = new_game(players, random.Random(f"arena:{seed}:{game // n}"), visibility=visibility)
    record: Record = new_record(state, meta={"arena": {"bots": names, "seed": seed, "game": game}})
    history: list[Event] = []
    seconds = [0.0] * n
    turns = [0] * n
    longest = [0.0] * n
    bot_seed = random.Random(f"arena-bots:{seed}:{game}").randrange(2**31)
    while not state.over:
        seat = state.to_move
        turn, dt = timed_choose(names[seat], seat, view_for(state, seat), history, bot_seed + seat, move_time)
        seconds[seat] += dt
        longest[seat] = max(longest[seat], dt)
        turns[seat] += 1
        state, events = apply(state, turn)
        history.extend(events)
        record.turns.append({"seat": seat, **turn})
    result = result_of(state)
    assert result is not None
    record.result = result
    return GameOutcome(game, names, result, seconds, turns, record.to_map() if keep_record else None, longest)


def _play_star(args: tuple[list[str], int, int, float | None, bool, str]) -> GameOutcome:
    """Process-pool entry point (top level so that 'spawn' can import it)."""
    return play_game(*args)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson 95% interval for a proportion (shared wins count as fractions)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation)."""
    if not xs:
        return (0.0, 0.0)
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return (m, 0.0)
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return (m, 1.96 * math.sqrt(var / len(xs)))


@dataclass(slots=True)
class BotStats:
    """Totals for one bot name over every seat it took."""

    name: str
    seats: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    fame: list[float] = field(default_factory=list)
    heads: list[float] = field(default_factory=list)
    seconds: float = 0.0
    turns: int = 0
    longest: float = 0.0

    def summary(self) -> dict[str, Any]:
        """The JSON figures of this bot."""
        lo, hi = wilson(self.wins, self.seats)
        score, score_ci = mean_ci(self.scores)
        return {
            "name": self.name,
            "seats": self.seats,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.seats, 4) if self.seats else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(score, 2),
            "score_ci95": round(score_ci, 2),
            "mean_fame": round(mean_ci(self.fame)[0], 2) if self.fame else None,  # None: logs without them
            "mean_heads": round(mean_ci(self.heads)[0], 2) if self.heads else None,
            "s_per_turn": round(self.seconds / self.turns, 4) if self.turns else 0.0,  # wall time, mean
            "max_s_per_turn": round(self.longest, 4),  # wall time of the longest turn
        }


def tally(bots: list[str], outcomes: Iterable[GameOutcome]) -> list[BotStats]:
    """Aggregate outcomes per distinct bot name, shared wins split."""
    stats: dict[str, BotStats] = {name: BotStats(name) for name in dict.fromkeys(bots)}
    for out in outcomes:
        winners = out.result["winners"]
        for seat, name in enumerate(out.names):
            st = stats[name]
            st.seats += 1
            if seat in winners:
                st.wins += 1 / len(winners)
            st.scores.append(out.result["scores"][seat])
            st.fame.append(out.result["fame"][seat])
            st.heads.append(out.result["heads"][seat])
            st.seconds += out.seconds[seat]
            st.turns += out.turns[seat]
            if out.longest:
                st.longest = max(st.longest, out.longest[seat])
    return list(stats.values())


def _one_place(x: float | None) -> str:
    """A mean in the table's 6-wide column, '-' where the games did not tell it."""
    return f"{x:>6.1f}" if x is not None else f"{'-':>6}"


def table(stats: list[BotStats], games: int) -> str:
    """The human-readable table."""
    lines = [
        f"{games} games",
        f"{'bot':<16} {'seats':>5} {'win rate':>8} {'95% CI':>15} {'score':>13} {'fame':>6} {'heads':>6} {'s/turn':>8}",
    ]
    for st in stats:
        s = st.summary()
        lo, hi = s["ci95"]
        ci = f"[{lo:.3f}, {hi:.3f}]"
        score = f"{s['mean_score']:.1f} ±{s['score_ci95']:.1f}"
        lines.append(
            f"{s['name']:<16} {s['seats']:>5} {s['win_rate']:>8.3f} {ci:>15} {score:>13} "
            f"{_one_place(s['mean_fame'])} {_one_place(s['mean_heads'])} {s['s_per_turn']:>8.4f}"
        )
    return "\n".join(lines)


def progress_line(out: GameOutcome, seed: int) -> dict[str, Any]:
    """One finished game as the JSON object ``--progress`` writes and ``--tally`` reads back."""
    res = out.result
    return {"seed": seed, "game": out.index, "bots": out.names, "winners": res["winners"], "scores": res["scores"],
            "fame": res["fame"], "heads": res["heads"], "turns": out.turns,
            "s_per_turn": [round(t / max(k, 1), 4) for t, k in zip(out.seconds, out.turns, strict=True)],
            "max_s_per_turn": [round(t, 4) for t in out.longest]}


def tally_lines(lines: Iterable[str]) -> tuple[list[BotStats], int]:
    """Totals per bot over saved progress lines (several runs, files joined), and the number of games.

    Lines of runs that stopped short can be joined with the run that went on (``--first-game``);
    a game met twice (same seed and index) is an error, not counted twice. Lines written before
    they carried a seed, fame, heads or turns count each game's mean turn time once and leave the
    fame and head columns at what the newer lines give.
    """
    stats: dict[str, BotStats] = {}
    seen: set[tuple[object, int]] = set()
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
            key = (line.get("seed"), int(line["game"]))
            names, winners, scores = list(line["bots"]), list(line["winners"]), list(line["scores"])
            per_turn, longest = list(line["s_per_turn"]), list(line["max_s_per_turn"])
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"line {number} is not an arena progress line ({exc})") from None
        if key in seen:
            raise ValueError(f"line {number}: game {key[1]} of seed {key[0]} is there twice")
        seen.add(key)
        turns = line.get("turns") or [1] * len(names)
        for seat, name in enumerate(names):
            st = stats.setdefault(name, BotStats(name))
            st.seats += 1
            if seat in winners:
                st.wins += 1 / len(winners)
            st.scores.append(scores[seat])
            if "fame" in line:
                st.fame.append(line["fame"][seat])
                st.heads.append(line["heads"][seat])
            st.seconds += per_turn[seat] * turns[seat]
            st.turns += turns[seat]
            st.longest = max(st.longest, longest[seat])
    return list(stats.values()), len(seen)


def run_games(
    bots: list[str],
    games: int,
    seed: int,
    move_time: float | None,
    jobs: int,
    keep_records: bool,
    progress: bool = False,
    visibility: str = RULEBOOK,
    first_game: int = 0,
) -> list[GameOutcome]:
    """Play games ``first_game`` on, in ``jobs`` spawned processes when more than one; ``progress`` logs each."""
    tasks = [(bots, g, seed, move_time, keep_records, visibility) for g in range(first_game, first_game + games)]
    outcomes: list[GameOutcome] = []

    def done(out: GameOutcome) -> None:
        outcomes.append(out)
        if progress:
            print(json.dumps(progress_line(out, seed)), file=sys.stderr, flush=True)

    if jobs <= 1:
        for t in tasks:
            done(_play_star(t))
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            for out in pool.map(_play_star, tasks, chunksize=1):
                done(out)
    return outcomes


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``arena`` subcommand."""
    p = subparsers.add_parser(
        "arena",
        help="let bots play each other and report win rates",
        description="Plays bot-vs-bot games, rotating seats so each bot gets every seat equally, and prints "
        "wins (shared wins split), mean scores, fame and head points and seconds per turn with 95% "
        "confidence intervals. The last line is one JSON object with the same numbers.",
    )
    p.add_argument(
        "--players",
        help="comma-separated bots, one per seat: random, easy, medium (greedy), hard (ismcts), expert",
    )
    p.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    p.add_argument("--first-game", type=int, default=0, metavar="N",
                   help="start at game N of the seed (to go on with a run that stopped; default 0)")
    p.add_argument("--tally", nargs="+", default=None, metavar="FILE",
                   help="play nothing: the table and JSON line of the games in these --progress logs")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    p.add_argument("--move-time", type=float, default=None, metavar="S", help="deadline per turn in seconds")
    p.add_argument("--records", default=None, metavar="DIR", help="write every game as a record into DIR")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="processes to use (default 1)")
    p.add_argument("--progress", action="store_true", help="log each finished game as a JSON line on stderr")
    p.add_argument(
        "--table",
        choices=VISIBILITIES,
        default=RULEBOOK,
        help="rulebook (default, R26: others' stacks below the top card, tile values and scores hidden) "
        "or open (R26a: everything shown)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the games and print the table, then the JSON line; 2 on bad arguments."""
    if args.tally is not None:
        return run_tally(args.tally)
    if not args.players:
        print("patrician arena: --players is needed (or --tally FILE...)", file=sys.stderr)
        return 2
    bots = [b.strip() for b in args.players.split(",") if b.strip()]
    try:
        for b in bots:
            normalize(b)
    except ValueError as exc:
        print(f"patrician arena: {exc}", file=sys.stderr)
        return 2
    if not 2 <= len(bots) <= 5 or args.games < 1 or args.jobs < 1 or args.first_game < 0:
        print("patrician arena: need 2 to 5 players, --games >= 1, --jobs >= 1 and --first-game >= 0",
              file=sys.stderr)
        return 2
    outcomes = run_games(
        bots, args.games, args.seed, args.move_time, args.jobs, args.records is not None, args.progress, args.table,
        args.first_game,
    )
    if args.records is not None:
        folder = Path(args.records)
        folder.mkdir(parents=True, exist_ok=True)
        for out in outcomes:
            assert out.record is not None
            rec = read_record(json.dumps(out.record))
            (folder / f"game-{out.index:05d}.patrician.json").write_text(write_record(rec), encoding="utf-8")
    stats = tally(bots, outcomes)
    print(table(stats, len(outcomes)))
    print(json.dumps({"bots": [s.summary() for s in stats], "games": len(outcomes), "table": args.table}))
    return 0


def run_tally(files: list[str]) -> int:
    """Print the table and JSON line of saved progress lines; 2 when a file is missing or not such lines."""
    lines: list[str] = []
    try:
        for name in files:
            lines += Path(name).read_text(encoding="utf-8").splitlines()
        stats, games = tally_lines(lines)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"patrician arena: --tally: {exc}", file=sys.stderr)
        return 2
    if not games:
        print("patrician arena: --tally: no games in those files", file=sys.stderr)
        return 2
    print(table(stats, games))
    print(json.dumps({"bots": [s.summary() for s in stats], "games": games}))
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m patrician_qt.bots.arena ...``: the same command without the app's entry point."""
    parser = argparse.ArgumentParser(prog="patrician")
    add_parser(parser.add_subparsers())
    args = parser.parse_args(["arena", *(sys.argv[1:] if argv is None else argv)])
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
