"""The host side of a LAN game inside the app: a Table served by ``net.host.Host``.

Why: the host's window should play like any other seat (it joins its own table through a
``RemoteSession`` over 127.0.0.1), while the table and server live here, apart from any
window, so the game keeps running whatever view the host's player looks at. Both run on a
background ``LoopThread``, the same mechanism ``LocalSession`` uses.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import RULEBOOK, Event, Record
from patrician_qt.net import DEFAULT_PORT
from patrician_qt.net.hosted import Refused
from patrician_qt.table import SaveError, SeatSpec, Table, TableOptions
from patrician_qt.ui.lan.net_text import host_words
from patrician_qt.ui.session.offload import LoopThread


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
    """A table and its server on a background loop; every method returns quickly.

    With ``resume`` (a table's autosave) the table continues that game, writing on into the
    same file: same deal, same turns, same seat tokens (``Table.resume``).
    """

    def __init__(self, config: HostSetup, *, autosave_dir: Path | None = None,
                 options: TableOptions | None = None, runner: Any = None,
                 host_config: Any = None, advertise: bool = True, resume: Path | None = None,
                 on_trouble: Callable[[Any], None] | None = None) -> None:
        self.config = config
        self.resume_from = resume
        self._on_trouble = on_trouble  # called on the table's loop with a table.trouble.Trouble
        self._loop_host = LoopThread("patrician-host")
        self._loop = self._loop_host.loop
        specs = [SeatSpec("human")] + [
            SeatSpec("bot", level) if kind == "bot" else SeatSpec("human") for kind, level in config.seats]
        # In the app the host presses Start: the players meet in the lobby first (issue #21)
        options = dataclasses.replace(options or TableOptions(), auto_start=False)
        self._table_args = (config.table_name, specs, autosave_dir, options, runner)
        self._host_config = host_config
        self._advertise = advertise
        self.table: Table | None = None
        self.server: Any = None

    def _call(self, fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def start(self, host_token: str | None = None) -> int:
        """Make the table and listen (quick: zeroconf registers in the background); returns the port.

        With ``host_token`` the host's own player sits down first under that token (a resumed game:
        takes its seat back), so the lobby labels exactly that seat "host" (issue #13).
        """
        from patrician_qt.net.host import Host
        from patrician_qt.table.tokens import hash_token

        name, specs, autosave_dir, options, runner = self._table_args

        async def run() -> int:
            if self.resume_from is not None:
                self.table = Table.resume(self.resume_from, runner=runner, options=options)
            else:
                self.table = Table(name, specs, runner=runner, autosave_dir=autosave_dir, options=options,
                                   visibility=self.config.visibility)
            if self._on_trouble is not None:
                self.table.listen(_TroubleListener(self._on_trouble))
            if host_token is not None:
                try:
                    self.table.seat_host(hash_token(host_token),
                                         name=None if self.resume_from is not None else self.config.player_name,
                                         seat=0)
                except Refused:  # a resumed game this token holds no seat in: the host joins as anyone would
                    pass
            self.server = Host(self.table, self.config.bind, self.config.port, config=self._host_config,
                               advertise=self._advertise)
            await self.server.start()
            return int(self.server.port)

        try:
            return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)
        except OSError as exc:
            self.close()
            if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
                raise HostError(_t("port {port} is in use (is another table running?): pick another port")
                                .format(port=self.config.port), port_in_use=True) from None
            raise HostError(_t("cannot listen on port {port}: {e}").format(
                port=self.config.port, e=exc.strerror or exc)) from None
        except SaveError as exc:
            self.close()
            raise HostError(_t("this game cannot be resumed: {e}").format(e=exc)) from None
        except (ValueError, TimeoutError) as exc:
            self.close()
            raise HostError(str(exc) or _t("the table did not start in time")) from None

    @property
    def port(self) -> int:
        """The port peers join on."""
        return int(self.server.port) if self.server is not None else self.config.port

    def _refusable(self, fn: Callable[[], Any]) -> str | None:
        """Run a table change on the loop; a refusal comes back as text."""

        def run() -> str | None:
            try:
                fn()
            except Refused as exc:
                return host_words(exc.message) or exc.message  # in the app's language
            except ValueError as exc:
                return str(exc)
            return None

        return self._call(run)

    def set_seat(self, seat: int, kind: str, level: str | None = None, remove: str | None = None) -> str | None:
        """In the lobby make a seat open or a bot's (with ``remove``, that player's seat); None, or why not.

        A removed player's connection gets ``bad-token`` from the host and is closed.
        """
        table = self.table
        assert table is not None
        return self._refusable(lambda: table.set_seat(seat, kind, level, remove=remove))

    def start_now(self) -> str | None:
        """Start with the filled seats (at least two); None, or why not."""
        table, server = self.table, self.server
        assert table is not None

        def go() -> None:
            table.start_now()
            server.renumber_seats()

        return self._refusable(go)

    def hand_to_bot(self, seat: int) -> str | None:
        """Let a bot play a gone player's seat (the player may take it back); None, or why not."""
        table = self.table
        assert table is not None
        return self._refusable(lambda: table.hand_to_bot(seat))

    def hold_seat(self, seat: int, hold: bool) -> str | None:
        """Stop (or start again) the countdown after which a bot plays a gone player's seat; None, or why not."""
        table = self.table
        assert table is not None
        return self._refusable(lambda: table.hold_seat(seat, hold))

    def rematch(self) -> str | None:
        """After a game: a new deal at this table with the same seats (back to the lobby); None, or why not."""
        table = self.table
        assert table is not None
        return self._refusable(table.rematch)

    def absences(self) -> list[dict[str, Any]]:
        """Who is gone, for how long, and when a bot takes over (``Table.absences``); [] once closed."""
        table = self.table
        if table is None or self.server is None:
            return []
        return list(self._call(table.absences, timeout=2.0))

    def retry(self) -> None:
        """Try again what failed in the table's background work (its bot, its autosave)."""
        table = self.table
        if table is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(table.retry)

    def use_simple_bots(self) -> None:
        """Let bots that think in this process play on when the bots' worker cannot start."""
        table = self.table
        if table is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(table.use_simple_bots)

    def record(self) -> Record:
        """The whole record so far (the host knows the deal)."""
        table = self.table
        assert table is not None
        return self._call(lambda: table.record(for_sharing=True))

    def chat_history(self) -> list[tuple[str, str]]:
        """What was said at this table (a resumed table: also before the break), oldest first."""
        table = self.table
        assert table is not None
        return self._call(table.chat_history)

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

        if self._loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)
            except Exception:  # closing must never raise
                pass
        self._loop_host.close()


class _TroubleListener:
    """Passes the table's troubles to the app (the host's window says them); nothing else."""

    def __init__(self, tell: Callable[[Any], None]) -> None:
        self._tell = tell

    def table_changed(self, seq: int, events: Sequence[Event]) -> None:
        """Updates reach the host's window through its own seat's connection."""

    def lobby_changed(self) -> None:
        """Likewise."""

    def chat(self, sender: str, text: str) -> None:
        """Likewise."""

    def table_trouble(self, trouble: Any) -> None:
        """Tell the app."""
        self._tell(trouble)
