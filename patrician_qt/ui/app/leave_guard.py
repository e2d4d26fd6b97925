"""Never leave a game silently: before Main menu, New game, Tutorial, Load, Continue, Replay, Host or Join
replace an unfinished game on screen, ask, and say how to get back to it.

Why one place: every way out of a game goes through ``GameScreen.leave_then``, which calls this guard;
it knows what each kind of game keeps (a local game its autosave and the Continue list, a LAN seat its
Rejoin, a host's table its "Host again") and closes the game the same way whatever comes next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.session.remote import RemoteSession


class LanSide(Protocol):
    """What the guard reads of the window's LAN side (the LAN controller is one): the table it sits at."""

    @property
    def session(self) -> RemoteSession | None:
        """The connection to the table, while there is one."""
        ...

    @property
    def is_host(self) -> bool:
        """This app opened the table."""
        ...

    def shutdown(self) -> None:
        """Disconnect, keeping Rejoin and Host again offered."""
        ...


class LeaveGuard(QObject):
    """Asks "Leave this game?" when an unfinished game would be left; then closes it and runs the action."""

    def __init__(self, window: GameScreen, lan: Callable[[], LanSide | None],
                 back: Callable[[], None]) -> None:
        super().__init__(window)  # type: ignore[arg-type]
        self.window = window
        self._lan = lan  # the LAN controller if one was made (never made here)
        self._back = back  # shows the start screen
        self.box: QMessageBox | None = None
        self.leave_button: QPushButton | None = None
        self.stay_button: QPushButton | None = None
        self._action: Callable[[], object] | None = None  # what runs once the player chose to leave

    def __call__(self, action: Callable[[], object]) -> None:
        """Run ``action`` once the game on screen is left: at once when nothing would be lost, else after
        the player chose "Leave the game" (``Stay`` keeps everything as it is)."""
        said = self.what_leaving_means()
        if said is None:
            self.close_current()
            action()
            return
        text, informative = said
        box = self._question(text, informative)
        self._action = action
        box.open()

    def _question(self, text: str, informative: str) -> QMessageBox:
        """The one "Leave this game?" box, made once and asked again with new words: a box per question
        stayed behind as the window's child for the whole evening."""
        box = self.box
        if box is not None and self.leave_button is not None:  # both are made together, below
            box.setText(text)
            box.setInformativeText(informative)
            box.setDefaultButton(self.leave_button)  # Return leaves again, whichever button was last pressed
            return box
        box = self.box = plain.message_box(self.window, QMessageBox.Icon.Question,  # type: ignore[arg-type]
                                           self.tr("Leave this game?"), text, QMessageBox.StandardButton.NoButton,
                                           informative)
        leave = self.leave_button = box.addButton(self.tr("&Leave the game"), QMessageBox.ButtonRole.AcceptRole)
        stay = self.stay_button = box.addButton(self.tr("&Stay"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(leave)
        box.setEscapeButton(stay)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.finished.connect(self._answered)
        return box

    def _answered(self, _result: int) -> None:
        action, self._action = self._action, None
        if self.box is not None and self.box.clickedButton() is self.leave_button and action is not None:
            self.close_current()
            action()

    def what_leaving_means(self) -> tuple[str, str] | None:
        """(what game it is, what happens to it) when an unfinished game is on screen; None when nothing
        would be lost (no game, a replay, a finished game, a spectator's chair, a LAN lobby)."""
        from patrician_qt.ui.session.local import LocalSession

        session = self.window.session
        if session is None or session.replay() is not None:
            return None
        update = session.current()
        if update is None or update.over:
            return None
        from patrician_qt.engine import stack_size

        public = update.view(None)
        turn = sum(stack_size(p) for p in public["players"]) + 1
        names = ", ".join(s.name for s in session.seats())
        text = self.tr("Leave the game of {players}? It is not over yet (turn {turn}).").format(
            players=names, turn=turn)  # the question itself: a window-modal box has no title on some desktops
        lan = self._lan()
        if lan is not None and lan.session is session:
            if lan.session.seat is None:
                return None  # a spectator loses nothing
            if lan.is_host:
                table = lan.session.table_name
                return text, self.tr("Your table closes until you open it again with “Host {table} again” on "
                                     "the start screen; the others wait for you.").format(table=table)
            return text, self.tr("Your seat waits for you: “Rejoin” on the start screen takes it back.")
        if isinstance(session, LocalSession) and session.autosave_file is None:
            return text, self.tr("The tutorial game is not kept.")
        return text, self.tr("It is kept: “Continue” on the start screen brings it back.")

    def close_current(self) -> None:
        """Close whatever the window shows (game, replay, LAN table or lobby, tutorial) and show the start
        screen: what can be resumed stays resumable (autosave, Rejoin, Host again)."""
        extras = self.window.extras
        tutorial, extras.tutorial = extras.tutorial, None
        if tutorial is not None:
            try:
                tutorial.stop()
            except RuntimeError:  # its panel was already gone (skipped or closed before)
                pass
        self.window.close_session()
        lan = self._lan()
        if lan is not None:
            lan.shutdown()  # no goodbye that forgets: Rejoin and Host again stay offered
        self._back()
