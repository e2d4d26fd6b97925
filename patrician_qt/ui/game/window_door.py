"""The door the LAN, keyboard, accessibility and tutorial code use into the game window (game/screen.py's
``GameScreen``): what is on screen, and ways to add a page, a banner, a side panel or a menu.

Why a module: the door is one part of the game window (``game/window_parts.py`` says how the parts
share its state); nobody outside the window touches its private names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, SignalInstance
from PySide6.QtWidgets import (
    QMenu,
    QWidget,
)

from patrician_qt.ui.game.window_parts import WindowParts

if TYPE_CHECKING:
    from patrician_qt.ui.session.contract import Update


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class WindowDoor(WindowParts):
    """The door the LAN, keyboard, accessibility and tutorial code use into the game window (game/screen.py's"""

    # -- the door for LAN, keyboard, accessibility and tutorial code (game/screen.py) ------------------
    @property
    def shown_update(self) -> Update | None:
        """The update now on screen (None before the first one)."""
        return self._shown

    def refresh_players(self) -> None:
        """Redraw the players panel for the update on screen (e.g. a seat's connection changed)."""
        if self._shown is not None and self.session is not None:
            viewer = self.viewer(self._shown)
            self.players_model.set_view(self._shown.view(viewer), self.seat_labels(viewer))

    def _show_table(self, visibility: str) -> None:
        """The players' title says which table this is (R26 rulebook, R26a open); its tooltip says what that shows."""
        from patrician_qt.ui.game.table_choice import table_explained

        title = _t("Players · open table") if visibility == "open" else _t("Players · as in the box")
        self.page.players_title.setText(title)
        self.page.players_title.setToolTip(table_explained(visibility))
        self.page.players_title.setAccessibleDescription(table_explained(visibility))

    def refresh_turn(self) -> None:
        """Redraw the turn being built: marks, lit cards, prompt and buttons."""
        self._controller_changed()

    def as_widget(self) -> QWidget:
        """This window, as the parent of the helpers' dialogs, actions and shortcuts (GameScreen)."""
        return self

    def add_page(self, page: QWidget) -> None:
        """Add a full-window page (start screen, lobby) beside the game."""
        self.stack.addWidget(page)

    def add_start_page(self, page: QWidget) -> None:
        """Add the start screen as a page; the tutorial is offered on it once the game's parts are built."""
        self._start_page = page
        self.stack.addWidget(page)
        if self._game_state == "built":
            self.extras.offer_tutorial(page)

    def show_page(self, page: QWidget) -> None:
        """Show one of the pages (the game page is ``self.page``)."""
        self.stack.setCurrentWidget(page)

    def current_page(self) -> QWidget | None:
        """The page on screen."""
        return self.stack.currentWidget()

    def add_banner(self, banner: QWidget) -> None:
        """Put a banner (e.g. the tutorial's) between the turn bar and the board."""
        self.page.add_banner(banner)

    def add_side_widget(self, widget: QWidget, stretch: int = 0, news: SignalInstance | None = None) -> None:
        """Add a panel under the log in the side column (e.g. the LAN chat; a tab beside the log when the column
        is short, its ``windowTitle`` on the tab, marked unread on each ``news`` while the log is shown)."""
        self.page.side_tabs.add_panel(widget, stretch, news)

    def add_menu(self, title: str, *, help_menu: bool = False) -> QMenu:
        """A new menu on the menu bar, kept before Help (the last menu, as desktops expect)."""
        bar = self.menuBar()
        if help_menu:  # one Help menu: the window makes it early so that the first paint shows it
            if self._help_menu is None:
                self._help_menu = bar.addMenu(title)
            return self._help_menu
        menu = QMenu(title, self)
        if self._help_menu is not None:
            bar.insertMenu(self._help_menu.menuAction(), menu)
        else:
            bar.addMenu(menu)
        return menu

    def menu(self, key: str) -> QMenu:
        """One of the window's own menus: "game", "turn", "view" or (once added) "help"."""
        menus = {"game": self._game_menu, "turn": self._turn_menu, "view": self._view_menu, "help": self._help_menu}
        found = menus[key]
        if found is None:
            raise KeyError(key)
        return found
