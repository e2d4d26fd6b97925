"""Keyboard-only play: a whole game with key presses only, the cursor, the rules key and the shortcut list."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QApplication

from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.reach.keyboard import Target
from tests.ui.game_helpers import open_game, wait_for_human_or_end


def _key(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    """A key press where a keyboard user would make it: on the focused widget, or the window."""
    target = window.focusWidget() or window
    qtbot.keyClick(target, key, modifier)


def _walk_to(qtbot, window, target: Target, only_lit: bool) -> None:
    """Press Tab (lit places) or Right (every place) until the cursor is on ``target``."""
    kb = window.extras.keyboard
    window.board_view.setFocus()
    for _ in range(40):
        if kb.cursor == target:
            return
        qtbot.keyClick(window.board_view, Qt.Key.Key_Tab if only_lit else Qt.Key.Key_Right)
        if not window.board_view.hasFocus():  # past the last place Tab left the board: round again
            window.board_view.setFocus(Qt.FocusReason.TabFocusReason)
    raise AssertionError(f"the cursor never reached {target}")


def play_turn_by_keys(qtbot, window, rng: random.Random) -> None:
    """One whole turn by keys: a number key, A/B, cursor + Enter or S, then Enter to confirm."""
    c = window.controller
    b = c.builder
    cards = [window.hand_model.index(i, 0).data(HandModel.CardRole) for i in range(window.hand_model.rowCount())]
    card = rng.choice(sorted(b.options()))
    _key(qtbot, window, getattr(Qt.Key, f"Key_{cards.index(card) + 1}"))
    assert c.chosen_card() == card
    while c.step == "build":
        plot = rng.choice(sorted(b.options()))
        _key(qtbot, window, Qt.Key.Key_A if plot == "A" else Qt.Key.Key_B)
    if c.step == "relocate":
        opts = [o for o in b.options() if o is not None]
        if opts and rng.random() < 0.7:
            city, plot = rng.choice(opts)
            _walk_to(qtbot, window, Target(city, "plot", plot), only_lit=True)
            _key(qtbot, window, Qt.Key.Key_Return)
            assert c.step != "relocate"
        else:
            _key(qtbot, window, Qt.Key.Key_S)
    if c.step == "take":
        opts = [o for o in b.options() if o is not None]
        city = rng.choice(opts)
        if len(opts) > 1:
            _walk_to(qtbot, window, Target(city, "card"), only_lit=True)
        _key(qtbot, window, Qt.Key.Key_Return)
    assert c.step == "done"
    _key(qtbot, window, Qt.Key.Key_Return)  # Enter confirms


def test_whole_game_with_key_presses_only(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    rng = random.Random(4)
    turns = 0
    while True:
        wait_for_human_or_end(qtbot, window)
        if window._shown is not None and window._shown.over:
            break
        with qtbot.waitSignal(window.shown, timeout=10_000):
            play_turn_by_keys(qtbot, window, rng)
        turns += 1
    assert turns >= 20
    assert window.extras.keyboard.keyboard_used
    assert window.score_sheet.isVisible()
    assert session.record().result is not None
    session.close()


def test_backspace_undoes_and_arrows_show_a_visible_cursor(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    assert not window.extras.keyboard.ring.isVisible()  # no key pressed yet: mouse players see no cursor
    c = window.controller
    _key(qtbot, window, Qt.Key.Key_1)
    assert c.step in ("build", "take")
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert c.step == "card" and c.chosen_card() is None
    window.board_view.setFocus()
    kb = window.extras.keyboard
    before = kb.cursor
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)
    assert kb.cursor is not None and kb.cursor != before
    assert kb.ring.isVisible()
    assert kb.ring.sceneBoundingRect().intersects(window.scene.panels[kb.cursor.city].sceneBoundingRect())
    first = kb.cursor
    kb._turn_ready()  # after a key press the cursor stays visible from turn to turn
    assert kb.ring.isVisible() and kb.cursor == first
    qtbot.keyClick(window.board_view, Qt.Key.Key_Down)
    assert kb.cursor.city != first.city and kb.cursor.kind == first.kind
    assert first.city not in window.board_view.accessibleName() or kb.cursor.city in window.board_view.accessibleName()
    session.close()


def test_only_a_key_player_sees_the_cursor_whatever_brings_the_focus_to_the_board(qtbot):
    """CI saw the cursor appear for a mouse player when the window became active late (after other tests'
    windows closed): only focus that a key brought shows it."""
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    kb = window.extras.keyboard
    view = window.board_view
    for reason in (Qt.FocusReason.ActiveWindowFocusReason, Qt.FocusReason.MouseFocusReason,
                   Qt.FocusReason.OtherFocusReason):
        QApplication.sendEvent(view, QFocusEvent(QEvent.Type.FocusIn, reason))
        assert not kb.ring.isVisible() and kb.cursor is None, reason
    c = window.controller
    c.click_card(window.hand_model.index(0, 0).data(HandModel.CardRole))  # a mouse player's choice
    assert c.step in ("build", "take") and not kb.ring.isVisible()  # the cursor follows, unseen
    QApplication.sendEvent(view, QFocusEvent(QEvent.Type.FocusIn, Qt.FocusReason.TabFocusReason))
    assert not kb.ring.isVisible()  # Qt also says "Tab" when a focused button is disabled: no key was pressed
    window.hand_view.setFocus()
    qtbot.keyClick(window.hand_view, Qt.Key.Key_Tab)  # a key player tabs from the hand towards the board
    assert kb.keyboard_used
    QApplication.sendEvent(view, QFocusEvent(QEvent.Type.FocusIn, Qt.FocusReason.TabFocusReason))
    assert kb.ring.isVisible() and kb.cursor is not None
    session.close()


def test_a_refused_key_names_the_rule_and_the_link_opens_the_rules_there(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_A)  # no card played yet: R8
    assert window.turn_bar.rule == "R8"
    link = window.turn_bar.rule_link
    assert link.isVisible() and "R8" in link.text()
    link.click()
    rules = window.extras._rules
    assert rules is not None and rules.isVisible()
    session.close()


def test_question_mark_opens_the_rules_and_help_lists_the_shortcuts(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_Question)
    assert window.extras._rules is not None and window.extras._rules.isVisible()
    dlg = window.extras.show_shortcuts()
    from patrician_qt.ui.reach.keyboard import shortcut_table

    keys = [k for k, _what in dlg.rows()]
    assert dlg.rows() == shortcut_table()
    for k in ("1 … 9", "A / B", "? / F1"):
        assert k in keys
    session.close()
