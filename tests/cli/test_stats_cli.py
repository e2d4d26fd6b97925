"""``patrician stats``: the history's figures as text or JSON, CSV export, forgetting, a broken file said."""

from __future__ import annotations

import json

from patrician_qt.__main__ import main
from patrician_qt.history.figures import figures, played
from patrician_qt.history.games import add_game
from patrician_qt.history.store import open_history
from tests.history.helpers import bot, entry, you


def _history(path):
    opened = open_history(path)
    add_game(opened.conn, entry(1, [you(), bot("hard")], "2026-11-01T10:00:00Z"))
    add_game(opened.conn, entry(2, [you(), bot("easy")], "2026-12-01T10:00:00Z"))
    add_game(opened.conn, entry(3, [you("Ben"), bot("easy")], "2026-12-02T10:00:00Z"))
    fig = figures(played(opened.conn, "Anna"))
    opened.conn.close()
    return fig


def test_stats_json_prints_the_same_figures_as_the_history(tmp_path, capsys):
    path = tmp_path / "history.sqlite3"
    fig = _history(path)
    assert main(["stats", "--json", "--player", "Anna", "--db", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"history": str(path), **json.loads(json.dumps(fig))}
    assert main(["stats", "--json", "--since", "2026-12-01", "--db", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_stats_text_csv_and_forget(tmp_path, capsys):
    path = tmp_path / "history.sqlite3"
    _history(path)
    csv_path = tmp_path / "games.csv"
    assert main(["stats", "--db", str(path), "--csv", str(csv_path)]) == 0
    text = capsys.readouterr().out
    assert "Games 3," in text and "By opponents:" in text and "  hard: 1 games" in text
    assert len(csv_path.read_text(encoding="utf-8").splitlines()) == 4
    assert main(["stats", "--db", str(path), "--forget", "--player", "Ben", "--json"]) == 0
    captured = capsys.readouterr()
    assert "Forgot 1 game(s)." in captured.err and json.loads(captured.out)["games"] == 0  # Ben's: none left
    assert main(["stats", "--db", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_stats_on_a_broken_history_says_so_keeps_it_and_starts_a_new_one(tmp_path, capsys):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"\x00garbage" * 512)
    assert main(["stats", "--json", "--db", str(path)]) == 0
    captured = capsys.readouterr()
    assert "could not be used" in captured.err and "broken" in captured.err
    assert json.loads(captured.out)["games"] == 0
    assert [p for p in tmp_path.iterdir() if ".broken-" in p.name]
