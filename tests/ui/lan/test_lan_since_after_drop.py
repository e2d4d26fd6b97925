"""Back after a drop in the same app: "Since your last turn" tells the turns played meanwhile, as the
log's "While you were away" does."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.ui.text.card_names import card_name

from .test_lan_drops import play, two_in_a_game
from .test_lan_game import TIMEOUT


def test_since_your_last_turn_tells_what_was_played_while_the_line_was_down(qtbot: Any, make_app: Any) -> None:
    anna, ben = two_in_a_game(qtbot, make_app, "Story table")
    rng = random.Random(9)
    qtbot.waitUntil(lambda: anna.window.controller.active or ben.window.controller.active, timeout=TIMEOUT)
    if anna.window.controller.active:
        assert play(qtbot, [anna], rng, 1) == 1
    assert play(qtbot, [ben], rng, 1) == 1  # Ben's turn; then Anna's
    qtbot.waitUntil(lambda: anna.window.controller.active, timeout=TIMEOUT)
    anna.lan.chat.edit.setText("your turn soon")
    qtbot.keyClick(anna.lan.chat.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ("Anna", "your turn soon") in ben.lan.chat.lines, timeout=TIMEOUT)
    # every state Ben's app goes through, as it goes: a loaded UI thread may take the drop and the reconnection
    # in one go, and a look now and then would never see "reconnecting"
    states: list[str] = []
    ben.lan.session.connectionChanged.connect(lambda state, _error: states.append(state))
    ben.lan.session.stop_reading()  # Ben's line goes quiet: his app hears nothing of Anna's turn
    assert play(qtbot, [anna], rng, 1) == 1
    top = anna.window._shown.view(None)["players"][0]["stack"][-1]
    qtbot.waitUntil(lambda: "reconnecting" in states, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: ben.lan.session.state == "connected" and ben.window.controller.active, timeout=TIMEOUT)
    assert states.index("reconnecting") < len(states) - 1 and states[-1] == "connected", states
    assert ben.window._shown.view(None)["players"][0]["stack"][-1] == top
    assert any("While you were away" in text for who, text in ben.lan.chat.lines if not who)
    assert ben.lan.chat.lines.count(("Anna", "your turn soon")) == 1  # the host's recent lines are not told again
    summary = ben.window.story.summary
    assert summary.startswith("Since your last turn") and card_name(top) in summary, summary
