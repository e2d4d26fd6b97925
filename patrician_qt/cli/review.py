"""``patrician review RECORD``: every turn of a seat judged from what it could see then, with a summary.

The review of a game that is in the history is kept there (per seat, budget and seed), so it is computed once.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from patrician_qt.cli.history_file import add_history_arguments, history_path, open_history_saying

#: the key under which the review of "the people" (no --seat) is kept
PEOPLE_KEY = -1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``review`` subcommand."""
    p = subparsers.add_parser(
        "review",
        help="review the turns of a finished game with the bots, from each player's view",
        description="Judges each turn of a seat from that seat's view at that moment (never a card it could not "
        "see): the win chance and fame margin of the turn played and of the best turn found, and a verdict "
        "(best, good, inaccuracy, mistake, blunder) by the win chance lost (docs/bots.md). Deterministic for a "
        "seed. A game in the history keeps its review there. Exit status 0, or 2 when the record cannot be read.",
    )
    p.add_argument("record", metavar="RECORD", help="a finished game's .patrician.json record")
    p.add_argument("--seat", type=int, help="the seat to review (default: the people at the table, else all)")
    p.add_argument("--budget", default="default",
                   help="fast, default, deep, or ITERATIONS[:EVALUATIONS] of each of the two searches "
                   "(default: default)")
    p.add_argument("--seed", type=int, default=0, help="the review's random seed (default 0)")
    add_history_arguments(p)
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1),
                   help="processes judging turns side by side (the review is the same; default: up to 2)")
    p.add_argument("--no-history", action="store_true", help="neither read nor keep the review in the history")
    p.set_defaults(func=run)


def _turn_words(t: dict[str, Any]) -> str:
    build = "".join(t["build"]) or "-"
    reloc = f", relocate {t['relocate']['city']} {t['relocate']['from']}" if t.get("relocate") else ""
    take = t["take"] or "nothing"
    return f"{t['card']} build {build}{reloc}, take {take}"


def as_text(review: dict[str, Any]) -> str:
    """The review in lines for people."""
    names = review["players"]
    lines = []
    for t in review["turns"]:
        head = (f"turn {t['turn']:>2} {names[t['seat']]}: {t['verdict']:<10} played {_turn_words(t['played'])}"
                f" (win {100 * t['win_played']:.0f}%, margin {t['margin_played']:+.1f})")
        if t["verdict"] != "best" or t["best"] != t["played"]:
            head += (f"; best found {_turn_words(t['best'])} (win {100 * t['win_best']:.0f}%, "
                     f"margin {t['margin_best']:+.1f})")
        if t["loss"] > 0:  # measured on the guesses that did not choose the best turn (docs/bots.md)
            head += f"; lost {100 * t['loss']:.0f} points of win chance"
        if t["forced"]:
            head += " [the only turn]"
        lines.append(head)
    for s in review["summary"].values():
        counts = ", ".join(f"{n} {w}" for w, n in s["counts"].items() if n)
        acc = "-" if s["accuracy"] is None else f"{s['accuracy']:.1f}%"
        costly = ", ".join(f"turn {c['turn']} ({c['verdict']}, -{100 * c['loss']:.0f}%)" for c in s["costliest"])
        lines.append(f"{s['name']}: accuracy {acc} over {s['turns']} turns ({counts}); costliest: {costly or 'none'}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Review the record (or print the review the history kept); 0, or 2 when it cannot be reviewed."""
    from patrician_qt.engine import RecordError, read_record, replay
    from patrician_qt.review.game_review import review_game
    from patrician_qt.review.judge import parse_budget

    try:
        budget = parse_budget(args.budget)
    except ValueError as exc:
        sys.stderr.write(f"patrician review: {exc}\n")
        return 2
    try:
        record = read_record(Path(args.record).read_bytes())
        replay(record)  # a whole game, every turn legal
        if args.seat is not None and not 0 <= args.seat < len(record.players):
            raise RecordError(f"there is no seat {args.seat} in a {len(record.players)}-player game")
    except OSError as exc:
        sys.stderr.write(f"patrician review: cannot read {args.record}: {exc.strerror or exc}\n")
        return 2
    except RecordError as exc:
        sys.stderr.write(f"patrician review: {args.record}: {exc}\n")
        return 2
    key = PEOPLE_KEY if args.seat is None else args.seat
    kept = None if args.no_history else _kept(args, record, key, budget.name)
    if kept is not None and kept[1] is not None:
        review = {**kept[1], "stored": True}
    else:
        progress = None if args.json else _progress
        review = review_game(record, None if args.seat is None else {args.seat}, budget, args.seed,
                             max(1, args.workers), progress)
        if kept is not None:
            _keep(args, kept[0], key, budget.name, review)
    review = {"file": args.record, **review}
    sys.stdout.write(json.dumps(review, ensure_ascii=False) + "\n" if args.json else as_text(review))
    return 0


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\rjudged {done}/{total} turns")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _kept(args: argparse.Namespace, record: Any, key: int, budget: str) -> tuple[int, Any] | None:
    """(the game's id in the history, its kept review or None); None when the game is not in the history."""
    from patrician_qt.history.games import game_id_of, stored_review

    path = history_path(args)
    if not path.exists():
        return None
    opened = open_history_saying(path, "review")
    if opened is None:
        return None
    try:
        game_id = game_id_of(opened.conn, record)
        if game_id is None:
            return None
        return game_id, stored_review(opened.conn, game_id, key, budget, args.seed)
    finally:
        opened.conn.close()


def _keep(args: argparse.Namespace, game_id: int, key: int, budget: str, review: Any) -> None:
    from patrician_qt.history.games import store_review
    from patrician_qt.history.store import open_history

    try:
        opened = open_history(history_path(args))
        try:
            store_review(opened.conn, game_id, key, budget, args.seed, review)
        finally:
            opened.conn.close()
    except Exception as exc:  # a full disk, a locked or broken file: the review is printed all the same
        sys.stderr.write(f"patrician review: the review could not be kept in the history: {exc}\n")
