"""Where a host's messages enter a joined app: checked, bounded, and handed to the UI thread in batches.

Why: a host is as untrusted as a peer. Each message is checked on the client's loop
(``wire_check``); one that fails, or a story longer than one game, ends the connection for good
with one "cannot read" message. What passes waits in an inbox for the UI thread; while INBOX_HIGH
messages wait, the client reads nothing more, so a flood waits in TCP instead of in this app's
memory, and the UI thread handles a batch at a time so the window stays responsive.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import msgpack
from PySide6.QtCore import QTimer

from patrician_qt.engine import CARDS
from patrician_qt.net.client import Client, HostGone
from patrician_qt.ui.session.address import failure_title
from patrician_qt.ui.session.host_budget import HostBudget, HostLimits
from patrician_qt.ui.session.offload import LoopThread
from patrician_qt.ui.session.wire_check import MAX_SEATS, BadMessage, checked
from patrician_qt.ui.text.net_text import describe

#: Messages waiting for the UI thread: above HIGH the client reads nothing more (the host's bytes wait
#: in TCP, not in this app's memory) until the UI is down to LOW. An honest host sends a few a second.
INBOX_HIGH, INBOX_LOW = 256, 64
#: Messages the UI thread handles in one go before it lets the window paint and the user act.
BATCH = 64
#: Turns a game can have: every card is played at most once (R8). More from a host is not a game.
MAX_TURNS = len(CARDS)
#: Game events a game can have: at most MAX_TURNS updates with a turn, each of at most 64 events (the
#: frame's longest list; a real turn has about 12). More in one connection's game is not a game.
MAX_GAME_EVENTS = MAX_TURNS * 64
#: Seat events (joined, left, replaced) one game's log keeps: a flaky link may bring many; later
#: ones are still shown in the lobby's seat list, not one more log line each.
MAX_SEAT_EVENTS = 400
SEAT_EVENTS = ("joined", "left", "replaced")


def _size(message: dict[str, Any]) -> int:
    """A message's bytes on the wire (encoded again: the client hands over maps, not frames)."""
    try:
        return len(msgpack.packb(message))
    except (TypeError, ValueError):  # not from the wire (never from a host): nothing to count
        return 0


def flooded(what: str, limit: float) -> HostGone:
    """The error that ends a connection to a host that sent more than ``HostLimits`` allow."""
    unit = {"chat": "chat lines", "messages": "messages", "bytes": "bytes"}.get(what, what)
    return HostGone(f"the host sent more than {limit:g} {unit} a second: this app hung up on it", "flooded",
                    what=what, limit=limit)


def unreadable(problem: str) -> HostGone:
    """The error that ends a connection to a host that sent something this app cannot read."""
    return HostGone(f"the host sent something this app cannot read ({problem})", "unreadable", reason=problem)


class HostDoor:
    """The inbox of one session: ``arrive`` on the client's loop, ``drain`` on the UI thread."""

    def __init__(self, loop: LoopThread, wake: Callable[[], None], handle: Callable[[dict[str, Any]], None],
                 running: Callable[[], bool], limits: HostLimits | None = None) -> None:
        self._loop = loop
        self._wake = wake  # asks the UI thread to drain (a queued signal)
        self._handle = handle  # one message, on the UI thread
        self._running = running  # the session is not closed yet
        self.client: Client | None = None
        self._inbox: deque[dict[str, Any]] = deque()
        self._woken = False  # a wake is on its way to the UI thread
        self._held = False  # the client reads nothing until the inbox is down to INBOX_LOW
        self._wire_seats = MAX_SEATS  # the table's seats as the host last said (for events of a `past`)
        self._let_in = False  # a welcome passed: a later bad one is no failure to connect
        self._told_turns = self._told_events = 0  # of this game, since the last welcome
        self.refused = False  # the host sent something this app cannot read: nothing more from it
        self._limits = limits
        self._budget = HostBudget(limits)  # of the current connection (a new one starts afresh)

    def __len__(self) -> int:
        return len(self._inbox)

    # -- the client's loop ---------------------------------------------------------------------------
    def arrive(self, message: dict[str, Any]) -> None:
        """A message from the client: checked, then queued for the UI thread (or the host is refused)."""
        if self.refused and message.get("t") != "connection":
            return
        if message.get("t") == "connection" and message.get("state") == "connected":
            self._budget = HostBudget(self._limits)  # a new connection: the rejoin's story is a burst of its own
        if message.get("t") not in ("connection", "retry", "_failed"):
            broken = self._budget.spend(str(message.get("t")), _size(message))
            if broken is not None:
                self.hang_up(flooded(*broken), message.get("t") == "welcome" and not self._let_in)
                return
            try:
                message = checked(message, self._wire_seats)
            except BadMessage as exc:
                self.refuse(str(exc), message.get("t") == "welcome" and not self._let_in)
                return
            self._let_in = self._let_in or message.get("t") == "welcome"
            seats = message.get("seats") or (message.get("table") or {}).get("seats")
            if isinstance(seats, list):
                self._wire_seats = len(seats)
            problem = self._beyond_a_game(message)
            if problem:
                self.refuse(problem, False)
                return
        self.queue(message)
        if len(self._inbox) >= INBOX_HIGH and not self._held and self.client is not None:
            self._held = True
            self.client.hold(True)
            if len(self._inbox) <= INBOX_LOW:  # the UI thread emptied it meanwhile and saw nothing held
                self._held = False
                self.client.hold(False)

    def _beyond_a_game(self, message: dict[str, Any]) -> str:
        """Why this message brings more than one game can hold ("" when it does not): the turns and game
        events since the last welcome (which tells the story again) or the last new lobby."""
        kind = message.get("t")
        if kind == "welcome" or (kind == "lobby" and message.get("state") == "lobby"):
            self._told_turns = self._told_events = 0
        elif kind in ("update", "past"):
            game = [e for e in message["events"] if e["e"] not in SEAT_EVENTS]
            self._told_turns += sum(1 for e in game if e["e"] == "played")
            self._told_events += len(game)
            if self._told_turns > MAX_TURNS:
                return f"more than {MAX_TURNS} turns in one game"
            if self._told_events > MAX_GAME_EVENTS:
                return f"more than {MAX_GAME_EVENTS} events in one game"
        return ""

    def refuse(self, problem: str, welcome: bool) -> None:
        """The host sent something this app cannot read: one message for the player, and the connection
        ends for good (reconnecting would bring the same again). Nothing shown changes."""
        self.hang_up(unreadable(problem), welcome)

    def hang_up(self, error: HostGone, welcome: bool) -> None:
        """End the connection for good with ``error`` (a message this app cannot read, or a flood)."""
        self.refused = True
        if welcome:  # still connecting: it is a failure to connect
            self.queue({"t": "_failed", "title": failure_title(error), "text": describe(error),
                        "kind": "HostGone", "error_kind": error.kind})
        if self.client is not None:
            self.client.hang_up(error)

    def queue(self, message: dict[str, Any]) -> None:
        """Hand a message to the UI thread."""
        self._inbox.append(message)
        if not self._woken:
            self._woken = True
            self._wake()

    # -- the UI thread ---------------------------------------------------------------------------------
    def refuse_later(self, problem: str) -> None:
        """From the UI thread: refuse the host (on the client's loop); what still waits is not handled."""
        client = self.client
        if client is not None and not self.refused:
            self.refused = True
            error = unreadable(problem)
            self._loop.post(lambda: client.hang_up(error))

    def on_client(self, fn: Callable[[Client], object]) -> None:
        """Have the client do something on its loop (tests and tools: pull the cable, break the line)."""
        client = self.client
        if client is not None:
            self._loop.post(lambda: fn(client))

    def drain(self) -> None:
        """Handle what arrived, a batch at a time, so that a flood never freezes the window."""
        for _ in range(BATCH):
            if not self._inbox:
                break
            message = self._inbox.popleft()
            if not self.refused or message.get("t") in ("connection", "_failed"):  # else queued before it was found out
                self._handle(message)
        if self._held and len(self._inbox) <= INBOX_LOW:
            self._held = False
            client = self.client
            if client is not None and self._running():
                self._loop.post(lambda: client.hold(False))
        if self._inbox:
            QTimer.singleShot(0, self.drain)
            return
        self._woken = False
        if self._inbox and not self._woken:  # arrived between the last look and now
            self._woken = True
            QTimer.singleShot(0, self.drain)
