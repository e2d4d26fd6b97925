"""The statistics of one finished game on the score sheet: per player floors built, towers won by majority or
tie-break, fame tiles high and low, heads, relocations, take-any cards used and the time taken, and the biggest
swing of the game.

Why a table of its own beside the scores: the score sheet says who won; this says how. The figures come from
the engine (``game_stats``); only the time taken is measured here (``TurnClock``), for people, never for bots.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine.game_stats import CITY, GameStats


def _t(text: str) -> str:
    return QCoreApplication.translate("GameFigures", text)


def clock_words(seconds: float | None) -> str:
    """A time taken as minutes and seconds ("4:07"), or a dash for a seat nobody timed (a bot)."""
    if seconds is None:
        return "–"
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def figure_rows(stats: GameStats, seconds: dict[int, float] | None = None) -> list[tuple[str, list[str]]]:
    """(row title, a cell per seat in seat order) of the game's statistics."""
    seconds = seconds or {}
    ps = stats.players
    return [
        (_t("Floors built"), [str(p.floors_built) for p in ps]),
        (_t("Towers won by majority"), [str(p.towers_by_majority) for p in ps]),
        (_t("Towers won by tie-break"), [str(p.towers_by_tiebreak) for p in ps]),
        (_t("Cities won (both tiles)"), [str(p.cities_both) for p in ps]),
        (_t("Fame tiles high / low"), [f"{p.tiles_high} / {p.tiles_low}" for p in ps]),
        (_t("Heads: lady · cap · beard"), ["{} · {} · {}".format(*p.heads) for p in ps]),
        (_t("Relocations"), [str(p.relocations) for p in ps]),
        (_t("Take-any cards used"), [str(p.take_any_used) for p in ps]),
        (_t("Time taken"), [clock_words(seconds.get(p.seat)) for p in ps]),
    ]


def swing_words(stats: GameStats) -> str:
    """The biggest swing of the game in a sentence ("" when fame never moved players apart)."""
    swing = stats.swing
    if swing is None:
        return ""
    name = stats.players[swing.gainer].name
    m = swing.moment
    if m.kind == CITY:
        return _t("Biggest swing: {name} +{size} when {city} was scored (turn {turn})").format(
            name=name, size=swing.size, city=m.city, turn=m.turn)
    return _t("Biggest swing: {name} +{size} by the heads at the end").format(name=name, size=swing.size)


class GameFigures(QWidget):
    """The statistics table (players in the score sheet's order) and the biggest swing under it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("GameFigures")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(self)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table: no Tab trap
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setAccessibleName(_t("Statistics of the game"))
        self.swing = QLabel(self)
        self.swing.setTextFormat(Qt.TextFormat.PlainText)  # players' names came from outside
        self.swing.setWordWrap(True)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.swing)

    def show_stats(self, stats: GameStats, order: list[int], seconds: dict[int, float] | None = None) -> None:
        """Fill the table: a column per seat in ``order`` (the score sheet's, best first)."""
        rows = figure_rows(stats, seconds)
        order = order if sorted(order) == list(range(len(stats.players))) else list(range(len(stats.players)))
        names = [stats.players[s].name for s in order]
        self.table.clear()
        self.table.setRowCount(len(rows))
        self.table.setColumnCount(len(order))
        self.table.setHorizontalHeaderLabels(names)
        self.table.setVerticalHeaderLabels([title for title, _ in rows])
        for r, (title, cells) in enumerate(rows):
            for c, seat in enumerate(order):
                item = QTableWidgetItem(cells[seat])
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{names[c]}, {title}: {cells[seat]}")
                self.table.setItem(r, c, item)
        self.swing.setText(swing_words(stats))
        self.swing.setVisible(bool(self.swing.text()))

    def cell(self, title: str, seat_column: int) -> str:
        """The text of a row's cell in a column (tests read what a player sees)."""
        for r in range(self.table.rowCount()):
            header = self.table.verticalHeaderItem(r)
            item = self.table.item(r, seat_column)
            if header is not None and header.text() == title and item is not None:
                return item.text()
        raise KeyError(title)


__all__ = ["GameFigures", "clock_words", "figure_rows", "swing_words"]
