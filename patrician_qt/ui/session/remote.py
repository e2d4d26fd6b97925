"""A Session over the LAN: the window talks to a host through ``net.client.Client`` (DESIGN.md).

Why: the main window must not know whether its game runs here or on another machine; this
class gives it the same ``Session`` interface as ``LocalSession`` and adds what only a LAN
game has (lobby, chat, connection state). The client runs on a background ``LoopThread``,
the same mechanism ``LocalSession`` uses for the table, so the UI thread never waits.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from concurrent.futures import Future
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from patrician_qt.engine import CARDS, Event, Record, Turn, TurnMap, View, default_colors
from patrician_qt.net.client import Client, HostGone, NetError
from patrician_qt.net.hosted import SeatEntry
from patrician_qt.ui.lan.absence import clock_text
from patrician_qt.ui.lan.address import failure_title
from patrician_qt.ui.lan.net_text import describe, host_error, host_words
from patrician_qt.ui.session.config import SeatConfig
from patrician_qt.ui.session.contract import Session, Update
from patrician_qt.ui.session.offload import LoopThread
from patrician_qt.ui.session.peer_record import event_maps, peer_record
from patrician_qt.ui.session.wire_check import MAX_SEATS, BadMessage, checked
from patrician_qt.ui.text.seat_names import display_name


def _t(text: str) -> str:
    return QCoreApplication.translate("RemoteSession", text)


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
_SEAT_EVENTS = ("joined", "left", "replaced")


class RemoteSession(Session):
    """A seat (or a spectator's chair) at a table hosted elsewhere, or by this app's own host."""

    # Maps and lists travel as `object`: Signal(dict) / Signal(list) would copy them into Qt variants.
    connected = Signal(object)  # the welcome map, once connected
    connectFailed = Signal(str, str)  # title, details (for people)
    lobbyChanged = Signal(object)  # list of seat maps
    started = Signal()  # the first update of a game arrived: show the game
    caughtUp = Signal(object, float)  # events missed while away (list), seconds away (-1: not known)
    rematchOpened = Signal()  # the host dealt a new game at this table: its lobby is open again
    _post = Signal(object)  # message from the loop thread

    def __init__(self, *, client_options: dict[str, Any] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._loop_host = LoopThread("patrician-lan")
        self._options = dict(client_options or {})
        self._client: Client | None = None
        self._connect: Future[Any] | None = None
        self._post.connect(self._drain)
        self._inbox: deque[dict[str, Any]] = deque()  # filled on the client's loop, emptied here
        self._woken = False  # a _post is on its way to the UI thread
        self._held = False  # the client reads nothing until the inbox is down to INBOX_LOW
        self._wire_seats = MAX_SEATS  # the table's seats as the host last said (for events of a `past`)
        self._refused = False  # the host sent something this app cannot read: nothing more from it
        self._let_in = False  # a welcome passed the door (client's loop): a later bad one is no failure to connect
        self._seat_events = 0  # seat events of this game in the log
        self._told_turns = self._told_events = 0  # of this game, since the last welcome (client's loop)
        self._current: Update | None = None
        self._events: list[Event] = []
        self._past: list[tuple[int, list[Event]]] = []  # the story told since the last welcome
        self._past_seat_only = 0  # of those, the ones with only seat events
        self._dropped_at: float | None = None  # when the connection broke (monotonic), until caught up
        self._gone_at: dict[int, float] = {}  # since when each seat's player is gone, as far as we saw
        self._state_hint = ""  # the table's phase from the latest lobby message
        self._closed = False
        self.lobby: list[SeatEntry] = []
        self.welcome: dict[str, Any] | None = None
        self.seat: int | None = None
        self.state = "idle"
        self.address: tuple[str, int] = ("", 0)
        self.name = ""
        self.role = "player"
        self.error = ""  # the connection problem, told in the app's language (net_text)
        self.error_kind = ""  # its NetError kind, e.g. "bad-token" (for code: never match the text)
        self.failure = ""  # the NetError class name when connecting failed, e.g. "BadToken"
        self.record_source: Callable[[], Record] | None = None  # the host's own window has the table
        #: the host's own window: who is gone, for how long, and when a bot takes over (Table.absences)
        self.absence_source: Callable[[], list[dict[str, Any]]] | None = None
        self.first_problem: NetError | None = None  # what broke the connection (while reconnecting)
        self.last_attempt: dict[str, Any] | None = None  # the latest failed attempt: attempt, since, cause
        self.games = 0  # games this session followed at the table (a rematch adds one)

    # -- connecting ------------------------------------------------------------------------------
    def open(self, host: str, port: int, name: str, token: str | None = None, role: str = "player") -> None:
        """Connect in the background: ``connected`` or ``connectFailed`` follows (never blocks)."""
        if self._client is not None:
            raise RuntimeError("this session is already connected")
        self.address, self.name, self.role = (host, port), name, role
        self.state = "connecting"
        client = self._client = Client(on_message=self._arrive, **self._options)

        async def run() -> None:
            try:
                await client.connect(host, port, name, token=token, role=role)
            except NetError as exc:
                self._queue({"t": "_failed", "title": failure_title(exc), "text": describe(exc),
                                 "kind": exc.__class__.__name__, "error_kind": exc.kind})
            except Exception as exc:  # never a traceback for the user
                self._queue({"t": "_failed", "title": _t("Cannot connect"), "text": describe(exc),
                                 "kind": "other", "error_kind": "other"})

        self._connect = self._loop_host.run(run())

    def cancel(self) -> None:
        """Give up connecting (the Cancel button); nothing more is emitted."""
        self._closed = True
        if self._connect is not None:
            self._connect.cancel()
        self.close()

    @property
    def token(self) -> str | None:
        """The seat's secret: keep it to rejoin later."""
        return self._client.token if self._client is not None else None

    @property
    def table_name(self) -> str:
        """The table's name as the host says it."""
        return str(((self.welcome or {}).get("table") or {}).get("name") or "")

    @property
    def visibility(self) -> str:
        """The table option as the host says it (R26 "rulebook", R26a "open"); a host that predates it: "open"."""
        table = (self.welcome or {}).get("table") or {}
        return "rulebook" if table.get("visibility") == "rulebook" else "open"

    @property
    def phase(self) -> str:
        """"lobby", "playing" or "over" as far as this peer knows."""
        if self._current is not None:
            return "over" if self._current.over else "playing"
        return self._state_hint or str(((self.welcome or {}).get("table") or {}).get("state") or "lobby")

    def connection_words(self) -> tuple[str, str]:
        """(title, detail) for the connection as far as this app knows it, in the app's language."""
        from patrician_qt.ui.lan.net_text import connection_story

        return connection_story(self.state, self.table_name or f"{self.address[0]}:{self.address[1]}",
                                self.first_problem, self.last_attempt, self.error_kind, self.error)

    # -- messages (client's loop) --------------------------------------------------------------
    def _arrive(self, message: dict[str, Any]) -> None:
        """A message from the client, on its loop: checked at the door, then queued for the UI thread."""
        client = self._client
        if self._refused and message.get("t") != "connection":
            return
        if message.get("t") not in ("connection", "retry", "_failed"):
            try:
                message = checked(message, self._wire_seats)
            except BadMessage as exc:
                self._refuse(str(exc), message.get("t") == "welcome" and not self._let_in)
                return
            self._let_in = self._let_in or message.get("t") == "welcome"
            seats = message.get("seats") or (message.get("table") or {}).get("seats")
            if isinstance(seats, list):
                self._wire_seats = len(seats)
            problem = self._beyond_a_game(message)
            if problem:
                self._refuse(problem, False)
                return
        self._queue(message)
        if len(self._inbox) >= INBOX_HIGH and not self._held and client is not None:
            self._held = True
            client.hold(True)

    def _beyond_a_game(self, message: dict[str, Any]) -> str:
        """Why this message brings more than one game can hold ("" when it does not): the turns and game
        events since the last welcome (which tells the story again) or the last new lobby."""
        kind = message.get("t")
        if kind == "welcome" or (kind == "lobby" and message.get("state") == "lobby"):
            self._told_turns = self._told_events = 0
        elif kind in ("update", "past"):
            game = [e for e in message["events"] if e["e"] not in _SEAT_EVENTS]
            self._told_turns += sum(1 for e in game if e["e"] == "played")
            self._told_events += len(game)
            if self._told_turns > MAX_TURNS:
                return f"more than {MAX_TURNS} turns in one game"
            if self._told_events > MAX_GAME_EVENTS:
                return f"more than {MAX_GAME_EVENTS} events in one game"
        return ""

    def _refuse(self, problem: str, welcome: bool) -> None:
        """The host sent something this app cannot read: one message for the player, and the connection
        ends for good (reconnecting would bring the same again). Nothing shown changes."""
        self._refused = True
        error = HostGone(f"the host sent something this app cannot read ({problem})", "unreadable",
                         reason=problem)
        if welcome:  # still connecting: it is a failure to connect
            self._queue({"t": "_failed", "title": failure_title(error), "text": describe(error),
                         "kind": "HostGone", "error_kind": "unreadable"})
        if self._client is not None:
            self._client.hang_up(error)

    def _queue(self, message: dict[str, Any]) -> None:
        self._inbox.append(message)
        if not self._woken:
            self._woken = True
            self._post.emit(None)

    # -- messages (UI thread) ------------------------------------------------------------------
    def _drain(self, _wake: object = None) -> None:
        """Handle what arrived, a batch at a time, so that a flood never freezes the window."""
        for _ in range(BATCH):
            if not self._inbox:
                break
            self._on_message(self._inbox.popleft())
        if self._held and len(self._inbox) <= INBOX_LOW:
            self._held = False
            client = self._client
            if client is not None and self.state != "stopped":
                self._loop_host.post(lambda: client.hold(False))
        if self._inbox:
            QTimer.singleShot(0, self._drain)
            return
        self._woken = False
        if self._inbox and not self._woken:  # arrived between the last look and now
            self._woken = True
            QTimer.singleShot(0, self._drain)

    def _on_message(self, message: dict[str, Any]) -> None:
        if self._closed:
            return
        kind = message.get("t")
        if self._refused and kind not in ("connection", "_failed"):
            return  # queued before this host was found out
        if kind == "_failed":
            self.state = "closed"
            self.failure = str(message.get("kind") or "")
            self.error_kind = str(message.get("error_kind") or "")
            self.connectFailed.emit(str(message["title"]), str(message["text"]))
        elif kind == "welcome":
            first = self.welcome is None
            self.welcome = message
            self.seat = message.get("seat")
            table = message.get("table") or {}
            self.lobby = list(table.get("seats") or self.lobby)
            self._past, self._past_seat_only = [], 0  # the story (if any) follows this welcome
            self._seen_lobby(self.lobby)
            if first:
                self.state = "connected"
                self.connected.emit(message)
            elif table.get("state") == "lobby":
                self._back_to_lobby()  # came back while the host opened a rematch
            self.lobbyChanged.emit(self.lobby)
        elif kind == "lobby":
            self.lobby = list(message.get("seats") or [])
            self._seen_lobby(self.lobby)
            if message.get("state") == "lobby":
                self._back_to_lobby()
            self.lobbyChanged.emit(self.lobby)
        elif kind == "past":
            events = event_maps(message.get("events"))
            if all(e.get("e") in _SEAT_EVENTS for e in events):
                if self._past_seat_only >= MAX_SEAT_EVENTS:
                    return  # the log keeps no more of them anyway (game events are bounded by the turns)
                self._past_seat_only += 1
            if isinstance(message.get("seq"), int) and events:
                self._past.append((int(message["seq"]), events))
        elif kind == "update":
            self._update(message)
        elif kind == "rejected":
            reason, rule = str(message.get("reason") or ""), str(message.get("rule") or "")
            # a rule's refusal is retold from its rule number; the host's own reasons are matched here
            self.rejected.emit(reason if rule else host_words(reason) or reason, rule)
        elif kind == "chat":
            self.chatReceived.emit(str(message.get("from") or ""), str(message.get("text") or ""))
        elif kind == "error":
            text = host_error(str(message.get("code") or ""), str(message.get("message") or ""))
            if message.get("code") == "not-your-turn":
                self.rejected.emit(text, "")
            else:
                self.notice.emit(text)
        elif kind == "_local_error":
            if message.get("turn"):
                self.rejected.emit(str(message["text"]), "")
            else:
                self.notice.emit(str(message["text"]))
        elif kind == "connection":
            self.state = str(message.get("state"))
            cause = message.get("cause")
            self.error = describe(cause) if isinstance(cause, NetError) else str(message.get("error") or "")
            self.error_kind = cause.kind if isinstance(cause, NetError) else ""
            if self.state == "reconnecting":
                self.first_problem = cause if isinstance(cause, NetError) else None
                self.last_attempt = None
                if self._dropped_at is None:
                    self._dropped_at = time.monotonic()
            elif self.state == "connected":
                self.first_problem, self.last_attempt = None, None
            self.connectionChanged.emit(self.state, self.error)
        elif kind == "retry":
            cause = message.get("cause")
            if self.state == "reconnecting" and isinstance(cause, NetError):
                self.last_attempt = {"attempt": int(message.get("attempt") or 0),
                              "since": float(message.get("since") or 0.0), "cause": cause}
                self.error, self.error_kind = describe(cause), cause.kind
                self.connectionChanged.emit(self.state, self.error)

    def _update(self, message: dict[str, Any]) -> None:
        view: View | None = message.get("view")  # PROTOCOL.md "The view", from the host
        if not isinstance(view, dict):
            return
        seq = int(message.get("seq") or 0)
        if self._current is not None and seq <= self._current.seq:
            return
        events = tuple(self._kept(event_maps(message.get("events"))))
        if self._current is not None and not events and message.get("events"):
            # only seat events beyond what the log keeps: the position is the same, the lobby tells the rest
            self._current = Update(seq, self._current.views, (), None, False)
            return
        past, self._past, self._past_seat_only = self._past, [], 0
        missed: list[Event] | None = None
        if self._current is None:
            story = self._kept(e for _seq, told in past for e in told)  # the game so far (a late join, a new app)
            self._events.extend(story)
            if story:  # this first update's own events (a return: joined …) end the story told at once
                self._events.extend(events)
                events = ()
        elif (past or self._dropped_at is not None) and "history" in ((self.welcome or {}).get("features") or ()):
            # back after a drop, at a host that tells the story: what happened meanwhile
            missed = self._kept(e for told_seq, told in past if told_seq > self._current.seq for e in told)
            self._events.extend(missed)
        self._events.extend(events)
        if len(self._events) > MAX_GAME_EVENTS + MAX_SEAT_EVENTS:  # a host that tells the game again and again
            self._events = self._events[:MAX_GAME_EVENTS + MAX_SEAT_EVENTS]
            client = self._client
            if client is not None and not self._refused:
                self._refused = True
                error = HostGone(f"the host sent something this app cannot read (more than {MAX_TURNS} turns "
                                 f"in one game)", "unreadable", reason=f"more than {MAX_TURNS} turns in one game")
                self._loop_host.post(lambda: client.hang_up(error))
            return
        views: dict[int | None, View] = {None: {**view, "seat": None, "hand": []}}
        if view.get("seat") is not None:
            views[view["seat"]] = view
        mover = next((seat for e in events if isinstance(seat := e.get("seat"), int) and e.get("e") == "played"),
                     None)
        by_bot = mover is not None and mover < len(self.lobby) and self.lobby[mover].get("kind") == "bot"
        first = self._current is None
        self._current = Update(seq, views, events, mover, by_bot)
        if first:
            self.games += 1
            self._dropped_at = None
            self.started.emit()  # the window starts following and shows this update
            return
        away = time.monotonic() - self._dropped_at if self._dropped_at is not None else -1.0
        self._dropped_at = None
        if missed is not None:
            self.caughtUp.emit(missed, away)  # told before the position it led to is shown
        self.updated.emit(self._current)

    def _kept(self, events: Iterable[Event]) -> list[Event]:
        """The events the log keeps: every game event, and seat events up to MAX_SEAT_EVENTS a game."""
        out = []
        for e in events:
            if e.get("e") in _SEAT_EVENTS:
                if self._seat_events >= MAX_SEAT_EVENTS:
                    continue
                self._seat_events += 1
            out.append(e)
        return out

    def _back_to_lobby(self) -> None:
        """A finished game's table is a lobby again (a rematch): forget the game, keep the seat."""
        self._state_hint = "lobby"
        if self._current is None or not self._current.over:
            return
        self._current = None
        self._events = []
        self._past, self._past_seat_only = [], 0
        self._seat_events = 0
        self.rematchOpened.emit()

    def _seen_lobby(self, seats: list[SeatEntry]) -> None:
        """Note since when each seat's player is gone (a human seat not connected, or a bot standing in)."""
        now = time.monotonic()
        for i, s in enumerate(seats):
            gone = (s.get("kind") == "human" and not s.get("connected")) or bool(s.get("away"))
            if gone:
                self._gone_at.setdefault(i, now)
            else:
                self._gone_at.pop(i, None)

    def history(self) -> list[Event]:
        """Every public event of this game this peer knows: the host's story when it joined, then each update's."""
        return list(self._events)

    # -- Session ----------------------------------------------------------------------------------
    def seats(self) -> list[SeatConfig]:
        """Names (as shown: a generated bot name in the app's language) and colours from the latest view,
        human/bot from the lobby."""
        return [SeatConfig(display_name(s.name), s.color, s.kind, s.level) for s in self._seats()]

    def _seats(self) -> list[SeatConfig]:
        """The seats with their names as the host gave them."""
        players = self._current.view(None)["players"] if self._current is not None else []
        n = len(players) or len(self.lobby)
        colors = [p["color"] for p in players] if players else list(default_colors(max(2, n)))[:n]
        out = []
        for i in range(n):
            lobby: Mapping[str, Any] = self.lobby[i] if i < len(self.lobby) else {}
            name = players[i]["name"] if players else str(lobby.get("name") or "")
            kind = "bot" if lobby.get("kind") == "bot" else "human"
            out.append(SeatConfig(name, colors[i], kind, lobby.get("level")))
        return out

    def seat_status(self, seat: int) -> str:
        """A seat's connection as the lobby says it, and for how long: offline, or a bot standing in.

        The host's own window also says when a bot takes over ("bot in 20 s") or that it waits.
        """
        if not 0 <= seat < len(self.lobby):
            return ""
        s = self.lobby[seat]
        away, offline = bool(s.get("away")), s.get("kind") == "human" and not s.get("connected")
        if not (away or offline):
            return ""
        absence = next((a for a in self.absences() if a.get("seat") == seat), None)
        now = time.monotonic()
        clock = clock_text(float(absence.get("gone_for") or 0.0) if absence is not None
                           else now - self._gone_at.get(seat, now))
        if away:
            return _t("away {time} · a bot plays").format(time=clock)
        text = _t("offline {time}").format(time=clock)
        if absence is not None and absence.get("held"):
            return _t("{status} · no bot").format(status=text)
        if absence is not None and absence.get("takeover_in") is not None:
            return _t("{status} · bot in {n} s").format(status=text, n=int(absence["takeover_in"] + 0.999))
        return text

    def absences(self) -> list[dict[str, Any]]:
        """The host's own window: who is gone and when a bot takes over (``Table.absences``); else []."""
        source = self.absence_source
        if source is None:
            return []
        try:
            return list(source())
        except Exception:  # the table is closing: nothing to add
            return []

    def current(self) -> Update | None:
        """The latest update from the host."""
        return self._current

    def local_humans(self) -> list[int]:
        """This window's own seat (none for a spectator)."""
        if self.seat is None or not 0 <= self.seat < len(self.lobby):
            return [] if self.seat is None else [self.seat]
        return [] if self.lobby[self.seat].get("away") else [self.seat]

    def _send(self, coro_fn: Callable[[Client], Awaitable[object]], on_error: Callable[[str], None],
              is_turn: bool = False) -> None:
        """Have the client send something on its loop; a refusal or a broken connection is told here."""
        client = self._client
        if client is None or self._closed:
            on_error(_t("not connected to the host"))
            return

        def failed(exc: Exception) -> None:
            if isinstance(exc, (NetError, ValueError)):
                self._on_message({"t": "_local_error", "text": describe(exc), "turn": is_turn})

        self._loop_host.call(lambda: coro_fn(client), on_error=failed)

    def submit(self, seat: int, turn: Turn | TurnMap) -> None:
        """Send the whole turn; ``updated`` (from the host) or ``rejected`` follows."""
        if seat != self.seat:
            self.rejected.emit(_t("this seat is not played at this machine"), "")
            return
        if self.state != "connected":
            self.rejected.emit(_t("not connected to the host: the turn was not sent"), "")
            return
        turn_map = turn.to_map() if isinstance(turn, Turn) else dict(turn)
        self._send(lambda c: c.send_turn(turn_map), lambda text: self.rejected.emit(text, ""), is_turn=True)

    def say(self, text: str) -> None:
        """Chat to everyone at the table."""
        text = text.strip()[:500]
        if text:
            self._send(lambda c: c.chat(text), self.notice.emit)

    def sit(self, seat: int) -> None:
        """In the lobby, take an open seat."""
        self._send(lambda c: c.sit(seat), self.notice.emit)

    def record(self) -> Record:
        """The host's record (in the host's window), else the turns this seat saw (the deal stays secret)."""
        if self.record_source is not None:
            return self.record_source()
        result = self._current.view(None).get("result") if self._current is not None else None
        return peer_record([s.name for s in self._seats()], self._events, self.table_name, self.seat, result)

    def close(self) -> None:
        """Disconnect for good and stop the loop thread."""
        if self.state == "stopped":
            return
        self._closed = True
        client = self._client
        self.state = "stopped"
        self._loop_host.close(client.close() if client is not None else None)  # the client says goodbye first

    # -- for tests and tools ------------------------------------------------------------------------
    def stop_reading(self) -> None:
        """Hear nothing more from the host, as when a cable is pulled (the client then gives up on it and
        reconnects); for tests and tools."""
        client = self._client
        if client is not None:
            self._loop_host.post(client.stop_reading)

    def drop_connection(self) -> None:
        """Break the TCP connection as a network fault would (the client then reconnects)."""
        client = self._client
        if client is not None:
            self._loop_host.post(client.abort_connection)
