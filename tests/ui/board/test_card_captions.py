"""Card captions fit their cards in both languages: never cut ("Freie Wah"), left out only where
even the smallest font cannot hold them (the tiny last-played card on a player's plaque)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from patrician_qt.engine import CARDS
from patrician_qt.ui.board import card_art
from patrician_qt.ui.board.board_items import CARD_RECT
from patrician_qt.ui.board.hand_view import CARD_H, CARD_W
from patrician_qt.ui.text import language


@pytest.fixture(params=["en", "de"])
def lang(request, qapp):
    assert language.install(request.param)
    yield request.param
    language.install("en")


def test_every_caption_fits_the_face_up_card_and_the_hand(lang):
    for rect in (CARD_RECT, QRectF(0, 0, CARD_W, CARD_H)):
        cut = [f"{c.id} {card_art.card_caption(c.id)!r}" for c in CARDS
               if card_art.caption_px(card_art.card_caption(c.id), rect.width(), card_art.caption_rect(rect)) is None]
        assert not cut, f"captions that do not fit a {rect.width():.0f} wide card: {cut}"


def test_a_caption_too_long_for_a_tiny_card_is_left_out_not_cut(lang):
    tiny = QRectF(0, 0, 30, 42)
    px = card_art.caption_px("Beliebige Karte", tiny.width(), card_art.caption_rect(tiny))
    assert px is None
    assert card_art.caption_px("Bart", CARD_W, card_art.caption_rect(QRectF(0, 0, CARD_W, CARD_H))) is not None
