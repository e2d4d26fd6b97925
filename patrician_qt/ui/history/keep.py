"""Keep every finished game the window shows in the history (hot-seat, bots, LAN as host or guest).

Why from the window: the end of a game on screen is the one moment every kind of game shares; a replay
reaching its end is a game already kept, so it is passed over. The write is one small transaction;
a problem with the history file is said in a message box, never raised into the game.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMenu, QMessageBox, QWidget

from patrician_qt.history.finished import Sitter, note_finished
from patrician_qt.history.store import default_history_path
from patrician_qt.net.hosted import Refused
from patrician_qt.ui.history.after_game import AfterGame, Shown
from patrician_qt.ui.session.contract import Session, Update


class KeptWindow(Shown, Protocol):
    """What the keeper needs of the game window: its end-of-game signal, its session, a menu and a parent, and
    what the after-game part needs (``after_game.Shown``).

    Why its own protocol: the window builds the keeper, so the keeper must not name the window's type."""

    def menu(self, key: str) -> QMenu: ...


def keep_finished_game(parent: QWidget, session: Session, update: Update,
                       seconds: dict[int, float] | None = None) -> int | None:
    """Write the game that just ended on screen to the history; its id (None: a replay, or already kept).
    ``seconds``: the time each person here took over their turns, kept in the record's ``meta.seconds``."""
    if session.replay() is not None or not update.over:
        return None
    public = update.view(None)
    result = public["result"]
    if result is None:
        return None
    try:
        record = session.record()
    except Refused:  # an end shown before the table gave any record (nothing was played here to keep)
        return None
    if seconds:
        meta = dict(record.meta or {})
        meta["seconds"] = {str(seat): round(s, 1) for seat, s in sorted(seconds.items())}
        record = dataclasses.replace(record, meta=meta)
    here = set(session.local_humans())
    seats = session.seats()
    sitters = [Sitter(s.name, s.is_bot, s.level, i in here) for i, s in enumerate(seats)]
    if not record.deal:
        place = "lan-guest"
    elif any(not s.is_bot and i not in here for i, s in enumerate(seats)):
        place = "lan-host"
    else:
        place = "local"
    game_id, notice = note_finished(record, sitters, result, place, default_history_path())
    if notice:
        title = QCoreApplication.translate("HistoryKeeper", "History of games")
        box = QMessageBox(QMessageBox.Icon.Warning, title, notice,
                          QMessageBox.StandardButton.Ok, parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.open()
    return game_id


class HistoryKeeper(QObject):
    """The game window's part that keeps each game it shows ending (its ``gameOver``) in the history."""

    def __init__(self, window: KeptWindow) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self.last_kept: int | None = None
        self.after = AfterGame(window)  # the clock runs first: the last turn's time is in by the game's end
        window.gameOver.connect(self._game_over)
        self.act_statistics = QAction(self.tr("S&tatistics…"), window.as_widget())
        self.act_statistics.setToolTip(self.tr("Your games over many evenings: wins, scores, streaks, trend"))
        self.act_statistics.triggered.connect(self.open_statistics)
        window.menu("game").addAction(self.act_statistics)
        self.statistics: QDialog | None = None

    def open_statistics(self) -> QDialog:
        """Open the Statistics window (one at a time; it reads the history afresh)."""
        from patrician_qt.ui.history.stats_window import StatisticsWindow

        if self.statistics is not None:
            self.statistics.close()
        self.statistics = StatisticsWindow(self.window.as_widget())
        self.statistics.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.statistics.finished.connect(self._statistics_closed)
        self.statistics.open()
        return self.statistics

    def _statistics_closed(self) -> None:
        self.statistics = None

    def _game_over(self, update: Update) -> None:
        session = self.window.session
        if session is not None:
            self.last_kept = keep_finished_game(self.window.as_widget(), session, update, self.after.clock.taken())
