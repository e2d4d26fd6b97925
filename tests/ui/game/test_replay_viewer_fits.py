"""The replay viewer fits a 1366×768 laptop at 150 % (911×512 free logical pixels), in German too.

Its window could not get narrower than 949 px: the bar's one row of controls (buttons, speed, "Zug 888 von
888", whose view, Close) set the board column's least width.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.text import language
from tests.ui.screen_check import clipped_texts, overlapping_widgets

DATA = Path(__file__).resolve().parents[2] / "data"
FREE = (911 - 8, 512 - 40)  # the free area at 150 % less a window manager's frame and title (screen_fit.py)


def test_the_german_replay_viewer_fits_150_percent_on_a_laptop(qtbot: Any) -> None:
    assert language.install("de")
    try:
        window = MainWindow(None)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        assert window.open_replay(DATA / "example-5p.patrician.json")
        qtbot.wait(50)
        least = window.minimumSizeHint()
        assert least.width() <= FREE[0], least  # the height on a short screen: tests/screen (a real screen)
        window.resize(FREE[0], 720)
        qtbot.wait(50)
        assert window.width() == FREE[0]
        bar = window.page.replay_bar
        assert clipped_texts(bar) == [] and overlapping_widgets(bar) == []
        window.close_session()
        window.close()
    finally:
        language.install("en")
