"""Telling the player that background work failed, and what they can do.

Why: a bot whose worker process could not start (e.g. the app ran out of open files), or an
autosave that could not be written, used to fail in silence: the game hung on "Anna is
thinking…" or turns were at risk without a word. The table keeps the game as it is and
reports a ``table.trouble.Trouble``; this box says in words what went wrong and offers
the ways on: try again, save the game, or go on with simpler bots (for a bot) / without
the autosave (for the autosave). It never blocks the UI thread (``open``, window-modal).
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QPushButton, QWidget

if TYPE_CHECKING:
    from patrician_qt.table.trouble import Trouble

_OUT_OF_FILES = (errno.EMFILE, errno.ENFILE)


class TroubleBox(QObject):
    """One message at a time about the game's background trouble, with the choices that help.

    ``retry()`` and ``simple_bots()`` go to whatever runs the table (a local session, or the
    app's hosted LAN table); ``save()`` opens the save dialog, after which the box comes back
    while a bot's trouble is not resolved (the game waits for it).
    """

    def __init__(self, parent: QWidget, *, retry: Callable[[], None], save: Callable[[], None],
                 simple_bots: Callable[[], None] | None, seat_name: Callable[[int], str]) -> None:
        super().__init__(parent)
        self._parent = parent
        self._retry, self._save, self._simple_bots, self._seat_name = retry, save, simple_bots, seat_name
        self.box: QMessageBox | None = None
        self.trouble: Trouble | None = None
        self._buttons: dict[str, QPushButton] = {}

    def text(self, trouble: Trouble) -> str:
        """What went wrong and what the player can do, in the app's language."""
        cause = trouble.cause
        if trouble.kind == "bot":
            name = self._seat_name(trouble.seat) if trouble.seat is not None else self.tr("a bot")
            if trouble.errno in _OUT_OF_FILES:
                what = self.tr("The bot playing {name} could not start: the app has run out of open files "
                               "({cause}).").format(name=name, cause=cause)
            else:
                what = self.tr("The bot playing {name} could not think: {cause}.").format(name=name, cause=cause)
            todo = self.tr("The game is kept as it is and waits. You can try again, save the game and continue "
                           "it later, or go on with simpler bots that think inside the app (Hard and Expert "
                           "seats then play like Medium).")
        else:
            what = self.tr("The autosave could not be written: {cause}.").format(cause=cause)
            todo = self.tr("The game goes on, but if the app stopped now the turns since the last autosave "
                           "would be lost. You can try again, or save the game somewhere else.")
        return f"{what}\n\n{todo}"

    def show(self, trouble: Trouble) -> None:
        """Show (or replace) the message for ``trouble``."""
        self.close()
        self.trouble = trouble
        box = self.box = QMessageBox(QMessageBox.Icon.Warning, self.title(trouble), self.text(trouble),
                                     QMessageBox.StandardButton.NoButton, self._parent)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the cause comes from the system (a file name)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._buttons = {"retry": box.addButton(self.tr("Try again"), QMessageBox.ButtonRole.AcceptRole),
                         "save": box.addButton(self.tr("Save game…"), QMessageBox.ButtonRole.ActionRole)}
        if trouble.kind == "bot" and self._simple_bots is not None:
            self._buttons["simple"] = box.addButton(self.tr("Continue with simpler bots"),
                                                    QMessageBox.ButtonRole.ActionRole)
        if trouble.kind == "autosave":
            self._buttons["continue"] = box.addButton(self.tr("Continue without autosave"),
                                                      QMessageBox.ButtonRole.RejectRole)
            box.setEscapeButton(self._buttons["continue"])
        box.setDefaultButton(self._buttons["retry"])
        box.buttonClicked.connect(self._clicked)
        box.open()

    def title(self, trouble: Trouble) -> str:
        """The box's title."""
        return self.tr("A bot cannot play") if trouble.kind == "bot" else self.tr("Autosave failed")

    def button(self, role: str) -> QAbstractButton | None:
        """The shown box's button for "retry", "save", "simple" or "continue" (tests click it)."""
        return self._buttons.get(role) if self.box is not None else None

    def _clicked(self, button: QAbstractButton) -> None:
        trouble = self.trouble
        chosen = next((k for k, b in self._buttons.items() if b is button), "")
        self.box, self.trouble, self._buttons = None, None, {}
        if chosen == "retry":
            self._retry()
        elif chosen == "simple" and self._simple_bots is not None:
            self._simple_bots()
        elif chosen == "save":
            self._save()
            if trouble is not None and trouble.kind == "bot" and self.box is None:
                self.show(trouble)  # the game still waits for that bot: the choices stay on screen

    def close(self) -> None:
        """Take the message away (the game it was about was closed)."""
        box, self.box, self.trouble, self._buttons = self.box, None, None, {}
        if box is not None:
            box.buttonClicked.disconnect(self._clicked)
            box.close()


def install(parent: QWidget, session: Callable[[], Any], save_game_dialog: Callable[[], None],
            save_record_dialog: Callable[[], None]) -> TroubleBox:
    """A TroubleBox for the game on screen (``session()``), over ``parent``; its Save offers a save that Load
    continues where the game allows one, else the game's record."""

    def seat_name(seat: int) -> str:
        s = session()
        seats = s.seats() if s is not None else []
        return seats[seat].name if 0 <= seat < len(seats) else str(seat + 1)

    def retry() -> None:
        if session() is not None:
            session().retry()

    def simple() -> None:
        if session() is not None:
            session().use_simple_bots()

    def save() -> None:
        s = session()
        if s is not None and s.can_save():
            save_game_dialog()  # a save that Load continues
        else:
            save_record_dialog()

    return TroubleBox(parent, retry=retry, save=save, simple_bots=simple, seat_name=seat_name)
