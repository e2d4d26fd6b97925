"""The replay viewer plays the turns by itself (play / pause, a speed), and its end offers to
watch again from the deal, not to start a new game."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from patrician_qt.engine import read_record
from patrician_qt.ui.game.main_window import MainWindow
from tests.ui.game_helpers import NAMES  # noqa: F401 - sets the offscreen platform first

DATA = Path(__file__).resolve().parents[2] / "data"
RECORD = DATA / "example-3p.patrician.json"


def _replay(qtbot) -> tuple[MainWindow, int]:  # type: ignore[no-untyped-def]
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.resize(1280, 720)
    window.show()
    assert window.files.open_replay(RECORD)
    return window, len(read_record(RECORD.read_text()).turns)


def test_play_runs_the_turns_and_pause_stops_them(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _n = _replay(qtbot)
    bar = window.page.replay_bar
    bar.speed.setCurrentIndex(bar.speed.count() - 1)  # the fastest
    assert bar.play.text() == "Play"
    qtbot.mouseClick(bar.play, Qt.MouseButton.LeftButton)
    assert bar.playing and bar.play.text() == "Pause"
    qtbot.waitUntil(lambda: bar.session.index >= 3, timeout=30_000)
    qtbot.mouseClick(bar.play, Qt.MouseButton.LeftButton)
    assert not bar.playing
    assert not bar.timer.isActive() and not bar.play.isChecked()  # no next turn is coming


def test_the_speed_sets_the_time_per_turn(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _n = _replay(qtbot)
    bar = window.page.replay_bar
    times = []
    for i in range(bar.speed.count()):
        bar.speed.setCurrentIndex(i)
        times.append(bar.timer.interval())
    assert times == sorted(times, reverse=True) and len(set(times)) == bar.speed.count()


def test_the_end_offers_to_watch_again_from_the_deal(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, n = _replay(qtbot)
    bar = window.page.replay_bar
    qtbot.mouseClick(bar.last, Qt.MouseButton.LeftButton)
    sheet = window.score_sheet
    qtbot.waitUntil(sheet.isVisible, timeout=30_000)
    assert sheet.again.isVisible() and "Watch again" in sheet.again.text()
    asked: list[bool] = []
    window.playAgainRequested.connect(lambda: asked.append(True))
    bar.speed.setCurrentIndex(bar.speed.count() - 1)
    qtbot.mouseClick(sheet.again, Qt.MouseButton.LeftButton)
    assert not asked, "a replay's end does not start a new game"
    assert not sheet.isVisible() and bar.playing
    qtbot.waitUntil(lambda: bar.session.index >= 2, timeout=30_000)
    assert bar.session.index < n
    bar.pause()


def test_play_at_the_end_starts_from_the_deal(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _n = _replay(qtbot)
    bar = window.page.replay_bar
    qtbot.mouseClick(bar.last, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(window.score_sheet.isVisible, timeout=30_000)
    window.score_sheet.hide()
    qtbot.mouseClick(bar.play, Qt.MouseButton.LeftButton)
    assert bar.playing and bar.session.index <= 1
    bar.pause()
