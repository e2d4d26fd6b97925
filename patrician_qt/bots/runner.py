"""Running a bot's search in a worker process with a deadline, so the UI never freezes.

The worker is started with the 'spawn' context (the UI process has Qt loaded and must
not be forked) and kept for the whole game. A request that is not answered in time
is cut off: the worker is killed (a new one starts for the next request) and the turn
falls back to the greedy bot computed in-process, which takes a few milliseconds.
Works on any running asyncio loop (qasync included): the blocking pipe wait runs in a
thread of the loop's default executor.

A root-parallel level (Expert, ``parallel.py``) is searched in parts, one per worker: the runner
starts the extra workers on the first such turn, sends each its part and sums the parts' root
statistics itself (a few microseconds), so a turn uses every core and is the same as in-process.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import os
import time
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as wait_any
from typing import Any

from patrician_qt.engine import TurnMap, View
from patrician_qt.engine.rules import make_turn

from .base import History, check_inputs
from .begun import Begun
from .levels import choose_turn, normalize, search_plan
from .names import SIMPLE_LEVELS
from .parallel import combine, search_part

FALLBACK_LEVEL = "medium"
FALLBACK_RESERVE_S = 0.05  # kept back from the deadline for the in-process fallback
STARTUP_WAIT_S = 30.0
WORKER_NICE = 5  # the workers yield to the app: with Expert both cores search, and the UI must stay smooth


def _worker_main(conn: Connection) -> None:
    """The worker process: answer (id, level, seat, view, history, seed, deadline, begun, part) requests until EOF.

    ``part`` None asks for the whole turn (a turn map); a number asks for that part of a root-parallel
    search (its root statistics).
    """
    with contextlib.suppress(OSError, AttributeError):  # AttributeError: no os.nice (Windows)
        os.nice(WORKER_NICE)  # the UI thread and the host's loop win every tie for a core
    conn.send(("ready",))
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            return
        rid, level, seat, view, history, seed, deadline_s, begun, part = req
        try:
            if part is None:
                answer: Any = choose_turn(level, seat, view, history, seed, deadline_s, begun)
            else:
                name = normalize(level)
                cfg, _ = search_plan(name, len(view["players"]), deadline_s)
                answer = search_part(name, view, history, seed, part, cfg)
            conn.send((rid, "ok", answer))
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
        self._helpers: list[list[Any]] = []  # [process, pipe, ready] of the workers for parts 1, 2, ...
        self._parts_sent = False  # the last parts request reached every worker (so silence means stuck)
        self.fallbacks = 0  # how many turns were cut off and played by the in-process greedy bot
        self._start()

    def _spawn(self) -> tuple[Any, Connection]:
        """Spawn one worker process and return it with the parent's end of its pipe."""
        parent, child = self._ctx.Pipe()
        try:
            proc = self._ctx.Process(target=_worker_main, args=(child,), daemon=True, name="patrician-bot")
            proc.start()  # OSError when the process is out of file descriptors or processes
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        return proc, parent

    def _start(self) -> None:
        """Spawn a fresh worker."""
        proc, parent = self._spawn()
        self._proc, self._conn, self._ready = proc, parent, False

    def _start_helpers(self, count: int) -> None:
        """Make sure ``count`` helper workers run (for the parts of a root-parallel turn)."""
        alive = []
        for h in self._helpers:
            if h[0].is_alive():
                alive.append(h)
            else:
                self._drop(h[0], h[1])
        self._helpers = alive
        while len(self._helpers) < count:
            proc, parent = self._spawn()
            self._helpers.append([proc, parent, False])

    def _drop(self, proc: Any, conn: Connection | None) -> None:
        """Kill one worker (reaped later, without waiting here) and close its pipe."""
        if proc is not None and proc.is_alive():
            proc.kill()  # SIGKILL also ends a stopped process
            self._dead.append(proc)
        elif proc is not None:
            _release(proc)
        if conn is not None:
            conn.close()

    def _kill(self) -> None:
        """Stop the workers now (stuck or no longer wanted)."""
        proc, conn = self._proc, self._conn
        self._proc, self._conn, self._ready = None, None, False
        if proc is not None and proc.is_alive():
            proc.kill()  # SIGKILL also ends a stopped process; it is reaped later, without waiting here
            self._dead.append(proc)
        if conn is not None:
            conn.close()
        helpers, self._helpers = self._helpers, []
        for hproc, hconn, _ in helpers:
            self._drop(hproc, hconn)
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

    def _roundtrip_parts(self, req: tuple[Any, ...], parts: int, until: float) -> TurnMap | None:
        """Blocking: send part k of the request to worker k, sum their answers; None when one is missing in time."""
        self._parts_sent = False
        conn = self._conn
        if conn is None or not self._wait_ready(until):
            return None
        pending: dict[Connection, int] = {conn: 0}
        for k, h in enumerate(self._helpers[: parts - 1], start=1):
            if not h[2]:
                try:
                    if h[1].poll(max(0.0, until - time.monotonic())):
                        h[2] = h[1].recv() == ("ready",)
                except (EOFError, OSError):
                    return None
                if not h[2]:
                    return None
            pending[h[1]] = k
        if len(pending) < parts:
            return None
        answers: dict[int, Any] = {}
        self._parts_sent = True  # from here, a missing answer means a worker is stuck
        try:
            for c, k in pending.items():
                c.send((*req[:-1], k))
            while pending:
                ready = wait_any(list(pending), max(0.0, until - time.monotonic()))
                if not ready:
                    return None
                for c in pending.copy():
                    if c not in ready:
                        continue
                    rid, status, payload = c.recv()
                    if rid != req[0]:
                        continue
                    if status != "ok":
                        return None
                    answers[pending.pop(c)] = payload
        except (EOFError, OSError):
            return None
        return make_turn(*combine([answers[k] for k in sorted(answers)])).to_map()

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
        name = normalize(level)
        parts = 1 if name in SIMPLE_LEVELS or begun else search_plan(name, len(view["players"]), None)[1]
        async with self._lock:
            if self._proc is None or not self._proc.is_alive():
                self._kill()
                self._start()
            if parts > 1:
                self._start_helpers(parts - 1)
            loop = asyncio.get_running_loop()
            until = t0 + max(0.01, deadline_s - FALLBACK_RESERVE_S)
            budget = max(0.01, until - time.monotonic())
            req = (next(self._ids), level, seat, sent_view, sent_history, seed, budget, begun, None)
            was_ready = self._ready
            try:
                if parts > 1:
                    turn = await loop.run_in_executor(None, self._roundtrip_parts, req, parts, until)
                else:
                    turn = await loop.run_in_executor(None, self._roundtrip, req, until)
            except asyncio.CancelledError:
                self._kill()  # the thread may still be reading the pipe: close it under the thread
                raise
            if turn is not None:
                return turn
            if (was_ready or self._ready) and (parts == 1 or self._parts_sent):
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
    """Bots that think in this process, for a game whose worker process cannot start.

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
