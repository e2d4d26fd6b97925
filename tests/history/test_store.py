"""The history file: created at the current version in WAL mode, migrated from version 1, and a broken or newer
file moved aside (kept, renamed) with a message and a fresh history started: never a crash, never a silent loss."""

from __future__ import annotations

import json
import sqlite3

import pytest

from patrician_qt.history.games import add_game
from patrician_qt.history.store import SCHEMA_V1, VERSION, open_history, schema_version
from tests.history.helpers import bot, entry, finished_record, you


def test_a_new_history_is_at_the_current_version_in_wal_mode(tmp_path):
    opened = open_history(tmp_path / "sub" / "history.sqlite3")
    assert schema_version(opened.conn) == VERSION == 2
    assert opened.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert opened.notice is None
    opened.conn.close()


def _v1_file(path, record_text: str | None):
    """A history as version 1 of the app wrote it: one game, two seats."""
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO games (id, fingerprint, finished_at, players, visibility, record_path, record)"
        " VALUES (1, 'abc', '2026-11-30T20:00:00Z', 2, 'rulebook', '/somewhere/g.patrician.json', ?)",
        (record_text,),
    )
    conn.execute("INSERT INTO seats VALUES (1, 0, 'Anna', 'local', NULL, 50, 1)")
    conn.execute("INSERT INTO seats VALUES (1, 1, 'Bot', 'bot', 'hard', 40, 0)")
    conn.commit()
    conn.close()


def test_a_version_1_history_is_migrated_to_version_2_and_keeps_every_game(tmp_path):
    record = finished_record(3, ["Anna", "Bot"])
    from patrician_qt.engine import write_record

    path = tmp_path / "history.sqlite3"
    _v1_file(path, write_record(record))
    opened = open_history(path)
    conn = opened.conn
    assert opened.notice is None
    assert schema_version(conn) == 2
    rows = conn.execute("SELECT seat, name, kind, level, score, winner, fame, heads, floors_left FROM seats"
                        " ORDER BY seat").fetchall()
    assert record.result is not None
    assert [r[:6] for r in rows] == [(0, "Anna", "local", None, 50, 1), (1, "Bot", "bot", "hard", 40, 0)]
    # the new figures are filled in from the stored record's result
    assert [r[6:] for r in rows] == [
        (record.result["fame"][s], record.result["heads"][s], record.result["floors_left"][s]) for s in range(2)
    ]
    assert conn.execute("SELECT place, record_path FROM games").fetchone() == ("local", "/somewhere/g.patrician.json")
    assert conn.execute("SELECT count(*) FROM reviews").fetchone()[0] == 0
    conn.close()
    # opening again changes nothing
    again = open_history(path)
    assert schema_version(again.conn) == 2
    assert again.conn.execute("SELECT count(*) FROM seats").fetchone()[0] == 2
    again.conn.close()


def test_a_version_1_game_without_a_readable_record_keeps_its_figures_unknown(tmp_path):
    path = tmp_path / "history.sqlite3"
    _v1_file(path, "{not json")
    opened = open_history(path)
    rows = opened.conn.execute("SELECT score, fame, heads FROM seats ORDER BY seat").fetchall()
    assert rows == [(50, None, None), (40, None, None)]
    opened.conn.close()


def test_a_migration_that_fails_leaves_the_version_1_file_as_it_was(tmp_path, monkeypatch):
    from patrician_qt.history import store

    path = tmp_path / "history.sqlite3"
    _v1_file(path, None)

    def broken(conn):
        conn.execute("ALTER TABLE games ADD COLUMN place TEXT")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(store.MIGRATIONS, 1, broken)
    with pytest.raises(store.HistoryError):
        open_history(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "place" not in [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    conn.close()


def _aside(tmp_path, why):
    return [p for p in tmp_path.iterdir() if p.name.startswith(f"history.sqlite3.{why}-") and not
            p.name.endswith(("-wal", "-shm"))]


def test_a_file_that_is_no_database_is_kept_aside_and_a_fresh_history_started(tmp_path):
    path = tmp_path / "history.sqlite3"
    garbage = b"this is not a database at all\x00\xff" * 100
    path.write_bytes(garbage)
    opened = open_history(path)
    assert opened.notice is not None and "could not be used" in opened.notice
    [kept] = _aside(tmp_path, "broken")
    assert kept.read_bytes() == garbage  # never a silent loss
    assert opened.set_aside == kept and kept.name in opened.notice
    assert add_game(opened.conn, entry(1, [you(), bot("easy")], "2026-12-01T10:00:00Z")) is not None
    opened.conn.close()


def test_a_damaged_database_is_kept_aside(tmp_path):
    path = tmp_path / "history.sqlite3"
    opened = open_history(path)
    for k in range(30):
        add_game(opened.conn, entry(k, [you(), bot("easy")], f"2026-12-01T10:{k:02d}:00Z"))
    opened.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    opened.conn.close()
    data = bytearray(path.read_bytes())
    for k in range(4096 + 100, len(data), 997):  # scribble over every page but the header
        data[k] = (data[k] + 1) % 256
    path.write_bytes(bytes(data))
    again = open_history(path)
    assert again.notice is not None
    [kept] = _aside(tmp_path, "broken")
    assert kept.read_bytes() == bytes(data)
    assert again.conn.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    again.conn.close()


def test_a_history_from_a_newer_version_is_kept_aside_untouched(tmp_path):
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, future TEXT)")
    conn.execute("INSERT INTO games VALUES (1, 'from the future')")
    conn.execute(f"PRAGMA user_version = {VERSION + 5}")
    conn.commit()
    conn.close()
    opened = open_history(path)
    assert opened.notice is not None and "newer version" in opened.notice
    [kept] = _aside(tmp_path, "newer")
    old = sqlite3.connect(kept)
    assert old.execute("SELECT future FROM games").fetchall() == [("from the future",)]
    assert old.execute("PRAGMA user_version").fetchone()[0] == VERSION + 5
    old.close()
    assert schema_version(opened.conn) == VERSION
    opened.conn.close()


def test_the_stored_record_is_the_whole_game(tmp_path):
    opened = open_history(tmp_path / "history.sqlite3")
    e = entry(2, [you(), bot("hard")], "2026-12-01T10:00:00Z")
    add_game(opened.conn, e)
    text = opened.conn.execute("SELECT record FROM games").fetchone()[0]
    assert json.loads(text)["turns"] == e.record.turns
    opened.conn.close()
