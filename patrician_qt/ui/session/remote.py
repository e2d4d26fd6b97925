"""A Session over the LAN: the window talks to a host through ``net.client.Client`` (DESIGN.md).

Why: the main window must not know whether its game runs here or on another machine; this
class gives it the same ``Session`` interface as ``LocalSession`` and adds what only a LAN
game has (lobby, chat, connection state). The client runs on a background ``LoopThread``,
the same mechanism ``LocalSession`` uses for the table, so the UI thread never waits.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from patrician_qt.engine import Event, Record, Turn, TurnMap, View, default_colors
from patrician_qt.net.client import Client, NetError
from patrician_qt.net.hosted import SeatEntry
from patrician_qt.ui.session.address import failure_title
from patrician_qt.ui.session.config import SeatConfig
from patrician_qt.ui.session.contract import Session, Update
from patrician_qt.ui.session.game_story import GameStory
from patrician_qt.ui.session.host_budget import HostLimits
from patrician_qt.ui.session.host_door import MAX_TURNS, HostDoor
from patrician_qt.ui.session.offload import LoopThread
from patrician_qt.ui.session.peer_record import event_maps, peer_record
from patrician_qt.ui.text.absence import clock_text
from patrician_qt.ui.text.net_text import connection_story, describe, host_error, host_words
from patrician_qt.ui.text.seat_names import display_name

#: how often a connected session asks how its bytes travel (a few seconds: the answer is for people)
ROUTE_EVERY_MS = 3000


def _t(text: str) -> str:
    return QCoreApplication.translate("RemoteSession", text)


class RemoteSession(Session):
    """A seat (or a spectator's chair) at a table hosted elsewhere, or by this app's own host."""

    # Maps and lists travel as `object`: Signal(dict) / Signal(list) would copy them into Qt variants.
    connected = Signal(object)  # the welcome map, once connected
    connectFailed = Signal(str, str)  # title, details (for people)
    lobbyChanged = Signal(object)  # list of seat maps
    started = Signal()  # the first update of a game arrived: show the game
    caughtUp = Signal(object, float)  # events missed while away (list), seconds away (-1: not known)
    rematchOpened = Signal()  # the host dealt a new game at this table: its lobby is open again
    routeChanged = Signal(str)  # how the bytes travel now: "direct", "relay" ("" while not connected)
    earlierChat = Signal(str, str)  # a line said before this session came (the feature chat-history)
    _post = Signal()  # messages from the loop thread wait in the door

    def __init__(self, *, client_options: dict[str, Any] | None = None, host_limits: HostLimits | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._loop_host = LoopThread("patrician-lan")
        self._options = dict(client_options or {})
        self._client: Client | None = None
        self._connect: Future[Any] | None = None
        self._door = HostDoor(self._loop_host, self._post.emit, self._on_message, lambda: self.state != "stopped",
                              host_limits)
        self._post.connect(self._door.drain)
        self._current: Update | None = None
        self._story = GameStory()
        self._dropped_at: float | None = None  # when the connection broke (monotonic), until caught up
        self._gone_at: dict[int, float] = {}  # since when each seat's player is gone, as far as we saw
        self._state_hint = ""  # the table's phase from the latest lobby message
        self._reconnects = 0  # welcomes after the first (the client came back by itself)
        self._closed = False
        self.lobby: list[SeatEntry] = []
        self.spectators: list[str] = []  # who watches, as the host lists them (a host that predates it: none)
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
        #: how the bytes travel now (``Client.route``), asked again every few seconds: an internet
        #: connection may start through a relay and go direct once the routers let it through
        self.route = ""
        self._route_timer = QTimer(self)
        self._route_timer.setInterval(ROUTE_EVERY_MS)
        self._route_timer.timeout.connect(self._ask_route)

    # -- connecting ------------------------------------------------------------------------------
    def open(self, host: str, port: int, name: str, token: str | None = None, role: str = "player") -> None:
        """Connect in the background: ``connected`` or ``connectFailed`` follows (never blocks)."""
        if self._client is not None:
            raise RuntimeError("this session is already connected")
        self.address, self.name, self.role = (host, port), name, role
        self.state = "connecting"
        client = self._client = self._door.client = Client(on_message=self._door.arrive, **self._options)

        async def run() -> None:
            try:
                await client.connect(host, port, name, token=token, role=role)
            except NetError as exc:
                self._door.queue({"t": "_failed", "title": failure_title(exc), "text": describe(exc),
                                 "kind": exc.__class__.__name__, "error_kind": exc.kind})
            except Exception as exc:  # never a traceback for the user
                self._door.queue({"t": "_failed", "title": _t("Cannot connect"), "text": describe(exc),
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
        return connection_story(self.state, self.table_name or f"{self.address[0]}:{self.address[1]}",
                                self.first_problem, self.last_attempt, self.error_kind, self.error)

    def _ask_route(self) -> None:
        """Have the client say on its loop how its bytes travel; the answer comes back as a message."""
        door = self._door
        door.on_client(lambda client: door.queue({"t": "_route", "route": client.route}))

    def _note_route(self, route: str) -> None:
        if route != self.route:
            self.route = route
            self.routeChanged.emit(route)

    # -- messages (UI thread) ------------------------------------------------------------------
    def _on_message(self, message: dict[str, Any]) -> None:
        if self._closed:
            return
        kind = message.get("t")
        if kind == "_route":
            self._note_route(str(message.get("route") or ""))
        elif kind == "_failed":
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
            self.spectators = list(table.get("spectators") or [])
            self._story.take_past()  # the story (if any) follows this welcome
            self._seen_lobby(self.lobby)
            if not first:
                self._reconnects += 1
            if first:
                self.state = "connected"
                self._ask_route()
                self._route_timer.start()
                self.connected.emit(message)
            elif table.get("state") == "lobby":
                self._back_to_lobby()  # came back while the host opened a rematch
            self.lobbyChanged.emit(self.lobby)
        elif kind == "lobby":
            self.lobby = list(message.get("seats") or [])
            self.spectators = list(message.get("spectators") or [])
            self._seen_lobby(self.lobby)
            if message.get("state") == "lobby":
                self._back_to_lobby()
            self.lobbyChanged.emit(self.lobby)
        elif kind == "past":
            if isinstance(message.get("seq"), int):
                self._story.told(int(message["seq"]), event_maps(message.get("events")))
        elif kind == "update":
            self._update(message)
        elif kind == "rejected":
            reason, rule = str(message.get("reason") or ""), str(message.get("rule") or "")
            # a rule's refusal is retold from its rule number; the host's own reasons are matched here
            self.rejected.emit(reason if rule else host_words(reason) or reason, rule)
        elif kind == "chat":
            sender, text = str(message.get("from") or ""), str(message.get("text") or "")
            if not message.get("earlier"):
                self.chatReceived.emit(sender, text)
            elif self._reconnects == 0:  # after a reconnect this session has those lines already
                self.earlierChat.emit(sender, text)
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
        events = tuple(self._story.kept(event_maps(message.get("events"))))
        if self._current is not None and not events and message.get("events"):  # seat events the log has no
            self._current = Update(seq, self._current.views, (), None, False)  # room for: the lobby tells them
            return
        past, story = self._story.take_past(), self._story
        missed: list[Event] | None = None
        if self._current is None:
            told = story.kept(e for _seq, told in past for e in told)  # the game so far (a late join, a new app)
            story.add(told)
            if told:  # this first update's own events (a return: joined …) end the story told at once
                story.add(events)
                events = ()
        elif (past or self._dropped_at is not None) and "history" in ((self.welcome or {}).get("features") or ()):
            # back after a drop, at a host that tells the story: what happened meanwhile
            missed = story.kept(e for told_seq, told in past if told_seq > self._current.seq for e in told)
            story.add(missed)
        story.add(events)
        if story.overflowed:  # a host that tells the game again and again
            self._door.refuse_later(f"more than {MAX_TURNS} turns in one game")
            return
        views: dict[int | None, View] = {None: {**view, "seat": None, "hand": []}}
        if view.get("seat") is not None:
            views[view["seat"]] = view
            story.saw(view)
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

    def _back_to_lobby(self) -> None:
        """A finished game's table is a lobby again (a rematch): forget the game, keep the seat."""
        self._state_hint = "lobby"
        if self._current is None or not self._current.over:
            return
        self._current = None
        self._story.clear()
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
        return list(self._story.events)

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
        public = self._current.view(None) if self._current is not None else None
        result = public.get("result") if public is not None else None
        visibility = public.get("visibility") if public is not None else None
        return peer_record([s.name for s in self._seats()], self._story.events, self.table_name, self.seat, result,
                           self._story.views, visibility)

    def close(self) -> None:
        """Disconnect for good and stop the loop thread."""
        if self.state == "stopped":
            return
        self._closed = True
        self._route_timer.stop()
        client = self._client
        self.state = "stopped"
        self._loop_host.close(client.close() if client is not None else None)  # the client says goodbye first

    # -- for tests and tools ------------------------------------------------------------------------
    def stop_reading(self) -> None:
        """Hear nothing more from the host, as when a cable is pulled (the client then gives up on it and
        reconnects); for tests and tools."""
        self._door.on_client(Client.stop_reading)

    def drop_connection(self) -> None:
        """Break the TCP connection as a network fault would (the client then reconnects)."""
        self._door.on_client(Client.abort_connection)
