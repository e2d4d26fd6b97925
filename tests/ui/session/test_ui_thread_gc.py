"""Reference cycles are collected on the UI thread only, never on a loop's thread."""

from __future__ import annotations

import gc
import threading
from typing import ClassVar

import pytest

from patrician_qt.ui.session.ui_thread_gc import collect_on_ui_thread


class _Cycle:
    """Half of a reference cycle that writes down on which thread it was freed."""

    freed_on: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        _Cycle.freed_on.append(threading.current_thread().name)


def _garbage_on_a_thread(name: str) -> list[list[object]]:
    """Make cycles on another thread, then allocate past the first generation's threshold there; the
    allocated containers are handed back alive, so the count stays over the threshold afterwards."""
    kept: list[list[object]] = []

    def work() -> None:
        for _ in range(50):
            _Cycle()
        kept.extend([] for _ in range(2 * gc.get_threshold()[0]))

    t = threading.Thread(target=work, name=name)
    t.start()
    t.join()
    return kept


def test_without_the_collector_python_collects_on_whatever_thread_allocates(qapp):
    """Why the collector exists: this is what Python does on its own (the test of the test)."""
    collect_on_ui_thread().stop()
    gc.collect()
    _Cycle.freed_on.clear()
    assert gc.isenabled()
    kept = _garbage_on_a_thread("a-loop")
    del kept
    assert "a-loop" in _Cycle.freed_on


def test_cycles_made_on_a_loop_thread_are_collected_on_the_ui_thread(qtbot):
    collector = collect_on_ui_thread()
    assert collector.active and not gc.isenabled()
    gc.collect()
    _Cycle.freed_on.clear()
    kept = _garbage_on_a_thread("a-loop")
    # the loop's thread allocated past the threshold and collected nothing
    assert _Cycle.freed_on == [], (gc.isenabled(), gc.get_count(), collector.collections)
    def freed() -> bool:  # by the UI thread's next tick
        assert set(_Cycle.freed_on) <= {threading.main_thread().name}, (_Cycle.freed_on, gc.get_count())
        return len(_Cycle.freed_on) >= 50

    qtbot.waitUntil(freed, timeout=10_000)
    del kept


def test_every_tick_collects_the_young_and_the_older_generations_by_pythons_thresholds(qtbot):
    collector = collect_on_ui_thread()
    gc.collect()
    _t0, t1, t2 = gc.get_threshold()
    assert collector.collect_due() == 0  # the young generation, even with a count under its threshold
    for _ in range(t1):  # t1 + 1 young collections in all: the older one waits until its count is over t1
        assert collector.collect_due() == 0
    assert collector.collect_due() == 1  # after more young collections than the older one's threshold
    while gc.get_count()[2] <= t2:
        collector.collect_due()
    assert collector.collect_due() == 2


def test_cycles_are_collected_however_many_older_objects_were_freed_meanwhile(qtbot):
    """The count Python keeps is net: freeing older objects lowers it. Looked at twice a second, it may
    never be over the threshold, so a tick collects the young generation whatever it says."""
    collector = collect_on_ui_thread()
    old = [[] for _ in range(3 * gc.get_threshold()[0])]
    gc.collect()  # now older: freeing them counts down
    _Cycle.freed_on.clear()
    for _ in range(50):
        _Cycle()
    del old
    assert gc.get_count()[0] <= gc.get_threshold()[0]
    collector.collect_due()
    assert len(_Cycle.freed_on) == 50


def test_collection_turned_back_on_behind_its_back_is_turned_off_again(qtbot):
    """A thread starting a subprocess turns collection off and back on around the fork; racing the
    collector's start, it can leave it on."""
    collector = collect_on_ui_thread()
    gc.enable()
    collector.collect_due()
    assert not gc.isenabled()


def test_stop_gives_collection_back_to_python(qtbot):
    collector = collect_on_ui_thread()
    collector.stop()
    assert gc.isenabled() and not collector.active
    assert collect_on_ui_thread() is collector and not gc.isenabled()  # started again, the same one


def test_only_the_ui_thread_may_start_it(qapp):
    problems: list[BaseException] = []

    def start() -> None:
        try:
            collect_on_ui_thread()
        except RuntimeError as exc:
            problems.append(exc)

    t = threading.Thread(target=start)
    t.start()
    t.join()
    assert len(problems) == 1 and "UI thread" in str(problems[0])


def test_the_app_starts_it(qapp, monkeypatch: pytest.MonkeyPatch):
    from patrician_qt.ui.app import run

    monkeypatch.setattr(run, "load_translation", lambda app, lang: False)
    collect_on_ui_thread().stop()
    assert run.make_app() is qapp
    assert not gc.isenabled()
