"""The history database: one SQLite file in the app's data folder, its schema and its migrations.

Why SQLite: one file that survives a crash mid-write (WAL, one transaction per finished game), needs
no server and ships with Python. Why a version in ``PRAGMA user_version`` and numbered migrations:
a newer app must read every older file, step by step; a file from a newer app, or one that is not
a database any more, is moved aside (kept, renamed) with a message and a fresh one is started, so
opening the history never crashes the app and never loses a file silently.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

FILE_NAME = "history.sqlite3"
#: the schema this app writes; ``MIGRATIONS[v]`` takes a file from version v to v + 1
VERSION = 2

#: version 1: games and their seats
SCHEMA_V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL UNIQUE,
    finished_at TEXT NOT NULL,
    players INTEGER NOT NULL,
    visibility TEXT,
    record_path TEXT,
    record TEXT
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    score INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_name ON seats(name);
"""


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """Version 2: how the game was played (where), each seat's fame, heads and floors left (R25), and the
    reviews of a game; the new figures of earlier games are filled in from their stored records."""
    _run_script(
        conn,
        """
        ALTER TABLE games ADD COLUMN place TEXT NOT NULL DEFAULT 'local';
        ALTER TABLE seats ADD COLUMN fame INTEGER;
        ALTER TABLE seats ADD COLUMN heads INTEGER;
        ALTER TABLE seats ADD COLUMN floors_left INTEGER;
        CREATE TABLE reviews (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            budget TEXT NOT NULL,
            seed INTEGER NOT NULL,
            review TEXT NOT NULL,
            PRIMARY KEY (game_id, seat, budget, seed)
        );
        """,
    )
    for game_id, text in conn.execute("SELECT id, record FROM games WHERE record IS NOT NULL").fetchall():
        try:
            result = json.loads(text).get("result") or {}
            fame, heads, left = result["fame"], result["heads"], result["floors_left"]
        except (ValueError, AttributeError, KeyError, TypeError):
            continue  # a record without its result: the new figures stay unknown (NULL), nothing else changes
        for seat, (f, h, fl) in enumerate(zip(fame, heads, left, strict=False)):
            conn.execute(
                "UPDATE seats SET fame = ?, heads = ?, floors_left = ? WHERE game_id = ? AND seat = ?",
                (f, h, fl, game_id, seat),
            )


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    """Run ``;``-separated statements one by one, inside the caller's transaction (``executescript``
    would commit it first)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One transaction: committed as a whole at the end, rolled back as a whole on any error."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _v1_to_v2}


@dataclass(slots=True)
class Opened:
    """An open history: the connection, and what the user must be told about the file (or None)."""

    conn: sqlite3.Connection
    path: Path
    notice: str | None = None
    set_aside: Path | None = None


class HistoryError(Exception):
    """The history cannot be opened or written at all (no folder, no space): said in words, never a crash."""


def open_history(path: Path) -> Opened:
    """Open (creating or migrating) the history at ``path``; a broken or newer file is moved aside first."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HistoryError(f"cannot create the folder of the history {path.parent}: {exc.strerror or exc}") from None
    problem = _problem(path) if path.exists() else None
    notice = aside = None
    if problem is not None:
        aside = _set_aside(path, "newer" if problem.startswith("newer") else "broken")
        notice = (
            f"The history of games in {path} could not be used ({problem}). It was kept as {aside.name} "
            "and a new, empty history was started."
        )
        log.warning("%s", notice)
    try:
        conn = _connect(path)
        _migrate(conn)
    except sqlite3.Error as exc:
        raise HistoryError(f"cannot open the history {path}: {exc}") from None
    return Opened(conn, path, notice, aside)


def _connect(path: Path) -> sqlite3.Connection:
    """A connection in WAL mode with foreign keys on, in autocommit: ``transaction`` opens each transaction."""
    conn = sqlite3.connect(path, timeout=5.0, isolation_level=None)  # transactions only where we open them
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def _problem(path: Path) -> str | None:
    """Why an existing file cannot be used as this app's history, or None when it can."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5.0)
    except sqlite3.Error as exc:
        return f"it cannot be opened: {exc}"
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            return (f"newer: it was written by a newer version of Patrician (history version {version}, "
                    f"this app reads up to {VERSION})")
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            return f"it is damaged: {check}"
        if version >= 1:
            conn.execute("SELECT count(*) FROM games").fetchone()
    except sqlite3.Error as exc:
        return f"it is not a readable database: {exc}"
    finally:
        conn.close()
    return None


def _set_aside(path: Path, why: str) -> Path:
    """Rename the file (and its WAL and shared-memory files) to a name that says why and when; never overwrite."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    k = 1
    while target.exists():
        k += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{k}")
    try:
        os.replace(path, target)
    except OSError as exc:
        raise HistoryError(
            f"the history {path} cannot be used and cannot be moved aside: {exc.strerror or exc}"
        ) from None
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            with contextlib.suppress(OSError):
                os.replace(side, target.with_name(target.name + suffix))
    return target


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema to VERSION: create it in a new file, or run each migration in its own transaction."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == 0:
        with transaction(conn):
            _run_script(conn, SCHEMA_V1)
            conn.execute("PRAGMA user_version = 1")
        version = 1
    while version < VERSION:
        with transaction(conn):
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
        version += 1


def schema_version(conn: sqlite3.Connection) -> int:
    """The file's schema version (``PRAGMA user_version``)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def default_history_path() -> Path:
    """The history in the app's data folder, named as the app names it (``ui/app/folders.app_data_dir``),
    without Qt so that ``patrician stats`` starts fast; ``PATRICIAN_HISTORY`` names another file."""
    named = os.environ.get("PATRICIAN_HISTORY")
    if named:
        return Path(named)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "Patrician"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / "Patrician"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "patrician"
    return base / FILE_NAME


__all__ = ["FILE_NAME", "MIGRATIONS", "VERSION", "HistoryError", "Opened", "default_history_path", "open_history",
           "schema_version", "transaction"]
