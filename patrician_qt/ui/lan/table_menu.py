"""The Table menu of a LAN game: leave; for the host also, per gone player, a bot now or keep waiting,
the invitation again, and closing the table (asked first).

Why a part of its own: the menu is rebuilt whenever the table's seats change; what its entries do
(hosting's choices, leaving) is handed in by the controller that builds the parts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from patrician_qt.ui.lan.dialog_slot import QuestionSlot
from patrician_qt.ui.text import plain
from patrician_qt.ui.text.net_text import route_words

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QWidget

    from patrician_qt.ui.lan.at_table import AtTable


def _t(text: str) -> str:
    return QCoreApplication.translate("LanController", text)


class TableMenu:
    """The menu bar's Table menu while a LAN game is on, and the host's "Close the table?" question."""

    def __init__(self, menu: QMenu, parent: QWidget, table: AtTable, *, hosts: Callable[[], bool],
                 invitable: Callable[[], bool], hand_to_bot: Callable[[int], None],
                 hold: Callable[[int, bool], None], show_invitation: Callable[[], None],
                 leave: Callable[[], None]) -> None:
        self.menu = menu
        self._parent = parent
        self._table = table
        self._hosts = hosts  # this app hosts the table (the host's entries)
        self._invitable = invitable
        self._hand_to_bot = hand_to_bot
        self._hold = hold
        self._show_invitation = show_invitation
        self._leave = leave
        self._question = QuestionSlot()  # the host's "Close the table?" while it is asked
        menu.menuAction().setVisible(False)

    @property
    def close_box(self) -> QMessageBox | None:
        """The host's "Close the table?" while it is asked."""
        return self._question.current

    def fill(self) -> None:
        """The Table menu in a LAN game: leave; for the host also, per gone player, a bot now, or keep waiting
        (the countdown stopped), or the countdown again."""
        menu = self.menu
        menu.clear()
        session = self._table.session
        show = session is not None and session.current() is not None
        menu.menuAction().setVisible(show)
        if not show or session is None:
            return
        if self._hosts():
            held = {a["seat"] for a in session.absences() if a.get("held")}
            for i, s in enumerate(session.lobby):
                if s.get("kind") == "human" and not s.get("connected"):
                    name = plain.mnemonic(str(s.get("name")))
                    action = QAction(_t("Let a bot play for {name} now").format(name=name), menu)
                    action.triggered.connect(lambda _=False, seat=i: self._hand_to_bot(seat))
                    menu.addAction(action)
                    if i in held:
                        wait = QAction(_t("Let a bot play for {name} after the usual wait").format(name=name),
                                       menu)
                        wait.triggered.connect(lambda _=False, seat=i: self._hold(seat, False))
                    else:
                        wait = QAction(_t("Keep waiting for {name} (no bot)").format(name=name), menu)
                        wait.triggered.connect(lambda _=False, seat=i: self._hold(seat, True))
                    menu.addAction(wait)
            if menu.isEmpty():
                none = menu.addAction(_t("Everyone is connected"))
                none.setEnabled(False)
            if self._invitable():  # open for the internet too: the invitation again
                menu.addSeparator()
                menu.addAction(_t("Invite friends over the internet…")).triggered.connect(self._show_invitation)
            menu.addSeparator()
            menu.addAction(_t("Close the table (ends the game for everyone)…")).triggered.connect(
                lambda _checked=False: self.ask_close())  # not the method: see sender_owned
            return
        route = route_words(session.route) if self._table.by_invitation else ""
        if route:  # how this guest's bytes travel, in words (a disabled line: it tells, it does nothing)
            menu.addAction(route).setEnabled(False)
            menu.addSeparator()
        leave = menu.addAction(_t("Leave the table (your seat waits for you)")
                               if session.seat is not None else _t("Stop watching"))
        leave.triggered.connect(self._leave)

    def hide(self) -> None:
        """No game on (the table left, or back in its lobby for a rematch): no Table menu."""
        self.menu.menuAction().setVisible(False)

    def ask_close(self) -> None:
        """Table menu: ending the game for everyone is asked first (a slip of the mouse must not end it)."""
        self._question.close()
        session = self._table.session
        table = session.table_name if session is not None else ""
        box = plain.message_box(
            self._parent, QMessageBox.Icon.Question, _t("Close the table"),
            _t("Close {table} and end the game for everyone?").format(table=table), QMessageBox.StandardButton.Cancel,
            informative=_t("The game ends for everyone, and the start screen does not offer to host it again."))
        close = box.addButton(_t("Close the table"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        self._question.ask(box, close, self._leave)

    def close(self) -> None:
        """The table is left: no question about it stays open, and no menu."""
        self._question.close()
        self.hide()
