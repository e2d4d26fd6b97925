"""A verdict chosen on the score sheet at a game's end, as a player does it: a click, Return or Space on the
verdict opens that turn as its player saw it (the board and the hand before the turn), with the turn played and
the better turn ringed and both said in words; Back (or Esc) is the way back to the score sheet."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from patrician_qt.review.seen import game_moments
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.history.review_panel import TURN_ROLE
from patrician_qt.ui.history.review_words import differs, turn_words
from patrician_qt.ui.history.turn_look import PLAYED_COLOR, look_words
from tests.ui.game_helpers import open_game, play_to_the_end_by_clicks
from tests.ui.history.test_after_game import TINY


def _row_of(panel, turn: int) -> int:
    return next(i for i in range(panel.verdicts.count()) if panel.verdicts.item(i).data(TURN_ROLE) == turn)


def _click_row(qtbot, panel, row: int) -> None:
    item = panel.verdicts.item(row)
    panel.verdicts.scrollToItem(item)
    qtbot.mouseClick(panel.verdicts.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.verdicts.visualItemRect(item).center())


def _hand(look) -> list[str]:
    m = look.hand_model
    return [m.index(i, 0).data(HandModel.CardRole) for i in range(m.rowCount())]


def _check_shown(look, record, t: dict, names: list[str]) -> None:
    """The look shows turn ``t`` as its player saw it: the hand before the turn, both turns ringed and said."""
    [moment] = [m for m in game_moments(record, {t["seat"]}) if m.index == t["turn"]]
    assert look.isVisible() and look.turn == t["turn"]
    assert sorted(_hand(look)) == sorted(moment.view["hand"])  # their hand then, the card played still in it
    assert t["played"]["card"] in _hand(look)
    assert look.words.text() == look_words(t, names)
    assert look.words.accessibleDescription() == look.words.text()  # a screen reader says the same
    assert f"(solid grey rings): {turn_words(t['played'])}" in look.words.text()
    played = look.played_marks
    assert played.places[0].card == t["played"]["card"] and played.hand_ring.isVisible()
    assert all(ring.color == PLAYED_COLOR for ring in played.rings)
    better = look.better_marks
    if differs(t):
        assert better.places[0].card == t["best"]["card"]
        assert f"(dashed blue rings): {turn_words(t['best'])}" in look.words.text()
        assert better.rings or better.hand_ring.isVisible()
        ring = better.hand_ring
        assert ring.geometry() == look.hand.viewport().rect() and not ring.card_rect().isEmpty()
    else:
        assert not better.places and "no better turn" in look.words.text()


def test_choosing_a_verdict_on_the_score_sheet_shows_that_turn_as_its_player_saw_it(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PATRICIAN_HISTORY", str(tmp_path / "history.sqlite3"))
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=11)
    play_to_the_end_by_clicks(qtbot, window, random.Random(2))
    after = window.history.after
    after.runner.budget = TINY
    sheet = window.score_sheet
    assert sheet.isVisible()
    qtbot.mouseClick(after.review_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: after.runner.review is not None, timeout=120_000)
    review = after.runner.review
    record = after.record
    names = [s.name for s in session.seats()]
    panel = after.sheet_review
    assert sheet.pages.currentWidget() is panel
    turns = review["turns"]
    assert len(turns) >= 3 and {t["seat"] for t in turns} == set(session.local_humans())
    # a click on a verdict (a better turn where the review found one)
    first = next((t for t in turns if differs(t)), turns[1])
    _click_row(qtbot, panel, _row_of(panel, first["turn"]))
    look = after.look
    assert look is not None
    qtbot.waitUntil(look.isVisible)
    _check_shown(look, record, first, names)
    assert sheet.isVisible()  # under it, as it was
    assert look.focusWidget() is look.words  # a screen reader starts on the words
    look.activateWindow()  # as a dialog opened over the window is (the offscreen platform needs telling)
    qtbot.waitUntil(look.isActiveWindow)
    # the next verdict from the look (a click, Page Down), and back (Page Up): the sheet's list follows
    k = turns.index(first)
    qtbot.mouseClick(look.next_button, Qt.MouseButton.LeftButton)
    _check_shown(look, record, turns[k + 1], names)
    assert panel.verdicts.currentItem().data(TURN_ROLE) == turns[k + 1]["turn"]
    qtbot.keyClick(look.words, Qt.Key.Key_PageUp)
    _check_shown(look, record, first, names)
    qtbot.keyClick(look.words, Qt.Key.Key_PageDown)
    _check_shown(look, record, turns[k + 1], names)
    # back to the scores
    qtbot.mouseClick(look.back_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: after.look is None)
    assert sheet.isVisible() and sheet.pages.currentWidget() is panel
    # the keyboard: Return on a verdict, Esc back, Space on another
    second = turns[0]
    panel.verdicts.setFocus()
    panel.verdicts.setCurrentRow(_row_of(panel, second["turn"]))
    qtbot.keyClick(panel.verdicts, Qt.Key.Key_Return)
    look = after.look
    assert look is not None
    qtbot.waitUntil(look.isVisible)
    _check_shown(look, record, second, names)
    qtbot.keyClick(look, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: after.look is None)
    assert window.focusWidget() is panel.verdicts  # back on the verdict it opened
    assert panel.verdicts.currentItem().data(TURN_ROLE) == second["turn"]
    third = turns[-1]
    panel.verdicts.setCurrentRow(_row_of(panel, third["turn"]))
    qtbot.keyClick(panel.verdicts, Qt.Key.Key_Space)
    look = after.look
    assert look is not None
    qtbot.waitUntil(look.isVisible)
    _check_shown(look, record, third, names)
    # a summary line is not a turn: nothing opens
    qtbot.keyClick(look, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: after.look is None)
    _click_row(qtbot, panel, 0)
    assert panel.verdicts.item(0).data(TURN_ROLE) is None and after.look is None
