"""The Statistics window: the history's figures (the same as ``patrician stats``), filtered by person and
period, the trend chart, CSV export and "Forget my history".

Why a window of its own, opened from Game ▸ Statistics: the figures span many evenings, not the game on
screen. Names come from the history (typed by people): every label is plain text.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.history.export import to_csv
from patrician_qt.history.figures import figures, played
from patrician_qt.history.games import LOCAL, forget
from patrician_qt.history.store import HistoryError, default_history_path, open_history
from patrician_qt.ui.history.trend_chart import TrendChart
from patrician_qt.ui.text.plural import counted

#: the periods offered: (key, days back; None for all time)
PERIODS: tuple[tuple[str, int | None], ...] = (("all", None), ("week", 7), ("month", 30), ("year", 365))


def _pct(rate: float | None) -> str:
    return "–" if rate is None else f"{100 * rate:.0f}%"


class StatisticsWindow(QDialog):
    """Figures of the history at ``path`` (the app's by default)."""

    def __init__(self, parent: QWidget | None = None, path: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Statistics"))
        self.path = path or default_history_path()
        self.notice: str | None = None
        self.conn: sqlite3.Connection | None = None
        try:
            opened = open_history(self.path)
            self.conn, self.notice = opened.conn, opened.notice
        except HistoryError as exc:
            self.notice = str(exc)
        self.person = QComboBox(self)
        self.person.setAccessibleName(self.tr("Player"))
        self.period = QComboBox(self)
        self.period.setAccessibleName(self.tr("Period"))
        words = {"all": self.tr("All time"), "week": self.tr("Last 7 days"), "month": self.tr("Last 30 days"),
                 "year": self.tr("Last 365 days")}
        for key, _ in PERIODS:
            self.period.addItem(words[key], key)
        self.summary = QLabel(self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, 4, self)
        self.table.setHorizontalHeaderLabels([self.tr("Against / players"), self.tr("Games"), self.tr("Wins"),
                                              self.tr("Win rate")])
        self.table.verticalHeader().hide()
        self.trend = TrendChart(self)
        self.export_button = QPushButton(self.tr("Export CSV…"), self)
        self.forget_button = QPushButton(self.tr("Forget my history…"), self)
        close = QPushButton(self.tr("Close"), self)
        filters = QHBoxLayout()
        for label, box in ((self.tr("Player:"), self.person), (self.tr("Period:"), self.period)):
            text = QLabel(label, self)
            text.setBuddy(box)
            filters.addWidget(text)
            filters.addWidget(box)
        filters.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.forget_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        if self.notice:
            note = QLabel(self.notice, self)
            note.setTextFormat(Qt.TextFormat.PlainText)
            note.setWordWrap(True)
            layout.addWidget(note)
        layout.addLayout(filters)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.trend, 1)
        layout.addLayout(buttons)
        self.person.currentIndexChanged.connect(self.refresh)
        self.period.currentIndexChanged.connect(self.refresh)
        self.export_button.clicked.connect(self.export_dialog)
        self.forget_button.clicked.connect(self.forget_dialog)
        close.clicked.connect(self.accept)
        self.resize(640, 560)
        self._fill_people()
        self.refresh()

    def _fill_people(self) -> None:
        self.person.blockSignals(True)
        self.person.clear()
        self.person.addItem(self.tr("Everyone here"), None)
        if self.conn is not None:
            for (name,) in self.conn.execute("SELECT DISTINCT name FROM seats WHERE kind = ? ORDER BY name", (LOCAL,)):
                self.person.addItem(name, name)
        self.person.blockSignals(False)

    def _since(self) -> str | None:
        days = dict(PERIODS)[self.period.currentData()]
        return None if days is None else time.strftime("%Y-%m-%d", time.gmtime(time.time() - days * 86400))

    def current(self) -> dict[str, Any]:
        """The figures shown now."""
        rows = [] if self.conn is None else played(self.conn, self.person.currentData(), self._since())
        self._rows = rows
        return figures(rows)

    def refresh(self) -> None:
        """Show the figures for the chosen person and period."""
        fig = self.current()
        lines = [self.tr("Games {games}, wins {wins} ({rate}); mean score {mean}, best {best}").format(
            games=fig["games"], wins=fig["wins"], rate=_pct(fig["win_rate"]),
            mean="–" if fig["mean_score"] is None else fig["mean_score"],
            best="–" if fig["best_score"] is None else fig["best_score"])]
        s = fig["streaks"]
        if s["current"]["kind"]:
            word = self.tr("won") if s["current"]["kind"] == "won" else self.tr("lost")
            lines.append(self.tr("Streak: {n} {word} in a row; longest run of wins {longest}").format(
                n=s["current"]["length"], word=word, longest=s["longest_win"]))
        t = fig["trend"]
        if t["recent_games"]:
            lines.append(counted("StatisticsWindow", "Last %n game(s): {recent} won (before them {earlier})",
                                 t["recent_games"]).format(recent=_pct(t["recent_win_rate"]),
                                                           earlier=_pct(t["earlier_win_rate"])))
        self.summary.setText("\n".join(lines))
        rows = [(k, v) for k, v in fig["by_opponents"].items()]
        rows += [(counted("StatisticsWindow", "with %n player(s)", int(k)), v) for k, v in fig["by_players"].items()]
        self.table.setRowCount(len(rows))
        for r, (label, v) in enumerate(rows):
            for c, text in enumerate((label, str(v["games"]), str(v["wins"]), _pct(v["win_rate"]))):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.trend.set_points(t["points"])
        self.export_button.setEnabled(bool(fig["games"]))
        self.forget_button.setEnabled(self.conn is not None and bool(fig["games"]))

    def export_to(self, path: Path) -> None:
        """Write the games shown as CSV (OSError when the file cannot be written)."""
        Path(path).write_text(to_csv(self._rows), encoding="utf-8")

    def export_dialog(self) -> None:
        """Ask where, then export; a failure is said."""
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Export the history"), "patrician-history.csv",
                                              self.tr("CSV files (*.csv)"))
        if not name:
            return
        try:
            self.export_to(Path(name))
        except OSError as exc:
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Export the history"),
                              self.tr("The file could not be written: {why}").format(why=exc.strerror or exc),
                              QMessageBox.StandardButton.Ok, self)
            box.setTextFormat(Qt.TextFormat.PlainText)
            box.exec()

    def forget_dialog(self) -> None:
        """Ask, then forget the games of the person chosen (or everyone's)."""
        who = self.person.currentData()
        question = (self.tr("Forget every game {name} played here?").format(name=who) if who
                    else self.tr("Forget the whole history of games played here?"))
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Forget my history"), question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        if box.exec() == QMessageBox.StandardButton.Yes:
            self.forget_now(who)

    def forget_now(self, who: str | None) -> int:
        """Forget (no question asked): how many games went."""
        if self.conn is None:
            return 0
        n = forget(self.conn, who)
        self._fill_people()
        self.refresh()
        return n

    def done(self, result: int) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        super().done(result)


__all__ = ["PERIODS", "StatisticsWindow"]
