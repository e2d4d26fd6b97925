"""Help and reach of the game window, in one part: the Help menu (rules, shortcuts, tutorial, About),
View ▸ Language and live re-translation, keyboard play, screen-reader texts, spoken news and rule links.

Why one part: these make the window usable by everyone and learnable; they see the window only through
``reach/game_door.py`` and what the window's builder hands in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QWidget,
)

from patrician_qt.ui.reach.accessibility import WindowAccess, install_dialog_labeler, label_controls
from patrician_qt.ui.reach.keyboard import KeyboardPlay
from patrician_qt.ui.reach.shortcuts_dialog import ShortcutsDialog
from patrician_qt.ui.text import language

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QMenu

    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.reach.game_door import GameDoor
    from patrician_qt.ui.reach.rules_window import RulesWindow
    from patrician_qt.ui.reach.tutorial import Tutorial


def _t(text: str) -> str:
    return QCoreApplication.translate("Help", text)


class HelpAndReach(QObject):
    """Owns the keyboard, accessibility and rules helpers of one game window.

    ``leave_then(action)`` runs an action that replaces the game on screen once leaving it is agreed;
    ``retell()`` puts the window's own words (players, story, hand title, turn) in a new language."""

    def __init__(self, window: GameDoor, turn_bar: TurnBar, help_menu: QMenu,
                 leave_then: Callable[[Callable[[], object]], None], retell: Callable[[], None]) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self._turn_bar = turn_bar
        self._help_menu = help_menu
        self._leave_then = leave_then
        self._retell = retell
        self._rules: RulesWindow | None = None
        self.keyboard = KeyboardPlay(window)
        self.access = WindowAccess(window)
        self.keyboard.moved.connect(self.access.cursor_moved)
        from patrician_qt.ui.reach.game_speech import GameSpeech

        # announcements, View ▸ Screen reader announcements, keys I and T
        self.speech = GameSpeech(window, self.keyboard, self.access)
        turn_bar.ruleRequested.connect(self.open_rules)
        self._menus()
        turn_bar.set_message("", False)  # gives the (hidden) rule link its words
        label_controls(window.as_widget())
        install_dialog_labeler()
        self._lang = language.current_language()
        language.notifier.changed.connect(self.rerender)
        self.tutorial: Tutorial | None = None
        self.offer: QWidget | None = None

    def offer_tutorial(self, start: QWidget) -> None:
        """The start screen is one of the window's pages: offer the tutorial there on the first start."""
        from patrician_qt.ui.reach.tutorial import offer_on_start_screen

        if self.offer is None:
            self.offer = offer_on_start_screen(start, self.start_tutorial, self.window.settings)

    def start_tutorial(self) -> Tutorial:
        """Play the guided first game."""
        from patrician_qt.ui.reach.tutorial import start_tutorial

        if self.tutorial is not None and self.tutorial.active:
            self.tutorial.stop()
        self.tutorial = start_tutorial(self.window)
        return self.tutorial

    def _menus(self) -> None:
        w = self.window
        view = w.menu("view")
        view.addSeparator()
        language.add_language_menu(view, w.settings)
        help_menu = self._help_menu
        # the keys are QShortcuts (they work unfocused); the menu only names them
        # no tab in a menu item's text: screen readers read it as part of the name ("Rules\t? / F1")
        self.act_rules = QAction(_t("&Rules"), w.as_widget())
        self.act_rules.setShortcut(QKeySequence("F1"))
        self.act_rules.triggered.connect(lambda: self.open_rules(""))
        for keys in ("?", "Shift+?"):
            sc = QShortcut(QKeySequence(keys), w.as_widget())
            sc.activated.connect(lambda: self.open_rules(""))
        self.act_keys = QAction(_t("&Keyboard shortcuts…"), w.as_widget())
        self.act_keys.triggered.connect(self.show_shortcuts)
        self.act_tutorial = QAction(_t("First-game &tutorial"), w.as_widget())
        self.act_tutorial.triggered.connect(lambda: self._leave_then(self.start_tutorial))  # asks first
        self.act_about = QAction(_t("&About Patrician"), w.as_widget())
        self.act_about.triggered.connect(self.show_about)
        help_menu.addAction(self.act_rules)
        help_menu.addAction(self.act_keys)
        help_menu.addAction(self.act_tutorial)
        help_menu.addAction(self.act_about)  # short: the keys are in the shortcuts dialog, not listed here too
        self.help_menu = help_menu

    def open_rules(self, rule: str = "") -> RulesWindow:
        """The rules window (one per game window), at a rule when one is named."""
        if self._rules is None:
            from patrician_qt.ui.reach.rules_window import RulesWindow

            self._rules = RulesWindow(self.window.as_widget())
        self._rules.show_rule(rule or None)
        return self._rules

    def show_about(self) -> QDialog:
        """Show the About dialog (version, licences, the unofficial fan-game notice)."""
        from patrician_qt.ui.reach.about_dialog import AboutDialog

        dlg = AboutDialog(self.window.as_widget())
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        return dlg

    def show_shortcuts(self) -> ShortcutsDialog:
        """Show the shortcut table."""
        dlg = ShortcutsDialog(self.window.as_widget())
        dlg.show()
        return dlg

    def rerender(self, _code: str = "") -> None:
        """After a language switch: texts built from data (log, prompt, players, board, help) in the new language."""
        w = self.window
        self.act_rules.setText(_t("&Rules"))
        self.speech.retranslate()
        from patrician_qt.ui.text.event_text import describe

        names = [s.name for s in w.session.seats()] if w.session is not None else []
        w.log_model.retell(lambda event: describe(event, names))
        for panel in w.scene.panels.values():
            panel.set_row(panel.row)
        w.scene.deck.update()
        w.scene.update()
        self._retell()  # the window's own words: players, "since your last turn", hand title, the turn begun
        tb = self._turn_bar
        if tb.message_again is not None:  # words around outside text (a path): worded anew
            tb.set_message(tb.message_again(), bool(tb.rule), again=tb.message_again)
        else:
            again = language.retranslate_text(tb.message_text, self._lang, ["Turn", "MainWindow", "Keyboard", "Engine"])
            tb.set_message(again or tb.message_text, bool(tb.rule))
        self._lang = language.current_language()
        w.hand_view.empty_text = QCoreApplication.translate("HandView", "No cards in hand")
        for v in (w.hand_view, w.players_view, w.log_view):
            v.viewport().update()
        self.access.refresh()
