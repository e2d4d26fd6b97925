"""Writing finished games (and their reviews) into the history, and forgetting them.

Why one transaction per game: a game is in the history with all of its seats or not at all, so a
crash (even kill -9) at any moment leaves every earlier game whole. A game already there (the same
players, deal and turns: its fingerprint) is not written twice, so showing the end of a game again
never counts it again.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Any

from patrician_qt.engine import Record, write_record
from patrician_qt.review.method import is_current

from .store import transaction

#: how a seat was played: by a person at this computer, a person elsewhere (LAN), or a bot
LOCAL = "local"
REMOTE = "remote"
BOT = "bot"
KINDS = (LOCAL, REMOTE, BOT)


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One seat of a finished game as the history keeps it."""

    name: str
    kind: str  # LOCAL, REMOTE or BOT
    level: str | None
    score: int
    winner: bool
    fame: int | None = None
    heads: int | None = None
    floors_left: int | None = None


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A finished game: its seats in seat order, where it was played, and its record (text and file)."""

    seats: tuple[SeatEntry, ...]
    record: Record
    place: str = "local"  # "local" (hot-seat or bots), "lan-host" or "lan-guest"
    record_path: str | None = None
    finished_at: str = field(default_factory=lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))


def fingerprint(record: Record) -> str:
    """What makes a game itself: players, deal and turns (not when or where it was saved)."""
    key = json.dumps([record.players, record.deal, record.turns], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def add_game(conn: sqlite3.Connection, entry: GameEntry) -> int | None:
    """Write a finished game in one transaction; its id, or None when it was in the history already."""
    if any(s.kind not in KINDS for s in entry.seats):
        raise ValueError(f"a seat is played by {KINDS}")
    text = write_record(entry.record)
    with transaction(conn):
        cur = conn.execute(
            "INSERT OR IGNORE INTO games (fingerprint, finished_at, players, visibility, record_path, record, place)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (fingerprint(entry.record), entry.finished_at, len(entry.seats), entry.record.effective_visibility,
             entry.record_path, text, entry.place),
        )
        if cur.rowcount == 0:
            return None
        game_id = cur.lastrowid
        conn.executemany(
            "INSERT INTO seats (game_id, seat, name, kind, level, score, winner, fame, heads, floors_left)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, i, s.name, s.kind, s.level, s.score, int(s.winner), s.fame, s.heads, s.floors_left)
             for i, s in enumerate(entry.seats)],
        )
    return game_id


def game_id_of(conn: sqlite3.Connection, record: Record) -> int | None:
    """The id of this game in the history, if it is there."""
    row = conn.execute("SELECT id FROM games WHERE fingerprint = ?", (fingerprint(record),)).fetchone()
    return None if row is None else int(row[0])


def stored_review(conn: sqlite3.Connection, game_id: int, seat: int, budget: str, seed: int) -> Any | None:
    """A review computed before for this game, seat, budget and seed (a review is computed once), or None; also
    None for one made by an earlier method, so that it is computed again."""
    row = conn.execute(
        "SELECT review FROM reviews WHERE game_id = ? AND seat = ? AND budget = ? AND seed = ?",
        (game_id, seat, budget, seed),
    ).fetchone()
    review = None if row is None else json.loads(row[0])
    return review if is_current(review) else None


def store_review(conn: sqlite3.Connection, game_id: int, seat: int, budget: str, seed: int, review: Any) -> None:
    """Keep a review with its game."""
    with transaction(conn):
        conn.execute(
            "INSERT OR REPLACE INTO reviews (game_id, seat, budget, seed, review) VALUES (?, ?, ?, ?, ?)",
            (game_id, seat, budget, seed, json.dumps(review, ensure_ascii=False)),
        )


def forget(conn: sqlite3.Connection, player: str | None = None) -> int:
    """Forget every game (or every game a person of this name played at this computer); how many went."""
    with transaction(conn):
        if player is None:
            n = conn.execute("DELETE FROM games").rowcount
        else:
            n = conn.execute(
                "DELETE FROM games WHERE id IN (SELECT game_id FROM seats WHERE name = ? AND kind = ?)",
                (player, LOCAL),
            ).rowcount
    conn.execute("VACUUM")  # forgotten means gone from the file too, not only from the tables
    return int(n)


__all__ = ["BOT", "KINDS", "LOCAL", "REMOTE", "GameEntry", "SeatEntry", "add_game", "fingerprint", "forget",
           "game_id_of", "store_review", "stored_review"]
