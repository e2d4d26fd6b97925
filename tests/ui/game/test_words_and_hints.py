"""Cards named as players see them, refusals that go away, hints that
complete the turn begun and show on the board, and log notes that follow a language switch."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from patrician_qt.engine import CARD_BY_ID, CARDS
from patrician_qt.ui.board.hint_marks import HintRing
from patrician_qt.ui.board.log_model import LogModel
from patrician_qt.ui.text import language
from patrician_qt.ui.text.card_names import CODE_RE, card_name
from patrician_qt.ui.text.engine_text import translate_refusal
from tests.ui.game_helpers import (
    click_board,
    click_hand,
    lit_cards,
    lit_plots,
    open_game,
    play_turn_by_clicks,
    wait_for_human_or_end,
)

HINT_TIMEOUT_MS = 60_000


def log_texts(window) -> list[str]:  # type: ignore[no-untyped-def]
    m = window.log_model
    return [m.index(i, 0).data(LogModel.TextRole) for i in range(m.rowCount())]


def test_every_card_has_a_name_without_its_code() -> None:
    for card in CARDS:
        name = card_name(card.id)
        assert card.city in name and not CODE_RE.search(name), name


def test_log_and_prompts_name_cards_without_codes(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _ = open_game(qtbot, ["human", "bot:easy"], seed=7)
    rng = random.Random(3)
    for _ in range(3):
        wait_for_human_or_end(qtbot, window)
        play_turn_by_clicks(qtbot, window, rng, check=lambda: _no_code(window.turn_bar.prompt_text))
    wait_for_human_or_end(qtbot, window)
    texts = log_texts(window)
    assert any("played the" in t for t in texts)
    assert not [t for t in texts if CODE_RE.search(t)]


def _no_code(text: str) -> None:
    assert not CODE_RE.search(text), text


@pytest.mark.parametrize("message", [
    "R8: ROM-4 is not in your hand",
    "R9: the Roma card ROM-6 builds 2 floor(s) in Roma, not 1",
    "R13: only a relocate card lets you move a floor; SIE-1 is not one",
    "R99: something new about BOL-2",
])
def test_refusals_name_cards_without_codes(message: str) -> None:
    rule, text = translate_refusal(message)
    assert rule and not CODE_RE.search(text), text
    code = CODE_RE.search(message).group(0)  # type: ignore[union-attr]
    assert card_name(code)[1:] in text


def _refuse_in_another_city(qtbot, window) -> str:  # type: ignore[no-untyped-def]
    """Play a card and click a plot of another city: the R9 refusal; returns the card."""
    card = lit_cards(window)[0]
    click_hand(qtbot, window, card)
    other = next(c for c in window.scene.panels if c != CARD_BY_ID[card].city)
    click_board(qtbot, window, other, "plot", "A")
    tb = window.turn_bar
    assert tb.refused and tb.rule == "R9" and tb.rule_link.isVisible()
    assert card_name(card)[1:] in tb.message_text and card not in tb.message_text
    return card


def test_a_refusal_goes_on_the_next_valid_step(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _ = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    _refuse_in_another_city(qtbot, window)
    city, plot = lit_plots(window)[0]
    click_board(qtbot, window, city, "plot", plot)
    tb = window.turn_bar
    assert not tb.refused and not tb.rule_link.isVisible() and tb.message_text == ""


def test_a_refusal_goes_on_undo(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _ = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    _refuse_in_another_city(qtbot, window)
    qtbot.mouseClick(window.turn_bar.undo, Qt.MouseButton.LeftButton)
    tb = window.turn_bar
    assert window.controller.step == "card"
    assert not tb.refused and not tb.rule_link.isVisible()


def _ask_hint(qtbot, window) -> dict:  # type: ignore[no-untyped-def]
    window.hints.last_hint = None
    qtbot.mouseClick(window.turn_bar.hint, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.hints.last_hint is not None, timeout=HINT_TIMEOUT_MS)
    return window.hints.last_hint


def _rings(window) -> list[HintRing]:  # type: ignore[no-untyped-def]
    return [i for i in window.scene.items() if isinstance(i, HintRing) and i.isVisible()]


def test_a_hint_shows_card_plots_and_take_on_the_board(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _ = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    hint = _ask_hint(qtbot, window)
    marks = window.hints.marks
    assert marks.hand_ring.isVisible() and marks.hand_ring.card == hint["card"]
    assert not marks.hand_ring.card_rect().isEmpty()
    kinds = {p.kind for p in marks.places}
    assert "card" in kinds and "plot" in kinds and ("take" in kinds) == bool(hint["take"])
    assert len(_rings(window)) == len(marks.places) - 1  # every board place ringed; the card in the hand
    text = window.turn_bar.message_text
    assert text.startswith("Hint:") and card_name(hint["card"]) in text and not CODE_RE.search(text)
    # following the hint: the card's ring goes, the plots stay until placed
    click_hand(qtbot, window, hint["card"])
    assert not marks.hand_ring.isVisible() and marks.places and marks.places[0].kind == "plot"
    # going elsewhere clears it
    qtbot.mouseClick(window.turn_bar.undo, Qt.MouseButton.LeftButton)
    city = CARD_BY_ID[hint["card"]].city
    other = next(c for c in lit_cards(window) if CARD_BY_ID[c].city != city)
    click_hand(qtbot, window, other)
    assert marks.places == [] and _rings(window) == []


def test_a_hint_completes_the_turn_begun(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _ = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    first = _ask_hint(qtbot, window)
    # choose a card the hint did not pick, and a plot: the next hint keeps both
    card = next(c for c in lit_cards(window) if c != first["card"])
    click_hand(qtbot, window, card)
    city, plot = lit_plots(window)[0]
    click_board(qtbot, window, city, "plot", plot)
    hint = _ask_hint(qtbot, window)
    assert hint["card"] == card and plot in hint["build"]
    assert all(p.kind != "card" for p in window.hints.marks.places)


def test_the_new_game_line_follows_a_language_switch(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, _ = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    assert log_texts(window)[0].startswith("A new game begins")
    try:
        assert language.switch("de")
        assert log_texts(window)[0].startswith("Ein neues Spiel beginnt"), log_texts(window)[0]
    finally:
        language.switch("en")
    assert log_texts(window)[0].startswith("A new game begins")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 720)])
def test_the_german_hint_line_is_read_whole(qtbot, size) -> None:  # type: ignore[no-untyped-def]
    assert language.install("de")
    try:
        window, _ = open_game(qtbot, ["human", "bot:easy"], seed=7, size=size)
        wait_for_human_or_end(qtbot, window)
        _ask_hint(qtbot, window)
        tb = window.turn_bar
        assert tb.message_text.startswith("Tipp:")
        assert tb.message.text() == tb.message_text  # not elided
        assert tb.message.fontMetrics().horizontalAdvance(tb.message_text) <= tb.message.contentsRect().width()
        assert tb.prompt.text() == tb.prompt_text
    finally:
        language.install("en")
