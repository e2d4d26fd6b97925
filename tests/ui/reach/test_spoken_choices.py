"""A listener hears each choice of their own turn confirmed, and a key that cannot act now says why."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt

from tests.ui.game_helpers import open_game, wait_for_human_or_end

SYMBOLS = re.compile(r"[→·=+–]")  # a grid's marks, which a speech synthesizer reads badly or not at all


def _said_after(qtbot: Any, window: Any, key: Qt.Key) -> str:
    """Press a key on the window and return what the announcer says next."""
    a = window.extras.speech.announcer
    said: list[str] = []
    a.spoken.connect(said.append)
    qtbot.keyClick(window, key)
    a.flush()
    a.spoken.disconnect(said.append)
    return " ".join(said)


def test_each_choice_of_the_own_turn_is_confirmed_before_the_next_prompt(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    window.extras.speech.announcer.flush()
    c = window.controller
    heard = []
    while c.active and c.builder is not None and c.builder.step != "done":
        b = c.builder
        step = b.step
        if step == "card":
            text = _said_after(qtbot, window, Qt.Key.Key_1)
            assert text.startswith("You play the "), text
            assert "Choose a plot in " in text and text.index("You play") < text.index("Choose a plot"), text
        elif step == "build":
            plot = next(o for o in b.options() if o in ("A", "B"))
            city = b.city
            text = _said_after(qtbot, window, Qt.Key.Key_A if plot == "A" else Qt.Key.Key_B)
            assert text.startswith(f"You build on plot {plot} in {city}."), text
        elif step == "relocate":
            text = _said_after(qtbot, window, Qt.Key.Key_S)
            assert text.startswith("You skip the relocation."), text
        else:  # take: the face-up card where the cursor rests (a Take any card offers several)
            city = window.extras.keyboard.cursor.city if window.extras.keyboard.cursor else b.options()[0]
            card = window.scene.panels[city].row["card"]
            text = _said_after(qtbot, window, Qt.Key.Key_Return)
            from patrician_qt.ui.text.card_names import card_name

            assert text.startswith(f"You take {card_name(card)} from {city}."), text
            assert text.endswith("Your turn is ready: confirm it, or undo a step."), text
        heard.append(step)
    assert heard[0] == "card" and "build" in heard and heard[-1] == "take", heard
    session.close()


def test_a_builds_preview_is_spoken_in_words_not_arrows(qtbot: Any) -> None:
    """The turn bar's preview line ("After this: A Anna leads → 6 · B Ben = Cleo, Ben by R21 → 9") is for the eye:
    a listener hears no symbols, and a keyboard player hears it once, in the cursor's words on the board."""
    from PySide6.QtTest import QTest

    from tests.ui.game_helpers import click_hand, lit_cards, lit_plots

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    a = window.extras.speech.announcer
    a.flush()
    said: list[str] = []
    a.spoken.connect(said.append)
    click_hand(qtbot, window, lit_cards(window)[0])  # a mouse player: the preview follows the mouse
    city, plot = lit_plots(window)[0]
    view = window.board_view
    QTest.mouseMove(view.viewport(), view.mapFromScene(window.scene.scene_point(city, "plot", plot)))
    qtbot.waitUntil(lambda: bool(window.story.preview_said[0]) and window.turn_bar.message_text != "", timeout=3000)
    a.flush()
    text = " ".join(said)
    assert f"{city} after this: A: " in text or f"{city} would be complete" in text, text
    assert not SYMBOLS.search(text), text
    said.clear()
    window.controller.undo()
    a.flush()
    said.clear()
    qtbot.keyClick(window, Qt.Key.Key_1)  # a keyboard player: the cursor's name carries the preview
    a.flush()
    assert said and not any(" after this" in s or "→" in s for s in said), said
    assert " after this: " in view.accessibleName() or " would be complete " in view.accessibleName()
    session.close()


def test_keys_of_the_turn_say_why_they_do_nothing_while_a_bot_moves_and_after_the_game(qtbot: Any) -> None:
    """1–9, A, B, Return, Backspace, S and H used to be silent outside the player's own turn."""
    import random

    from tests.ui.game_helpers import play_turn_by_clicks

    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    window.set_speed("slow")  # the bots' moves are shown one after another, for a while
    wait_for_human_or_end(qtbot, window)
    play_turn_by_clicks(qtbot, window, random.Random(1))

    def bot_to_move() -> bool:
        shown = window.shown_update
        return shown is not None and not window.controller.active and session.seats()[
            shown.view(None)["to_move"]].is_bot

    qtbot.waitUntil(bot_to_move, timeout=10000)
    bot = session.seats()[window.shown_update.view(None)["to_move"]].name
    window.extras.speech.announcer.flush()  # the turn's own news
    for key in (Qt.Key.Key_1, Qt.Key.Key_A, Qt.Key.Key_Return, Qt.Key.Key_Backspace, Qt.Key.Key_S, Qt.Key.Key_H):
        text = _said_after(qtbot, window, key)
        assert text == f"It is not your turn: {bot} is moving; Space shows the bots' moves at once.", (key, text)
    session.close()


def test_turn_keys_that_cannot_act_in_the_own_turn_say_the_rule(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    window.extras.speech.announcer.flush()
    assert "There is nothing to skip now" in _said_after(qtbot, window, Qt.Key.Key_S)
    text = _said_after(qtbot, window, Qt.Key.Key_Backspace)
    assert "Nothing to undo" in text, text
    session.close()
