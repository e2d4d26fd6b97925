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
import secrets
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from patrician_qt.engine import Record, RecordError, RecordTurn, read_record, replay, write_record
from patrician_qt.net.hosted import plain_text

__all__ = [
    "AUTOSAVE_SUFFIX",
    "Journal",
    "SaveError",
    "SavedTable",
    "Unfinished",
    "autosave_path",
    "default_data_dir",
    "discard_save",
    "find_autosaves",
    "fresh_autosave_path",
    "read_save",
    "table_name",
    "unfinished_autosave",
    "unfinished_game",
    "write_atomic",
]

AUTOSAVE_SUFFIX = ".patrician.json"
META_FORMAT = 1


class SaveError(Exception):
    """A save file that cannot be used; `str()` names the file and says what is wrong, for people.

    `path` is the file (None when not known) and `problem` the English reason alone, so an
    app can show the file's name its own way; the file itself is never changed.
    """

    def __init__(self, problem: str, *, path: Path | str | None = None) -> None:
        self.path = None if path is None else Path(path)
        self.problem = problem
        super().__init__(problem if path is None else f"{path}: {problem}")


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/patrician` or `~/.local/share/patrician` (the headless host's default)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "patrician"


def table_name(text: str) -> str:
    """A table's name as the table keeps it: one line of plain text, at most 63 characters
    (a DNS-SD instance name), "Patrician" when empty."""
    return " ".join(plain_text(text).split())[:63] or "Patrician"


def autosave_path(directory: Path, table_name: str, game: str | None = None) -> Path:
    """Where a table of this name autosaves (one file per table name; with `game`, the file of
    that game alone, for a game that must not take the place of another one's unfinished save)."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", table_name).strip("-")[:40] or "table"
    if game is not None:
        slug = f"{slug}-{re.sub(r'[^A-Za-z0-9]+', '', game)[:16]}"
    return Path(directory) / f"autosave-{slug}{AUTOSAVE_SUFFIX}"


def fresh_autosave_path(directory: Path) -> Path:
    """A file of its own for one game's autosave (the app's local games: a new one never takes the
    place of another that is not over), named by the time it began."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path(directory) / f"autosave-game-{stamp}-{secrets.token_hex(3)}{AUTOSAVE_SUFFIX}"


def find_autosaves(directory: Path) -> list[Path]:
    """Autosaves in a directory, newest first ("Continue" takes the first)."""
    try:
        found = list(Path(directory).glob(f"autosave-*{AUTOSAVE_SUFFIX}"))
    except OSError:
        return []
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def autosave_of_game(directory: Path, source: Path) -> Path | None:
    """The autosave in ``directory`` that holds the game ``source`` saves (the same game id), if any: a
    save loaded again goes on there, so the app's list of unfinished games names each game once."""
    try:
        game = read_save(Path(source)).table.get("game")
    except Exception:  # any file: Table.resume says what is wrong with it
        return None
    if not isinstance(game, str):
        return None
    for path in find_autosaves(directory):
        try:
            if read_save(path).table.get("game") == game:
                return path
        except Exception:  # a broken autosave is not this game's
            continue
    return None


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

    def note_seq(self, game: str, seq: int) -> None:
        """Record that updates up to `seq` went out without a turn (seat events), with one `write`.

        Why: peers drop an update whose `seq` is not above the last one they saw, so a host
        restarted from its autosave must start above every `seq` it ever sent.
        """
        if self._fd is None:
            self.reopen()
        assert self._fd is not None
        os.write(self._fd, json.dumps({"game": game, "seq": seq}, separators=(",", ":")).encode() + b"\n")

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
        """Turns of `game` numbered start, start+1, … found in the journal, and the highest seq
        any line of that game notes (None if none does). Only the turns' shape is checked (a map):
        replaying the record checks each turn.

        A line cut by a crash (the start of one of our lines) is passed over; anything else that is
        not a journal line, or a turn of this game after a gap, is a SaveError naming the journal
        and what would be lost: resuming without a word would go on a turn or more earlier than
        the game was, and the others would see their turns undone.
        """
        turns: list[RecordTurn] = []
        seq: int | None = None
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return turns, seq
        except OSError as exc:
            raise SaveError(f"cannot read the journal: {exc.strerror or exc}", path=path) from None
        garbage: list[int] = []  # line numbers (from 1) of lines that are no journal line
        later = 0  # turns of this game that come after a gap (a lost line before them)
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                if not line.startswith('{"game":'):
                    garbage.append(number)
                continue  # else a line cut by a crash; the lines carry their own numbers
            if not isinstance(entry, dict) or not isinstance(entry.get("game"), str):
                garbage.append(number)
                continue
            if entry.get("game") != game:
                continue
            index = entry.get("i")
            if isinstance(index, int) and not isinstance(index, bool) and index > start + len(turns):
                later += 1
            elif index == start + len(turns) and isinstance(entry.get("turn"), dict):
                turns.append(entry["turn"])
            elif index is not None and not (isinstance(index, int) and index < start + len(turns)):
                garbage.append(number)
            noted = entry.get("seq")
            if isinstance(noted, int) and not isinstance(noted, bool) and 0 <= noted < 2**53:
                seq = noted if seq is None else max(seq, noted)
        if garbage or later:
            found = start + len(turns)
            what = (f"{len(garbage)} line(s) that are not journal lines (the first is line {garbage[0]})"
                    if garbage else f"{later} turn(s) after a missing one")
            raise SaveError(f"the journal holds {what}: the game can be read only up to turn {found}, and "
                            f"what came after may be lost. Nothing was changed; to go on from turn {found} "
                            f"anyway, move the journal aside", path=path)
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


def read_text(path: Path) -> str:
    """A save or record file's text; SaveError (naming the file) when unreadable or not UTF-8."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"cannot read the file: {exc.strerror or exc}", path=path) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}",
                        path=path) from None


def read_save(path: Path) -> SavedTable:
    """Read a save or autosave (plus its journal); SaveError names the file and says what is wrong.

    Only reads: a broken file is left exactly as it is.
    """
    path = Path(path)
    text = read_text(path)
    try:
        record = read_record(text)
    except RecordError as exc:
        raise SaveError(str(exc), path=path) from None
    table = (record.meta or {}).get("table")
    if not isinstance(table, dict) or table.get("format") != META_FORMAT:
        raise SaveError("a game record, but not a table save (no meta.table)", path=path)
    game = table.get("game")
    if not isinstance(game, str):
        raise SaveError("meta.table.game is missing", path=path)
    more, seq = Journal.read(journal_path(path), game, len(record.turns))
    record.turns.extend(more)
    saved = table.get("seq")
    if seq is not None and (not isinstance(saved, int) or isinstance(saved, bool) or seq > saved):
        table["seq"] = seq
    return SavedTable(record, table, path)


@dataclass(slots=True)
class Unfinished:
    """A save that holds a game not over yet (or a file that cannot be read, so may hold one).

    Why: a new game must never overwrite it; `problem` is set, and the rest
    empty, when the file cannot be read.
    """

    path: Path
    table: str
    players: list[str]
    turns: int
    problem: str | None = None
    #: the saved game's id (meta.table.game)
    game: str | None = None


def unfinished_game(path: Path) -> Unfinished | None:
    """What an unfinished game's save holds; None if there is no file or its game is over."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        saved = read_save(path)
        over = replay(saved.record, complete=False).over
    except SaveError as exc:
        return Unfinished(path, "", [], 0, exc.problem)
    except RecordError as exc:
        return Unfinished(path, "", [], 0, str(exc))
    if over:
        return None
    return Unfinished(path, str(saved.table.get("name") or ""), list(saved.record.players),
                      len(saved.record.turns), None, str(saved.table.get("game")))


def unfinished_autosave(directory: Path, name: str) -> Unfinished | None:
    """The unfinished game in the autosave a new table of this name would write, if any.

    An app asks before hosting (then offers to resume or discard it); `patrician host`
    refuses without `--discard-unfinished`. A `Table` itself never overwrites it either:
    its game then autosaves under a name of its own.
    """
    return unfinished_game(autosave_path(directory, table_name(name)))


def discard_save(path: Path) -> None:
    """Delete a save and its journal (the user chose to throw the game away)."""
    for victim in (Path(path), journal_path(Path(path))):
        victim.unlink(missing_ok=True)


def record_text(record: Record) -> str:
    """The record as the JSON text of a save file."""
    return write_record(record)
