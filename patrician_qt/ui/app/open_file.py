"""A file the app is asked to open (``patrician FILE``, the desktop's "Open with"): an unfinished game the
app saved is continued, any other record is replayed. Which one is decided by the engine's reading of the
record; a file that cannot be read is replayed so that the viewer's message names its problem."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from patrician_qt.engine import read_record, replay, saved_mid_game

OpenAs = Literal["continue", "replay"]


def open_as(path: Path) -> OpenAs:
    """``continue`` for a game the app saved before it ended, else ``replay`` (also for a broken file:
    the replay viewer says what is wrong with it and changes nothing)."""
    try:
        record = read_record(path.read_bytes())
        if saved_mid_game(record) and not replay(record, complete=False).over:
            return "continue"
    except Exception:  # any problem is told by the viewer that opens the file next
        return "replay"
    return "replay"
