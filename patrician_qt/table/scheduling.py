"""When bots play and when a gone player's seat goes to a bot: a table's bot turns and take-over timers.

Why a module: the table (table.py) is the authority over seats and the game. Asking the bots'
runner for a turn at the right moment (once per position, within its deadline, a random legal
turn when the runner's answer is late or illegal) and the countdowns after which a gone
player's seat is handed to a bot are jobs of their own. The table hands them what they need as
callables (``BotHooks``, the expiry callback); they never reach into it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from patrician_qt.bots.names import SLOW_LEVELS
from patrician_qt.engine import Event, GameState, IllegalTurn, Turn, apply, random_turn, view_for

from .options import BotRunnerLike, TableOptions
from .seeds import decision_seed
from .trouble import Trouble, describe_cause

log = logging.getLogger("patrician.table")


class TakeoverClock:
    """Per gone player's seat: since when they are gone, and the countdown after which ``on_expire(seat)``.

    The host may hold a seat (no countdown: the game waits for that player).
    """

    def __init__(self, options: Callable[[], TableOptions], on_expire: Callable[[int], None]) -> None:
        self._options = options
        self._on_expire = on_expire
        self._timers: dict[int, asyncio.TimerHandle] = {}
        #: when each gone player's seat goes to a bot (loop time), while that timer runs
        self._deadlines: dict[int, float] = {}
        #: since when each human seat's player is gone (loop time)
        self._gone_since: dict[int, float] = {}
        #: seats whose take-over the host stopped: the game waits for that player
        self._held: set[int] = set()

    def gone(self, seat: int, *, keep_earlier: bool = False) -> None:
        """The seat's player is gone from now (``keep_earlier``: unless already known to be gone)."""
        now = asyncio.get_running_loop().time()
        if keep_earlier:
            self._gone_since.setdefault(seat, now)
        else:
            self._gone_since[seat] = now

    def back(self, seat: int) -> None:
        """The seat's player is back: not gone, not held."""
        self._gone_since.pop(seat, None)
        self._held.discard(seat)

    def start(self, seat: int) -> None:
        """(Re)start the seat's countdown, unless the host holds the seat."""
        self.cancel(seat)
        if seat in self._held:
            return
        loop = asyncio.get_running_loop()
        after = self._options().takeover_after_s
        self._timers[seat] = loop.call_later(after, self._expire, seat)
        self._deadlines[seat] = loop.time() + after

    def cancel(self, seat: int) -> None:
        """Stop the seat's countdown (if it runs)."""
        self._deadlines.pop(seat, None)
        handle = self._timers.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def cancel_all(self) -> None:
        """Stop every countdown."""
        for seat in list(self._timers):
            self.cancel(seat)

    def running(self, seat: int) -> bool:
        """Whether the seat's countdown runs."""
        return seat in self._timers

    def hold(self, seat: int, hold: bool) -> None:
        """The host holds the seat (its countdown stops) or lets it go (the table starts it again)."""
        if hold:
            self._held.add(seat)
            self.cancel(seat)
        else:
            self._held.discard(seat)

    def unhold(self, seat: int) -> None:
        """The seat is held no more (a bot took it, its player came back)."""
        self._held.discard(seat)

    def clear_holds(self) -> None:
        """No seat is held (a new game)."""
        self._held.clear()

    def absence(self, seat: int) -> dict[str, Any] | None:
        """For a gone player's seat: seconds gone, seconds until the take-over (None: no countdown), held."""
        if seat not in self._gone_since:
            return None
        now = asyncio.get_running_loop().time()
        deadline = self._deadlines.get(seat)
        return {"gone_for": max(0.0, now - self._gone_since[seat]),
                "takeover_in": None if deadline is None else max(0.0, deadline - now),
                "held": seat in self._held}

    def _expire(self, seat: int) -> None:
        self._timers.pop(seat, None)
        self._deadlines.pop(seat, None)
        self._on_expire(seat)


@dataclass(frozen=True, slots=True)
class BotHooks:
    """What bot scheduling needs of its table, as callables (the table keeps its insides to itself)."""

    #: the true state (None before a game)
    state: Callable[[], GameState | None]
    #: the number of the position on the table (a bot's answer for an older one is dropped)
    position_seq: Callable[[], int]
    #: whether a game is being played
    playing: Callable[[], bool]
    #: whether the table is closed
    closed: Callable[[], bool]
    #: the level of the bot that plays a seat now, None when no bot plays it
    bot_level: Callable[[int], str | None]
    #: the public events so far (a bot's history)
    history: Callable[[], Sequence[Event]]
    #: loop time of the latest change (a bot's turn waits ``bot_min_delay_s`` after it)
    last_change: Callable[[], float]
    #: apply a bot's turn: seat, turn, new state, events
    commit: Callable[[int, Turn, GameState, Sequence[Event]], None]
    #: tell the players what failed
    report: Callable[[Trouble], None]


class BotTurns:
    """Asks the bots' runner for the turn of the bot to move, once per position, and plays its answer.

    Owns the runner when the table was given none (``BotRunner``, a worker process started before
    the first bot turn), and the task of the turn being thought.
    """

    def __init__(self, runner: BotRunnerLike | None, options: Callable[[], TableOptions], seed: int,
                 hooks: BotHooks) -> None:
        self.runner = runner
        self._owns_runner = runner is None
        self._runner_started = False  # the worker is started before the first bot turn
        self._options = options
        self._seed = seed
        self._hooks = hooks
        self._task: asyncio.Task[None] | None = None
        self._seq = -1  # the position the task thinks about
        self._stopping: asyncio.Task[None] | None = None

    def kick(self) -> None:
        """Ask the bot to move if a bot plays the seat to move (once per position)."""
        hooks = self._hooks
        state = hooks.state()
        if hooks.closed() or not hooks.playing() or state is None:
            return
        seat = state.to_move
        if hooks.bot_level(seat) is None:
            return
        position_seq = hooks.position_seq()
        if self._task is not None and not self._task.done():
            if self._seq == position_seq:
                return
            self._task.cancel()
        self._seq = position_seq
        self._task = asyncio.get_running_loop().create_task(self._turn(seat, position_seq))
        self._task.add_done_callback(self._done)

    def cancel(self) -> None:
        """Stop thinking about the position (a person took the seat back, a new game)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def stop(self) -> None:
        """Stop the turn being thought and wait until it has ended (the table closes)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def close_runner(self) -> None:
        """Close the runner if this table owns it."""
        if self._owns_runner and self.runner is not None:
            await self.runner.close()
            self.runner = None

    def use_simple_bots(self) -> None:
        """Bots that think in this process from now on (no worker; Hard and Expert seats play Medium)."""
        from patrician_qt.bots.runner import InProcessRunner

        old, owned = self.runner, self._owns_runner
        self.runner, self._owns_runner, self._runner_started = InProcessRunner(), True, True
        if old is not None and owned:
            shutdown = getattr(old, "shutdown", None)  # BotRunner stops its worker at once
            if shutdown is not None:
                shutdown()
            else:
                self._stopping = asyncio.get_running_loop().create_task(old.close())

    def _done(self, task: asyncio.Task[None]) -> None:
        """A bot's turn that broke unexpectedly must not leave the game waiting without a word."""
        if task.cancelled() or task.exception() is None or self._hooks.closed():
            return
        exc = task.exception()
        assert exc is not None
        log.error("a bot's turn failed", exc_info=exc)
        state = self._hooks.state()
        self._hooks.report(Trouble("bot", describe_cause(exc), state.to_move if state is not None else None))

    def _get_runner(self) -> BotRunnerLike | None:
        if self.runner is None and self._owns_runner:
            try:
                from patrician_qt.bots.runner import BotRunner
            except ImportError:
                log.error("patrician_qt.bots.runner is missing: bots play uniformly random turns")
                self._owns_runner = False
                return None
            self.runner = BotRunner()
        return self.runner

    async def _turn(self, seat: int, position_seq: int) -> None:
        state = self._hooks.state()
        assert state is not None
        options = self._options()
        level = self._hooks.bot_level(seat) or options.takeover_level
        loop = asyncio.get_running_loop()
        seed = decision_seed(self._seed, seat, state.turn_number)  # one-way: it tells nothing of the deal
        deadline = options.bot_deadline_s * SLOW_LEVELS.get(level, 1.0)  # Expert may take longer (names.py)
        turn_map: Any = None
        try:
            runner = self._get_runner()
        except OSError as exc:  # e.g. out of file descriptors: the seat waits, the player is told
            self._hooks.report(Trouble("bot", describe_cause(exc), seat, exc.errno))
            return
        if runner is not None and not self._runner_started:
            # Wait for the worker process once, so the first bot turn is thought by its own
            # level rather than the runner's quick fallback while the worker is still starting.
            self._runner_started = True
            start = getattr(runner, "start", None)
            if start is not None:
                with contextlib.suppress(Exception):
                    await start()
        if runner is not None:
            try:
                turn_map = await asyncio.wait_for(
                    runner.choose(level, seat, view_for(state, seat), list(self._hooks.history()), seed,
                                  deadline),
                    deadline + options.bot_grace_s)
            except asyncio.CancelledError:
                raise
            except OSError as exc:
                if not isinstance(exc, TimeoutError):  # a lost worker that could not be started again
                    self._hooks.report(Trouble("bot", describe_cause(exc), seat, exc.errno))
                    return
                log.warning("bot for seat %d did not answer in time: playing a random turn", seat)
            except Exception as exc:
                log.warning("bot for seat %d failed (%s): playing a random turn", seat,
                            exc.__class__.__name__ if not str(exc) else exc)
        wait = self._hooks.last_change() + options.bot_min_delay_s - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        hooks = self._hooks
        if (hooks.closed() or hooks.position_seq() != position_seq or hooks.state() is not state
                or hooks.bot_level(seat) is None):
            return
        try:
            turn = Turn.from_map(turn_map)
            new_state, events = apply(state, turn)
        except IllegalTurn as exc:
            if runner is not None:
                log.warning("bot for seat %d chose an illegal turn (%s): playing a random turn",
                            seat, exc)
            turn = random_turn(state, random.Random(seed))
            new_state, events = apply(state, turn)
        self._task = None
        self._hooks.commit(seat, turn, new_state, events)
