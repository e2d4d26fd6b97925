"""A background asyncio loop for the table, off the UI thread.

The table (``patrician_qt.table``) runs on an asyncio loop and bots think in its worker
process; running that loop on a daemon thread keeps the UI thread free whatever happens
there. The session hands results back to the UI thread (see ``session.LocalSession``).
"""

from __future__ import annotations

import asyncio
import threading


class LoopThread:
    """One asyncio loop on its own daemon thread."""

    def __init__(self, name: str = "patrician-table") -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def close(self) -> None:
        """Stop the loop and wait for its thread."""
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=2)
