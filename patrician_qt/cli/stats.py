"""``patrician stats``: the figures of the history of finished games, as text or JSON; CSV export; forgetting.

The figures are the Statistics window's (``history.figures``): games, wins and win rate per opponent level and
per player count, mean and best score, streaks and the trend, for the people who played at this computer.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from patrician_qt.cli.history_file import add_history_arguments, history_path, open_history_saying


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``stats`` subcommand."""
    p = subparsers.add_parser(
        "stats",
        help="print the figures of your history of finished games",
        description="Prints the figures of the history of finished games kept in the app's data folder "
        "(games, wins and win rate per opponent level and per player count, mean and best score, streaks, "
        "trend). A damaged history, or one from a newer version, is kept aside under a new name and a new one "
        "is started; the message says so.",
    )
    add_history_arguments(p)
    p.add_argument("--player", metavar="NAME", help="only this person's games")
    p.add_argument("--since", metavar="DATE", help="only games finished on or after DATE (YYYY-MM-DD)")
    p.add_argument("--until", metavar="DATE", help="only games finished on or before DATE (YYYY-MM-DD)")
    p.add_argument("--csv", metavar="FILE", help="also write the games (one line per person and game) to FILE")
    p.add_argument("--forget", action="store_true",
                   help="forget the history (with --player, only that person's games) and print what is left")
    p.set_defaults(func=run)


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.0f}%"


def as_text(fig: dict[str, Any], path: Path) -> str:
    """The figures in lines for people."""
    lines = [f"History: {path}",
             f"Games {fig['games']}, wins {fig['wins']} ({_pct(fig['win_rate'])}); "
             f"mean score {fig['mean_score'] if fig['mean_score'] is not None else '-'}, "
             f"best {fig['best_score'] if fig['best_score'] is not None else '-'}"]
    for title, key in (("By opponents", "by_opponents"), ("By players", "by_players")):
        if fig[key]:
            lines.append(f"{title}:")
            lines += [f"  {k}: {v['games']} games, {v['wins']} wins ({_pct(v['win_rate'])})"
                      for k, v in fig[key].items()]
    s = fig["streaks"]
    if s["current"]["kind"]:
        lines.append(f"Streak: {s['current']['length']} {s['current']['kind']} in a row; "
                     f"longest run of wins {s['longest_win']}")
    t = fig["trend"]
    if t["recent_games"]:
        lines.append(f"Trend: last {t['recent_games']} games {_pct(t['recent_win_rate'])} won "
                     f"(before them {_pct(t['earlier_win_rate'])}), mean score {t['recent_mean_score']}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Open the history (set aside if unusable, said on stderr), print its figures; 0, or 2 on an error."""
    from patrician_qt.history.export import to_csv
    from patrician_qt.history.figures import figures, played
    from patrician_qt.history.games import forget

    path = history_path(args)
    opened = open_history_saying(path, "stats")
    if opened is None:
        return 2
    try:
        if args.forget:
            n = forget(opened.conn, args.player)
            sys.stderr.write(f"Forgot {n} game(s).\n")
        rows = played(opened.conn, args.player, args.since, args.until)
        if args.csv:
            try:
                Path(args.csv).write_text(to_csv(rows), encoding="utf-8")
            except OSError as exc:
                sys.stderr.write(f"patrician stats: cannot write {args.csv}: {exc.strerror or exc}\n")
                return 2
        fig = figures(rows)
        if args.json:
            sys.stdout.write(json.dumps({"history": str(path), **fig}, ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(as_text(fig, path))
    finally:
        opened.conn.close()
    return 0
