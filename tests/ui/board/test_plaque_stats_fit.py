"""A player's plaque keeps its head counts clear of the top card beside them, however narrow the side column.

At 200 % on 1920×1080 the plaques are ~260 px wide: the third head count ran under the mini card of the
seat's played stack ("1" hidden behind "Mütze").
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.players_view import ROW_H, ROW_H_COMPACT, stats_fit, top_card_rect


@pytest.mark.parametrize("row_h", [ROW_H, ROW_H_COMPACT])
@pytest.mark.parametrize("width", [250, 262, 280, 300, 340, 420])  # the side column is 306 px, less a scroll bar
def test_head_counts_end_before_the_top_card(qapp: Any, width: int, row_h: int) -> None:
    r = QRectF(3, 3, width - 6, row_h - 6)  # the plaque inside its row (PlayerDelegate._paint_plaque)
    card = top_card_rect(r)
    x = r.x() + 8
    step, head_step, px = stats_fit(card.left() - 3 - x)
    fm = QFontMetricsF(theme.pixel_font(px, bold=True, serif=False))
    assert fm.horizontalAdvance("14") <= step - 17  # a count of floors beside its two floors
    icon = 16 * head_step / 31
    assert fm.horizontalAdvance("4") <= head_step - icon - 1  # a head count beside its head
    end = x + 2 * step + 3 * head_step
    assert end <= card.left(), f"{width}px: the last head count ends at {end:.0f}, the card at {card.left():.0f}"
    if width >= 300:
        assert (step, head_step, px) == (42.0, 31.0, 13)  # room enough: as before
