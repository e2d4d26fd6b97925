"""The LAN host: serves one table to peers over TCP (PROTOCOL.md, docs/protocol.md).

Why: the host is the only authority; it turns peer messages into calls on a
`net.hosted.HostedTable` and the table's changes into per-seat `update`
messages, and it keeps hostile or slow peers from hurting anyone else.

Usage (on any running asyncio loop, e.g. qasync's)::

    host = Host(table, "0.0.0.0", 47147)      # port 0 picks a free port
    await host.start()                         # accepting when this returns
    print(host.port)
    ...
    await host.close()                         # quick; leaves the table alone
    # or: await host.close_table()             # tells every peer the table is closed for good

`advertise=True` announces the table with zeroconf in the background:
registration never delays `start()` or `close()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ._framing import encode, update_frame
from ._memory import release_free_memory
from ._messages import (
    CHAT_HISTORY,
    CHAT_HISTORY_LINES,
    DEFAULT_PORT,
    ENDED_NO_RESULT,
    HISTORY,
    PROTOCOL_VERSION,
    BadMessage,
    check_chat,
    check_features,
    check_hello,
    check_ping,
    check_sit,
    check_turn,
    error,
)
from ._peer import HostConfig, PeerConnection, hostile_log
from .hosted import SPECTATOR_LABEL, HostedTable, Refused, hash_token, name_key, new_token, takes_label

__all__ = ["DEFAULT_PORT", "Host", "HostConfig"]

log = logging.getLogger("net.host")

_KNOWN = ("hello", "sit", "turn", "chat", "ping", "leave")

#: `closed.reason` when the host ends the table on purpose (docs/protocol.md "Closing the table").
TABLE_CLOSED = "table-closed"


class Listener(Protocol):
    """Another way in beside TCP (net/_iroh_transport.py's IrohListener): it makes a peer with the
    factory for each connection, whose transport is an `asyncio.Transport` like TCP's."""

    async def serve(self, protocol_factory: Callable[[], PeerConnection]) -> object:
        """Start accepting."""

    def close(self) -> None:
        """Accept no more."""

    async def wait_closed(self) -> None:
        """Let go of everything (after the peers were closed)."""


class Host:
    """Accept peers, route their messages to a table and fan the table's changes out."""

    def __init__(
        self,
        table: HostedTable,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        *,
        config: HostConfig | None = None,
        advertise: bool = False,
        listeners: Sequence[Listener] = (),
    ) -> None:
        self.table = table
        self.config = config or HostConfig()
        self._bind = host
        self._port = port
        self._advertise = advertise
        self._server: asyncio.base_events.Server | None = None
        self._closing = False  # close() began: no more lobbies (a `closed` farewell is the last message)
        #: more ways in beside TCP (the internet transport); peers that come through them are peers like any
        self._listeners = tuple(listeners)
        self._peers: set[PeerConnection] = set()
        #: open connections by remote address (closed ones leave at once)
        self._by_address: dict[str, set[PeerConnection]] = {}
        #: chat budget per remote address: (tokens, when last refilled)
        self._chat_budget: dict[str, tuple[float, float]] = {}
        self._by_seat: dict[int, PeerConnection] = {}
        self._spectators: set[PeerConnection] = set()
        self._unlisten: Any = None
        self._sweeper: asyncio.Task[None] | None = None
        #: connections closed since freed memory was last given back, and when one last opened
        self._closed_since_trim = 0
        self._last_opened = 0.0
        self._advertiser: Any = None
        self.started_at: float | None = None

    # life cycle -------------------------------------------------------
    async def start(self) -> None:
        """Listen now; zeroconf (if asked) registers in the background."""
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            self._make_peer, self._bind, self._port, reuse_address=True
        )
        for listener in self._listeners:
            await listener.serve(self._make_peer)
        self.started_at = time.monotonic()
        self._unlisten = self.table.listen(self)
        self._sweeper = loop.create_task(self._sweep())
        log.info("listening on %s port %d", self._bind, self.port)
        if self._advertise:
            from .discovery import Advertiser

            self._advertiser = Advertiser(
                self.table.name, self.port, bind=self._bind, **self._txt()
            )
            self._advertiser.start()

    @property
    def port(self) -> int:
        """The port actually listened on (useful with port 0)."""
        if self._server is None or not self._server.sockets:
            return self._port
        return int(self._server.sockets[0].getsockname()[1])

    @property
    def peers(self) -> int:
        """How many connections are open."""
        return len(self._peers)

    async def close_table(self, message: str = "the host closed the table: the game is over") -> None:
        """Close for good: every welcomed peer gets `closed` (reason "table-closed"), then `close()`.

        Why: a peer must not keep reconnecting to a table its host ended on purpose;
        `net.client.Client` ends with `TableClosed` instead. A host that merely stops (a
        crash, Ctrl-C, quitting the app) uses `close()`: its peers reconnect, and the game
        may resume from the autosave.
        """
        await self.close(farewell={"t": "closed", "reason": TABLE_CLOSED, "message": message})

    async def close(self, *, farewell: dict[str, Any] | None = None) -> None:
        """Stop accepting, close every connection, withdraw the advertisement.

        Connections get up to a second to take what was sent to them (a `farewell`, if
        given, goes to every welcomed peer last); slower ones are cut.
        """
        self._closing = True
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        if self._server is not None:
            self._server.close()
        for listener in self._listeners:
            listener.close()
        data = encode(farewell) if farewell is not None else None
        peers = list(self._peers)
        for peer in peers:
            if data is not None and peer.welcomed:
                peer.send_bytes(data)
            peer.close()
        pending = [p.gone for p in peers if p.gone is not None and not p.gone.done()]
        if pending:
            await asyncio.wait(pending, timeout=1.0)
        for peer in peers:
            if peer.gone is not None and not peer.gone.done():
                peer.abort()
        del peers, pending
        if self._server is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
            self._server = None
        for listener in self._listeners:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(listener.wait_closed(), 2.0)
        if self._advertiser is not None:
            await self._advertiser.close()
            self._advertiser = None

    def drop_seat(self, seat: int) -> None:
        """Close the connection that holds a seat (the host's UI "kick")."""
        peer = self._by_seat.get(seat)
        if peer is not None:
            peer.close()

    def renumber_seats(self) -> None:
        """Follow a table that renumbered its seats (e.g. removed open ones): each peer gets a new welcome."""
        self._by_seat.clear()
        for peer in list(self._peers):
            if not peer.welcomed or peer.token_hash is None:
                continue
            seat = self.table.seat_of(peer.token_hash)
            if seat is None and peer.seat is None:
                continue
            if seat is None:
                self._spectators.add(peer)
            else:
                self._spectators.discard(peer)
                self._by_seat[seat] = peer
            if seat != peer.seat:
                peer.seat = seat
                peer.send(self._welcome(peer))

    # connections ------------------------------------------------------
    def _make_peer(self) -> PeerConnection:
        peer = PeerConnection(self.config, self._handle, self._closed, self._opened)
        self._peers.add(peer)
        return peer

    def _opened(self, peer: PeerConnection) -> str | None:
        """Admit a new connection, or say why not (it then gets `busy` and is closed).

        Per remote address and in all, the oldest connection that has not been welcomed
        yet makes room for the new one: silent or half-sent connections can never lock
        out an honest player, nor a seat's owner coming back with its token.
        Only when every connection of that address (or every one) is welcomed is the new
        one refused; a reconnecting client tries again later.
        """
        cfg = self.config
        self._last_opened = time.monotonic()
        mine = self._by_address.get(peer.address, set())
        if len(mine) >= cfg.max_per_address and not self._evict_pending(mine, peer):
            hostile_log.info(peer.address, "%s: too many connections from this address, refused", peer.peername)
            return f"too many connections from your address ({cfg.max_per_address})"
        if self._open_count() >= cfg.max_connections and not self._evict_pending(self._heaviest(peer), peer):
            hostile_log.info(peer.address, "%s: too many connections, refused", peer.peername)
            return "too many connections to this host"
        self._by_address.setdefault(peer.address, set()).add(peer)
        return None

    def _open_count(self) -> int:
        return sum(len(peers) for peers in self._by_address.values())

    def _heaviest(self, newcomer: PeerConnection) -> set[PeerConnection]:
        """The connections of the address that has the most open, among those with one not
        welcomed yet: when the host is full, that address makes room, not a lone newcomer."""
        best: set[PeerConnection] = set()
        for peers in self._by_address.values():
            if len(peers) > len(best) and any(not p.welcomed and not p.closed and p is not newcomer
                                              for p in peers):
                best = peers
        return best

    def _evict_pending(self, peers: set[PeerConnection], newcomer: PeerConnection) -> bool:
        """Close the oldest connection of `peers` not yet welcomed; False if there is none."""
        pending = [p for p in peers if not p.welcomed and not p.closed and p is not newcomer]
        if not pending:
            return False
        oldest = min(pending, key=lambda p: p.opened)
        hostile_log.info(oldest.address, "%s: not welcomed yet, closed to make room", oldest.peername)
        oldest.send(error("busy", "closed to make room: say hello sooner"))
        oldest.close()
        self._forget_address(oldest)
        return True

    def _forget_address(self, peer: PeerConnection) -> None:
        mine = self._by_address.get(peer.address)
        if mine is not None:
            mine.discard(peer)
            if not mine:
                del self._by_address[peer.address]

    def _closed(self, peer: PeerConnection) -> None:
        self._closed_since_trim += 1
        self._peers.discard(peer)
        self._forget_address(peer)
        watched = peer in self._spectators
        self._spectators.discard(peer)
        if watched and not self._closing:  # the others see who watches (not while the host closes)
            self.lobby_changed()
        seat = peer.seat
        if seat is not None and self._by_seat.get(seat) is peer:
            del self._by_seat[seat]
            how = "left" if peer.goodbye else "lost" if peer.lost else "closed"
            log.info("seat %d (%s) disconnected (%s)", seat, peer.name, how)
            self.table.set_connected(seat, False, how)

    async def _sweep(self) -> None:
        """Keep-alive, every `sweep_interval` seconds (no connection stays referenced in between)."""
        while True:
            await asyncio.sleep(self.config.sweep_interval)
            self._sweep_once(time.monotonic())

    def _sweep_once(self, now: float) -> None:
        """Drop welcomed peers gone silent and connections that did not say hello in time;
        forget chat budgets that are full again (a full budget is what a newcomer gets)."""
        cfg = self.config
        for peer in list(self._peers):
            if peer.welcomed and now - peer.last_heard > cfg.idle_timeout:
                log.info("%s (%s): silent for %.1f s, dropped", peer.peername, peer.name,
                         now - peer.last_heard)
                peer.lost = True
                peer.abort()
            elif not peer.welcomed and now - peer.opened > cfg.hello_timeout:
                hostile_log.info(peer.address, "%s: no hello within %g s, dropped", peer.peername,
                                 cfg.hello_timeout)
                peer.abort()
        for address, (tokens, last) in list(self._chat_budget.items()):
            if tokens + (now - last) * cfg.chat_rate >= cfg.chat_burst:
                del self._chat_budget[address]
        hostile_log.flush(now)
        # After a flood of connections has stopped, give the freed memory back (net/_memory.py).
        if self._closed_since_trim >= 32 and now - self._last_opened >= 2.0:
            self._closed_since_trim = 0
            release_free_memory()

    # messages ---------------------------------------------------------
    def _handle(self, peer: PeerConnection, message: dict[str, Any]) -> None:
        kind = message["t"]
        try:
            if kind == "ping":
                peer.send({"t": "pong", "n": check_ping(message)})
            elif kind == "hello":
                self._hello(peer, message)
            elif kind not in _KNOWN:
                peer.send(error("unknown-type", f"unknown message type {kind[:40]!r}"))
            elif not peer.welcomed:
                peer.send(error("bad-message", "say hello first"))
            elif kind == "turn":
                self._turn(peer, message)
            elif kind == "chat":
                text = check_chat(message)
                if self._chat_allowed(peer):
                    self.table.say(_chat_label(peer.name, peer.seat is None), text)
            elif kind == "sit":
                self._sit(peer, check_sit(message))
            elif kind == "leave":
                peer.goodbye = True  # the others are told this player left, not that the line broke
                peer.close()
        except BadMessage as exc:
            peer.send(error("bad-message", f"{kind}: {exc}"))
        except Refused as exc:
            peer.send(error(exc.code, exc.message))
        except Exception:  # a bug must cost one message, never the host
            log.exception("%s: could not handle a %r message", peer.peername, kind[:40])
            peer.send(error("bad-message", f"{kind[:40]}: the host could not handle this message"))

    def _hello(self, peer: PeerConnection, message: dict[str, Any]) -> None:
        if peer.welcomed:
            raise BadMessage("already welcomed")
        version, name, token, role = check_hello(message)
        features = check_features(message)
        if version != PROTOCOL_VERSION:
            peer.send(error("version", f"this host speaks protocol version {PROTOCOL_VERSION}, "
                                       f"not {version}"))
            peer.close()
            return
        seat: int | None
        if token is None and self._name_taken(name, role == "spectator", peer):
            raise Refused("name-taken", f"someone at this table is already called {name}: choose another name")
        if token is not None:
            token_hash = hash_token(token)
            seat = self.table.seat_of(token_hash)
            if seat is None:
                raise Refused("bad-token", "this token does not hold a seat at this table")
            old = self._by_seat.pop(seat, None)
            if old is not None and old is not peer:
                old.seat = None
                old.send(error("bad-token", "your seat was reclaimed by a newer connection"))
                old.close()
                self.table.set_connected(seat, False)
        elif role == "player":
            token = new_token()
            token_hash = hash_token(token)
            try:
                seat = self.table.sit(None, name, token_hash)
            except Refused as exc:
                if exc.code == "table-full":
                    peer.send(error("table-full", exc.message))
                    peer.close()
                    return
                raise
        else:
            if len(self._spectators) >= self.config.max_spectators:
                peer.send(error("table-full", "no room for more spectators"))
                peer.close()
                return
            token = new_token()
            token_hash = hash_token(token)
            seat = None
        peer.welcomed = True
        peer.welcomed_at = time.monotonic()
        # A seat keeps the name it was taken with, also when reclaimed under another one.
        peer.name = name if seat is None else str(self.table.seats()[seat].get("name") or name)
        peer.token_hash = token_hash
        peer.token = token
        peer.seat = seat
        peer.features = features
        peer.ended_no_result = features is not None and ENDED_NO_RESULT in features
        if seat is None:
            self._spectators.add(peer)
            hostile_log.info(peer.address, "%s joined as spectator", name)  # cheap to repeat: throttled
        else:
            self._by_seat[seat] = peer
            log.info("%s joined at seat %d", name, seat)
        peer.send(self._welcome(peer))
        story = getattr(self.table, "story", None)
        if features is not None and HISTORY in features and story is not None and self.table.current(seat):
            # The story first: the seat events of this very return (joined, …) come after it
            for past_seq, events in story():
                peer.send({"t": "past", "seq": past_seq, "events": events})
        said = getattr(self.table, "chat_history", None)
        if features is not None and CHAT_HISTORY in features and said is not None:
            # what was said before this peer came (a new app has an empty chat); marked as earlier lines
            for sender, text in list(said())[-CHAT_HISTORY_LINES:]:
                peer.send({"t": "chat", "from": sender, "text": text, "earlier": True})
        if seat is not None:
            self.table.set_connected(seat, True)  # publishes lobby (and events) to everyone
        else:
            self.lobby_changed()  # to everyone: the lobby lists who watches
        current = self.table.current(seat)
        if current is not None and current[0] != peer.last_seq:
            # unless the seat events of this very return (joined, …) already brought this position
            seq, view = current
            peer.last_seq = seq
            peer.send({"t": "update", "seq": seq, "view": view, "events": []})

    def _turn(self, peer: PeerConnection, message: dict[str, Any]) -> None:
        seq, turn = check_turn(message)
        if peer.seat is None:
            raise Refused("not-your-turn", "spectators cannot play")
        try:
            self.table.submit(peer.seat, seq, turn)
        except Refused as exc:
            if exc.code != "rejected":
                raise
            peer.send({"t": "rejected", "seq": seq, "reason": exc.message, "rule": exc.rule})

    def _sit(self, peer: PeerConnection, seat: int) -> None:
        assert peer.token_hash is not None
        was_spectator = peer.seat is None
        if was_spectator:  # the lobby the table publishes on sitting no longer lists them as watching
            self._spectators.discard(peer)
        try:
            new_seat = self.table.sit(seat, peer.name, peer.token_hash)
        except Exception:
            if was_spectator:
                self._spectators.add(peer)
            raise
        if not was_spectator and peer.seat is not None and self._by_seat.get(peer.seat) is peer:
            del self._by_seat[peer.seat]
        peer.seat = new_seat
        self._by_seat[new_seat] = peer
        # The token stays the same; the new welcome tells the peer its seat.
        peer.send(self._welcome(peer))
        self.table.set_connected(new_seat, True)

    # the table's changes ---------------------------------------------
    def table_changed(self, seq: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Send each connected seat its own view, and spectators theirs.

        Each view is packed once (the spectators share one), and each variant of the
        events list (as is, or with `ended` lean for peers that asked) at most once.
        """
        packed = _PackedEvents(events)
        for seat, peer in list(self._by_seat.items()):
            current = self.table.current(seat)
            if current is None:
                continue
            view = current[1]
            peer.last_seq = seq
            peer.send_bytes(update_frame(seq, encode(view),
                                         packed.events(view, peer.ended_no_result)))
        if self._spectators:
            current = self.table.current(None)
            if current is None:
                return
            view = current[1]
            view_bytes = encode(view)
            frames: dict[bool, bytes] = {}  # at most two: by whether the peer asked for ended-no-result
            for peer in list(self._spectators):
                lean = peer.ended_no_result
                data = frames.get(lean)
                if data is None:
                    data = frames[lean] = update_frame(seq, view_bytes, packed.events(view, lean))
                peer.last_seq = seq
                peer.send_bytes(data)

    def lobby_changed(self) -> None:
        """Send the seat list to every welcomed peer and refresh the advertisement.

        First, a connected peer whose token no longer holds a seat (the host removed the
        player in the lobby) gets `bad-token` and is closed.
        """
        self._close_unseated()
        data = encode(self._lobby())
        for peer in list(self._peers):
            if peer.welcomed:
                peer.send_bytes(data)
        if self._advertiser is not None:
            self._advertiser.update(**self._txt())

    def chat(self, sender: str, text: str) -> None:
        """Pass a chat line to everyone welcomed."""
        data = encode({"t": "chat", "from": sender, "text": text})
        for peer in list(self._peers):
            if peer.welcomed:
                peer.send_bytes(data)

    # helpers ----------------------------------------------------------
    def _chat_allowed(self, peer: PeerConnection) -> bool:
        """Spend one chat line of the peer's address; False (and a `rate` error at most once a
        second) when the address has used its budget: many connections share one budget."""
        cfg = self.config
        now = time.monotonic()
        tokens, last = self._chat_budget.get(peer.address, (cfg.chat_burst, now))
        tokens = min(cfg.chat_burst, tokens + (now - last) * cfg.chat_rate)
        allowed = tokens >= 1.0
        self._chat_budget[peer.address] = (tokens - 1.0 if allowed else tokens, now)
        if not allowed and now - peer.chat_warned_at >= 1.0:
            peer.chat_warned_at = now
            peer.send(error("rate", f"more than {cfg.chat_rate:g} chat lines per second from your "
                                    f"address; line dropped"))
        return allowed

    def _name_taken(self, name: str, spectator: bool, peer: PeerConnection) -> bool:
        """True if the name (or, for a spectator, its chat label) is someone else's at this table.

        Names compare without case and spaces (`net.hosted.name_key`), against every seat's
        name and every other spectator's name and label: nobody can pass for someone else
        in the lobby or the chat. The table checks seats itself as well.
        """
        taken: set[str] = set()
        for seat in self.table.seats():
            if seat.get("kind") != "open" and seat.get("name"):
                taken.add(name_key(str(seat["name"])))
        for other in self._spectators:
            if other is not peer:
                taken.add(name_key(other.name))
                taken.add(name_key(_chat_label(other.name, True)))
        mine = {name_key(name)}
        if spectator:
            mine.add(name_key(_chat_label(name, True)))
        # Nobody sits as "Alice (spectator)": in the chat it would pass for a spectator's label
        return not taken.isdisjoint(mine) or takes_label(name)

    def _close_unseated(self) -> None:
        """Close each seated peer whose token the table no longer seats, with `bad-token` first.

        A seat number that merely changed (a `sit` under way, `renumber_seats` to follow)
        is not this: only a token that holds no seat at all.
        """
        for seat, peer in list(self._by_seat.items()):
            if peer.token_hash is None or self.table.seat_of(peer.token_hash) is not None:
                continue
            del self._by_seat[seat]
            peer.seat = None  # its closing must not mark the seat (now someone else's) as gone
            log.info("%s no longer holds seat %d: closing", peer.name, seat)
            peer.send(error("bad-token", "the host removed you from the table"))
            peer.close()

    def _welcome(self, peer: PeerConnection) -> dict[str, Any]:
        """The `welcome` for a peer; `features` only if its hello asked for any."""
        welcome = {"t": "welcome", "v": PROTOCOL_VERSION, "seat": peer.seat, "token": peer.token,
                   "table": self._table_map()}
        if peer.features is not None:
            welcome["features"] = list(peer.features)
        return welcome

    def _table_map(self) -> dict[str, Any]:
        return {**self._options(), "name": self.table.name, "seats": self.table.seats(),
                "state": self.table.phase(), "spectators": self._watching()}

    def _lobby(self) -> dict[str, Any]:
        """The `lobby` message: the seat list, plus the table's game options (docs/protocol.md)."""
        return {**self._options(), "t": "lobby", "seats": self.table.seats(), "state": self.table.phase(),
                "spectators": self._watching()}

    def _watching(self) -> list[str]:
        """The welcomed spectators' names, in the order they came (at most max_spectators)."""
        return [p.name for p in sorted(self._spectators, key=lambda p: p.welcomed_at) if p.name]

    def _options(self) -> dict[str, Any]:
        """The table's game options (e.g. `visibility`), passed on as they are: the host knows no rule."""
        return dict(self.table.game_options())

    def _txt(self) -> dict[str, Any]:
        seats = self.table.seats()
        free = sum(1 for s in seats if s.get("kind") == "open")
        return {"state": self.table.phase(), "free": free, "total": len(seats)}


def _chat_label(name: str, spectator: bool) -> str:
    """`chat.from`: the seat's name, or `NAME (spectator)`."""
    return f"{name}{SPECTATOR_LABEL}" if spectator else name


class _PackedEvents:
    """One update's events, packed at most once as they are and once with a lean `ended`.

    Why: the final update would carry the result map twice (`view.result` and
    `ended.result`, the same map); peers that asked for "ended-no-result" get the
    `ended` event without it and read it from the view (docs/protocol.md "Features").
    """

    __slots__ = ("_events", "_full", "_lean", "_results")

    def __init__(self, events: Sequence[Mapping[str, Any]]) -> None:
        self._events = events
        self._full: bytes | None = None
        self._lean: bytes | None = None
        #: the results the `ended` events carry (almost always none; one in the final update)
        self._results = [e["result"] for e in events if e.get("e") == "ended" and "result" in e]

    def events(self, view: Mapping[str, Any], lean: bool) -> bytes:
        """The packed events for a peer seeing this view."""
        # Leaving `result` out is only right when the view carries that very map.
        if lean and self._results and all(r == view.get("result") for r in self._results):
            if self._lean is None:
                self._lean = encode([
                    {k: v for k, v in e.items() if k != "result"} if e.get("e") == "ended" else e
                    for e in self._events])
            return self._lean
        if self._full is None:
            self._full = encode(self._events)
        return self._full
