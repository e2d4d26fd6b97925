"""A background asyncio loop for the table, off the UI thread, and the one way to hand it work.

The table (``patrician_qt.table``) runs on an asyncio loop and bots think in its worker
process; running that loop on a daemon thread keeps the UI thread free whatever happens
there. ``LoopThread.call`` is the one helper that hands work to such a loop and answers on
the thread that made the ``LoopThread`` (the UI thread) through a queued Qt signal, as
Anki's ``QueryOp`` does: the UI thread never waits on a future. ``guard_ui_thread`` makes a
future of this module raise when the UI thread asks for its result (on in the tests).

A loop owns an epoll fd, two self-pipe sockets and (once used) a default executor with its
threads; ``close`` gives all of them back, so a process that plays game after game (one
``LoopThread`` each) stays flat.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import os
import threading
import weakref
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Future, InvalidStateError
from typing import Any, TypeVar, overload

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal

#: how long ``close`` waits for the loop's tasks and executor to wind down
CLOSE_WAIT_S = 5.0

T = TypeVar("T")
log = logging.getLogger("patrician.offload")

_open: weakref.WeakSet[LoopThread] = weakref.WeakSet()
#: the tests set this (tests/conftest.py), so their subprocesses running the app guard too
GUARD_ENV = "PATRICIAN_GUARD_UI_THREAD"
_guard = os.environ.get(GUARD_ENV) == "1"


def open_loops() -> list[LoopThread]:
    """The LoopThreads made and not yet closed (tests and bench/soak.py check none is left behind)."""
    return [lt for lt in list(_open) if not lt.closed]


def guard_ui_thread(on: bool = True) -> None:
    """Make ``result()`` of a ``LoopThread.run`` future raise on the Qt main thread (the tests turn it on)."""
    global _guard
    _guard = on


def guard_is_on() -> bool:
    """Whether waiting on a background future on the UI thread raises."""
    return _guard


def on_ui_thread() -> bool:
    """Whether this is the Qt application's main thread (False before a QCoreApplication exists)."""
    app = QCoreApplication.instance()
    return app is not None and QThread.currentThread() is app.thread()


class UIThreadWaits(RuntimeError):
    """The UI thread asked a background future for its result: it would freeze the window meanwhile."""


class GuardedFuture(Future[T]):
    """A future of work on a ``LoopThread``; waiting for it on the UI thread raises while the guard is on."""

    def result(self, timeout: float | None = None) -> T:
        """The work's result; never to be waited for on the UI thread (use ``LoopThread.call``)."""
        if _guard and on_ui_thread():
            raise UIThreadWaits("the UI thread waits on a background future: use LoopThread.call")
        return super().result(timeout)

    def exception(self, timeout: float | None = None) -> BaseException | None:
        """The work's exception; the same rule as ``result``."""
        if _guard and on_ui_thread():
            raise UIThreadWaits("the UI thread waits on a background future: use LoopThread.call")
        return super().exception(timeout)


class _Courier(QObject):
    """Lives on the thread that made the LoopThread; its signal, emitted on the loop, is queued there."""

    answer = Signal(object)  # a callable to run on this object's thread

    def __init__(self) -> None:
        super().__init__()
        self.answer.connect(self._run)

    def _run(self, deliver: Callable[[], object]) -> None:
        deliver()


class LoopThread:
    """One asyncio loop on its own daemon thread; ``call`` hands it work, ``close`` ends its tasks and frees it."""

    def __init__(self, name: str = "patrician-table") -> None:
        self.loop = asyncio.new_event_loop()
        self.name = name
        self.closed = False
        self._courier = _Courier()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        try:
            self._thread.start()
        except BaseException:  # no thread (e.g. the process is out of them): free the loop's fds
            self.closed = True
            self.loop.close()
            raise
        _open.add(self)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
            # Like asyncio.run's ending: cancel what is left, let it finish, free the executor.
            self.loop.run_until_complete(self._wind_down())
        finally:
            asyncio.set_event_loop(None)
            self.loop.close()
            self._stopped.set()

    async def _wind_down(self) -> None:
        """Cancel the tasks still pending (a bot thinking, a reconnect) and wait for them and the executor."""
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(CLOSE_WAIT_S):
                await asyncio.gather(*tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.loop.shutdown_asyncgens()
        with contextlib.suppress(TimeoutError, Exception):  # a thread stuck in a blocking call is left
            async with asyncio.timeout(CLOSE_WAIT_S):
                await self.loop.shutdown_default_executor()

    # -- handing work to the loop ------------------------------------------------------------------
    def run(self, work: Coroutine[Any, Any, T]) -> GuardedFuture[T]:
        """Run a coroutine on the loop; its future is for other threads and for cancelling (the UI thread
        never waits on it: it gets answers through ``call``). Cancelling the future cancels the work."""
        outer: GuardedFuture[T] = GuardedFuture()
        try:
            inner = asyncio.run_coroutine_threadsafe(work, self.loop)
        except RuntimeError as exc:  # the loop is closed
            work.close()
            outer.set_exception(exc)
            return outer

        def copy(done: Future[T]) -> None:
            with contextlib.suppress(InvalidStateError):  # cancelled meanwhile
                if done.cancelled():
                    outer.cancel()
                elif (exc := done.exception()) is not None:
                    outer.set_exception(exc)
                else:
                    outer.set_result(done.result())

        def cancel(done: Future[T]) -> None:
            if done.cancelled():
                inner.cancel()

        inner.add_done_callback(copy)
        outer.add_done_callback(cancel)
        return outer

    @overload
    def call(self, fn: Callable[[], Awaitable[T]], on_done: Callable[[T], object] | None = None,
             on_error: Callable[[Exception], object] | None = None) -> None: ...

    @overload
    def call(self, fn: Callable[[], T], on_done: Callable[[T], object] | None = None,
             on_error: Callable[[Exception], object] | None = None) -> None: ...

    def call(self, fn: Callable[[], Any], on_done: Callable[[T], object] | None = None,
             on_error: Callable[[Exception], object] | None = None) -> None:
        """Run ``fn`` on the loop (awaiting it if it gives an awaitable); ``on_done(result)`` or ``on_error(exc)``
        then runs on the thread that made this LoopThread, through a queued signal. Without ``on_error``
        a failure is logged. A closed loop answers nothing."""
        courier = self._courier

        async def work() -> None:
            try:
                value = fn()
                result = await value if inspect.isawaitable(value) else value
            except Exception as exc:
                if on_error is not None:
                    courier.answer.emit(lambda failure=exc: on_error(failure))
                else:
                    log.exception("background work failed", exc_info=exc)
                return
            if on_done is not None:
                courier.answer.emit(lambda: on_done(result))

        if self.closed:
            return
        coro = work()
        try:
            self.loop.call_soon_threadsafe(self.loop.create_task, coro)
        except RuntimeError:  # the loop closed meanwhile
            coro.close()

    def post(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` on the loop soon, answering nothing (a no-op once the loop is closed)."""
        if not self.closed:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(fn)

    def close(self, last: Coroutine[Any, Any, object] | None = None) -> None:
        """Run ``last`` on the loop (e.g. closing the table: its autosave is flushed), then stop the loop, end
        its tasks, shut down its executor, close it and wait for its thread (a join, not a future).

        Safe to call twice; called on the loop's own thread it only asks the loop to stop (the
        thread then frees the loop once the current callback returns).
        """
        if self.closed:
            if last is not None:
                last.close()
            return
        self.closed = True
        _open.discard(self)
        loop = self.loop

        async def finish(work: Coroutine[Any, Any, object]) -> None:
            try:
                async with asyncio.timeout(2 * CLOSE_WAIT_S):
                    await work
            except Exception:  # closing must not raise
                log.debug("closing work failed", exc_info=True)
            finally:
                loop.stop()

        closing = finish(last) if last is not None else None
        try:
            if closing is not None:
                loop.call_soon_threadsafe(loop.create_task, closing)
            else:
                loop.call_soon_threadsafe(loop.stop)
        except RuntimeError:  # already closed by its thread
            if closing is not None:
                closing.close()
            if last is not None:
                last.close()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=4 * CLOSE_WAIT_S + 1)
