"""``patrician replay FILE...``: replay game records and print one JSON line each (records/README.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from patrician_qt.engine import Record, RecordError, read_record, replay, replay_result, saved_mid_game, score
from patrician_qt.review.seen import seen_seat
from patrician_qt.review.seen_replay import seen_positions


def unfinished_line(record: Record) -> dict[str, Any] | None:
    """What an unfinished game saved by the app holds: turns so far, whose turn, scores so far (R25);
    None when the record is not one (it is then replayed as a whole game)."""
    if not saved_mid_game(record):
        return None
    state = replay(record, complete=False)  # RecordError: a broken turn is reported as usual
    if state.over:
        return None
    return {"unfinished": True, "turns": len(record.turns), "to_move": state.to_move,
            "scores": [score(state, s) for s in range(state.n_players)], "floors_left": list(state.supply)}


def seen_line(record: Record) -> dict[str, Any] | None:
    """What a record kept at one seat (a LAN guest's, no deal) tells once its kept views are checked against its
    public events: the result, or how far it got; None for a record with its deal."""
    seat = seen_seat(record)
    if record.deal or seat is None:
        return None
    last = seen_positions(record)[-1].view  # RecordError: a kept view that does not add up
    if last["result"] is not None:
        return {"seen_from_seat": seat, **last["result"]}
    return {"seen_from_seat": seat, "unfinished": True, "turns": len(record.turns), "to_move": last["to_move"]}


def replay_file(path: str) -> dict[str, Any]:
    """The output line of one file: its result (or, for an unfinished game the app saved, how far it
    got), or the error that stops it (the file is only read)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return {"file": path, "error": f"cannot read the file: {exc.strerror or exc}"}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return {"file": path, "error": f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}"}
    try:
        record = read_record(text)
        return {"file": path, **(seen_line(record) or unfinished_line(record) or replay_result(record))}
    except RecordError as exc:
        return {"file": path, "error": str(exc)}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay",
        help="replay game records and print their results as JSON lines",
        description="Replays each record through the rules and prints one JSON line per file: the result, "
        'or for a game the app saved before it ended {"unfinished": true, "turns", "to_move", "scores", '
        '"floors_left"}. A LAN guest\'s record (no deal) is checked against what its seat saw and gives its '
        'result with "seen_from_seat". Exit status 0 when every file replayed, 2 when any did not.',
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a .patrician.json game record")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay every file in order; exit 0 if all replayed, 2 otherwise."""
    ok = True
    for path in args.files:
        line = replay_file(path)
        ok = ok and "error" not in line
        sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")
    sys.stdout.flush()
    return 0 if ok else 2
