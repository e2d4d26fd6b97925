"""The game now on screen, as the game window's parts read it: the session, the update shown and whose hand
it shows.

Why a protocol: the parts (story, hints, motion, sound, menus, files, turn building) are built by the window
and must not name its type; the window keeps this state and fits the protocol without knowing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from patrician_qt.ui.session.contract import Session, Update


class OnScreen(Protocol):
    """The session followed, the update on screen and whose view it shows (R26 and hot-seat privacy)."""

    @property
    def session(self) -> Session | None: ...

    @property
    def shown_update(self) -> Update | None: ...

    def viewer(self, update: Update) -> int | None: ...
