"""The game window's own menus (Game, Turn, View, and where Help goes) and the settings they keep: speed,
contrast, auto-confirm.

Why a part of its own: the menus and their settings are one job of the game window. The part owns the menu
bar's menus and actions; the window's builder connects the actions to whoever acts on them (the window's
signals, the file dialogs, the score sheet) and hands in what the settings act on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QPushButton, QWidget

if TYPE_CHECKING:
    from patrician_qt.ui.board.players_view import PlayersView
    from patrician_qt.ui.game.presenter import Presenter
    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.game.turn_controller import TurnController
    from patrician_qt.ui.session.contract import Session, Update


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class GameMenus(QObject):
    """The game window's own menus (Game, Turn, View) and the settings they keep: speed, contrast, auto-confirm.

    The frame's first paint shows Game with its entries, Turn, View and Help; ``add_game_entries`` fills Turn
    and View once the game's parts are built."""

    def __init__(self, bar: QMenuBar, settings: QSettings | None, parent: QWidget) -> None:
        super().__init__(parent)
        self._bar = bar
        self._settings = settings
        self._parent = parent  # of the actions: their shortcuts work anywhere in the window
        #: says why a turn key did nothing (its button is off or hidden); the keyboard play is built later
        self.unavailable: Callable[[QPushButton], object] = lambda _button: None
        self._help_menu: QMenu | None = None
        self._presenter: Presenter | None = None  # what the speed, contrast and auto-confirm settings act on
        self._controller: TurnController | None = None
        self._repaint: Callable[[], None] = lambda: None
        self._frame_menus()

    def _frame_menus(self) -> None:
        """The menu bar as the first paint shows it: Game with its entries, Turn and View (filled by
        ``add_game_entries`` once the game's parts are built)."""
        bar = self._bar
        p = self._parent
        game = self._game_menu = bar.addMenu(_t("&Game"))
        self.act_new = QAction(_t("&New game…"), p)
        self.act_new.setShortcut(QKeySequence.StandardKey.New)
        self.act_main_menu = QAction(_t("&Main menu"), p)
        self.act_main_menu.setToolTip(_t("Back to the start screen (an unfinished game is kept)"))
        # after "Look at the board", the way back to the final table (the sheet's own title names it)
        self.act_scores = QAction(QCoreApplication.translate("ScoreSheet", "Final scores"), p)
        self.act_scores.setEnabled(False)
        from patrician_qt.ui.text import language

        language.notifier.changed.connect(self._retell_scores)  # not one of this window's own words
        self.act_save_game = QAction(_t("&Save game…"), p)
        self.act_save_game.setShortcut(QKeySequence.StandardKey.Save)
        self.act_load = QAction(_t("&Load a saved game…"), p)
        self.act_load.setShortcut(QKeySequence.StandardKey.Open)
        self.act_save_record = QAction(_t("&Export record…"), p)
        self.act_replay = QAction(_t("&Replay a record…"), p)
        self.act_quit = QAction(_t("&Quit"), p)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        for a in (self.act_new, self.act_main_menu, self.act_scores):
            game.addAction(a)
        game.addSeparator()
        for a in (self.act_save_game, self.act_load, self.act_save_record, self.act_replay):
            game.addAction(a)
        self.game_menu_end = game.addSeparator()  # the app's flow adds its LAN entries before this
        game.addAction(self.act_quit)
        self.follow_session(None)
        self._turn_menu = bar.addMenu(_t("&Turn"))
        self._view_menu = bar.addMenu(_t("&View"))
        # Help is the last menu from the first paint on (its entries come with the game's parts)
        self.add_menu(QCoreApplication.translate("Help", "&Help"), help_menu=True)

    def add_menu(self, title: str, *, help_menu: bool = False) -> QMenu:
        """A new menu on the menu bar, kept before Help (the last menu, as desktops expect)."""
        bar = self._bar
        if help_menu:  # one Help menu: made early so that the first paint shows it
            if self._help_menu is None:
                self._help_menu = bar.addMenu(title)
            return self._help_menu
        menu = QMenu(title, self._parent)
        if self._help_menu is not None:
            bar.insertMenu(self._help_menu.menuAction(), menu)
        else:
            bar.addMenu(menu)
        return menu

    def menu(self, key: str) -> QMenu:
        """One of the window's own menus: "game", "turn", "view" or "help"."""
        menus = {"game": self._game_menu, "turn": self._turn_menu, "view": self._view_menu, "help": self._help_menu}
        found = menus[key]
        if found is None:
            raise KeyError(key)
        return found

    def add_game_entries(self, turn_bar: TurnBar, presenter: Presenter, controller: TurnController,
                         players_view: PlayersView, repaint: Callable[[], None]) -> None:
        """The Turn and View menus' entries: they act on the turn bar, the presenter and the board
        (``repaint`` redraws it all in the colours of the palette chosen)."""
        from patrician_qt.ui.reach.keyboard import CONFIRM_KEYS

        self._presenter = presenter
        self._controller = controller
        self._repaint = repaint
        p = self._parent
        turn = self._turn_menu
        tb = turn_bar
        for label, keys, button in (
            (_t("&Undo a step"), QKeySequence.StandardKey.Undo, tb.undo),
            (_t("&Skip relocation"), QKeySequence("S"), tb.skip),
            (_t("&Confirm turn"), QKeySequence(CONFIRM_KEYS), tb.confirm),
            (_t("&Hint"), QKeySequence("H"), tb.hint),
        ):
            action = QAction(label, p)
            action.setShortcut(keys)
            action.triggered.connect(lambda checked=False, b=button: self._press(b))
            turn.addAction(action)
        turn.addSeparator()
        self.act_auto_confirm = QAction(_t("Confirm &automatically"), p, checkable=True)
        self.act_auto_confirm.toggled.connect(self._set_auto_confirm)
        turn.addAction(self.act_auto_confirm)
        view = self._view_menu
        speed = view.addMenu(_t("&Animation speed"))  # the bots' pace and every piece's flight
        self.speed_group = QActionGroup(p)
        labels = {"instant": _t("Instant"), "fast": _t("Fast"), "normal": _t("Normal"),
                  "slow": _t("Slow")}
        self.speed_actions: dict[str, QAction] = {}
        for key, label in labels.items():
            a = QAction(label, p, checkable=True)
            a.triggered.connect(lambda checked=False, k=key: self.set_speed(k))
            self.speed_group.addAction(a)
            speed.addAction(a)
            self.speed_actions[key] = a
        self.act_contrast = QAction(_t("&High-contrast colours"), p, checkable=True)
        self.act_contrast.toggled.connect(self.set_high_contrast)
        view.addAction(self.act_contrast)
        self.act_own_stack = QAction(_t("Look through your &played stack"), p)
        self.act_own_stack.setShortcut(QKeySequence("P"))
        self.act_own_stack.triggered.connect(players_view.show_own_stack)
        view.addAction(self.act_own_stack)
        self.act_skip_anim = QAction(_t("Show the bots' moves at once"), p)
        self.act_skip_anim.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.act_skip_anim.triggered.connect(presenter.finish_now)
        view.addAction(self.act_skip_anim)

    def follow_session(self, s: Session | None) -> None:
        """Save game, Export record and Main menu as far as the game on screen (``s``) allows."""
        playing = s is not None and s.replay() is None
        self.act_save_game.setEnabled(playing and s is not None and s.can_save())
        self.act_save_record.setEnabled(playing)
        self.act_main_menu.setEnabled(s is not None)

    def _press(self, button: QPushButton) -> None:
        """A keyboard shortcut presses its button only when the button could be clicked; otherwise a listener
        hears why not (ui/reach/keyboard.py)."""
        if button.isEnabled() and button.isVisible():
            button.click()
        else:
            self.unavailable(button)

    def scores_follow(self, update: Update) -> None:
        """Final scores is on once a game is over (also a replay at its end), off while it goes on."""
        self.act_scores.setEnabled(bool(update.view(None).get("over")))

    def _retell_scores(self, _code: str = "") -> None:
        self.act_scores.setText(QCoreApplication.translate("ScoreSheet", "Final scores"))

    def load_settings(self) -> None:
        """Speed, contrast and auto-confirm as last chosen (the game's parts are built)."""
        from patrician_qt.ui.game.presenter import SPEEDS

        s = self._settings
        speed = str(s.value("ui/speed", "normal")) if s else "normal"
        self.set_speed(speed if speed in SPEEDS else "normal")
        self.act_contrast.setChecked(bool(s.value("ui/high_contrast", False, type=bool)) if s else False)
        auto = s.value("ui/auto_confirm", False, type=bool) if s else False
        self.act_auto_confirm.setChecked(bool(auto))

    def set_speed(self, key: str) -> None:
        """How fast bot turns are shown (Instant, Fast, Normal, Slow); kept in the settings."""
        from patrician_qt.ui.game.presenter import SPEEDS

        if key not in SPEEDS:
            raise ValueError(f"unknown speed {key!r}")
        assert self._presenter is not None, "the game's parts are built first"
        self._presenter.step_ms = SPEEDS[key]
        self.speed_actions[key].setChecked(True)
        if self._settings is not None:
            self._settings.setValue("ui/speed", key)

    def set_high_contrast(self, on: bool) -> None:
        """Switch to the palette's high-contrast colours (kept in the settings) and repaint."""
        from patrician_qt.ui.board import theme

        theme.set_high_contrast(on)
        if self._settings is not None:
            self._settings.setValue("ui/high_contrast", on)
        self._repaint()

    def _set_auto_confirm(self, on: bool) -> None:
        c = self._controller
        assert c is not None, "the game's parts are built first"
        c.auto_confirm = on
        if self._settings is not None:
            self._settings.setValue("ui/auto_confirm", on)
        if on and c.can_confirm():
            c.confirm()
