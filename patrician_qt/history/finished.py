"""A finished game into the history: its entry from the record and the seats, its record file kept beside.

Why a module apart from the window: whatever shows the end of a game (the game window for hot-seat, bot and
LAN games as host or guest) hands over the record, who sat where and the final result; the history keeps a
copy of the record (the autosave of a finished game is let go later) and writes the game in one transaction.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from patrician_qt.engine import Record, ResultMap, write_record

from .games import BOT, LOCAL, REMOTE, GameEntry, SeatEntry, add_game, fingerprint
from .store import HistoryError, open_history

log = logging.getLogger(__name__)

RECORDS_FOLDER = "records"


@dataclass(frozen=True, slots=True)
class Sitter:
    """Who played a seat: a bot (with its level), or a person here or elsewhere."""

    name: str
    bot: bool
    level: str | None
    here: bool


def entry_of(record: Record, sitters: Sequence[Sitter], result: ResultMap, place: str,
             record_path: str | None = None) -> GameEntry:
    """The history's entry of a finished game (scores and winners from its result, R25)."""
    winners = set(result["winners"])
    seats = []
    for i, s in enumerate(sitters):
        kind = BOT if s.bot else LOCAL if s.here else REMOTE
        seats.append(SeatEntry(s.name, kind, s.level if s.bot else None, result["scores"][i], i in winners,
                               result["fame"][i], result["heads"][i], result["floors_left"][i]))
    return GameEntry(tuple(seats), record, place, record_path)


def keep_record(record: Record, history_path: Path) -> Path | None:
    """Write a finished record with a deal (a whole game) into ``records/`` beside the history, atomically;
    its path. A LAN guest's record (no deal) is kept only inside the history."""
    if not record.deal:
        return None
    folder = history_path.parent / RECORDS_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    names = "-".join(re.sub(r"[^\w]+", "", p)[:12] or "player" for p in record.players)
    path = folder / f"{names}-{fingerprint(record)[:12]}.patrician.json"
    if not path.exists():
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(write_record(record), encoding="utf-8")
        os.replace(tmp, path)
    return path


def note_finished(record: Record, sitters: Sequence[Sitter], result: ResultMap, place: str,
                  history_path: Path) -> tuple[int | None, str | None]:
    """Keep a finished game: (its id, or None when it was there already or could not be written; a notice
    for the user, or None). Never raises: the game on screen matters more than its history."""
    try:
        opened = open_history(history_path)
    except HistoryError as exc:
        log.warning("%s", exc)
        return None, str(exc)
    try:
        try:
            path = keep_record(record, history_path)
        except OSError as exc:
            log.warning("the record of a finished game could not be kept: %s", exc)
            path = None
        game_id = add_game(opened.conn, entry_of(record, sitters, result, place, None if path is None else str(path)))
        return game_id, opened.notice
    except Exception as exc:  # a full disk, a locked file: said, and the game goes on
        log.warning("the finished game could not be written to the history: %s", exc)
        return None, f"The finished game could not be written to the history {history_path}: {exc}"
    finally:
        opened.conn.close()


__all__ = ["RECORDS_FOLDER", "Sitter", "entry_of", "keep_record", "note_finished"]
