"""One way to work off the UI thread: ``LoopThread.call`` answers through a queued signal, and the UI
thread never waits on a background future (the guard raises; the tests run with it on)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from patrician_qt.ui.session import offload
from patrician_qt.ui.session.offload import LoopThread, UIThreadWaits


@pytest.fixture
def loop_thread():
    lt = LoopThread("test-call")
    yield lt
    lt.close()


def test_the_guard_is_on_in_the_tests():
    assert offload.guard_is_on()


def test_call_runs_on_the_loop_and_answers_on_the_ui_thread(qtbot, loop_thread):
    ran_on: list[threading.Thread] = []
    answered_on: list[threading.Thread] = []

    def work() -> int:
        ran_on.append(threading.current_thread())
        return 42

    def done(value: int) -> None:
        answered_on.append(threading.current_thread())
        assert value == 42

    loop_thread.call(work, done)
    qtbot.waitUntil(lambda: bool(answered_on), timeout=10000)
    assert ran_on == [loop_thread._thread]
    assert answered_on == [threading.main_thread()]


def test_call_awaits_a_coroutine_and_tells_its_error(qtbot, loop_thread):
    errors: list[Exception] = []

    async def work() -> None:
        await asyncio.sleep(0)
        raise ValueError("no")

    loop_thread.call(work, lambda _value: pytest.fail("no answer expected"), errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=10000)
    assert isinstance(errors[0], ValueError) and str(errors[0]) == "no"


def test_waiting_on_a_background_future_on_the_ui_thread_raises(qapp, loop_thread):
    async def work() -> int:
        return 7

    future = loop_thread.run(work())
    with pytest.raises(UIThreadWaits):
        future.result(10)
    with pytest.raises(UIThreadWaits):
        future.exception(10)
    seen: list[int] = []
    reader = threading.Thread(target=lambda: seen.append(future.result(10)))  # another thread may wait
    reader.start()
    reader.join(10)
    assert seen == [7]


def test_cancelling_the_future_cancels_the_work(loop_thread):
    started, cancelled = threading.Event(), threading.Event()

    async def forever() -> None:
        started.set()
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    future = loop_thread.run(forever())
    assert started.wait(10)
    assert future.cancel()
    assert cancelled.wait(10)


def test_close_runs_its_last_work_before_the_loop_ends(loop_thread):
    done = threading.Event()

    async def last() -> None:
        await asyncio.sleep(0)
        done.set()

    loop_thread.close(last())
    assert done.is_set()
    assert loop_thread.loop.is_closed()


def test_a_closed_loop_answers_nothing_and_raises_nothing(qapp, loop_thread):
    loop_thread.close()
    answers: list[object] = []
    loop_thread.call(lambda: 1, answers.append, answers.append)
    loop_thread.post(lambda: answers.append("posted"))
    qapp.processEvents()  # nothing was queued: the loop is gone
    assert answers == []
