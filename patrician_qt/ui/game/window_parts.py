"""What the game window's parts share: its signals and the widgets, models and state they use.

Why: ``MainWindow`` is split by job (``window_menus``: menus and settings; ``window_files``: saving,
exporting and replays; ``window_door``: the door other rooms use, game/screen.py; ``window_turns``:
building and sending a turn; ``window_build``: the game's parts, built after the frame's first paint).
Each part is a class of its own module over this one, so each can be read alone; ``main_window`` joins
them and shows a session's updates.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QStackedWidget, QWidget

if TYPE_CHECKING:
    from patrician_qt.ui.board.board_items import CityMarks
    from patrician_qt.ui.board.board_model import BoardModel
    from patrician_qt.ui.board.board_view import BoardScene, BoardView
    from patrician_qt.ui.board.hand_model import HandModel
    from patrician_qt.ui.board.hand_view import HandView
    from patrician_qt.ui.board.log_model import LogModel
    from patrician_qt.ui.board.log_view import LogView
    from patrician_qt.ui.board.players_model import PlayersModel
    from patrician_qt.ui.board.players_view import PlayersView
    from patrician_qt.ui.game.game_page import GamePage
    from patrician_qt.ui.game.hint import HintGuide
    from patrician_qt.ui.game.presenter import Presenter
    from patrician_qt.ui.game.privacy_screen import PrivacyScreen
    from patrician_qt.ui.game.score_sheet import ScoreSheet
    from patrician_qt.ui.game.story import StoryKeeper
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.game.turn_controller import TurnController
    from patrician_qt.ui.game.window_extras import WindowExtras
    from patrician_qt.ui.history.keep import HistoryKeeper
    from patrician_qt.ui.session.contract import Session, Update
    from patrician_qt.ui.text.event_text import LogEvent


class WindowSignals(QMainWindow):
    """The game window's one Qt base and its signals.

    Why the parts below are plain classes at run time: PySide6 (6.11) crashes when a QPaintDevice
    method (``devicePixelRatioF``, painting on the window) is called on an object whose Qt base is
    reached along several Python paths, a diamond such as ``MainWindow(Menus, Files)`` over one
    ``Parts(QMainWindow)``. ``tests/meta/test_house_rules.py`` keeps every Qt class free of such diamonds.
    """

    # an Update each (typed as object: the window's frame paints before the engine and sessions are loaded)
    shown = Signal(object)  # now on screen
    turnReady = Signal(int)  # a local human may now act for this seat
    gameOver = Signal(object)  # the final one
    newGameRequested = Signal()
    playAgainRequested = Signal()  # the score sheet's again button (a new game here, a rematch at a LAN table)
    mainMenuRequested = Signal()  # Game ▸ Main menu, or the score sheet's button: back to the start screen
    loadRequested = Signal()  # Game ▸ Load a saved game…
    replayClosed = Signal()
    closed = Signal()  # the window was closed: the app ends


# the type checker sees each part as the window it is joined into; at run time a part is a plain class
_Part = WindowSignals if TYPE_CHECKING else object


class WindowParts(_Part):  # type: ignore[misc,valid-type]
    """The state of the game window, as every part of it sees them (``MainWindow`` joins the parts with
    ``WindowSignals``, its one Qt base)."""

    settings: QSettings | None
    session: Session | None
    saves_dir: Path | None  # where the save, export and replay dialogs start
    leave_guard: Callable[[Callable[[], object]], None] | None  # asks before the game on screen is left
    watch_seat: int | None
    _revealed: int | None
    _shown: Update | None
    _bot_marks: dict[str, CityMarks]
    trouble_box: TroubleBox | None  # made when a game first reports trouble
    _help_menu: QMenu | None
    _start_page: QWidget | None
    board_model: BoardModel
    hand_model: HandModel
    players_model: PlayersModel
    log_model: LogModel
    scene: BoardScene
    board_view: BoardView
    page: GamePage
    stack: QStackedWidget
    turn_bar: TurnBar
    hand_view: HandView
    players_view: PlayersView
    log_view: LogView
    privacy: PrivacyScreen
    score_sheet: ScoreSheet
    controller: TurnController
    story: StoryKeeper  # last moves on the board, "since your last turn", the build's preview in words
    presenter: Presenter
    extras: WindowExtras
    history: HistoryKeeper  # every game that ends on screen into the history of games
    _geometry_timer: QTimer
    _game_state: str  # "frame", "building" or "built": how far build_game() has got (window_build)
    hints: HintGuide  # the Hard bot's suggestions for the turn being built
    # the menus (window_menus)
    _game_menu: QMenu
    _turn_menu: QMenu
    _view_menu: QMenu
    game_menu_end: QAction  # the app's flow adds its LAN entries before this
    act_new: QAction
    act_main_menu: QAction
    act_scores: QAction  # Game ▸ Final scores: the sheet again after "Look at the board"
    act_save_game: QAction
    act_load: QAction
    act_save_record: QAction
    act_replay: QAction
    act_quit: QAction
    act_auto_confirm: QAction
    act_contrast: QAction
    act_own_stack: QAction
    act_skip_anim: QAction
    speed_group: QActionGroup
    speed_actions: dict[str, QAction]

    if TYPE_CHECKING:  # what one part calls of another (each is defined once, in its part or the window)
        def start_session(self, session: Session, watch_seat: int | None = None) -> None: ...
        def close_session(self, release: bool = True) -> None: ...
        def leave_then(self, action: Callable[[], object]) -> None: ...
        def viewer(self, update: Update) -> int | None: ...
        def _names(self) -> list[str]: ...
        def seat_labels(self, viewer: int | None) -> list[str]: ...
        def _apply(self, update: Update) -> None: ...
        def _show_step(self, update: Update, event: LogEvent) -> None: ...
        def _wire(self) -> None: ...
        def _retell(self) -> None: ...
        def _game_menus(self) -> None: ...
        def _load_settings(self) -> None: ...
        def _again(self) -> None: ...
        def _controller_changed(self) -> None: ...
        def _refresh_buttons(self) -> None: ...
        def _refresh_file_actions(self) -> None: ...
        def _close_replay(self) -> None: ...
        def save_game_dialog(self) -> None: ...
        def show_scores_again(self) -> None: ...
        def save_record_dialog(self) -> None: ...
        def open_replay_dialog(self) -> None: ...
        def set_speed(self, key: str) -> None: ...
        def set_high_contrast(self, on: bool) -> None: ...
        def remember_geometry(self) -> None: ...
