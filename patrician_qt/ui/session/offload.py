"""A background asyncio loop for the table, off the UI thread.

The table (``patrician_qt.table``) runs on an asyncio loop and bots think in its worker
process; running that loop on a daemon thread keeps the UI thread free whatever happens
there. The session hands results back to the UI thread (see ``session.LocalSession``).

A loop owns an epoll fd, two self-pipe sockets and (once used) a default executor with its
threads; ``close`` gives all of them back, so a process that plays game after game (one
``LoopThread`` each) stays flat (issue #20).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import weakref

#: how long ``close`` waits for the loop's tasks and executor to wind down
CLOSE_WAIT_S = 5.0

_open: weakref.WeakSet[LoopThread] = weakref.WeakSet()


def open_loops() -> list[LoopThread]:
    """The LoopThreads made and not yet closed (tests and bench/soak.py check none is left behind)."""
    return [lt for lt in list(_open) if not lt.closed]


class LoopThread:
    """One asyncio loop on its own daemon thread; ``close`` ends its tasks and frees the loop."""

    def __init__(self, name: str = "patrician-table") -> None:
        self.loop = asyncio.new_event_loop()
        self.name = name
        self.closed = False
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

    def close(self) -> None:
        """Stop the loop, end its tasks, shut down its executor, close it and wait for its thread.

        Safe to call twice; called on the loop's own thread it only asks the loop to stop (the
        thread then frees the loop once the current callback returns).
        """
        if self.closed:
            return
        self.closed = True
        _open.discard(self)
        with contextlib.suppress(RuntimeError):  # already closed by its thread
            self.loop.call_soon_threadsafe(self.loop.stop)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2 * CLOSE_WAIT_S + 1)
