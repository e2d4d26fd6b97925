"""The host side of a LAN game inside the app: a Table served by ``net.host.Host``.

Why: the host's window should play like any other seat (it joins its own table through a
``RemoteSession`` over 127.0.0.1), while the table and server live here, apart from any
window, so the game keeps running whatever view the host's player looks at. Both run on a
background ``LoopThread``, the same mechanism ``LocalSession`` uses.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import RULEBOOK, Event, Record
from patrician_qt.net import DEFAULT_PORT
from patrician_qt.net.hosted import Refused
from patrician_qt.table import SaveError, SeatSpec, Table, TableOptions
from patrician_qt.ui.session.offload import LoopThread
from patrician_qt.ui.text.net_text import host_words


def _t(text: str) -> str:
    return QCoreApplication.translate("HostedGame", text)


@dataclass(slots=True)
class HostSetup:
    """What the Host dialog collects: the table, the seats besides the host's own, the port."""

    table_name: str
    player_name: str
    seats: list[tuple[str, str | None]] = field(default_factory=list)  # ("open" | "bot", level), host's excluded
    port: int = DEFAULT_PORT
    bind: str = "0.0.0.0"
    visibility: str = RULEBOOK  # the rulebook table (R26) or the open table (R26a); a resumed game keeps its own
    #: open for the internet too, through this relay setting (net/invitation.py); None: the LAN only
    internet: str | None = None


class HostError(Exception):
    """Hosting could not start; the text is for people (``port_in_use``: another program listens there)."""

    def __init__(self, text: str, port_in_use: bool = False) -> None:
        super().__init__(text)
        self.port_in_use = port_in_use


def free_port_near(bind: str, port: int, tries: int = 50) -> int:
    """A port at or after ``port`` that nobody listens on now (easy to type), else one the system picks."""
    import socket

    for candidate in range(port, min(port + tries, 65536)):
        with socket.socket() as s:
            try:
                s.bind((bind, candidate))
            except OSError:
                continue
            return candidate
    with socket.socket() as s:
        s.bind((bind, 0))
        return int(s.getsockname()[1])


class HostedGame:
    """A table and its server on a background loop; every method returns at once.

    Work for the table goes through ``LoopThread.call`` and answers on the UI thread; what the
    window reads (the record, the chat, who is away) is kept by a listener on the table's thread
    after every change, so reading it never waits. With ``resume`` (a table's autosave) the
    table continues that game, writing on into the same file: same deal, same turns, same seat
    tokens (``Table.resume``).
    """

    def __init__(self, config: HostSetup, *, autosave_dir: Path | None = None,
                 options: TableOptions | None = None, runner: Any = None,
                 host_config: Any = None, advertise: bool = True, resume: Path | None = None,
                 on_trouble: Callable[[Any], None] | None = None) -> None:
        self.config = config
        self.resume_from = resume
        self._on_trouble = on_trouble  # called on the table's loop with a table.trouble.Trouble
        self._loop_host = LoopThread("patrician-host")
        specs = [SeatSpec("human")] + [
            SeatSpec("bot", level) if kind == "bot" else SeatSpec("human") for kind, level in config.seats]
        # In the app the host presses Start: the players meet in the lobby first
        options = dataclasses.replace(options or TableOptions(), auto_start=False)
        self._table_args = (config.table_name, specs, autosave_dir, options, runner)
        self._host_config = host_config
        self._advertise = advertise
        self.table: Table | None = None
        self.server: Any = None
        #: the invitation to the table when it is open for the internet too (set once it listens)
        self.invitation: Any = None
        self._seen = _Seen()  # written on the table's thread, read here

    def start(self, on_started: Callable[[int], object], on_failed: Callable[[HostError], object],
              host_token: str | None = None) -> None:
        """Make the table and listen (zeroconf registers in the background); ``on_started(port)`` or
        ``on_failed(HostError)`` follows on the UI thread (after a failure the loop is closed).

        With ``host_token`` the host's own player sits down first under that token (a resumed game:
        takes its seat back), so the lobby labels exactly that seat "host".
        """
        from patrician_qt.net.host import Host
        from patrician_qt.table.tokens import hash_token

        name, specs, autosave_dir, options, runner = self._table_args

        async def run() -> int:
            if self.resume_from is not None:
                table = Table.resume(self.resume_from, runner=runner, options=options)
            else:
                table = Table(name, specs, runner=runner, autosave_dir=autosave_dir, options=options,
                              visibility=self.config.visibility)
            self.table = table
            table.listen(_Watcher(table, self._seen, self._on_trouble))
            if host_token is not None:
                try:
                    table.seat_host(hash_token(host_token),
                                    name=None if self.resume_from is not None else self.config.player_name,
                                    seat=0)
                except Refused:  # a resumed game this token holds no seat in: the host joins as anyone would
                    pass
            self._seen.look(table)
            listeners = self._internet(autosave_dir)
            self.server = Host(table, self.config.bind, self.config.port, config=self._host_config,
                               advertise=self._advertise, listeners=listeners)
            await self.server.start()
            if listeners:
                self.invitation = listeners[0].invitation
            return int(self.server.port)

        def failed(exc: Exception) -> None:
            self.close()
            on_failed(self._host_error(exc))

        self._loop_host.call(run, on_started, failed)

    def _internet(self, key_dir: Path | None) -> list[Any]:
        """The way in by invitation (the table's lasting key lives beside its autosaves), if asked for."""
        if self.config.internet is None:
            return []
        from patrician_qt.net._iroh_transport import IrohListener
        from patrician_qt.net.invitation import load_or_create_key
        from patrician_qt.table import default_data_dir

        key = load_or_create_key(key_dir or default_data_dir())
        bind = f"[{self.config.bind}]" if ":" in self.config.bind else self.config.bind
        return [IrohListener(key, self.config.internet, bind=f"{bind}:{self.config.port}")]

    def _host_error(self, exc: Exception) -> HostError:
        """Why hosting could not start, in words for people."""
        if isinstance(exc, OSError) and not isinstance(exc, TimeoutError):
            if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
                return HostError(_t("port {port} is in use (is another table running?): pick another port")
                                 .format(port=self.config.port), port_in_use=True)
            return HostError(_t("cannot listen on port {port}: {e}").format(port=self.config.port,
                                                                              e=exc.strerror or exc))
        if isinstance(exc, SaveError):
            return HostError(_t("this game cannot be resumed: {e}").format(e=exc))
        return HostError(str(exc) or _t("the table did not start in time"))

    @property
    def port(self) -> int:
        """The port peers join on."""
        return int(self.server.port) if self.server is not None else self.config.port

    def _refusable(self, fn: Callable[[], object], on_problem: Callable[[str], object]) -> None:
        """Run a table change on the loop; a refusal comes back to ``on_problem`` as text, on the UI thread."""

        def run() -> str | None:
            try:
                fn()
            except Refused as exc:
                return host_words(exc.message) or exc.message  # in the app's language
            except ValueError as exc:
                return str(exc)
            return None

        def answered(problem: str | None) -> None:
            if problem:
                on_problem(problem)

        self._loop_host.call(run, answered)

    def set_seat(self, seat: int, kind: str, level: str | None, on_problem: Callable[[str], object],
                 remove: str | None = None) -> None:
        """In the lobby make a seat open or a bot's (with ``remove``, that player's seat); ``on_problem``
        hears why not. A removed player's connection gets ``bad-token`` from the host and is closed."""
        table = self.table
        assert table is not None
        self._refusable(lambda: table.set_seat(seat, kind, level, remove=remove), on_problem)

    def start_now(self, on_problem: Callable[[str], object]) -> None:
        """Start with the filled seats (at least two); ``on_problem`` hears why not."""
        table, server = self.table, self.server
        assert table is not None

        def go() -> None:
            table.start_now()
            server.renumber_seats()

        self._refusable(go, on_problem)

    def hand_to_bot(self, seat: int, on_problem: Callable[[str], object]) -> None:
        """Let a bot play a gone player's seat (the player may take it back); ``on_problem`` hears why not."""
        table = self.table
        assert table is not None
        self._refusable(lambda: table.hand_to_bot(seat), on_problem)

    def hold_seat(self, seat: int, hold: bool, on_problem: Callable[[str], object]) -> None:
        """Stop (or start again) the countdown after which a bot plays a gone player's seat."""
        table = self.table
        assert table is not None
        self._refusable(lambda: table.hold_seat(seat, hold), on_problem)

    def rematch(self, on_problem: Callable[[str], object]) -> None:
        """After a game: a new deal at this table with the same seats (back to the lobby)."""
        table = self.table
        assert table is not None
        self._refusable(table.rematch, on_problem)

    def absences(self) -> list[dict[str, Any]]:
        """Who is gone, for how long, and when a bot takes over (``Table.absences``); [] once closed."""
        table = self.table
        if table is None or self.server is None:
            return []
        seen = self._seen
        self._loop_host.post(lambda: seen.look(table))  # read again for the next time (a clock ticks each second)
        return seen.absences_now()

    def retry(self) -> None:
        """Try again what failed in the table's background work (its bot, its autosave)."""
        table = self.table
        if table is not None:
            self._loop_host.post(table.retry)

    def use_simple_bots(self) -> None:
        """Let bots that think in this process play on when the bots' worker cannot start."""
        table = self.table
        if table is not None:
            self._loop_host.post(table.use_simple_bots)

    def record(self) -> Record:
        """The whole record so far (the host knows the deal), as of the table's latest change."""
        record = self._seen.record
        if record is None:
            raise Refused("not-your-turn", "the game has not started")
        return record

    def playing(self) -> bool:
        """A game is on at the table, as of its latest change: it is known here before any seat hears of it
        (the host's own seat may hear of the start after the others on a busy machine)."""
        return self._seen.phase == "playing"

    def chat_history(self) -> list[tuple[str, str]]:
        """What was said at this table (a resumed table: also before the break), oldest first."""
        return list(self._seen.chat)

    def close(self, ending: bool = False) -> None:
        """Stop the server and the table (the autosave stays); ``ending``: the host closes the table on
        purpose, and every peer is told so (a `closed` message: nothing to reconnect to)."""
        server, table = self.server, self.table
        self.server = None

        async def run() -> None:
            if server is not None:
                await (server.close_table() if ending else server.close())
            if table is not None:
                await table.close()

        self._loop_host.close(run())


class _Seen:
    """What the host's window reads of the table, as of its latest change (kept on the table's thread)."""

    def __init__(self) -> None:
        self.record: Record | None = None
        self.chat: list[tuple[str, str]] = []
        self.absences: list[dict[str, Any]] = []
        self.at = 0.0  # the table loop's clock (time.monotonic) when ``absences`` was read
        self.phase = "lobby"  # the table's phase: "lobby", "playing" or "over"

    def look(self, table: Table) -> None:
        """Read the table again (on its thread): each value is replaced whole, so a reader sees old or new."""
        try:
            self.record = table.record(for_sharing=True)
        except Refused:  # no game yet
            self.record = None
        self.chat = table.chat_history()
        self.absences, self.at = table.absences(), asyncio.get_running_loop().time()
        self.phase = table.phase()

    def absences_now(self) -> list[dict[str, Any]]:
        """The absences as they are now: the clocks moved on since they were read."""
        absences, at = self.absences, self.at
        passed = max(0.0, time.monotonic() - at)
        return [{**a, "gone_for": a["gone_for"] + passed,
                 "takeover_in": None if a["takeover_in"] is None else max(0.0, a["takeover_in"] - passed)}
                for a in absences]


class _Watcher:
    """The host app's listener on its table: keeps what the window reads, passes troubles to the app."""

    def __init__(self, table: Table, seen: _Seen, tell: Callable[[Any], None] | None) -> None:
        self._table, self._seen, self._tell = table, seen, tell

    def table_changed(self, seq: int, events: Sequence[Event]) -> None:
        """A turn or a seat event (updates reach the host's window through its own seat's connection)."""
        self._seen.look(self._table)

    def lobby_changed(self) -> None:
        """Seats, connections or the phase changed."""
        self._seen.look(self._table)

    def chat(self, sender: str, text: str) -> None:
        """Someone said something."""
        self._seen.look(self._table)

    def table_trouble(self, trouble: Any) -> None:
        """Tell the app."""
        if self._tell is not None:
            self._tell(trouble)
