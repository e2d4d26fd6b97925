"""Finished games in the history: one transaction each, never twice, the figures, CSV, forgetting, and a kill -9
that loses nothing already written."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from patrician_qt.history.export import to_csv
from patrician_qt.history.figures import figures, played
from patrician_qt.history.finished import note_finished
from patrician_qt.history.games import GameEntry, SeatEntry, add_game, forget
from patrician_qt.history.store import open_history
from tests.history.helpers import bot, entry, finished_record, you

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def conn(tmp_path):
    opened = open_history(tmp_path / "history.sqlite3")
    yield opened.conn
    opened.conn.close()


def _won(e: GameEntry, seat: int, won: bool) -> GameEntry:
    """The same game with ``seat`` the only winner (or not a winner): the figures' tests choose who won."""
    seats = tuple(
        SeatEntry(s.name, s.kind, s.level, s.score, won if i == seat else not won,
                  s.fame, s.heads, s.floors_left)
        for i, s in enumerate(e.seats)
    )
    return GameEntry(seats, e.record, e.place, e.record_path, e.finished_at)


def test_a_game_is_written_once_with_all_its_seats(conn):
    e = entry(1, [you(), bot("hard")], "2026-12-01T10:00:00Z")
    game_id = add_game(conn, e)
    assert game_id is not None
    assert add_game(conn, e) is None  # the end shown again: not counted again
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    assert conn.execute("SELECT name, kind, level FROM seats ORDER BY seat").fetchall() == [
        ("Anna", "local", None), ("Bot", "bot", "hard")]


def test_a_game_whose_seats_cannot_be_written_is_not_written_at_all(conn):
    e = entry(1, [you(), bot("hard")], "2026-12-01T10:00:00Z")
    broken = GameEntry((e.seats[0], SeatEntry(None, "bot", "hard", 3, False)), e.record)  # type: ignore[arg-type]
    with pytest.raises(sqlite3.IntegrityError):
        add_game(conn, broken)
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_figures_per_opponents_players_streaks_trend_and_filters(conn):
    games = [  # (seed, sitters, when, Anna wins)
        (1, [you(), bot("hard")], "2026-11-01T10:00:00Z", True),
        (2, [you(), bot("hard")], "2026-11-02T10:00:00Z", False),
        (3, [you(), bot("easy"), bot("hard", "B2")], "2026-11-03T10:00:00Z", True),
        (4, [you(), you("Ben")], "2026-11-04T10:00:00Z", True),
        (5, [you(), bot("hard")], "2026-12-01T10:00:00Z", True),
        (6, [you(), bot("hard")], "2026-12-02T10:00:00Z", True),
    ]
    for seed, sitters, when, anna_wins in games:
        add_game(conn, _won(entry(seed, sitters, when), 0, anna_wins))
    anna = played(conn, "Anna")
    assert [p.game_id for p in anna] == [1, 2, 3, 4, 5, 6]
    fig = figures(anna)
    assert (fig["games"], fig["wins"], fig["win_rate"]) == (6, 5, round(5 / 6, 4))
    assert fig["by_opponents"] == {
        "easy+hard": {"games": 1, "wins": 1, "win_rate": 1.0},
        "hard": {"games": 4, "wins": 3, "win_rate": 0.75},
        "people": {"games": 1, "wins": 1, "win_rate": 1.0},
    }
    assert fig["by_players"]["2"]["games"] == 5 and fig["by_players"]["3"]["games"] == 1
    assert fig["streaks"] == {"current": {"kind": "won", "length": 4}, "longest_win": 4}
    scores = [p.score for p in anna]
    assert fig["best_score"] == max(scores)
    assert fig["mean_score"] == round(sum(scores) / 6, 2)
    assert [pt["score"] for pt in fig["trend"]["points"]] == scores
    # every person at this computer: Ben's hot-seat game counts for him too
    assert len(played(conn)) == 7
    ben = figures(played(conn, "Ben"))
    assert ben["games"] == 1 and ben["by_opponents"] == {"people": {"games": 1, "wins": 0, "win_rate": 0.0}}
    # a period: December only; a date alone as the end includes that whole day
    assert [p.game_id for p in played(conn, "Anna", since="2026-12-01")] == [5, 6]
    assert [p.game_id for p in played(conn, "Anna", until="2026-11-02")] == [1, 2]
    # bots' seats are never "you"
    assert played(conn, "Bot") == []


def test_the_streak_now_can_be_losses(conn):
    for k, won in enumerate([True, True, True, False, False]):
        add_game(conn, _won(entry(k, [you(), bot("medium")], f"2026-11-0{k + 1}T10:00:00Z"), 0, won))
    s = figures(played(conn))["streaks"]
    assert s == {"current": {"kind": "lost", "length": 2}, "longest_win": 3}


def test_csv_export_has_a_line_per_person_and_game_and_keeps_names_as_text(conn):
    add_game(conn, entry(1, [you("=cmd|' /C calc'!A0"), bot("hard")], "2026-11-01T10:00:00Z"))
    add_game(conn, entry(2, [you("Anna, the 2nd"), bot("easy")], "2026-11-02T10:00:00Z"))
    rows = list(csv.reader(io.StringIO(to_csv(played(conn)))))
    assert rows[0][:5] == ["finished_at", "name", "players", "opponents", "score"]
    assert rows[1][1] == "'=cmd|' /C calc'!A0" and rows[2][1] == "Anna, the 2nd"
    assert rows[1][3] == "hard" and len(rows) == 3


def test_forget_one_person_or_everything(conn, tmp_path):
    add_game(conn, entry(1, [you("Anna"), bot("hard")], "2026-11-01T10:00:00Z"))
    add_game(conn, entry(2, [you("Ben"), bot("hard")], "2026-11-02T10:00:00Z"))
    assert forget(conn, "Anna") == 1
    assert [p.name for p in played(conn)] == ["Ben"]
    assert forget(conn) == 1
    assert played(conn) == [] and conn.execute("SELECT count(*) FROM seats").fetchone()[0] == 0


def test_note_finished_keeps_the_record_file_and_its_path(tmp_path):
    record = finished_record(7, ["Anna", "Bot"])
    assert record.result is not None
    path = tmp_path / "data" / "history.sqlite3"
    game_id, notice = note_finished(record, [you(), bot("hard")], record.result, "local", path)
    assert game_id is not None and notice is None
    opened = open_history(path)
    kept = opened.conn.execute("SELECT record_path FROM games").fetchone()[0]
    opened.conn.close()
    assert Path(kept).parent == tmp_path / "data" / "records"
    assert json.loads(Path(kept).read_text(encoding="utf-8"))["turns"] == record.turns


def test_note_finished_never_raises_when_the_history_cannot_be_written(tmp_path):
    record = finished_record(7, ["Anna", "Bot"])
    assert record.result is not None
    blocker = tmp_path / "file"
    blocker.write_text("x")
    game_id, notice = note_finished(record, [you(), bot("hard")], record.result, "local", blocker / "history.sqlite3")
    assert game_id is None and notice is not None and "history" in notice


_WRITER = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, {root!r})
    from patrician_qt.history.store import open_history, transaction
    from patrician_qt.history.games import add_game
    from tests.history.helpers import entry, you, bot
    conn = open_history({path!r}).conn
    add_game(conn, entry(1, [you(), bot("hard")], "2026-11-01T10:00:00Z"))
    add_game(conn, entry(2, [you(), bot("easy")], "2026-11-02T10:00:00Z"))
    # a third game half written when the process is killed
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO games (fingerprint, finished_at, players) VALUES ('half', 'x', 2)")
    print("ready", flush=True)
    time.sleep(60)
    """
)


def test_kill_9_loses_nothing_already_in_the_history(tmp_path):
    path = tmp_path / "history.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", _WRITER.format(root=str(ROOT), path=str(path))],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    time.sleep(0.05)
    opened = open_history(path)
    assert opened.notice is None
    assert [p.game_id for p in played(opened.conn)] == [1, 2]
    assert opened.conn.execute("SELECT count(*) FROM games WHERE fingerprint = 'half'").fetchone()[0] == 0
    opened.conn.close()


def test_a_lan_guests_game_without_the_deal_is_kept_in_the_history_only(tmp_path):
    """A guest's record holds the turns it saw, not the deal (only the host knows it): no record file, but the
    game, its seats and its result are kept."""
    from patrician_qt.engine import Record
    from patrician_qt.history.finished import Sitter

    whole = finished_record(8, ["Host", "Guest"])
    assert whole.result is not None
    seen = Record(list(whole.players), {}, whole.turns, {"table": "T"}, whole.result)
    path = tmp_path / "history.sqlite3"
    game_id, notice = note_finished(seen, [Sitter("Host", False, None, False), you("Guest")], whole.result,
                                    "lan-guest", path)
    assert game_id is not None and notice is None
    opened = open_history(path)
    assert opened.conn.execute("SELECT place, record_path FROM games").fetchone() == ("lan-guest", None)
    [p] = played(opened.conn)
    assert (p.name, p.opponents, p.won) == ("Guest", "people", 1 in whole.result["winners"])
    opened.conn.close()
    assert not (tmp_path / "records").exists()
