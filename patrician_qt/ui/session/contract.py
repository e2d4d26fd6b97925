"""The UI's only door to a game: a Session hands out views and takes whole turns (DESIGN.md).

Local, LAN and replay sessions share this one contract, so the window never learns which kind it
holds: chat, seat status and connection state are part of it (they do nothing in a local game), and
a replay is a capability the window asks for (``replay()``), not a type it tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance

from patrician_qt.engine import Event, Record, Turn, TurnMap, View

if TYPE_CHECKING:
    from patrician_qt.ui.session.config import SeatConfig


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


class ReplayControls(Protocol):
    """What a replay offers besides the contract: positions to step through and jump to."""

    index: int
    jumped: SignalInstance  # a position was chosen (not a single step forward)
    seen_from: int | None  # the one seat whose view the record kept (a LAN guest's), None: every seat's

    def __len__(self) -> int: ...

    def update_at(self, index: int) -> Update: ...

    def step(self) -> None: ...

    def seek(self, index: int) -> None: ...

    def source(self) -> Record: ...


class Session(QObject):
    """What the window talks to; local, LAN and replay sessions have this same interface."""

    updated = Signal(Update)  # on the UI thread, in order
    rejected = Signal(str, str)  # reason, rule ("" when none)
    failed = Signal(str)  # the game cannot go on (e.g. the table stopped)
    hintReady = Signal(int, int, object)  # seat, seq the hint answers, TurnMap or None (no hint); a map stays `object`
    chatReceived = Signal(str, str)  # from, text (LAN tables; never in a local game)
    connectionChanged = Signal(str, str)  # "connected" | "reconnecting" | "closed", error text (for people)
    notice = Signal(str)  # a host's message that is not about a turn
    troubled = Signal(object)  # table.trouble.Trouble: background work failed, the game state is kept

    #: the machine-readable kind of the last connection problem, e.g. "bad-token" ("" when none)
    error_kind: str = ""

    def replay(self) -> ReplayControls | None:
        """The replay controls when this session replays a record (None for a game being played)."""
        return None

    def say(self, text: str) -> None:
        """Send a chat line to the table (nothing to send to in a local game)."""

    def hint(self, seat: int, begun: dict[str, Any] | None = None) -> None:
        """Ask the Hard bot what it would play for ``seat`` now (completing the turn ``begun``); ``hintReady``
        answers."""
        self.hintReady.emit(seat, -1, None)

    def seats(self) -> list[SeatConfig]:
        """The seat list in seat order."""
        raise NotImplementedError

    def current(self) -> Update | None:
        """The latest update received (None before the game starts)."""
        raise NotImplementedError

    def local_humans(self) -> list[int]:
        """Seats whose hands this window may show (humans at this machine)."""
        return [i for i, s in enumerate(self.seats()) if not s.is_bot]

    def seat_status(self, seat: int) -> str:
        """A word on a seat's connection for the players panel ("" when there is nothing to say)."""
        return ""

    def submit(self, seat: int, turn: Turn | TurnMap) -> None:
        """Offer a whole turn for ``seat``: ``updated`` follows, or ``rejected`` with the rule."""
        raise NotImplementedError

    def record(self) -> Record:
        """The game so far as a record (records/README.md)."""
        raise NotImplementedError

    def can_save(self) -> bool:
        """Whether ``save_as`` can write a save that Load continues (a game played in this app)."""
        return False

    def save_as(self, path: Path) -> None:
        """Write a save that Load continues (only when ``can_save()``); OSError when the file cannot be written."""
        raise NotImplementedError

    def history(self) -> list[Event]:
        """The game's public events so far, oldest first: what a window that begins to follow a game under
        way (Continue, Load, a host re-opening its table) tells in its log; empty when this session cannot.

        The default replays ``record()`` through the rules; a record without its deal (a LAN peer's) tells
        nothing, and a session that knows the events another way may say them itself.
        """
        from patrician_qt.engine import RecordError, replay_turn, start_state

        try:
            record = self.record()
        except NotImplementedError:
            return []
        if not record.deal:
            return []
        events: list[Event] = []
        try:
            state = start_state(record)
            for i, raw in enumerate(record.turns):
                state, told = replay_turn(state, i, raw)
                events.extend(told)
        except RecordError:
            return []
        return events

    def start(self) -> None:
        """Begin play (bots with the first turn start thinking)."""

    def retry(self) -> None:
        """Try again what failed in the background (``troubled``): the bot's turn, or the autosave."""

    def use_simple_bots(self) -> None:
        """Go on with bots that think in this process, when their worker process cannot start."""

    def close(self) -> None:
        """Release the table and workers; the session is unusable afterwards."""
