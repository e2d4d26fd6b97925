""""Game saved to …" follows a language switch like every other message of the turn bar (it stayed English:
a message with a path in it cannot be looked up in the old language's words)."""

from __future__ import annotations

from patrician_qt.ui.text import language
from tests.ui.game_helpers import open_game


def test_the_saved_message_is_worded_again_in_the_new_language(qtbot, tmp_path):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    qtbot.waitUntil(lambda: window.controller.active, timeout=20_000)
    path = tmp_path / "evening.patrician.json"
    assert window.files.save_game(path)
    assert window.turn_bar.message_text == f"Game saved to {path}"
    try:
        assert language.switch("de")
        assert window.turn_bar.message_text == f"Spiel gespeichert unter {path}"
    finally:
        language.switch("en")
    assert window.turn_bar.message_text == f"Game saved to {path}"
    session.close()
