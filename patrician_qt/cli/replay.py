"""``patrician replay FILE...``: replay game records and print one JSON line each (records/README.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from patrician_qt.engine import RecordError, read_record, replay_result


def replay_file(path: str) -> dict[str, Any]:
    """The output line of one file: its result, or the error that stops it (the file is only read)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return {"file": path, "error": f"cannot read the file: {exc.strerror or exc}"}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return {"file": path, "error": f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}"}
    try:
        return {"file": path, **replay_result(read_record(text))}
    except RecordError as exc:
        return {"file": path, "error": str(exc)}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay",
        help="replay game records and print their results as JSON lines",
        description="Replays each record through the rules and prints one JSON line per file. "
        "Exit status 0 when every file replayed, 2 when any did not.",
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
