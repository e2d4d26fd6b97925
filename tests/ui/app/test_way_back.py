"""A way back from a running game (or its score sheet) to the start screen, by keys,
after which hosting, loading and the tutorial work without restarting the app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from tests.ui.app.flow_helpers import answer, make_app, menu_by_keys, play_to, played, question
from tests.ui.game_helpers import config


def test_game_main_menu_by_keys_goes_back_and_continue_brings_the_game_again(qtbot: Any, tmp_path: Path) -> None:
    ctrl = make_app(qtbot, tmp_path)
    session = ctrl.start_game(config(["human", "bot:easy"], seed=3))
    play_to(qtbot, ctrl, 4)
    cards = played(ctrl)
    menu_by_keys(qtbot, ctrl, Qt.Key.Key_G, Qt.Key.Key_M)  # Alt+G, M: Game ▸ Main menu
    box = question(qtbot, ctrl)
    assert "Continue" in box.informativeText()
    answer(qtbot, ctrl, leave=True)
    assert ctrl.window.current_page() is ctrl.start and ctrl.window.session is None
    assert not session.can_save()  # the game was closed (its autosave flushed), not left running
    assert ctrl.start.continue_button.isEnabled()
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        qtbot.mouseClick(ctrl.start.continue_button, Qt.MouseButton.LeftButton)
    assert played(ctrl) == cards and ctrl.window.current_page() is ctrl.window.page
    ctrl.window.close()


def test_the_score_sheet_has_main_menu_and_then_load_and_the_tutorial_work(qtbot: Any, tmp_path: Path,
                                                                           monkeypatch: Any) -> None:
    ctrl = make_app(qtbot, tmp_path)
    saved = tmp_path / "saves" / "kept.patrician.json"
    first = ctrl.start_game(config(["human", "bot:easy"], seed=5))
    play_to(qtbot, ctrl, 2)
    first.save_as(saved)
    ctrl.window.close_session()
    ctrl.start_game(config(["bot:easy", "bot:easy"], seed=9))  # the bots play it to the end at once
    sheet = ctrl.window.score_sheet
    qtbot.waitUntil(sheet.isVisible, timeout=30_000)
    assert sheet.main_menu.text().replace("&", "") == "Main menu"
    qtbot.keyClick(ctrl.window, Qt.Key.Key_M, Qt.KeyboardModifier.AltModifier)  # the button's Alt+M
    qtbot.waitUntil(lambda: ctrl.window.current_page() is ctrl.start)
    assert ctrl.guard.box is None  # a finished game is left without a question
    # Load works from here
    monkeypatch.setattr("patrician_qt.ui.game.file_dialog.open_file_name", lambda *a, **k: (str(saved), ""))
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        qtbot.mouseClick(ctrl.start.load_button, Qt.MouseButton.LeftButton)
    assert played(ctrl) >= 2
    # and so does the tutorial, after one more way back
    menu_by_keys(qtbot, ctrl, Qt.Key.Key_G, Qt.Key.Key_M)
    answer(qtbot, ctrl, leave=True)
    assert ctrl.window.current_page() is ctrl.start
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        ctrl.window.extras.act_tutorial.trigger()
    assert ctrl.window.extras.tutorial is not None and ctrl.window.extras.tutorial.active
    assert ctrl.guard.box is not None and not ctrl.guard.box.isVisible()  # nothing to ask from the start screen
    ctrl.window.close()


def test_main_menu_from_the_hot_seat_privacy_screen_shows_the_start_screen_uncovered(qtbot: Any,
                                                                                   tmp_path: Path) -> None:
    ctrl = make_app(qtbot, tmp_path)
    ctrl.start_game(config(["human", "human"], seed=2))
    qtbot.waitUntil(ctrl.window.privacy.isVisible)  # "Pass the game to …"
    menu_by_keys(qtbot, ctrl, Qt.Key.Key_G, Qt.Key.Key_M)
    answer(qtbot, ctrl, leave=True)
    assert ctrl.window.current_page() is ctrl.start
    assert not ctrl.window.privacy.isVisible()  # nothing of the game covers the start screen
    ctrl.window.close()
