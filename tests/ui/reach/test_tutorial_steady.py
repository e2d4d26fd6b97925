"""The tutorial's banner keeps one height through every step, so the board never jumps."""

from __future__ import annotations

import random

import pytest

from patrician_qt.ui.text import language
from tests.ui.game_helpers import open_game, play_turn_by_clicks, wait_for_human_or_end


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("de", (1024, 700)), ("de", (1920, 1080))])
def test_the_board_stays_put_through_the_guided_turns(qtbot, lang, size) -> None:  # type: ignore[no-untyped-def]
    assert language.install(lang)
    try:
        window, first = open_game(qtbot, ["human", "bot:easy"], size=size)
        first.close()
        tutorial = window.extras.start_tutorial()
        seen: list[tuple[int, int, str]] = []

        def note() -> None:
            panel = tutorial.panel
            text = panel.text
            seen.append((panel.height(), window.board_view.geometry().top(), text.text()))
            assert text.heightForWidth(text.width()) <= text.height() + 1, "the guide's words are cut"

        rng = random.Random(4)
        for _ in range(3):
            wait_for_human_or_end(qtbot, window)
            if not window.controller.active:
                break
            note()
            play_turn_by_clicks(qtbot, window, rng, check=note)
        assert len({t for _h, _y, t in seen}) >= 4, "several different steps were guided"
        assert len({h for h, _y, _t in seen}) == 1, seen
        assert len({y for _h, y, _t in seen}) == 1, "the board moved"
        window.session.close()
    finally:
        language.install("en")
