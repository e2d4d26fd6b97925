"""The board of a game as the code around it holds it: the four models and the scene and views that show them.

Why one home: the game window builds these, and the doors other code reads the window through (the game
room's ``GameScreen``, ``reach``'s ``GameDoor`` for keyboard play and speech) name them too; declared once
here, in the room of their types, the names and types cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from patrician_qt.ui.board.board_model import BoardModel
    from patrician_qt.ui.board.board_view import BoardScene, BoardView
    from patrician_qt.ui.board.hand_model import HandModel
    from patrician_qt.ui.board.hand_view import HandView
    from patrician_qt.ui.board.log_model import LogModel
    from patrician_qt.ui.board.log_view import LogView
    from patrician_qt.ui.board.players_model import PlayersModel
    from patrician_qt.ui.board.players_view import PlayersView


class BoardWidgets(Protocol):
    """The models of a game on screen and what shows them."""

    board_model: BoardModel
    hand_model: HandModel
    players_model: PlayersModel
    log_model: LogModel
    scene: BoardScene  # the cities, the deck and the marks of the turn begun
    board_view: BoardView
    hand_view: HandView
    players_view: PlayersView
    log_view: LogView
