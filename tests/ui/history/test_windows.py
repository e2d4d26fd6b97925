"""The score story chart and the Statistics window: drawn with QPainter, the same facts as text, the
history's figures with filters, CSV export and forgetting."""

from __future__ import annotations

import csv
import io

from PySide6.QtGui import QColor, QImage

from patrician_qt.engine.game_stats import game_stats
from patrician_qt.history.games import add_game
from patrician_qt.history.store import open_history
from patrician_qt.ui.history.score_chart import ScoreStoryChart, describe, story_points
from patrician_qt.ui.history.stats_window import StatisticsWindow
from patrician_qt.ui.history.trend_chart import TrendChart, rolling_means
from tests.history.helpers import bot, entry, finished_record, you


def _pixels(widget) -> set[int]:
    image = QImage(widget.size(), QImage.Format.Format_RGB32)
    widget.render(image)
    return {image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}


def test_the_score_story_draws_each_player_and_says_the_same_as_text(qtbot):
    stats = game_stats(finished_record(5, ["Anna", "Ben", "Cleo"]))
    chart = ScoreStoryChart()
    qtbot.addWidget(chart)
    chart.resize(480, 240)
    colors = [QColor("#d00000"), QColor("#0000d0"), QColor("#00a000")]
    chart.set_story(stats, colors)
    drawn = _pixels(chart)
    assert all(c.rgb() in drawn for c in colors)
    text = describe(stats)
    assert chart.accessibleDescription() == text
    for p in stats.players:
        assert f"{p.name} {p.score}" in text
    assert sum(1 for line in text.splitlines() if " scored: " in line) == sum(
        1 for m in stats.moments if m.kind == "city")
    pts = story_points(stats)
    assert [pt[-1][1] for pt in pts] == list(stats.scores) and pts[0][0] == (0, 0)
    chart.mark_turn(7)
    assert chart.marked_turn() == 7
    assert _pixels(chart) != drawn  # the cursor line is drawn


def test_the_trend_chart_marks_wins_and_draws_a_rolling_mean(qtbot):
    assert rolling_means([10, 20, 30], width=2) == [10, 15, 25]
    chart = TrendChart()
    qtbot.addWidget(chart)
    chart.resize(300, 150)
    empty = _pixels(chart)
    chart.set_points([{"score": 40, "won": True}, {"score": 30, "won": False}])
    assert _pixels(chart) != empty
    assert "2 games, 1 won" in chart.accessibleDescription()


def test_the_statistics_window_filters_exports_and_forgets(qtbot, tmp_path):
    path = tmp_path / "history.sqlite3"
    opened = open_history(path)
    add_game(opened.conn, entry(1, [you("Anna"), bot("hard")], "2026-11-01T10:00:00Z"))
    add_game(opened.conn, entry(2, [you("<b>Ben</b>"), bot("easy")], "2099-01-01T10:00:00Z"))
    opened.conn.close()
    window = StatisticsWindow(None, path)
    qtbot.addWidget(window)
    assert window.notice is None
    assert [window.person.itemData(i) for i in range(window.person.count())] == [None, "<b>Ben</b>", "Anna"]
    assert window.summary.text().startswith("Games 2,")
    labels = [window.table.item(r, 0).text() for r in range(window.table.rowCount())]
    assert labels == ["easy", "hard", "with 2 players"]
    window.person.setCurrentIndex(window.person.findData("Anna"))
    assert window.summary.text().startswith("Games 1,")
    window.period.setCurrentIndex(window.period.findData("week"))  # Anna's game is older than a week
    assert window.summary.text().startswith("Games 0,") and not window.export_button.isEnabled()
    window.period.setCurrentIndex(window.period.findData("all"))
    out = tmp_path / "out.csv"
    window.export_to(out)
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [r[1] for r in rows[1:]] == ["Anna"]
    assert window.forget_now("Anna") == 1
    assert window.person.findData("Anna") == -1 and window.summary.text().startswith("Games 1,")
    window.close()


def test_a_broken_history_is_said_in_the_window(qtbot, tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"\x01broken" * 300)
    window = StatisticsWindow(None, path)
    qtbot.addWidget(window)
    assert window.notice is not None and "kept as" in window.notice
    assert window.summary.text().startswith("Games 0,")
    window.close()
