"""Joining a table straight from the command line (``patrician join HOST:PORT``), as the Join dialog does.

Why here: a desktop shortcut or a typed invitation names the table, so no list is needed, but
everything after must be the Join dialog's way — the same lobby and game screens, the same
rejoin of one's own seat, and for a wrong address or a missing name the same clear words. A
problem therefore opens the Join dialog itself, filled in, saying what to fix.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from patrician_qt.ui.lan import internet
from patrician_qt.ui.lan.join_dialog import JoinDialog, JoinRequest
from patrician_qt.ui.session.address import parse_address

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDialog


class Joiner(Protocol):
    """What joining from the command line asks of the app's LAN side (the LAN controller is one)."""

    settings: QSettings | None

    @property
    def dialog(self) -> QDialog | None:
        """The LAN dialog open now."""
        ...

    def join_game(self) -> None:
        """Open the Join dialog."""
        ...

    def join(self, request: JoinRequest, token: str | None = None) -> None:
        """Connect to a table as asked."""
        ...

    def show_error(self, title: str, text: str) -> None:
        """Say what went wrong."""
        ...


def join_direct(lan: Joiner, address: str, name: str | None = None, spectate: bool = False) -> bool:
    """Connect to ``address`` (or an invitation) as ``name`` (else the name last used); False: the Join
    dialog (or, for an invitation, a message) shows the problem."""
    role = "spectator" if spectate else "player"
    settings = lan.settings
    name = (name if name is not None else str(settings.value("lan/name", "")) if settings is not None else "").strip()
    if internet.looks_like_invitation(address):
        return _join_by_invitation(lan, address, name, role)
    try:
        host, port = parse_address(address)
    except ValueError:
        host, port = "", 0
    if not host or not name:
        lan.join_game()  # the dialog, filled in as typed: its own check says what is wrong
        dialog = lan.dialog
        assert isinstance(dialog, JoinDialog)  # join_game() just opened it
        dialog.name.setText(name)
        dialog.address.setText(address)
        dialog.join_address(role)
        return False
    if settings is not None:
        settings.setValue("lan/name", name)
        settings.setValue("lan/address", address.strip())
    lan.join(JoinRequest(host, port, name, role, ""))
    return True


def _join_by_invitation(lan: Joiner, text: str, name: str, role: str) -> bool:
    """Join the host an invitation names (net/_iroh_transport.py); a broken invitation or a missing
    name is told in a message, and nothing is dialled."""
    try:
        invitation = internet.check(text, name)
    except ValueError as exc:
        lan.show_error(internet.problem_title(), str(exc))
        return False
    if lan.settings is not None:
        lan.settings.setValue("lan/name", name)
    lan.join(JoinRequest(invitation.link, internet.INVITATION_PORT, name, role, ""))
    return True
