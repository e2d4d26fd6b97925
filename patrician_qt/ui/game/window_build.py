"""The game's widgets, made in one go for the window's frame: the models, the board, the side panels, the
turn bar and the overlays (privacy screen, score sheet).

Why apart from ``main_window``: the frame (menu bar, page stack) is shown with the start screen at once;
these widgets, with all they import, follow right after its first paint, and the window's builder then
makes the parts that work on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QStackedWidget, QWidget

from patrician_qt.ui.board.board_model import BoardModel
from patrician_qt.ui.board.board_view import BoardScene, BoardView
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.board.hand_view import HandView
from patrician_qt.ui.board.log_model import LogModel
from patrician_qt.ui.board.log_view import LogView
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.board.players_view import PlayersView
from patrician_qt.ui.game.game_page import GamePage
from patrician_qt.ui.game.privacy_screen import PrivacyScreen
from patrician_qt.ui.game.score_sheet import ScoreSheet
from patrician_qt.ui.game.turn_bar import TurnBar


@dataclass(slots=True)
class GameWidgets:
    """What a game is shown with: models, and the views and overlays that show them."""

    board_model: BoardModel
    hand_model: HandModel
    players_model: PlayersModel
    log_model: LogModel
    scene: BoardScene
    board_view: BoardView
    page: GamePage
    turn_bar: TurnBar
    hand_view: HandView
    players_view: PlayersView
    log_view: LogView
    privacy: PrivacyScreen
    score_sheet: ScoreSheet


def build_widgets(parent: QWidget, stack: QStackedWidget) -> GameWidgets:
    """The models (owned by ``parent``), the game page put first in ``stack``, and the overlays over it."""
    board_model = BoardModel(parent)
    hand_model = HandModel(parent)
    players_model = PlayersModel(parent)
    log_model = LogModel(parent)
    scene = BoardScene(board_model, parent)
    board_view = BoardView(scene)
    page = GamePage(board_view)
    stack.insertWidget(0, page)  # first, as when it was built before any other page
    page.hand_view.setModel(hand_model)
    page.players_view.setModel(players_model)
    page.log_view.setModel(log_model)
    privacy = PrivacyScreen(stack)
    score_sheet = ScoreSheet(page, board_view)
    return GameWidgets(board_model, hand_model, players_model, log_model, scene, board_view, page, page.turn_bar,
                       page.hand_view, page.players_view, page.log_view, privacy, score_sheet)
