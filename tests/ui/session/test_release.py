"""A finished game gives back what it took: sessions are collectable once closed."""

from __future__ import annotations

import gc
import multiprocessing
import weakref
from pathlib import Path

from PySide6.QtCore import QObject, QPropertyAnimation, Qt

from patrician_qt.engine import write_record
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.session.local import LocalSession
from tests.ui.game_helpers import config
from tests.ui.session.open_fds import open_fds


def _workers_reaped(qtbot) -> None:
    """Wait until every bot worker has ended and been dropped: a spawned process holds two pipe ends
    (its sentinel) until its Process object goes, which for a worker still dying when the runner's
    join gave up is whenever multiprocessing next looks at its children (``active_children`` or the next
    ``start``), so a count taken before that would see them close later, in the middle of the test."""
    qtbot.waitUntil(lambda: not [p for p in multiprocessing.active_children() if p.name == "patrician-bot"],
                    timeout=10_000)
    gc.collect()


def _collected(ref: weakref.ref) -> bool:
    gc.collect()
    return ref() is None


def test_a_closed_local_session_is_collected_with_its_loop_and_fds(qtbot):
    """No file descriptor a game opened is still open once it is closed and collected. Compared as sets of
    descriptors, not as a count: a descriptor that something else closes meanwhile (an earlier test's
    worker whose process object goes now) would otherwise hide a leak or fail the test."""
    before: set[tuple[str, str]] | None = None
    for seed in range(4):
        session = LocalSession(config(["bot:easy", "bot:easy"], seed=seed))
        with qtbot.waitSignal(session.updated, timeout=30_000):
            session.start()
        refs = (weakref.ref(session), weakref.ref(session.table))
        session.close()
        del session
        qtbot.waitUntil(lambda r=refs: all(_collected(x) for x in r), timeout=10_000)
        _workers_reaped(qtbot)
        if before is None:  # the first game may start process-wide helpers (multiprocessing's resource tracker)
            before = open_fds()
    assert open_fds() - before == set()


def test_the_window_lets_go_of_a_closed_game_and_a_closed_replay(qtbot, tmp_path: Path):
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    session = LocalSession(config(["bot:easy", "bot:easy"], seed=4))
    with qtbot.waitSignal(window.gameOver, timeout=60_000):
        window.start_session(session)
    path = tmp_path / "game.patrician.json"
    path.write_text(write_record(session.record()), encoding="utf-8")
    game = weakref.ref(session)
    del session
    assert window.files.open_replay(path)  # the game is closed for the replay
    qtbot.waitUntil(lambda: _collected(game), timeout=10_000)
    replay = weakref.ref(window.session)
    qtbot.mouseClick(window.page.replay_bar.forward, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.page.replay_bar.close_button, Qt.MouseButton.LeftButton)  # "Close replay"
    assert window.session is None
    qtbot.waitUntil(lambda: _collected(replay), timeout=10_000)


def test_a_city_glows_with_one_animation_however_often_it_flashes(qtbot):
    window = MainWindow(None)
    qtbot.addWidget(window)
    session = LocalSession(config(["human", "human"], seed=2))
    window.start_session(session)
    qtbot.waitUntil(lambda: bool(window.scene.panels), timeout=10_000)
    cities = list(window.scene.panels)
    for _ in range(50):
        for city in cities:
            window.scene.flash(city, 900)
    animations = window.scene.findChildren(QPropertyAnimation)
    assert len(animations) == len(cities)
    assert all(isinstance(a, QObject) and a.duration() == 900 for a in animations)
    window.close()
