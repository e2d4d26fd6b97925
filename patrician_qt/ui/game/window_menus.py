"""The game window's own menus (Game, Turn, View) and the settings they keep: speed, contrast, auto-confirm.

Why a module: the menus and their settings are one part of the game window
(``game/window_parts.py`` says how the parts share its state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QPushButton,
)

from patrician_qt.ui.game.window_parts import WindowParts

if TYPE_CHECKING:
    from patrician_qt.ui.session.contract import Update


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class WindowMenus(WindowParts):
    """The game window's own menus (Game, Turn, View) and the settings they keep: speed, contrast, auto-confirm."""

    def _menus(self) -> None:
        """The menu bar as the first paint shows it: Game with its entries, Turn and View (filled by
        ``_game_menus`` once the game's parts are built)."""
        bar = self.menuBar()
        game = self._game_menu = bar.addMenu(_t("&Game"))
        self.act_new = QAction(_t("&New game…"), self)
        self.act_new.setShortcut(QKeySequence.StandardKey.New)
        self.act_new.triggered.connect(self.newGameRequested)
        self.act_main_menu = QAction(_t("&Main menu"), self)
        self.act_main_menu.setToolTip(_t("Back to the start screen (an unfinished game is kept)"))
        self.act_main_menu.triggered.connect(self.mainMenuRequested)
        # after "Look at the board", the way back to the final table (the sheet's own title names it)
        self.act_scores = QAction(QCoreApplication.translate("ScoreSheet", "Final scores"), self)
        self.act_scores.setEnabled(False)
        self.act_scores.triggered.connect(self.show_scores_again)
        from patrician_qt.ui.text import language

        language.notifier.changed.connect(self._retell_scores)  # not one of this window's own words
        self.shown.connect(self._scores_follow)
        self.act_save_game = QAction(_t("&Save game…"), self)
        self.act_save_game.setShortcut(QKeySequence.StandardKey.Save)
        self.act_save_game.triggered.connect(self.save_game_dialog)
        self.act_load = QAction(_t("&Load a saved game…"), self)
        self.act_load.setShortcut(QKeySequence.StandardKey.Open)
        self.act_load.triggered.connect(self.loadRequested)
        self.act_save_record = QAction(_t("&Export record…"), self)
        self.act_save_record.triggered.connect(self.save_record_dialog)
        self.act_replay = QAction(_t("&Replay a record…"), self)
        self.act_replay.triggered.connect(lambda: self.leave_then(self.open_replay_dialog))
        self.act_quit = QAction(_t("&Quit"), self)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.act_quit.triggered.connect(self.close)
        for a in (self.act_new, self.act_main_menu, self.act_scores):
            game.addAction(a)
        game.addSeparator()
        for a in (self.act_save_game, self.act_load, self.act_save_record, self.act_replay):
            game.addAction(a)
        self.game_menu_end = game.addSeparator()  # the app's flow adds its LAN entries before this
        game.addAction(self.act_quit)
        self._refresh_file_actions()
        self._turn_menu = bar.addMenu(_t("&Turn"))
        self._view_menu = bar.addMenu(_t("&View"))

    def _game_menus(self) -> None:
        """The Turn and View menus' entries: they act on the turn bar, the presenter and the board."""
        from patrician_qt.ui.reach.keyboard import CONFIRM_KEYS

        turn = self._turn_menu
        tb = self.turn_bar
        for label, keys, button in (
            (_t("&Undo a step"), QKeySequence.StandardKey.Undo, tb.undo),
            (_t("&Skip relocation"), QKeySequence("S"), tb.skip),
            (_t("&Confirm turn"), QKeySequence(CONFIRM_KEYS), tb.confirm),
            (_t("&Hint"), QKeySequence("H"), tb.hint),
        ):
            action = QAction(label, self)
            action.setShortcut(keys)
            action.triggered.connect(lambda checked=False, b=button: self._press(b))
            turn.addAction(action)
        turn.addSeparator()
        self.act_auto_confirm = QAction(_t("Confirm &automatically"), self, checkable=True)
        self.act_auto_confirm.toggled.connect(self._set_auto_confirm)
        turn.addAction(self.act_auto_confirm)
        view = self._view_menu
        speed = view.addMenu(_t("&Animation speed"))  # the bots' pace and every piece's flight
        self.speed_group = QActionGroup(self)
        labels = {"instant": _t("Instant"), "fast": _t("Fast"), "normal": _t("Normal"),
                  "slow": _t("Slow")}
        self.speed_actions: dict[str, QAction] = {}
        for key, label in labels.items():
            a = QAction(label, self, checkable=True)
            a.triggered.connect(lambda checked=False, k=key: self.set_speed(k))
            self.speed_group.addAction(a)
            speed.addAction(a)
            self.speed_actions[key] = a
        self.act_contrast = QAction(_t("&High-contrast colours"), self, checkable=True)
        self.act_contrast.toggled.connect(self.set_high_contrast)
        view.addAction(self.act_contrast)
        self.act_own_stack = QAction(_t("Look through your &played stack"), self)
        self.act_own_stack.setShortcut(QKeySequence("P"))
        self.act_own_stack.triggered.connect(self.players_view.show_own_stack)
        view.addAction(self.act_own_stack)
        self.act_skip_anim = QAction(_t("Show the bots' moves at once"), self)
        self.act_skip_anim.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.act_skip_anim.triggered.connect(self.presenter.finish_now)
        view.addAction(self.act_skip_anim)

    def _refresh_file_actions(self) -> None:
        """Save game, Export record and Main menu as far as the game on screen allows."""
        s = self.session
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
            self.extras.keyboard.unavailable(button)

    def _scores_follow(self, update: Update) -> None:
        """Final scores is on once a game is over (also a replay at its end), off while it goes on."""
        self.act_scores.setEnabled(bool(update.view(None).get("over")))

    def _retell_scores(self, _code: str = "") -> None:
        self.act_scores.setText(QCoreApplication.translate("ScoreSheet", "Final scores"))

    def show_scores_again(self) -> None:
        """Game ▸ Final scores: the score sheet over the board again (only once the game is over)."""
        if self.act_scores.isEnabled():
            sheet = self.score_sheet
            sheet.place()
            sheet.raise_()
            sheet.show()

    def showEvent(self, event: QShowEvent) -> None:
        """On the first show, once the window manager has placed the frame, move it onto the screen if it
        landed a few pixels off (a window that only just fits, at a large display scale)."""
        super().showEvent(event)
        if not self.__dict__.get("_placed_once"):
            self._placed_once = True
            from patrician_qt.ui.board.screen_fit import keep_on_screen

            QTimer.singleShot(300, lambda: keep_on_screen(self))

    def _load_geometry(self) -> None:
        """The window's place, size and maximized state as last left (before it is first shown), no larger
        than the screen at any display scale."""
        from patrician_qt.ui.board.screen_fit import fitting_size

        self.resize(fitting_size(self, self.size()))
        s = self.settings
        if s is not None and s.contains("ui/geometry"):
            self.restoreGeometry(s.value("ui/geometry"))
        if s is not None and s.value("ui/maximized", False, type=bool):
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def _load_settings(self) -> None:
        """Speed, contrast and auto-confirm as last chosen (the game's parts are built)."""
        from patrician_qt.ui.game.presenter import SPEEDS

        s = self.settings
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
        self.presenter.step_ms = SPEEDS[key]
        self.speed_actions[key].setChecked(True)
        if self.settings is not None:
            self.settings.setValue("ui/speed", key)

    def set_high_contrast(self, on: bool) -> None:
        """Switch to the palette's high-contrast colours (kept in the settings) and repaint."""
        from patrician_qt.ui.board import theme

        theme.set_high_contrast(on)
        if self.settings is not None:
            self.settings.setValue("ui/high_contrast", on)
        for panel in self.scene.panels.values():
            panel.update()
        self.scene.update()
        for view in (self.hand_view, self.players_view, self.log_view):
            view.viewport().update()
        self.turn_bar.update()

    def _set_auto_confirm(self, on: bool) -> None:
        self.controller.auto_confirm = on
        if self.settings is not None:
            self.settings.setValue("ui/auto_confirm", on)
        if on and self.controller.can_confirm():
            self.controller.confirm()
