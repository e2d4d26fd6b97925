"""Test-wide settings: Qt renders offscreen (no display on CI), and every test gives back what it took.

Each test must close the background loops (``LoopThread``), threads, worker processes and
zeroconf instances it starts: ``_leaves_nothing_behind`` fails the test that leaves one
behind. That is also what lets the run end with a plain interpreter teardown (no "Task was
destroyed but it is pending!" after the summary, no ``os._exit`` to skip finalisation).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_configure(config: pytest.Config) -> None:
    """Stop at once, in one line, when the clone's net/ is not importable as ``patrician_qt.net``.

    net/ and resources/ sit at the top of the repository and become ``patrician_qt.net`` and
    ``patrician_qt.resources`` only through the install's mapping. The tests import ``patrician_qt``
    from this clone, so after a plain ``pip install .`` (a copy in site-packages, no mapping back to
    the clone) every module that needs the network layer failed to import, one error each.
    """
    import importlib.util

    if importlib.util.find_spec("patrician_qt.net") is None:
        pytest.exit("the tests run from this clone and need its net/ mapped as patrician_qt.net: "
                    "install with  pip install -e '.[test]'  (not a plain pip install .)", returncode=4)
# the UI thread never waits on a background future: LoopThread's futures raise if it does
os.environ["PATRICIAN_GUARD_UI_THREAD"] = "1"
# games finished in tests go to a history of their own, never to the user's data folder
if "PATRICIAN_HISTORY" not in os.environ:
    import tempfile

    os.environ["PATRICIAN_HISTORY"] = os.path.join(tempfile.mkdtemp(prefix="patrician-history-"), "history.sqlite3")

#: how long a test's threads and processes may take to end after its teardown
LEFT_BEHIND_WAIT_S = 15.0


def _open_loops() -> list[object]:
    """LoopThreads not closed yet (none can exist before offload is imported)."""
    offload = sys.modules.get("patrician_qt.ui.session.offload")
    return list(offload.open_loops()) if offload is not None else []


def _threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.is_alive() and not isinstance(t, threading._DummyThread)}


def _left_behind(threads: set[threading.Thread], children: set[int], loops: set[int]) -> list[str]:
    """What the test started and did not end, in words (empty when all is given back)."""
    out = [f"thread {t.name!r}" for t in _threads() - threads]
    out += [f"process {p.name!r} (pid {p.pid})" for p in multiprocessing.active_children() if p.pid not in children]
    out += [f"LoopThread {getattr(lt, 'name', '?')!r}" for lt in _open_loops() if id(lt) not in loops]
    return out


def _check_given_back() -> Iterator[None]:
    """Around a test (or a module): whatever it started and left running afterwards fails it."""
    threads = _threads()
    children = {p.pid for p in multiprocessing.active_children() if p.pid is not None}
    loops = {id(lt) for lt in _open_loops()}
    yield
    deadline = time.monotonic() + LEFT_BEHIND_WAIT_S
    left = _left_behind(threads, children, loops)
    while left and time.monotonic() < deadline:  # threads end a moment after they are told to
        time.sleep(0.02)
        left = _left_behind(threads, children, loops)
    assert not left, "left running: " + ", ".join(left)


@pytest.fixture(autouse=True)
def _leaves_nothing_behind() -> Iterator[None]:
    """Fail a test that leaves a thread, a worker process or an open LoopThread behind."""
    yield from _check_given_back()


@pytest.fixture(autouse=True, scope="module")
def _module_leaves_nothing_behind() -> Iterator[None]:
    """The same for what a module's fixtures start (e.g. a host shared by a module's tests)."""
    yield from _check_given_back()


@pytest.fixture(autouse=True)
def _cycles_collected_on_the_ui_thread(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that runs Qt collects reference cycles on its UI thread only, as the app does (``make_app``):
    a cycle holding a Qt object collected on a loop's thread can deadlock the two threads. Tests without
    Qt keep Python's own collection."""
    if not {"qtbot", "qapp"} & set(request.fixturenames):
        yield
        return
    request.getfixturevalue("qapp")
    from patrician_qt.ui.session.ui_thread_gc import collect_on_ui_thread

    collector = collect_on_ui_thread()
    yield
    collector.stop()
