"""Save files and autosaves of a table: atomic snapshots plus a per-turn journal.

Why: a host killed at any moment must restart from its last turn. A snapshot
(temp file, flush, fsync, `os.replace`) costs milliseconds on a real disk, so
each turn is first appended to a small journal with one `write` (survives the
process being killed) and the full snapshot follows off the event loop. On
load the snapshot's turns are extended by the journal lines that belong to the
same game. A save file is a game record (records/README.md) whose `meta.table`
holds the seats, bot levels, token hashes, table name, seed and `seq`.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from patrician_qt.engine import Record, RecordError, RecordTurn, read_record, write_record

__all__ = [
    "AUTOSAVE_SUFFIX",
    "Journal",
    "SaveError",
    "SavedTable",
    "autosave_path",
    "default_data_dir",
    "find_autosaves",
    "read_save",
    "write_atomic",
]

AUTOSAVE_SUFFIX = ".patrician.json"
META_FORMAT = 1


class SaveError(Exception):
    """A save file that cannot be used; the message says why, for people."""


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/patrician` or `~/.local/share/patrician` (the headless host's default)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "patrician"


def autosave_path(directory: Path, table_name: str) -> Path:
    """Where a table of this name autosaves (one file per table name)."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", table_name).strip("-")[:40] or "table"
    return Path(directory) / f"autosave-{slug}{AUTOSAVE_SUFFIX}"


def find_autosaves(directory: Path) -> list[Path]:
    """Autosaves in a directory, newest first ("Continue" takes the first)."""
    try:
        found = list(Path(directory).glob(f"autosave-*{AUTOSAVE_SUFFIX}"))
    except OSError:
        return []
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def write_atomic(path: Path, text: str) -> None:
    """Write a whole file so that readers see the old or the new one, never a torn one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with _suppress_os():
            os.unlink(tmp)
        raise
    with _suppress_os():
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


class _suppress_os:
    """`contextlib.suppress(OSError)` without the import, for the cleanup paths."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> bool:
        return kind is not None and issubclass(kind, OSError)


class Journal:
    """Append-only lines `{"game", "i", "seq", "turn"}` next to a snapshot; one write per turn."""

    __slots__ = ("_fd", "path")

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None

    def reset(self) -> None:
        """Start an empty journal (a new game's snapshot has just been written)."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)

    def reopen(self) -> None:
        """Keep appending to an existing journal (after a resume), on a line of its own."""
        self.close()
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            with open(self.path, "rb") as f:
                f.seek(-1, os.SEEK_END)
                torn = f.read(1) != b"\n"
        except OSError:  # empty file
            torn = False
        if torn:
            os.write(self._fd, b"\n")

    def append(self, game: str, index: int, seq: int, turn: RecordTurn) -> None:
        """Record one applied turn with a single `write` (atomic for a short line)."""
        if self._fd is None:
            self.reopen()
        assert self._fd is not None
        line = json.dumps({"game": game, "i": index, "seq": seq, "turn": turn},
                          ensure_ascii=False, separators=(",", ":")) + "\n"
        os.write(self._fd, line.encode("utf-8"))

    def close(self) -> None:
        """Close the file (the lines stay)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    @staticmethod
    def read(path: Path, game: str, start: int) -> tuple[list[RecordTurn], int | None]:
        """Turns of `game` numbered start, start+1, … found in the journal, and the last seq.

        Only their shape is checked (a map): replaying the record checks each turn.
        """
        turns: list[RecordTurn] = []
        seq: int | None = None
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return turns, seq
        for line in text.splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a line cut by a crash; the lines carry their own numbers
            if not isinstance(entry, dict) or entry.get("game") != game:
                continue
            if entry.get("i") == start + len(turns) and isinstance(entry.get("turn"), dict):
                turns.append(entry["turn"])
                if isinstance(entry.get("seq"), int):
                    seq = entry["seq"]
        return turns, seq


@dataclass(slots=True)
class SavedTable:
    """What a save file holds: the record (turns complete up to the journal) and the table meta."""

    record: Record
    table: dict[str, Any]
    path: Path


def journal_path(path: Path) -> Path:
    """The journal that belongs to a snapshot."""
    return Path(str(path) + ".journal")


def read_save(path: Path) -> SavedTable:
    """Read a save or autosave (plus its journal); SaveError says what is wrong."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        record = read_record(text)
    except RecordError as exc:
        raise SaveError(f"{path.name}: {exc}") from None
    table = (record.meta or {}).get("table")
    if not isinstance(table, dict) or table.get("format") != META_FORMAT:
        raise SaveError(f"{path.name}: a game record, but not a table save (no meta.table)")
    game = table.get("game")
    if not isinstance(game, str):
        raise SaveError(f"{path.name}: meta.table.game is missing")
    more, seq = Journal.read(journal_path(path), game, len(record.turns))
    if more:
        record.turns.extend(more)
        if seq is not None:
            table["seq"] = seq
    return SavedTable(record, table, path)


def record_text(record: Record) -> str:
    """The record as the JSON text of a save file."""
    return write_record(record)
