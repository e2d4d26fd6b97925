"""A Session over the LAN: the window talks to a host through ``net.client.Client`` (DESIGN.md).

Why: the main window must not know whether its game runs here or on another machine; this
class gives it the same ``Session`` interface as ``LocalSession`` and adds what only a LAN
game has (lobby, chat, connection state). The client runs on a background ``LoopThread``,
the same mechanism ``LocalSession`` uses for the table, so the UI thread never waits.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any, cast

from PySide6.QtCore import QCoreApplication, QObject, Signal

from patrician_qt.engine import Event, Record, RecordTurn, Turn, TurnMap, View, default_colors
from patrician_qt.net import DEFAULT_PORT
from patrician_qt.net.client import (
    AddressError,
    BadToken,
    Client,
    ConnectTimeout,
    HostGone,
    NetError,
    RefusedError,
    TableFull,
    VersionMismatch,
)
from patrician_qt.net.hosted import SeatEntry
from patrician_qt.ui.lan.net_text import describe, host_error, host_words
from patrician_qt.ui.session.config import SeatConfig
from patrician_qt.ui.session.contract import Session, Update
from patrician_qt.ui.session.offload import LoopThread
from patrician_qt.ui.text.seat_names import display_name


def _t(text: str) -> str:
    return QCoreApplication.translate("RemoteSession", text)


def failure_title(error: BaseException) -> str:
    """A short headline for a connection problem (the error's own text says the details)."""
    if isinstance(error, AddressError):
        return _t("Wrong address")
    if isinstance(error, RefusedError):
        return _t("Nobody answers at this address")
    if isinstance(error, ConnectTimeout):
        return _t("The host does not answer")
    if isinstance(error, VersionMismatch):
        return _t("This table runs another version of Patrician")
    if isinstance(error, TableFull):
        return _t("The table is full")
    if isinstance(error, BadToken):
        return _t("Your seat at this table is gone")
    if isinstance(error, HostGone):
        return _t("The host is gone")
    return _t("Cannot connect")


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` or a bare IPv6 literal → (host, port); ValueError says why."""
    text = text.strip()
    if not text:
        raise ValueError(_t("type the host's address, e.g. 192.168.1.20:47147"))
    host, port_text = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(_t("an IPv6 address in brackets needs the closing ]"))
        host, rest = text[1:end], text[end + 1:]
        if rest and not rest.startswith(":"):
            raise ValueError(_t("after [address] comes :port"))
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    if not host.strip():
        raise ValueError(_t("the address has no host name"))
    if not port_text:
        return host.strip(), default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(_t("{port} is not a port number (1–65535)").format(port=port_text))
    return host.strip(), int(port_text)


class RemoteSession(Session):
    """A seat (or a spectator's chair) at a table hosted elsewhere, or by this app's own host."""

    # Maps and lists travel as `object`: Signal(dict) / Signal(list) would copy them into Qt variants.
    connected = Signal(object)  # the welcome map, once connected
    connectFailed = Signal(str, str)  # title, details (for people)
    lobbyChanged = Signal(object)  # list of seat maps
    started = Signal()  # the first update arrived: show the game
    _post = Signal(object)  # message from the loop thread

    def __init__(self, *, client_options: dict[str, Any] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._loop_host = LoopThread("patrician-lan")
        self._loop = self._loop_host.loop
        self._options = dict(client_options or {})
        self._client: Client | None = None
        self._connect: Future[Any] | None = None
        self._post.connect(self._on_message)
        self._current: Update | None = None
        self._events: list[Event] = []
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

    # -- connecting ------------------------------------------------------------------------------
    def open(self, host: str, port: int, name: str, token: str | None = None, role: str = "player") -> None:
        """Connect in the background: ``connected`` or ``connectFailed`` follows (never blocks)."""
        if self._client is not None:
            raise RuntimeError("this session is already connected")
        self.address, self.name, self.role = (host, port), name, role
        self.state = "connecting"
        client = self._client = Client(on_message=self._post.emit, **self._options)

        async def run() -> None:
            try:
                await client.connect(host, port, name, token=token, role=role)
            except NetError as exc:
                self._post.emit({"t": "_failed", "title": failure_title(exc), "text": describe(exc),
                                 "kind": exc.__class__.__name__, "error_kind": exc.kind})
            except Exception as exc:  # never a traceback for the user
                self._post.emit({"t": "_failed", "title": _t("Cannot connect"), "text": describe(exc),
                                 "kind": "other", "error_kind": "other"})

        self._connect = asyncio.run_coroutine_threadsafe(run(), self._loop)

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
    def phase(self) -> str:
        """"lobby", "playing" or "over" as far as this peer knows."""
        if self._current is not None:
            return "over" if self._current.over else "playing"
        return str(((self.welcome or {}).get("table") or {}).get("state") or "lobby")

    # -- messages (UI thread) ------------------------------------------------------------------
    def _on_message(self, message: dict[str, Any]) -> None:
        if self._closed:
            return
        kind = message.get("t")
        if kind == "_failed":
            self.state = "closed"
            self.failure = str(message.get("kind") or "")
            self.error_kind = str(message.get("error_kind") or "")
            self.connectFailed.emit(str(message["title"]), str(message["text"]))
        elif kind == "welcome":
            first = self.welcome is None
            self.welcome = message
            self.seat = message.get("seat")
            self.lobby = list((message.get("table") or {}).get("seats") or self.lobby)
            if first:
                self.state = "connected"
                self.connected.emit(message)
            self.lobbyChanged.emit(self.lobby)
        elif kind == "lobby":
            self.lobby = list(message.get("seats") or [])
            self.lobbyChanged.emit(self.lobby)
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
            self.connectionChanged.emit(self.state, self.error)

    def _update(self, message: dict[str, Any]) -> None:
        view: View | None = message.get("view")  # PROTOCOL.md "The view", from the host
        if not isinstance(view, dict):
            return
        seq = int(message.get("seq") or 0)
        if self._current is not None and seq <= self._current.seq:
            return
        # the host's event maps (PROTOCOL.md "Events"); anything else (not a map, no kind "e") is dropped
        events = cast(tuple[Event, ...], tuple(e for e in message.get("events") or ()
                                               if isinstance(e, dict) and isinstance(e.get("e"), str)))
        self._events.extend(events)
        views: dict[int | None, View] = {None: {**view, "seat": None, "hand": []}}
        if view.get("seat") is not None:
            views[view["seat"]] = view
        mover = next((seat for e in events if isinstance(seat := e.get("seat"), int) and e.get("e") == "played"),
                     None)
        by_bot = mover is not None and mover < len(self.lobby) and self.lobby[mover].get("kind") == "bot"
        first = self._current is None
        self._current = Update(seq, views, events, mover, by_bot)
        if first:
            self.started.emit()  # the window starts following and shows this update
        else:
            self.updated.emit(self._current)

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
        """A seat's connection as the lobby says it: offline, or a bot standing in."""
        if not 0 <= seat < len(self.lobby):
            return ""
        s = self.lobby[seat]
        if s.get("away"):
            return _t("away · a bot plays")
        if s.get("kind") == "human" and not s.get("connected"):
            return _t("offline")
        return ""

    def current(self) -> Update | None:
        """The latest update from the host."""
        return self._current

    def local_humans(self) -> list[int]:
        """This window's own seat (none for a spectator)."""
        if self.seat is None or not 0 <= self.seat < len(self.lobby):
            return [] if self.seat is None else [self.seat]
        return [] if self.lobby[self.seat].get("away") else [self.seat]

    def _run(self, coro_fn: Callable[[Client], Any], on_error: Callable[[str], None], is_turn: bool = False) -> None:
        client = self._client
        if client is None or self._closed:
            on_error(_t("not connected to the host"))
            return

        async def run() -> None:
            try:
                await coro_fn(client)
            except (NetError, ValueError) as exc:
                self._post.emit({"t": "_local_error", "text": describe(exc), "turn": is_turn})

        def done(fut: Future[Any]) -> None:
            with contextlib.suppress(Exception):
                fut.result()

        asyncio.run_coroutine_threadsafe(run(), self._loop).add_done_callback(done)

    def submit(self, seat: int, turn: Turn | TurnMap) -> None:
        """Send the whole turn; ``updated`` (from the host) or ``rejected`` follows."""
        if seat != self.seat:
            self.rejected.emit(_t("this seat is not played at this machine"), "")
            return
        if self.state != "connected":
            self.rejected.emit(_t("not connected to the host: the turn was not sent"), "")
            return
        turn_map = turn.to_map() if isinstance(turn, Turn) else dict(turn)
        self._run(lambda c: c.send_turn(turn_map), lambda text: self.rejected.emit(text, ""), is_turn=True)

    def say(self, text: str) -> None:
        """Chat to everyone at the table."""
        text = text.strip()[:500]
        if text:
            self._run(lambda c: c.chat(text), self.notice.emit)

    def sit(self, seat: int) -> None:
        """In the lobby, take an open seat."""
        self._run(lambda c: c.sit(seat), self.notice.emit)

    def record(self) -> Record:
        """The host's record (in the host's window), else the turns this seat saw (the deal stays secret)."""
        if self.record_source is not None:
            return self.record_source()
        players = [s.name for s in self._seats()]
        turns: list[RecordTurn] = []
        for e in self._events:  # the host's maps: read by pattern, so a malformed one is passed over
            match e:
                case {"e": "played", "seat": int(seat), "card": str(card)}:
                    turns.append({"seat": seat, "card": card, "build": [], "relocate": None, "take": None})
                case {"e": "built", "plot": str(plot)} if turns:
                    turns[-1]["build"].append(plot)
                case {"e": "relocated", "city": str(city), "from": str(plot)} if turns:
                    turns[-1]["relocate"] = {"city": city, "from": plot}
                case {"e": "took", "city": str(city)} if turns:
                    turns[-1]["take"] = city
        meta = {"table": self.table_name, "seen_from_seat": self.seat,
                "note": "saved by a LAN peer: only the host knows the deal"}
        result = self._current.view(None).get("result") if self._current is not None else None
        return Record(players, {}, turns, meta, result)

    def close(self) -> None:
        """Disconnect for good and stop the loop thread."""
        if self.state == "stopped":
            return
        self._closed = True
        client = self._client
        if client is not None:
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(client.close(), self._loop).result(3)
        self.state = "stopped"
        self._loop_host.close()

    # -- for tests and tools ------------------------------------------------------------------------
    def drop_connection(self) -> None:
        """Break the TCP connection as a network fault would (the client then reconnects)."""
        client = self._client
        if client is not None:
            self._loop.call_soon_threadsafe(client.abort_connection)
