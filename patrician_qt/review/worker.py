"""A review run in worker processes of its own: they tell their progress over pipes and can be stopped at once.

Why processes and not a thread: judging a turn is pure Python for seconds; in a thread of the app it would
take the interpreter from the window again and again. Processes leave the window smooth (they are niced like
the bots' workers), and Cancel ends them at once (a kill), whatever turn they are judging. Why two: the turns
are judged apart (each depends only on its moment and the seed), so two processes share them, every other
turn each, and a 2-core machine reviews a game in about half the time; the review is the same whatever the
number. Started with 'spawn': the app has Qt loaded and must not be forked.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from multiprocessing.connection import Connection, wait
from typing import Any

from patrician_qt.engine import Record

from .game_review import assemble, judge_share
from .judge import Verdict, parse_budget
from .seen import reviewed_seats

WORKER_NICE = 5  # as the bots' workers: the window wins every tie for a core


def default_processes() -> int:
    """One process per core, at most two (a review's turns are few; a third would rarely pay)."""
    return max(1, min(2, os.cpu_count() or 1))


def _review_main(conn: Connection, record: Record, seats: list[int] | None, budget: str, seed: int, share: int,
                 shares: int) -> None:
    """A worker: judge its share of the turns, sending ("progress", done, total) after each turn, then
    ("part", verdicts) or ("error", words)."""
    with contextlib.suppress(OSError, AttributeError):  # AttributeError: no os.nice (Windows)
        os.nice(WORKER_NICE)
    try:
        chosen = reviewed_seats(record) if seats is None else set(seats)
        verdicts = judge_share(record, chosen, parse_budget(budget), seed, share, shares,
                               lambda done, total: conn.send(("progress", done, total)))
        conn.send(("part", verdicts))
    except Exception as exc:  # said to the window, which shows it; the game shown is not touched
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


class ReviewProcess:
    """One review in ``processes`` worker processes; ``messages`` reads what they said (as one: ("progress",
    done, total) over all of them, then ("done", review), ("error", words) or ("gone",)), ``cancel`` ends them."""

    def __init__(self, record: Record, seats: list[int] | None, budget: str, seed: int,
                 processes: int | None = None) -> None:
        ctx = multiprocessing.get_context("spawn")
        shares = processes or default_processes()
        self._record, self._seats, self._budget, self._seed = record, seats, budget, seed
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        self._counts: dict[int, tuple[int, int]] = {}
        self._parts: dict[int, list[Verdict]] = {}
        try:
            for share in range(shares):
                parent, child = ctx.Pipe(duplex=False)
                self._conns.append(parent)
                try:
                    proc = ctx.Process(target=_review_main, args=(child, record, seats, budget, seed, share, shares),
                                       daemon=True, name=f"patrician-review-{share}")
                    proc.start()
                    self._procs.append(proc)
                finally:
                    child.close()
        except BaseException:
            self.cancel()
            for conn in self._conns:
                conn.close()
            raise
        self.ended = False

    @property
    def pids(self) -> list[int | None]:
        """The worker processes' ids."""
        return [p.pid for p in self._procs]

    def alive(self) -> bool:
        """Whether any worker process still runs."""
        with contextlib.suppress(ValueError):
            return any(p.is_alive() for p in self._procs)
        return False

    def messages(self, wait_s: float) -> list[tuple[Any, ...]]:
        """What the workers said within ``wait_s`` seconds, as one; ("gone",) once one ended without a last
        word (the others are then ended too)."""
        out: list[tuple[Any, ...]] = []
        if self.ended:
            return out
        pending = {share: conn for share, conn in enumerate(self._conns) if share not in self._parts}
        ready = wait(list(pending.values()), wait_s)
        for share, conn in pending.items():
            if conn not in ready:
                continue
            try:
                while conn.poll(0):
                    msg: tuple[Any, ...] = conn.recv()
                    if msg[0] == "progress":
                        self._counts[share] = (int(msg[1]), int(msg[2]))
                    elif msg[0] == "part":
                        self._parts[share] = msg[1]
                        break
                    else:
                        out.append(msg)
                        break
            except (EOFError, OSError):
                out.append(("gone",))
            if out:
                break
        if not out and self._counts and len(self._counts) == len(self._conns):
            done = sum(d for d, _ in self._counts.values())
            out.append(("progress", done, sum(t for _, t in self._counts.values())))
        if not out or out[-1][0] == "progress":
            if len(self._parts) == len(self._conns):
                out.append(("done", self._review()))
        if out and out[-1][0] in ("done", "error", "gone"):
            self._finish()
        return out

    def _review(self) -> dict[str, Any]:
        chosen = reviewed_seats(self._record) if self._seats is None else set(self._seats)
        verdicts = [v for part in self._parts.values() for v in part]
        return assemble(self._record, chosen, parse_budget(self._budget), self._seed, verdicts)

    def cancel(self) -> None:
        """Stop the review now: the workers are killed, and whoever reads ``messages`` then hears ("gone",).
        Safe from another thread than the reader's, and after the end."""
        for proc in list(self._procs):
            with contextlib.suppress(ValueError):  # already closed
                if proc.is_alive():
                    proc.kill()

    def _finish(self) -> None:
        if self.ended:
            return
        self.ended = True
        self.cancel()
        for conn in self._conns:
            conn.close()
        for proc in self._procs:
            with contextlib.suppress(ValueError):
                proc.join(timeout=5)
                proc.close()


__all__ = ["ReviewProcess", "default_processes"]
