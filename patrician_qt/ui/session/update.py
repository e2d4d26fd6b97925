"""``Update``: one change of a game as a session hands it to the window.

Why a module of its own: signals name it as their type (``Signal(Update)``), and the window
and its presenter import it at start-up, without the sessions' loop and table machinery.
"""

from __future__ import annotations

from dataclasses import dataclass

from patrician_qt.engine import Event, View


@dataclass(frozen=True, slots=True)
class Update:
    """One change of the game as the UI presents it: the views after it and its events."""

    seq: int
    views: dict[int | None, View]  # seat (or None for a spectator) -> view
    events: tuple[Event, ...] = ()
    mover: int | None = None
    by_bot: bool = False

    def view(self, seat: int | None) -> View:
        """The view of one seat (None: a spectator's)."""
        return self.views[seat]

    @property
    def over(self) -> bool:
        """Whether the game ended with this update."""
        return bool(self.views[None]["over"])
