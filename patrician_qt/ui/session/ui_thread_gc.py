"""Python's collection of reference cycles, run on the UI thread only.

Why: CPython collects cycles on whichever thread happens to cross its allocation threshold, and in
this app that is often a ``LoopThread`` (the table, the LAN client and host, discovery). A cycle that
holds a PySide object then dies on that thread: PySide takes back the object's connections there,
holding Qt's connection lock while it waits for the GIL, and when the UI thread, which holds the
GIL, is at that moment making a connection that needs the same lock, both wait for ever. A whole
test run hung exactly so (the UI thread in ``QAccessible``'s cache, a discovery loop collecting).

So the automatic collection is turned off and a timer on the UI thread collects the young generation
every tick, and the older ones when Python's thresholds say so, as calibre and pyqtgraph do. Other
threads still free objects by their reference counts at once; only cycles wait, at most one tick.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer

#: how often the UI thread collects (the young generation each time)
TICK_MS = 500


class UIThreadCollector(QObject):
    """Turns automatic collection off and collects on the UI thread, tick by tick."""

    def __init__(self, parent: QObject | None = None, tick_ms: int = TICK_MS) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.collections = [0, 0, 0]  # how many of each generation, for the tests
        self._timer = QTimer(self)
        self._timer.setInterval(tick_ms)
        self._timer.timeout.connect(self.collect_due)
        self.active = False

    def start(self) -> None:
        """From now on cycles are collected here only."""
        gc.disable()
        self._timer.start()
        self.active = True

    def stop(self) -> None:
        """Give collection back to Python (on every thread again)."""
        self._timer.stop()
        self.active = False
        gc.enable()

    def collect_due(self) -> int:
        """Collect the young generation, and an older one when it is due by Python's thresholds; returns
        the oldest generation collected.

        Every tick collects the young generation, not only when its count is over the threshold: the
        count is net (objects made less objects freed), so between two ticks a thread can make a
        thousand objects and cycles while older objects are freed, and a count looked at only twice a
        second may never be seen over the threshold (Python looks at every allocation). Collecting
        the young generation costs as much as the objects that survived since the last tick."""
        if gc.isenabled():  # a thread's subprocess start turns collection back on if it raced our disable
            gc.disable()
        _t0, t1, t2 = self.thresholds
        _c0, c1, c2 = gc.get_count()
        generation = 2 if c2 > t2 else 1 if c1 > t1 else 0  # the oldest one over its threshold
        gc.collect(generation)
        self.collections[generation] += 1
        return generation


_collector: UIThreadCollector | None = None


def collect_on_ui_thread() -> UIThreadCollector:
    """Start collecting on the UI thread only (once per process; again after ``stop``). Call it on the
    thread that runs the QApplication."""
    global _collector
    app = QCoreApplication.instance()
    if app is None or QThread.currentThread() is not app.thread():
        raise RuntimeError("cycles can be collected on the UI thread only once a QApplication runs there")
    if _collector is None:
        _collector = UIThreadCollector(app)
    if not _collector.active:
        _collector.start()
    return _collector
