"""A host that says whatever a test wants: welcome, then any messages, then (optionally) a flood.

Why: the joined app must hold against any host, not only ours. This one listens on 127.0.0.1 only,
welcomes every hello with a 2-seat table (seat 0 for the peer) and a real game's first view, then
sends the script. Used by the session tests and by ``bench/flood.py``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

from patrician_qt.engine import new_game, view_for
from patrician_qt.net._framing import FrameReader, encode
from patrician_qt.ui.session.offload import LoopThread

LOOPBACK = "127.0.0.1"
Flood = Callable[[asyncio.StreamWriter], Awaitable[None]]


def seats(names: tuple[str, ...] = ("Anna", "Ben")) -> list[dict[str, Any]]:
    """A lobby's seats: people, all connected."""
    return [{"name": n, "kind": "human", "connected": True} for n in names]


def first_view(seat: int | None = 0, players: tuple[str, ...] = ("Anna", "Ben"), seed: int = 3) -> dict[str, Any]:
    """The first view of a real game (as a host sends it)."""
    return dict(view_for(new_game(list(players), random.Random(seed)), seat))


def welcome(state: str = "playing") -> dict[str, Any]:
    """A welcome to seat 0 of a 2-seat rulebook table."""
    return {"t": "welcome", "v": 1, "seat": 0, "token": "t0k3n", "features": ["ended-no-result", "history"],
            "table": {"name": "Scripted", "seats": seats(), "state": state, "visibility": "rulebook"}}


def opening() -> list[dict[str, Any]]:
    """What an honest host sends a player joining a game under way: welcome, lobby, the update."""
    return [welcome(), {"t": "lobby", "seats": seats(), "state": "playing", "visibility": "rulebook"},
            {"t": "update", "seq": 1, "view": first_view(), "events": []}]


class ScriptedHost:
    """Listens on 127.0.0.1; to each connection: the script's messages (maps or raw bytes), then ``flood``."""

    def __init__(self, script: list[dict[str, Any] | bytes], flood: Flood | None = None) -> None:
        self.script = script
        self.flood = flood
        self.connections = 0
        self.thread = LoopThread("scripted-host")
        self._writers: list[asyncio.StreamWriter] = []
        self.port = asyncio.run_coroutine_threadsafe(self._start(), self.thread.loop).result(5)

    async def _start(self) -> int:
        self.server = await asyncio.start_server(self._serve, LOOPBACK, 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self._writers.append(writer)
        frames = FrameReader()
        while not frames.feed(await reader.read(4096)):  # the hello
            pass
        try:
            for item in self.script:
                writer.write(item if isinstance(item, bytes) else encode(item))
            await writer.drain()
            if self.flood is not None:
                await self.flood(writer)
            while await reader.read(65536):  # pings, until the peer goes
                pass
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    def close(self) -> None:
        """Stop serving and drop every connection."""
        async def stop() -> None:
            self.server.close()
            for w in self._writers:
                w.close()

        asyncio.run_coroutine_threadsafe(stop(), self.thread.loop).result(5)
        self.thread.close()
