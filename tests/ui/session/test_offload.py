"""LoopThread gives back everything a loop holds when it is closed."""

from __future__ import annotations

import asyncio
import threading
import time

from patrician_qt.ui.session.offload import LoopThread, open_loops
from tests.ui.session.open_fds import open_fds


def test_close_cancels_pending_tasks_and_closes_the_loop():
    lt = LoopThread("test-loop")
    cancelled = threading.Event()

    async def forever() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    future = asyncio.run_coroutine_threadsafe(forever(), lt.loop)
    assert lt in open_loops()
    lt.close()
    assert cancelled.is_set()  # the task ran its cancellation, not "destroyed but pending"
    assert future.cancelled()
    assert lt.loop.is_closed()
    assert lt not in open_loops()
    lt.close()  # twice is fine


def test_close_shuts_down_the_executor_threads_and_gives_back_the_fds():
    before_fds = open_fds()
    before_threads = set(threading.enumerate())
    loops = [LoopThread(f"test-loop-{i}") for i in range(5)]
    try:
        async def in_executor() -> int:
            return await asyncio.get_running_loop().run_in_executor(None, sum, [1, 2])

        for lt in loops:
            assert asyncio.run_coroutine_threadsafe(in_executor(), lt.loop).result(10) == 3
        opened = open_fds() - before_fds
        assert len(opened) >= 3 * len(loops)  # each loop: epoll and two self-pipe sockets
        started = set(threading.enumerate()) - before_threads
        assert len(started) >= 2 * len(loops)  # each loop: its own thread and an executor worker
    finally:
        for lt in loops:
            lt.close()
    assert opened & open_fds() == set()
    assert not [t for t in started if t.is_alive()]  # loop threads and executor workers are gone


def test_close_from_the_loops_own_thread_does_not_wait_for_itself():
    lt = LoopThread("test-loop")
    asyncio.run_coroutine_threadsafe(asyncio.sleep(0), lt.loop).result(5)
    lt.loop.call_soon_threadsafe(lt.close)
    def running() -> bool:
        return not lt.loop.is_closed() or any(t.name == "test-loop" for t in threading.enumerate())

    deadline = time.monotonic() + 10
    while running() and time.monotonic() < deadline:  # its thread frees the loop, then ends
        time.sleep(0.01)
    assert not running() and lt.closed
