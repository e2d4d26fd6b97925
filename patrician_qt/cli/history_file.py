"""The history of finished games as the commands that read it (``stats``, ``review``) take it.

Why one home: both name the file by ``--db`` (else the app's own), print one JSON object with ``--json``, and
open the file the same way, saying on stderr what the user must know (a damaged file set aside, or why it
cannot be opened) without a traceback; worded once, the commands cannot drift apart.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patrician_qt.history.store import Opened


def add_history_arguments(p: argparse.ArgumentParser) -> None:
    """``--json`` and ``--db``, worded alike for every command that reads the history."""
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    p.add_argument("--db", metavar="FILE", help="the history file (default: the app's)")


def history_path(args: argparse.Namespace) -> Path:
    """The file ``--db`` names, else the app's history (imported here so that building the parser stays fast)."""
    from patrician_qt.history.store import default_history_path

    return Path(args.db) if args.db else default_history_path()


def open_history_saying(path: Path, command: str) -> Opened | None:
    """The history at ``path``, its notice (a damaged or newer file set aside) said on stderr; None, with the
    reason said there as ``patrician COMMAND: …``, when it cannot be opened at all."""
    from patrician_qt.history.store import HistoryError, open_history

    try:
        opened = open_history(path)
    except HistoryError as exc:
        sys.stderr.write(f"patrician {command}: {exc}\n")
        return None
    if opened.notice:
        sys.stderr.write(opened.notice + "\n")
    return opened
