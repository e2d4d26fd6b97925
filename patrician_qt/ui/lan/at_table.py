"""The door through which the LAN parts read the table this window sits at.

Why a protocol: the joining part owns the connection (``join_flow.Joining``); the lobby, chat, game
and menu parts only read it, and must not depend on the part (or the controller) that owns it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from patrician_qt.ui.session.remote import RemoteSession


class AtTable(Protocol):
    """The table this window is connected (or connecting) to, read-only."""

    @property
    def session(self) -> RemoteSession | None:
        """The connection to the table, while there is one."""
        ...

    @property
    def is_host(self) -> bool:
        """This app opened the table (its own seat is the host's)."""
        ...

    @property
    def table_name(self) -> str:
        """The table's name, as its host says it or as the last connect asked for it."""
        ...

    @property
    def by_invitation(self) -> bool:
        """The table was reached by an internet invitation (a host key, not an address)."""
        ...
