"""The game page: the board, with the turn bar above it and the side column (players, hand, log) beside it.

Why a module: the page's layout (and how it fits the window's width) is apart from the window's work
of showing a session.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.board.board_view import BoardView
from patrician_qt.ui.board.hand_view import HandView
from patrician_qt.ui.board.log_view import LogView
from patrician_qt.ui.board.players_view import PlayersView
from patrician_qt.ui.game.side_tabs import SideTabs
from patrician_qt.ui.game.turn_bar import TurnBar
from patrician_qt.ui.text import plain

SIDE_W = 306
SIDE_W_LARGE = 390


class GamePage(QWidget):
    """The in-game layout: turn bar and board on the left, players, hand and log on the right."""

    def __init__(self, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("GamePage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(8, 8, 8, 8)
        outer.setSpacing(8)
        left = QVBoxLayout()
        left.setSpacing(6)
        self.turn_bar = TurnBar(self)
        left.addWidget(self.turn_bar)
        from patrician_qt.ui.game.replay_bar import ReplayBar

        self.replay_bar = ReplayBar(self)
        self.replay_bar.hide()
        left.addWidget(self.replay_bar)
        left.addWidget(board, 1)
        self._left = left
        outer.addLayout(left, 1)
        side = self.side = QFrame(self)
        side.setObjectName("SidePanel")
        side.setFixedWidth(SIDE_W)
        col = QVBoxLayout(side)
        col.setContentsMargins(8, 6, 8, 8)
        col.setSpacing(4)
        self.players_title = self._title(self.tr("Players"), side)
        self.players_view = PlayersView(side)
        self.hand_title = self._title(self.tr("Your hand"), side)
        self.hand_view = HandView(side)
        self.log_title = self._title(self.tr("Log"), side)
        self.log_view = LogView(side)
        self.log_view.setObjectName("LogView")
        for w in (self.players_title, self.players_view, self.hand_title, self.hand_view):
            col.addWidget(w)
        self.side_tabs = SideTabs(self.log_title, self.log_view, side)  # the log, and the LAN chat under it
        col.addWidget(self.side_tabs, 1)
        outer.addWidget(side)

    def add_banner(self, banner: QWidget) -> None:
        """Put a banner (e.g. the tutorial's) between the turn bar and the board."""
        self._left.insertWidget(2, banner)

    def set_replay_mode(self, on: bool) -> None:
        """Show the replay controls instead of the turn bar."""
        self.turn_bar.setVisible(not on)
        self.replay_bar.setVisible(on)

    def fit_width(self, width: int) -> None:
        """A wider side panel and bigger cards on big screens."""
        side = SIDE_W if width < 1600 else SIDE_W_LARGE
        if self.side.width() != side:
            self.side.setFixedWidth(side)
            self.hand_view.set_card_width(82 if side == SIDE_W else 110)

    @staticmethod
    def _title(text: str, parent: QWidget) -> QLabel:
        label = plain.new_label(text, parent)  # "Hand of <name>"
        label.setObjectName("SideTitle")
        label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # never squeezed
        return label
