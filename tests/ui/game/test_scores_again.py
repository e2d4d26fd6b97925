"""After "Look at the board" the final table is one menu entry away (Game ▸ Final scores); before the end
of a game the entry is off."""

from __future__ import annotations

from pathlib import Path

from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.text import language

RECORD = Path(__file__).resolve().parents[2] / "data" / "example-2p.patrician.json"


def test_the_score_sheet_comes_back_after_looking_at_the_board(qtbot):
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.resize(1280, 720)
    window.show()
    assert window.files.open_replay(RECORD)
    replay = window.session.replay()
    assert not window.menus.act_scores.isEnabled()  # the game goes on: no final table yet
    replay.seek(len(replay) - 1)
    qtbot.waitUntil(window.score_sheet.isVisible, timeout=10_000)
    window.score_sheet.close_button.click()  # Look at the board
    assert not window.score_sheet.isVisible()
    assert window.menus.act_scores.isEnabled()
    window.menus.act_scores.trigger()
    assert window.score_sheet.isVisible()
    try:
        assert language.switch("de")
        assert window.menus.act_scores.text() == window.score_sheet.title.text() == "Schlusswertung"
    finally:
        language.switch("en")
    replay.seek(3)
    qtbot.waitUntil(lambda: window._shown is not None and not window._shown.view(None)["over"], timeout=10_000)
    assert not window.menus.act_scores.isEnabled()
