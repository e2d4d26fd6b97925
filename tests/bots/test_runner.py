"""The runner searches in a spawned worker process, keeps to its deadline and falls back when cut off."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest

from patrician_qt.bots.levels import choose_turn
from patrician_qt.bots.runner import FALLBACK_RESERVE_S, BotRunner
from patrician_qt.engine import apply

from .helpers import positions


def _position(n: int = 3, seed: int = 31):
    return next(iter(positions(1, seed=seed, players=(n,))))


class FakeClock:
    """A perf_counter that moves on by ``step`` seconds each time it is read, whatever the machine's load."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_a_deadline_stops_the_search_when_its_clock_passes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's search (3 players) is cut at the first check after the deadline (checks every 16 iterations)."""
    from patrician_qt.bots import ismcts, levels

    state, view, history = _position()
    clock = FakeClock(0.05)
    monkeypatch.setattr(ismcts, "time", clock)
    seen: list[tuple[ismcts.SearchConfig, ismcts.SearchResult]] = []

    def recording_search(det, rng, cfg, begun=None):  # type: ignore[no-untyped-def]
        result = ismcts.search(det, rng, cfg, begun)
        seen.append((cfg, result))
        return result

    monkeypatch.setattr(levels, "search", recording_search)
    turn = choose_turn("hard", view["seat"], view, history, seed=1, deadline_s=0.2)
    apply(state, turn)
    (cfg, result), = seen
    assert cfg.evaluations == levels.HARD_EVALUATIONS
    assert cfg.time_s == pytest.approx(0.2 * 0.85 - 0.02)  # the deadline less a margin for the answer
    # the clock reads 0.05 at the start (deadline 0.2), 0.10 after 16 iterations, 0.15 after 32, 0.20 after 48
    assert result.iterations == 48
    assert sum(result.visits.values()) == 48


def test_without_a_deadline_the_budget_is_iterations_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from patrician_qt.bots import ismcts, levels

    _, view, history = _position()
    seen: list[ismcts.SearchConfig] = []
    monkeypatch.setattr(levels, "search",
                        lambda det, rng, cfg, begun=None: seen.append(cfg) or ismcts.search(det, rng, cfg, begun))
    choose_turn("ismcts:40", view["seat"], view, history, seed=1)
    assert seen == [ismcts.SearchConfig(iterations=40, time_s=None)]


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


def test_runner_hands_the_deadline_to_the_worker_less_the_fallback_reserve() -> None:
    """What the worker is asked: the level, the seat's view and a time budget inside the caller's deadline."""
    state, view, history = _position(seed=32)
    sent: list[tuple] = []

    async def main() -> dict:
        runner = BotRunner()
        try:
            real = runner._roundtrip

            def recording(req: tuple, until: float) -> dict | None:
                sent.append(req)
                return real(req, until)

            runner._roundtrip = recording  # type: ignore[method-assign]
            return await runner.choose("hard", view["seat"], view, history, seed=1, deadline_s=0.2)
        finally:
            await runner.close()

    turn = asyncio.run(main())
    apply(state, turn)  # from the worker or, on a machine too busy to answer in time, from the fallback
    (req,) = sent
    _, level, seat, sent_view, sent_history, seed, budget, begun, part = req
    assert begun is None  # a bot's own turn completes nothing
    assert (level, seat, seed, part) == ("hard", view["seat"], 1, None)
    assert sent_view == view and sent_history == history
    assert 0.0 < budget <= 0.2 - FALLBACK_RESERVE_S


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
            # a stopped worker can never answer: a turn at all means the deadline cut it off
            turn = await asyncio.wait_for(runner.choose("hard", seat, view, history, seed=1, deadline_s=0.2), 60)
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
