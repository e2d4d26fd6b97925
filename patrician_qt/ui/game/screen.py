"""The one door into the game window for LAN, keyboard, accessibility and tutorial code.

Why: those helpers used to reach into the window's private names and layouts; they now see only
this small typed protocol (models, scene, turn controller, signals, and methods to add a page, a
side panel or a menu), and ``game/main_window.py`` is free to change behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QSettings, SignalInstance
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMenu, QMenuBar, QStackedWidget, QWidget

from patrician_qt.ui.game.window_build import GameWidgets

if TYPE_CHECKING:
    from patrician_qt.ui.game.help_and_reach import HelpAndReach
    from patrician_qt.ui.game.presenter import Presenter
    from patrician_qt.ui.game.story import StoryKeeper
    from patrician_qt.ui.game.turn_controller import TurnController
    from patrician_qt.ui.session.contract import Session, Update


class GameScreen(GameWidgets, Protocol):
    """What code outside the game window may use of it (``MainWindow`` implements it): its widgets, as
    ``GameWidgets`` names them, and the following."""

    # signals
    shown: SignalInstance  # Update now on screen
    turnReady: SignalInstance  # a local human may now act for this seat
    gameOver: SignalInstance  # final Update
    newGameRequested: SignalInstance
    playAgainRequested: SignalInstance  # the score sheet's again button
    mainMenuRequested: SignalInstance  # back to the start screen (Game ▸ Main menu, the score sheet)
    loadRequested: SignalInstance
    replayClosed: SignalInstance
    closed: SignalInstance  # the window was closed: the app ends

    # what is on screen
    settings: QSettings | None
    session: Session | None
    saves_dir: Path | None  # the user's saves folder: where save, export and replay dialogs start
    leave_guard: Callable[[Callable[[], object]], None] | None  # asks before an unfinished game is left
    stack: QStackedWidget  # parent for overlays that cover every page (banners)
    extras: HelpAndReach  # Help menu, rules window, keyboard play, screen-reader texts, tutorial
    controller: TurnController
    presenter: Presenter
    story: StoryKeeper  # last moves on the board, "since your last turn", whose turn in the title

    @property
    def shown_update(self) -> Update | None: ...

    def viewer(self, update: Update) -> int | None: ...

    def seat_labels(self, viewer: int | None) -> list[str]: ...

    def refresh_players(self) -> None: ...

    def refresh_turn(self) -> None: ...

    def start_session(self, session: Session, watch_seat: int | None = None) -> None: ...

    def close_session(self, release: bool = True) -> None: ...

    def set_speed(self, key: str) -> None: ...

    def save_record(self, path: Path) -> None: ...

    def save_record_dialog(self) -> None: ...

    def leave_then(self, action: Callable[[], object]) -> None: ...

    def add_page(self, page: QWidget) -> None: ...

    def show_page(self, page: QWidget) -> None: ...

    def current_page(self) -> QWidget | None: ...

    def add_banner(self, banner: QWidget) -> None: ...

    def add_side_widget(self, widget: QWidget, stretch: int = 0, news: SignalInstance | None = None) -> None: ...

    def add_menu(self, title: str, *, help_menu: bool = False) -> QMenu: ...

    def menu(self, key: str) -> QMenu: ...

    # QWidget basics the helpers use
    def as_widget(self) -> QWidget:
        """The window itself, as the parent of dialogs, actions and shortcuts (a protocol is not a QWidget)."""
        ...

    def isActiveWindow(self) -> bool: ...

    def windowIcon(self) -> QIcon: ...

    def installEventFilter(self, filterObj: QObject, /) -> None: ...

    def menuBar(self) -> QMenuBar: ...

    def show(self) -> None: ...

    def close(self) -> bool: ...
