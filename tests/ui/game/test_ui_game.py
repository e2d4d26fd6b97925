"""Whole games played only through mouse clicks: against bots, and hot-seat with privacy."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from patrician_qt.engine import read_record, replay_result, write_record
from tests.ui.game_helpers import (
    click_board,
    click_hand,
    lit_cards,
    lit_plots,
    open_game,
    play_turn_by_clicks,
    wait_for_human_or_end,
)


def _finish_check(window, session):
    """The score sheet shows what the engine computes from the record."""
    record = read_record(write_record(session.record()))
    result = replay_result(record)
    sheet = window.score_sheet
    assert sheet.isVisible()
    for seat in range(len(result["scores"])):
        assert sheet.cell("Total", seat) == str(result["scores"][seat])
        assert sheet.cell("Floors left (tie-break)", seat) == str(result["floors_left"][seat])
    names = [s.name for s in session.seats()]
    for w in result["winners"]:
        assert names[w] in sheet.winners.text()


def test_whole_game_against_bots_by_clicks(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:medium"], seed=21)
    rng = random.Random(1)
    human = session.local_humans()[0]
    turns = 0
    while True:
        wait_for_human_or_end(qtbot, window)
        if window._shown is not None and window._shown.over:
            break
        assert window.controller.seat == human
        with qtbot.waitSignal(window.shown, timeout=10_000):
            play_turn_by_clicks(qtbot, window, rng)
        turns += 1
    assert turns >= 9
    _finish_check(window, session)
    session.close()


def test_hot_seat_three_humans_never_shows_the_wrong_hand(qtbot):
    window, session = open_game(qtbot, ["human", "human", "human"], seed=8)
    rng = random.Random(2)
    names = [s.name for s in session.seats()]
    privacy_screens = 0

    def hand_is_right() -> None:
        shown = window._shown
        hand = window.hand_model.cards()
        to_move = shown.view(None)["to_move"]
        if window.privacy.isVisible():
            assert hand == []
        elif hand:
            assert hand == shown.view(to_move)["hand"]
            assert window.controller.seat == to_move

    while True:
        wait_for_human_or_end(qtbot, window)
        shown = window._shown
        if shown.over:
            break
        hand_is_right()
        if window.privacy.isVisible():
            privacy_screens += 1
            to_move = shown.view(None)["to_move"]
            assert names[to_move] in window.privacy.title.text()
            assert window.hand_model.cards() == []
            qtbot.mouseClick(window.privacy.button, Qt.MouseButton.LeftButton)
            assert not window.privacy.isVisible()
        assert window.controller.active
        hand_is_right()
        with qtbot.waitSignal(window.shown, timeout=10_000):
            play_turn_by_clicks(qtbot, window, rng, check=hand_is_right)
        hand_is_right()
    assert privacy_screens >= 20
    _finish_check(window, session)
    session.close()


def test_refused_clicks_explain_the_rule_and_undo_steps_back(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=4)
    wait_for_human_or_end(qtbot, window)
    c = window.controller
    city = next(iter(window.scene.panels))
    click_board(qtbot, window, city, "plot", "A")  # no card played yet
    assert window.turn_bar.message_text.endswith("(R8)")
    card = lit_cards(window)[0]
    click_hand(qtbot, window, card)
    assert c.step in ("build", "relocate", "take")
    if c.step == "build":
        target = c.builder.city
        other = next(name for name in window.scene.panels if name != target)
        click_board(qtbot, window, other, "plot", "A")
        assert window.turn_bar.message_text.endswith("(R9)")
        assert lit_plots(window)
        before = c.builder.choices
        city_, plot = lit_plots(window)[0]
        click_board(qtbot, window, city_, "plot", plot)
        assert len(c.builder.choices) == len(before) + 1
        qtbot.mouseClick(window.turn_bar.undo, Qt.MouseButton.LeftButton)
        assert c.builder.choices == before
    if c.step != "done":
        seq = session.current().seq
        assert not window.turn_bar.confirm.isEnabled()
        qtbot.mouseClick(window.turn_bar.confirm, Qt.MouseButton.LeftButton)  # disabled: nothing is sent
        assert session.current().seq == seq and c.active
    session.close()


def test_an_illegal_turn_is_rejected_with_its_rule_and_changes_nothing(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=4)
    wait_for_human_or_end(qtbot, window)
    seat = window.controller.seat
    before = session.current()
    not_mine = next(c for c in ("BOL-1", "FIR-1", "ROM-1", "LUC-1", "MIL-1")
                    if c not in before.view(seat)["hand"])
    with qtbot.waitSignal(session.rejected, timeout=5000) as blocker:
        session.submit(seat, {"card": not_mine, "build": ["A"], "relocate": None, "take": None})
    reason, rule = blocker.args
    assert rule == "R8" and reason
    assert session.current() is before
    session.close()


def test_keyboard_shortcuts_press_only_enabled_buttons(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=4)
    wait_for_human_or_end(qtbot, window)
    c = window.controller
    click_hand(qtbot, window, lit_cards(window)[0])
    before = c.builder.choices
    undo = next(a for a in window.menuBar().actions()[1].menu().actions() if a.shortcut().toString() == "Ctrl+Z")
    undo.trigger()
    assert len(c.builder.choices) == len(before) - 1
    undo.trigger()  # nothing left to undo: the button is disabled, nothing happens
    assert c.builder.choices == ()
    session.close()
