"""A narrow turn bar (the window at 150 % or 200 %) shows the prompt whole: the buttons go to a row of their own.

At 200 % on 1920×1080 the prompt read "Spiele eine Handk…", at 150 % on 1366×768 "Spiele eine H.": the four
buttons beside it left it ~120 px.
"""

from __future__ import annotations

from typing import Any

import pytest

from patrician_qt.ui.game.turn_bar import TurnBar
from tests.ui.screen_check import clipped_texts

PROMPT = "Spiele eine Handkarte aus"


@pytest.mark.parametrize("width", [560, 620, 700, 1000])
def test_the_prompt_is_whole_at_every_width(qtbot: Any, width: int) -> None:
    bar = TurnBar()
    qtbot.addWidget(bar)
    for b in (bar.hint, bar.undo, bar.skip, bar.confirm):
        b.show()
    bar.skip.setText("Verzichten")
    bar.confirm.setText("Zug bestätigen")
    bar.undo.setText("Rückgängig")
    bar.hint.setText("Tipp")
    bar.resize(width, bar.height())
    bar.show()
    qtbot.waitExposed(bar)
    bar.set_prompt(PROMPT, "black")
    bar.set_message("Du bist am Zug, Anna", False)
    bar.resize(width, bar.height())
    qtbot.wait(20)
    assert bar.prompt.text() == PROMPT
    assert clipped_texts(bar) == []
    buttons = [bar.hint, bar.undo, bar.skip, bar.confirm]
    assert all(bar.rect().contains(b.geometry()) for b in buttons)
    assert not any(b.geometry().intersects(bar.prompt.geometry()) or b.geometry().intersects(bar.message.geometry())
                   for b in buttons)
    if width >= 1000:
        assert bar.height() == 56  # room enough: one row, as before
