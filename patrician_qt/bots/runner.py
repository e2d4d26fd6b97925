"""Running a bot's search in a worker process with a deadline, so the UI never freezes.

The worker is started with the 'spawn' context (the UI process has Qt loaded and must
not be forked) and kept for the whole game. A request that is not answered in time
is cut off: the worker is killed (a new one starts for the next request) and the turn
falls back to the greedy bot computed in-process, which takes a few milliseconds.
Works on any running asyncio loop (qasync included): the blocking pipe wait runs in a
thread of the loop's default executor.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import time
from multiprocessing.connection import Connection
from typing import Any

from patrician_qt.engine import TurnMap, View

from .base import History, check_inputs
from .begun import Begun
from .levels import choose_turn, normalize
from .names import SIMPLE_LEVELS

FALLBACK_LEVEL = "medium"
FALLBACK_RESERVE_S = 0.05  # kept back from the deadline for the in-process fallback
STARTUP_WAIT_S = 30.0


def _worker_main(conn: Connection) -> None:
    """The worker process: answer (id, level, seat, view, history, seed, deadline) requests until EOF."""
    conn.send(("ready",))
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            return
        rid, level, seat, view, history, seed, deadline_s, begun = req
        try:
            turn = choose_turn(level, seat, view, history, seed, deadline_s, begun)
            conn.send((rid, "ok", turn))
        except Exception as exc:  # reported to the parent, which falls back to greedy
            conn.send((rid, "error", f"{type(exc).__name__}: {exc}"))


def _release(proc: Any) -> None:
    """Close an ended worker's handle (its sentinel pipe) now rather than whenever it is collected."""
    with contextlib.suppress(ValueError):  # still running: it is closed by its finalizer later
        proc.close()


class BotRunner:
    """Chooses bot turns in one worker process, one request at a time, within each request's deadline."""

    def __init__(self) -> None:
        """Start the worker at once so that it is ready by the first bot turn."""
        self._ctx = multiprocessing.get_context("spawn")
        self._proc: Any = None
        self._conn: Connection | None = None
        self._ready = False
        self._ids = itertools.count(1)
        self._lock: asyncio.Lock | None = None
        self._dead: list[Any] = []
        self.fallbacks = 0  # how many turns were cut off and played by the in-process greedy bot
        self._start()

    def _start(self) -> None:
        """Spawn a fresh worker."""
        parent, child = self._ctx.Pipe()
        try:
            proc = self._ctx.Process(target=_worker_main, args=(child,), daemon=True, name="patrician-bot")
            proc.start()  # OSError when the process is out of file descriptors or processes
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        self._proc, self._conn, self._ready = proc, parent, False

    def _kill(self) -> None:
        """Stop the worker now (it is stuck or no longer wanted)."""
        proc, conn = self._proc, self._conn
        self._proc, self._conn, self._ready = None, None, False
        if proc is not None and proc.is_alive():
            proc.kill()  # SIGKILL also ends a stopped process; it is reaped later, without waiting here
            self._dead.append(proc)
        if conn is not None:
            conn.close()
        alive = []
        for p in self._dead:
            if p.is_alive():  # is_alive() reaps the ended ones
                alive.append(p)
            else:
                _release(p)
        self._dead = alive

    def _wait_ready(self, until: float) -> bool:
        """Blocking: wait for the worker's start-up message until ``until`` (monotonic)."""
        conn = self._conn
        if conn is None:
            return False
        if self._ready:
            return True
        try:
            if conn.poll(max(0.0, until - time.monotonic())):
                self._ready = conn.recv() == ("ready",)
        except (EOFError, OSError):
            return False
        return self._ready

    def _roundtrip(self, req: tuple[Any, ...], until: float) -> TurnMap | None:
        """Blocking: send one request and wait for its answer until ``until``; None when there is none in time."""
        conn = self._conn
        if conn is None or not self._wait_ready(until):
            return None
        try:
            conn.send(req)
            while conn.poll(max(0.0, until - time.monotonic())):
                rid, status, payload = conn.recv()
                if rid == req[0]:
                    return payload if status == "ok" else None
        except (EOFError, OSError):
            return None
        return None

    @property
    def worker_pid(self) -> int | None:
        """The worker's process id (None while there is none)."""
        return None if self._proc is None else self._proc.pid

    async def start(self) -> None:
        """Wait until the worker has started (optional: ``choose`` works without it)."""
        loop = asyncio.get_running_loop()
        if self._proc is None:
            self._start()
        await loop.run_in_executor(None, self._wait_ready, time.monotonic() + STARTUP_WAIT_S)

    async def choose(
        self, level: str, seat: int, view: View, history: History, seed: int, deadline_s: float,
        begun: Begun | None = None,
    ) -> TurnMap:
        """The turn map ``level`` plays for ``seat``, answered within ``deadline_s`` seconds (completing ``begun``)."""
        check_inputs(view, history)
        normalize(level)
        if view["seat"] != seat or view["to_move"] != seat or view["over"]:
            raise ValueError(f"it is not seat {seat}'s turn in this view")
        t0 = time.monotonic()
        if self._lock is None:
            self._lock = asyncio.Lock()
        sent_history = [dict(ev) for ev in history]  # plain dicts for the pipe
        sent_view = dict(view)
        async with self._lock:
            if self._proc is None or not self._proc.is_alive():
                self._kill()
                self._start()
            loop = asyncio.get_running_loop()
            until = t0 + max(0.01, deadline_s - FALLBACK_RESERVE_S)
            budget = max(0.01, until - time.monotonic())
            req = (next(self._ids), level, seat, sent_view, sent_history, seed, budget, begun)
            was_ready = self._ready
            try:
                turn = await loop.run_in_executor(None, self._roundtrip, req, until)
            except asyncio.CancelledError:
                self._kill()  # the thread may still be reading the pipe: close it under the thread
                raise
            if turn is not None:
                return turn
            if was_ready or self._ready:
                self._kill()  # stuck or failed: cut it off; the next request starts a new one
            self.fallbacks += 1
        return choose_turn(FALLBACK_LEVEL, seat, view, history, seed, begun=begun)

    async def close(self) -> None:
        """Stop the worker and reap it."""
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the worker, reap it and close its pipe (blocking, at most a second a process)."""
        self._kill()
        for proc in self._dead:
            proc.join(1.0)
            _release(proc)
        self._dead = []

    def __del__(self) -> None:
        """Do not leave a worker behind when the runner is dropped without ``close``."""
        try:
            self._kill()
        except Exception:
            pass




class InProcessRunner:
    """Bots that think in this process, for a game whose worker process cannot start (issue #20).

    Random, Easy and Medium take milliseconds a turn and are played as they are; Hard and Expert
    would hold the process for seconds, so the Medium bot plays their seats. Nothing to start or stop.
    """

    async def choose(
        self, level: str, seat: int, view: View, history: History, seed: int, deadline_s: float,
        begun: Begun | None = None,
    ) -> TurnMap:
        """The turn map a simple bot plays for ``seat`` (its own level when that is simple, else Medium)."""
        name = normalize(level)
        return choose_turn(name if name in SIMPLE_LEVELS else FALLBACK_LEVEL, seat, view, history, seed,
                           begun=begun)

    async def close(self) -> None:
        """Nothing runs outside a call."""
