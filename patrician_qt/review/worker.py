"""A review run in a worker process of its own: it tells its progress over a pipe and can be stopped at once.

Why a process and not a thread: judging a turn is pure Python for seconds; in a thread of the app it would
take the interpreter from the window again and again. A process leaves the window smooth on two cores (it is
niced like the bots' workers), and Cancel ends it at once (a kill), whatever turn it is judging. Started with
'spawn': the app has Qt loaded and must not be forked.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from multiprocessing.connection import Connection
from typing import Any

from patrician_qt.engine import Record

from .game_review import review_game
from .judge import parse_budget

WORKER_NICE = 5  # as the bots' workers: the window wins every tie for a core


def _review_main(conn: Connection, record: Record, seats: list[int] | None, budget: str, seed: int) -> None:
    """The worker: review, sending ("progress", done, total) after each turn, then ("done", review) or
    ("error", words)."""
    with contextlib.suppress(OSError, AttributeError):  # AttributeError: no os.nice (Windows)
        os.nice(WORKER_NICE)
    try:
        review = review_game(record, None if seats is None else set(seats), parse_budget(budget), seed, 1,
                             lambda done, total: conn.send(("progress", done, total)))
        conn.send(("done", review))
    except Exception as exc:  # said to the window, which shows it; the game shown is not touched
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


class ReviewProcess:
    """One review in one worker process; ``messages`` reads what it said, ``cancel`` ends it."""

    def __init__(self, record: Record, seats: list[int] | None, budget: str, seed: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe(duplex=False)
        self._conn = parent
        try:
            self._proc = ctx.Process(target=_review_main, args=(child, record, seats, budget, seed), daemon=True,
                                     name="patrician-review")
            self._proc.start()
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        self.ended = False

    def messages(self, wait_s: float) -> list[tuple[Any, ...]]:
        """What the worker said within ``wait_s`` seconds; ("gone",) once it ended without a last word."""
        out: list[tuple[Any, ...]] = []
        if self.ended:
            return out
        try:
            if self._conn.poll(wait_s):
                while True:
                    out.append(self._conn.recv())
                    if out[-1][0] in ("done", "error") or not self._conn.poll(0):
                        break
        except (EOFError, OSError):
            out.append(("gone",))
        if out and out[-1][0] in ("done", "error", "gone"):
            self._finish()
        return out

    def cancel(self) -> None:
        """Stop the review now: the worker is killed, and whoever reads ``messages`` then hears ("gone",).
        Safe from another thread than the reader's, and after the end."""
        with contextlib.suppress(ValueError):  # already closed
            if self._proc.is_alive():
                self._proc.kill()

    def _finish(self) -> None:
        if self.ended:
            return
        self.ended = True
        self._conn.close()
        self._proc.join(timeout=5)
        with contextlib.suppress(ValueError):
            self._proc.close()


__all__ = ["ReviewProcess"]
