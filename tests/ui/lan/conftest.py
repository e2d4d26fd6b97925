"""Fixtures for the LAN window tests: whole apps (start screen, lobby, game) on 127.0.0.1 only.

Every socket and the zeroconf traffic stay on the loopback interface; timings are shrunk so
a drop is noticed in a second, and bots (when a seat has one) play a seeded legal turn at once.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings

from patrician_qt.net.host import HostConfig as NetHostConfig
from patrician_qt.table import TableOptions
from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.lan.options import LanOptions
from patrician_qt.ui.session.offload import LoopThread
from tests.net.helpers import ViewRunner

LOOPBACK = "127.0.0.1"
FAST_CLIENT = {"ping_interval": 0.3, "host_timeout": 2.0, "connect_timeout": 3.0,
               "backoff": (0.05, 0.1, 0.2, 0.4), "give_up_after": 3.0}


def free_port() -> int:
    """A TCP port nobody listens on right now (on the loopback interface)."""
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def lan_options(**client: Any) -> LanOptions:
    """Everything on 127.0.0.1, quick keep-alive and backoff, instant seeded bots."""
    return LanOptions(
        bind=LOOPBACK, browse_interfaces=[LOOPBACK], advertise=True,
        client_options={**FAST_CLIENT, **client},
        table_options=TableOptions(bot_deadline_s=0.05, takeover_after_s=30.0),
        host_config=NetHostConfig(idle_timeout=2.0, hello_timeout=2.0, sweep_interval=0.1),
        runner=ViewRunner())


@pytest.fixture
def make_app(qtbot: Any, tmp_path: Path) -> Iterator[Callable[..., AppController]]:
    """Open a whole app (its own settings file and data folder) as one player on this machine."""
    apps: list[AppController] = []

    def make(who: str, **client: Any) -> AppController:
        settings = QSettings(str(tmp_path / f"{who}.ini"), QSettings.Format.IniFormat)
        data = tmp_path / who
        data.mkdir(exist_ok=True)
        ctrl = AppController(settings, data)
        ctrl.lan.options = lan_options(**client)
        ctrl.window.set_speed("instant")
        ctrl.window.resize(1280, 720)
        qtbot.addWidget(ctrl.window)
        ctrl.show()
        apps.append(ctrl)
        return ctrl

    yield make
    for ctrl in apps:
        ctrl.lan.shutdown()
        ctrl.window.close()


class RawHost:
    """A TCP server on 127.0.0.1 that reads the hello and answers raw bytes (a host of any make)."""

    def __init__(self, answer: bytes | None) -> None:
        self.answer = answer
        self.thread = LoopThread("raw-host")
        self.port = asyncio.run_coroutine_threadsafe(self._start(), self.thread.loop).result(5)

    async def _start(self) -> int:
        self.server = await asyncio.start_server(self._serve, LOOPBACK, 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(1000)  # the hello
        if self.answer is None:
            await asyncio.sleep(30)  # never welcome
            return
        writer.write(self.answer)
        await writer.drain()
        writer.close()

    def close(self) -> None:
        """Stop serving."""
        async def stop() -> None:
            self.server.close()

        asyncio.run_coroutine_threadsafe(stop(), self.thread.loop).result(5)
        self.thread.close()


class CableProxy:
    """A TCP relay on 127.0.0.1 between a peer and a host, with a cable to pull.

    ``cut()`` stops reading on both sides and forwards nothing, as a pulled cable does: no byte
    arrives, nothing is closed; new connections are accepted and left unanswered. ``mend()``
    lets new connections through again (the dead ones are dropped then, as their ends have
    long given up).
    """

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.thread = LoopThread("cable")
        self.cut_now = False
        self._pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter | None]] = []
        self.port = asyncio.run_coroutine_threadsafe(self._start(), self.thread.loop).result(5)

    async def _start(self) -> int:
        self.server = await asyncio.start_server(self._serve, LOOPBACK, 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_now:
            self._pairs.append((writer, None))  # accepted, never answered
            return
        up_reader, up_writer = await asyncio.open_connection(LOOPBACK, self.target_port)
        self._pairs.append((writer, up_writer))
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer),
                             return_exceptions=True)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            try:
                data = await reader.read(65536)
            except OSError:
                data = b""
            if self.cut_now:
                # Whatever the far end did (sent, closed, reset) never arrives: this connection is
                # dead and stays silent until mend() drops it.
                while self.cut_now:
                    await asyncio.sleep(0.05)
                return
            if not data:
                writer.close()
                return
            writer.write(data)
            await writer.drain()

    def cut(self) -> None:
        """Pull the cable."""
        self.cut_now = True

    def mend(self) -> None:
        """Plug it in again: the dead connections are dropped, new ones get through."""
        async def mend() -> None:
            for down, up in self._pairs:
                for w in (down, up):
                    if w is not None:
                        w.transport.abort()
            self._pairs.clear()
            self.cut_now = False

        asyncio.run_coroutine_threadsafe(mend(), self.thread.loop).result(5)

    def close(self) -> None:
        """Stop relaying."""
        async def stop() -> None:
            self.server.close()
            for down, up in self._pairs:
                for w in (down, up):
                    if w is not None:
                        w.transport.abort()

        asyncio.run_coroutine_threadsafe(stop(), self.thread.loop).result(5)
        self.thread.close()
