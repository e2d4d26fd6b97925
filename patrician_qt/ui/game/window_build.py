"""The game's widgets, made in one go for the window's frame: the models, the board, the side panels, the
turn bar and the overlays (privacy screen, score sheet).

Why apart from ``main_window``: the frame (menu bar, page stack) is shown with the start screen at once;
these widgets, with all they import, follow right after its first paint, and the window's builder then
makes the parts that work on them.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QStackedWidget, QWidget

from patrician_qt.ui.board.board_model import BoardModel
from patrician_qt.ui.board.board_view import BoardScene, BoardView
from patrician_qt.ui.board.board_widgets import BoardWidgets
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.board.log_model import LogModel
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.game.game_page import GamePage
from patrician_qt.ui.game.privacy_screen import PrivacyScreen
from patrician_qt.ui.game.score_sheet import ScoreSheet
from patrician_qt.ui.game.turn_bar import TurnBar


class GameWidgets(BoardWidgets, Protocol):
    """What a game is shown with: the board's models and views, the page that holds them, the turn bar and the
    overlays. Declared once: the window holds what ``build_widgets`` makes, and its door (game/screen.py)
    shows them by these names."""

    page: GamePage
    turn_bar: TurnBar
    privacy: PrivacyScreen
    score_sheet: ScoreSheet


class _MadeWidgets(GameWidgets):
    """The widgets made for one window (the protocol's names, filled in)."""

    def __init__(self, parent: QWidget, stack: QStackedWidget) -> None:
        self.board_model = BoardModel(parent)
        self.hand_model = HandModel(parent)
        self.players_model = PlayersModel(parent)
        self.log_model = LogModel(parent)
        self.scene = BoardScene(self.board_model, parent)
        self.board_view = BoardView(self.scene)
        self.page = page = GamePage(self.board_view)
        stack.insertWidget(0, page)  # first, as when it was built before any other page
        self.turn_bar, self.hand_view, self.players_view, self.log_view = (
            page.turn_bar, page.hand_view, page.players_view, page.log_view)
        self.hand_view.setModel(self.hand_model)
        self.players_view.setModel(self.players_model)
        self.log_view.setModel(self.log_model)
        self.privacy = PrivacyScreen(stack)
        self.score_sheet = ScoreSheet(page, self.board_view)


def build_widgets(parent: QWidget, stack: QStackedWidget) -> GameWidgets:
    """The models (owned by ``parent``), the game page put first in ``stack``, and the overlays over it."""
    return _MadeWidgets(parent, stack)
