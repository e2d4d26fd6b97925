"""Shows the session's updates one after another; bot turns step by step at the user's speed.

Updates are queued, so a fast bot never skips ahead of what the user has seen. Each step
(a played card, floors built, a relocation, a scoring, a draw) is shown by the window's
callback; the new view is applied when the turn's steps are done.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from patrician_qt.ui.session.contract import Update
from patrician_qt.ui.text.event_text import LogEvent, merge_builds

SPEEDS: dict[str, int] = {"instant": 0, "fast": 200, "normal": 450, "slow": 850}
SCORE_PAUSE = 3  # a completed city's scoring stays this many steps on the board (scoring moments)


def ends_game(update: Update) -> bool:
    """Whether the update ends the game (its steps are paced even after a human's turn: nobody waits to act)."""
    return any(e.get("e") == "ended" for e in update.events)


class Presenter(QObject):
    """Paces updates; ``idle`` when everything received has been shown."""

    stepShown = Signal(object)  # the (merged) event just shown: a map (Signal(dict) would copy it to a QVariantMap)
    stepOf = Signal(object, object, str)  # update, its (merged) event, and "paced", "at_once" or "hurry"
    applied = Signal(Update)  # the update whose view is now on screen
    idle = Signal()

    def __init__(
        self,
        show_step: Callable[[Update, LogEvent], None],
        apply: Callable[[Update], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._show_step = show_step
        self._apply = apply
        self._queue: deque[Update] = deque()
        self._steps: deque[LogEvent] = deque()
        self._current: Update | None = None
        self.step_ms = SPEEDS["normal"]
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)

    def is_paced(self, update: Update) -> bool:
        """Whether the update's steps are shown one by one at the user's speed (bots, and a game's end)."""
        return self.step_ms > 0 and (update.by_bot or ends_game(update))

    @property
    def busy(self) -> bool:
        """Whether an update is being shown or waits to be."""
        return self._current is not None or bool(self._queue)

    def push(self, update: Update) -> None:
        """Queue an update for showing."""
        self._queue.append(update)
        if self._current is None:
            self._start_next()

    def clear(self) -> None:
        """Forget everything queued (a new game)."""
        self._timer.stop()
        self._queue.clear()
        self._steps.clear()
        self._current = None

    def drop_queued(self) -> None:
        """Forget the updates not yet begun; the one being shown goes on (a film of N turns ends here)."""
        self._queue.clear()

    def finish_now(self) -> None:
        """Show everything queued at once (the user is in a hurry)."""
        self._timer.stop()
        while self._current is not None:
            self._next(instant=True)

    def _start_next(self) -> None:
        if not self._queue:
            self._current = None
            self.idle.emit()
            return
        self._current = self._queue.popleft()
        self._steps = deque(merge_builds(list(self._current.events)))
        self._next()

    def _next(self, instant: bool = False) -> None:
        update = self._current
        if update is None:
            return
        paced = self.is_paced(update)
        delay = 0 if instant or not paced else self.step_ms
        if self._steps:
            step = self._steps.popleft()
            self._show_step(update, step)
            self.stepShown.emit(step)
            self.stepOf.emit(update, step, "hurry" if instant else "paced" if paced else "at_once")
            if delay and step.get("e") == "scored":
                delay *= SCORE_PAUSE
            if delay and step.get("e") not in ("revealed",):
                self._timer.start(delay)
            else:
                self._next(instant)
            return
        self._current = None
        self._apply(update)
        self.applied.emit(update)
        if instant:
            if self._queue:
                self._current = self._queue.popleft()
                self._steps = deque(merge_builds(list(self._current.events)))
            else:
                self.idle.emit()
            return
        self._start_next()
