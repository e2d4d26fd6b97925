"""The runner searches in a spawned worker process, keeps to its deadline and falls back when cut off."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

import pytest

from patrician_qt.bots.levels import choose_turn
from patrician_qt.bots.runner import BotRunner
from patrician_qt.engine import apply

from .helpers import positions


def _position(n: int = 3, seed: int = 31):
    return next(iter(positions(1, seed=seed, players=(n,))))


def test_sync_deadline_is_honoured() -> None:
    """Expert would think for seconds; with a 0.2 s deadline it answers within 0.3 s."""
    state, view, history = _position()
    t0 = time.perf_counter()
    turn = choose_turn("expert", view["seat"], view, history, seed=1, deadline_s=0.2)
    assert time.perf_counter() - t0 < 0.3
    apply(state, turn)


def test_runner_uses_a_worker_process_and_is_deterministic() -> None:
    state, view, history = _position()
    seat = view["seat"]

    async def main() -> tuple[dict, int | None]:
        runner = BotRunner()
        try:
            await runner.start()
            pid = runner.worker_pid
            turn = await runner.choose("ismcts:300", seat, view, history, seed=4, deadline_s=30.0)
            assert runner.fallbacks == 0
            return turn, pid
        finally:
            await runner.close()

    turn, pid = asyncio.run(main())
    assert pid is not None and pid != os.getpid()
    apply(state, turn)
    assert turn == choose_turn("ismcts:300", seat, view, history, seed=4)  # same answer as in-process


def test_runner_deadline_is_honoured() -> None:
    state, view, history = _position(seed=32)

    async def main() -> float:
        runner = BotRunner()
        try:
            await runner.start()
            t0 = time.perf_counter()
            turn = await runner.choose("expert", view["seat"], view, history, seed=1, deadline_s=0.2)
            dt = time.perf_counter() - t0
            apply(state, turn)
            return dt
        finally:
            await runner.close()

    assert asyncio.run(main()) < 0.3


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGSTOP")
def test_stuck_worker_is_cut_off_and_replaced() -> None:
    """A worker that stops answering is killed, the turn comes from greedy in-process, and a new worker follows."""
    state, view, history = _position(seed=33)
    seat = view["seat"]

    async def main() -> None:
        runner = BotRunner()
        try:
            await runner.start()
            stuck = runner.worker_pid
            assert stuck is not None
            os.kill(stuck, signal.SIGSTOP)
            t0 = time.perf_counter()
            turn = await runner.choose("hard", seat, view, history, seed=1, deadline_s=0.2)
            assert time.perf_counter() - t0 < 0.3
            assert runner.fallbacks == 1
            assert turn == choose_turn("medium", seat, view, history, seed=1)
            apply(state, turn)
            await runner.start()
            assert runner.worker_pid not in (None, stuck)
            again = await runner.choose("ismcts:50", seat, view, history, seed=1, deadline_s=30.0)
            assert runner.fallbacks == 1
            apply(state, again)
        finally:
            await runner.close()

    asyncio.run(main())


def test_runner_refuses_a_view_of_another_seat() -> None:
    _, view, history = _position(seed=34)

    async def main() -> None:
        runner = BotRunner()
        try:
            with pytest.raises(ValueError):
                await runner.choose("medium", (view["seat"] + 1) % len(view["players"]), view, history, 1, 1.0)
        finally:
            await runner.close()

    asyncio.run(main())
