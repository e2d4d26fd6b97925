"""Keys go where the focus is: a focused button takes Space and Return, a text field takes every key it
types, and the game's keys act only from the board.

The windows are made active, as on a desktop: window-wide shortcuts only compete for keys then.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from patrician_qt.ui.app.start_screen import StartScreen
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.reach.keyboard import Target
from tests.ui.game_helpers import open_game, wait_for_human_or_end


def activate(qtbot: Any, window: Any) -> None:
    """Make the window the active one (keys and window shortcuts then work as on a desktop)."""
    window.activateWindow()
    window.raise_()
    qtbot.waitUntil(window.isActiveWindow)


def press(qtbot: Any, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key press on whatever has the focus now (nothing is focused by hand)."""
    target = QApplication.focusWidget()
    assert target is not None, "nothing has the keyboard focus"
    qtbot.keyClick(target, key, modifier)


def walk(qtbot: Any, window: Any, target: Target) -> None:
    """Tab over the lit places until the cursor is on ``target`` (the board must already have the focus)."""
    kb = window.extras.keyboard
    assert window.board_view.hasFocus()
    for _ in range(40):
        if kb.cursor == target:
            return
        press(qtbot, Qt.Key.Key_Tab)
        if not window.board_view.hasFocus():  # past the last place Tab left the board: round again
            window.board_view.setFocus(Qt.FocusReason.TabFocusReason)
    raise AssertionError(f"the cursor never reached {target}")


def turn_by_keys(qtbot: Any, window: Any, rng: random.Random) -> None:
    """One turn: number key, A/B, Tab + Return or S, Return for the card to take, Return to confirm."""
    c = window.controller
    b = c.builder
    cards = [window.hand_model.index(i, 0).data(HandModel.CardRole) for i in range(window.hand_model.rowCount())]
    card = rng.choice(sorted(b.options()))
    press(qtbot, getattr(Qt.Key, f"Key_{cards.index(card) + 1}"))
    assert c.chosen_card() == card
    while c.step == "build":
        press(qtbot, Qt.Key.Key_A if rng.choice(sorted(b.options())) == "A" else Qt.Key.Key_B)
    if c.step == "relocate":
        opts = [o for o in b.options() if o is not None]
        if opts and rng.random() < 0.6:
            city, plot = rng.choice(opts)
            walk(qtbot, window, Target(city, "plot", plot))
            press(qtbot, Qt.Key.Key_Return)
        else:
            press(qtbot, Qt.Key.Key_S)
    if c.step == "take":
        opts = [o for o in b.options() if o is not None]
        if len(opts) > 1:
            walk(qtbot, window, Target(rng.choice(opts), "card"))
        press(qtbot, Qt.Key.Key_Return)
    assert c.step == "done"
    press(qtbot, Qt.Key.Key_Return)


def test_a_whole_hot_seat_game_with_key_presses_only(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "human", "bot:easy"], seed=21)
    activate(qtbot, window)
    rng = random.Random(8)
    passes = turns = 0
    while True:
        wait_for_human_or_end(qtbot, window)
        shown = window._shown
        if shown is not None and shown.over:
            break
        if window.privacy.isVisible():
            # the privacy screen's button has the focus: Return (or Space) passes it
            assert window.privacy.button.hasFocus()
            press(qtbot, Qt.Key.Key_Return if passes % 2 == 0 else Qt.Key.Key_Space)
            assert not window.privacy.isVisible()
            passes += 1
            continue
        assert window.board_view.hasFocus()  # the turn arrived: the board has the keys
        with qtbot.waitSignal(window.shown, timeout=10_000):
            turn_by_keys(qtbot, window, rng)
        turns += 1
    assert passes >= 10 and turns >= 10
    assert session.record().result is not None
    # the score table takes the focus on the winner's total; Tab leaves it, reaches "Look at the board"
    sheet = window.score_sheet
    qtbot.waitUntil(sheet.isVisible)
    assert sheet.table.hasFocus() and sheet.table.currentColumn() == 0
    assert sheet.order[0] in session.record().result["winners"]
    press(qtbot, Qt.Key.Key_Tab)
    assert sheet.again.hasFocus()  # one Tab out of the table (it used to walk all its cells)
    for _ in range(4):
        if sheet.close_button.hasFocus():
            break
        press(qtbot, Qt.Key.Key_Tab)
    assert sheet.close_button.hasFocus()
    press(qtbot, Qt.Key.Key_Return)
    assert not sheet.isVisible()
    session.close()


def test_space_and_return_press_focused_buttons_not_the_game_keys(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    activate(qtbot, window)
    wait_for_human_or_end(qtbot, window)
    # the start screen's "New game…" (a page of the same window, under the same shortcuts)
    start = StartScreen()
    window.add_page(start)
    window.show_page(start)
    for key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
        start.new_button.setFocus()
        with qtbot.waitSignal(start.newGame, timeout=2000):
            qtbot.keyClick(start.new_button, key)
    window.show_page(window.page)
    # "Hint" on the turn bar: Space asks for a hint and does not "show the bots' moves"
    hint = window.turn_bar.hint
    assert hint.isEnabled()
    hint.setFocus()
    asked: list[int] = []
    session.hintReady.connect(lambda seat, *_: asked.append(seat))
    qtbot.keyClick(hint, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: bool(asked), timeout=30_000)
    assert window.controller.chosen_card() is None  # nothing of the turn was chosen by that key
    # Return on a focused Undo button undoes, it does not confirm or choose on the board
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_1)
    assert window.controller.chosen_card() is not None
    undo = window.turn_bar.undo
    undo.setFocus()
    qtbot.keyClick(undo, Qt.Key.Key_Return)
    assert window.controller.chosen_card() is None
    session.close()


def test_a_text_field_in_the_game_window_keeps_every_key_it_types(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    activate(qtbot, window)
    wait_for_human_or_end(qtbot, window)
    field = QLineEdit()
    window.add_side_widget(field)
    field.show()
    sent: list[str] = []
    field.returnPressed.connect(lambda: sent.append(field.text()))
    field.setFocus()
    before = (window.controller.step, window.controller.chosen_card(), window._shown.seq)
    qtbot.keyClicks(field, "nice 2 A B s h ? ")
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClick(field, Qt.Key.Key_Space)
    qtbot.keyClick(field, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert sent == ["nice 2 A B s h ? "] * 2  # Ctrl+Return is the field's Return too, never "confirm"
    assert (window.controller.step, window.controller.chosen_card(), window._shown.seq) == before
    assert window.extras._rules is None  # "?" typed in the field did not open the rules
    assert field.hasFocus()
    # a new turn (after Undo and an update) never takes the focus from the field
    window.extras.keyboard._turn_ready()
    assert field.hasFocus()
    session.close()
