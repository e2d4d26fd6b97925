"""Runs the review of a game off the UI thread: one ``LoopThread`` watches one worker process (the review
itself), so the window never waits; progress, the review, a failure or the cancel come back as signals.

A review kept before (``history.kept_reviews``) comes back at once; a new one is kept when it is done.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from patrician_qt.engine import Record
from patrician_qt.history.kept_reviews import keep_review, load_review
from patrician_qt.history.store import default_history_path
from patrician_qt.review.worker import ReviewProcess
from patrician_qt.ui.session.offload import LoopThread

#: the review's budget and seed in the window: the same as ``patrician review``'s defaults, so they share
DEFAULT_BUDGET = "default"
DEFAULT_SEED = 0
POLL_S = 0.2


class ReviewRunner(QObject):
    """One review at a time: ``start(record)``, then ``progressed``…, and ``reviewed``, ``failed`` or
    ``cancelled``."""

    progressed = Signal(int, int)  # turns judged, turns to judge
    reviewed = Signal(object)  # the review map (game_review.review_game's)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, parent: QObject | None = None, budget: str = DEFAULT_BUDGET, seed: int = DEFAULT_SEED,
                 history_path: Callable[[], Path] = default_history_path) -> None:
        super().__init__(parent)
        self.budget = budget
        self.seed = seed
        self._history_path = history_path
        self._loop: LoopThread | None = None
        self._stop = threading.Event()
        self._proc: ReviewProcess | None = None
        self.review: Any | None = None  # the last review done (of ``record``)
        self.record: Record | None = None

    @property
    def running(self) -> bool:
        """Whether a review is under way."""
        return self._loop is not None

    def start(self, record: Record) -> None:
        """Review ``record`` (the people's turns) in the background; nothing when one is running already."""
        if self._loop is not None:
            return
        self.record = record
        self.review = None
        self._stop = threading.Event()
        stop = self._stop
        path = self._history_path()
        self._loop = LoopThread("patrician-review")
        self._loop.call(lambda: self._work(record, path, stop), self._done, self._error)

    def cancel(self) -> None:
        """Stop the review under way (the worker is ended at once); ``cancelled`` follows."""
        self._stop.set()
        proc = self._proc
        if proc is not None:
            proc.cancel()

    def _work(self, record: Record, path: Path, stop: threading.Event) -> Any | None:
        """On the loop's thread: the kept review, or a new one from the worker (None: cancelled)."""
        kept = load_review(path, record, self.budget, self.seed)
        if kept is not None:
            return kept
        if stop.is_set():
            return None
        proc = ReviewProcess(record, None, self.budget, self.seed)
        self._proc = proc
        if stop.is_set():
            proc.cancel()
        try:
            while True:
                for msg in proc.messages(POLL_S):
                    if msg[0] == "progress":
                        self.progressed.emit(int(msg[1]), int(msg[2]))  # queued to the window's thread
                    elif msg[0] == "done":
                        keep_review(path, record, self.budget, self.seed, msg[1])
                        return msg[1]
                    elif msg[0] == "error":
                        raise RuntimeError(msg[1])
                    elif stop.is_set():
                        return None
                    else:
                        raise RuntimeError("the review's worker ended unexpectedly")
        finally:
            proc.cancel()
            self._proc = None

    def _end(self) -> None:
        loop, self._loop = self._loop, None
        if loop is not None:
            loop.close()

    def _done(self, review: Any | None) -> None:
        self._end()
        if review is None:
            self.cancelled.emit()
            return
        self.review = review
        self.reviewed.emit(review)

    def _error(self, exc: Exception) -> None:
        self._end()
        self.failed.emit(str(exc))

    def close(self) -> None:
        """Stop any review and free its thread (the window closes)."""
        self.cancel()
        self._end()


__all__ = ["DEFAULT_BUDGET", "DEFAULT_SEED", "ReviewRunner"]
