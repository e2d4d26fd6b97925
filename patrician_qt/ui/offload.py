"""A background asyncio loop for the table and other slow work, off the UI thread.

The table (``patrician_qt.table``) must run on an asyncio loop and bots think in its
worker process; running that loop on a daemon thread keeps the UI thread free whatever
happens there. Results come back to the UI thread as queued Qt signals.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from PySide6.QtCore import QObject, Signal


class Offload(QObject):
    """One asyncio loop on its own thread; ``finished(tag, result, error)`` arrives on the UI thread."""

    finished = Signal(object, object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="patrician-table", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def submit(self, tag: Any, factory: Callable[[], Awaitable[Any]]) -> None:
        """Start ``factory()`` on the background loop; its result (or exception) comes back tagged."""

        async def run() -> None:
            try:
                result = await factory()
            except Exception as exc:  # reported to the UI, never swallowed
                self.finished.emit(tag, None, exc)
            else:
                self.finished.emit(tag, result, None)

        asyncio.run_coroutine_threadsafe(run(), self.loop)

    def close(self) -> None:
        """Stop the loop thread (pending work is dropped)."""
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=2)
