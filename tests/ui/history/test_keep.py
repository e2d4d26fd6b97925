"""Every game finished in the window is kept in the history at its end; a replay reaching its end is not."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from patrician_qt.engine import write_record
from patrician_qt.ui.game.main_window import MainWindow
from tests.ui.game_helpers import open_game


def _games(path: Path) -> list[tuple]:
    if not path.exists():
        return []
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT g.place, s.seat, s.name, s.kind, s.level, s.score, s.winner, g.record_path"
                            " FROM games g JOIN seats s ON s.game_id = g.id ORDER BY g.id, s.seat").fetchall()
    finally:
        conn.close()


def test_a_finished_bot_game_is_in_the_history_and_its_replay_is_not_counted(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite3"
    monkeypatch.setenv("PATRICIAN_HISTORY", str(path))
    window, session = open_game(qtbot, ["bot:easy", "bot:medium"], seed=4)
    qtbot.waitUntil(lambda: window._shown is not None and window._shown.over, timeout=60_000)
    result = session.record().result
    assert result is not None
    rows = _games(path)
    assert [(r[0], r[2], r[3], r[4], r[5], bool(r[6])) for r in rows] == [
        ("local", "Anna", "bot", "easy", result["scores"][0], 0 in result["winners"]),
        ("local", "Ben", "bot", "medium", result["scores"][1], 1 in result["winners"]),
    ]
    assert Path(rows[0][7]).is_file()
    # Game ▸ Statistics shows it
    keeper = window.history
    assert keeper.act_statistics in window.menu("game").actions()
    keeper.act_statistics.trigger()
    stats = keeper.statistics
    assert stats is not None and stats.isVisible()
    assert stats.summary.text().startswith("Games 0,")  # two bots: nobody of this computer played
    assert stats.table.rowCount() == 0
    stats.close()
    # the same game replayed to its end adds nothing; a new record replayed to its end neither
    record = session.record()
    saved = tmp_path / "game.patrician.json"
    saved.write_text(write_record(record), encoding="utf-8")
    path.unlink()
    for side in ("-wal", "-shm"):
        Path(str(path) + side).unlink(missing_ok=True)
    replayer = MainWindow(None)
    qtbot.addWidget(replayer)
    replayer.set_speed("instant")
    assert replayer.files.open_replay(saved)
    controls = replayer.session.replay()
    controls.seek(len(controls) - 1)
    qtbot.waitUntil(lambda: replayer._shown is not None and replayer._shown.over, timeout=10_000)
    assert _games(path) == []
