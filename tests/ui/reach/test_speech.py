"""What a screen reader is given, in process: the accessibility tree's names, roles and descriptions, and
exactly one announcement per change. The real screen reader is tests/orca."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible

from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.reach.announcer import NoteRegion
from patrician_qt.ui.reach.board_words import card_words, city_text
from patrician_qt.ui.text.card_names import CODE_RE, card_name
from tests.ui.game_helpers import open_game, wait_for_human_or_end

NAMES = ["Anna", "Ben", "Cleo"]


def _utterances(window: Any) -> list[str]:
    said: list[str] = []
    window.extras.speech.announcer.spoken.connect(said.append)
    return said


def _play_own_turn_by_keys(qtbot: Any, window: Any) -> None:
    c = window.controller
    qtbot.keyClick(window, Qt.Key.Key_1)
    while c.step == "build":
        qtbot.keyClick(window, Qt.Key.Key_A if "A" in c.builder.options() else Qt.Key.Key_B)
    if c.step == "relocate":
        qtbot.keyClick(window, Qt.Key.Key_S)
    if c.step == "take":
        qtbot.keyClick(window, Qt.Key.Key_Return)
    with qtbot.waitSignal(window.shown, timeout=20000):
        qtbot.keyClick(window, Qt.Key.Key_Return)


def test_r21_r26_a_city_reads_floors_bottom_to_top_majority_tiles_and_the_printed_card() -> None:
    row = {"name": "Roma", "floors": 9, "built": 6, "towerA": (0, 1, 1, 0), "towerB": (2, 2), "card": "ROM-4",
           "tilesLeft": (9, 6), "scored": False, "awards": ()}
    text = city_text(row, NAMES)
    assert text.startswith("Roma, 6 of 9 floors, fame tiles 9, 6; ")
    # R21: Anna and Ben have two each; Anna owns the top floor and holds the majority
    assert "plot A, 4 floors from the bottom: Anna, Ben, Ben, Anna — majority Anna with 2 floors, would win 9" in text
    assert "plot B, 2 floors from the bottom: Cleo, Cleo — majority Cleo with 2 floors, would win 6" in text
    assert text.endswith("face-up: " + card_words("ROM-4")) and "ROM-4" not in text
    assert card_words("ROM-4").startswith("the Roma card “")


def test_r26_a_scored_city_tells_only_the_tiles_this_seat_sees() -> None:
    # seat 0 (Anna) won 9 in plot A; Cleo's tile for plot B is face down at a rulebook table
    row = {"name": "Roma", "floors": 9, "built": 9, "towerA": (0, 1, 0, 0, 1), "towerB": (2, 2, 1, 2),
           "card": None, "tilesLeft": (), "scored": True, "awards": ((0, 9),)}
    text = city_text(row, NAMES)
    assert text.startswith("Roma, scored; ")
    assert "majority Anna with 3 floors, won 9" in text
    assert "majority Cleo with 3 floors, won a tile, face down" in text and "won 6" not in text


def test_the_announcement_region_is_a_notification_named_by_its_words(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    qtbot.waitUntil(lambda: window.extras.speech.announcer.region is not None, timeout=5000)
    region = window.extras.speech.announcer.region
    assert isinstance(region, NoteRegion) and region.isVisible()
    iface = QAccessible.queryAccessibleInterface(region)
    assert iface.role() == QAccessible.Role.Notification
    assert iface.text(QAccessible.Text.Name) == window.extras.speech.announcer.last
    session.close()


def test_a_bot_round_is_one_utterance_with_each_move_and_then_the_prompt(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    said = _utterances(window)
    _play_own_turn_by_keys(qtbot, window)
    qtbot.waitUntil(lambda: window.controller.active and any("Play a card" in s for s in said), timeout=30000)
    # each turn on screen is said once: own turn, then each bot's turn; the prompt comes with the last
    for name in ("Ben", "Cleo"):
        assert any(f"{name} played" in s for s in said), said
    assert len(said) == len(set(said)), said
    assert not any(s.count("Play a card") > 1 for s in said), said
    bot = next(s for s in said if "Ben played" in s)
    assert "card “" in bot and not re.search(r"\b[A-Z]{3}-\d\b", bot)  # cards by their printed words
    session.close()


def test_a_refusal_and_a_key_for_the_board_and_the_prompt_are_spoken(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    said = _utterances(window)
    qtbot.keyClick(window, Qt.Key.Key_A)  # no card chosen yet: the controller says why (a rule)
    qtbot.waitUntil(lambda: bool(said), timeout=5000)
    assert window.turn_bar.message_text in said[-1] and window.turn_bar.message_text
    qtbot.keyClick(window, Qt.Key.Key_T)
    qtbot.waitUntil(lambda: len(said) >= 2, timeout=5000)
    assert "Play a card" in said[-1]
    qtbot.keyClick(window, Qt.Key.Key_I)
    qtbot.waitUntil(lambda: len(said) >= 3, timeout=5000)
    assert "Roma" in said[-1] and "Draw pile" in said[-1] and "from the bottom" in said[-1]
    session.close()


def test_a_hint_asked_for_by_its_key_is_spoken_as_a_hint_naming_the_card(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    said = _utterances(window)
    window.hints.last_hint = None
    qtbot.keyClick(window, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: window.hints.last_hint is not None, timeout=60_000)
    line = " ".join(window.turn_bar.message_text.split())
    assert line.startswith("Hint:") and card_name(window.hints.last_hint["card"]) in line
    # one utterance carries everything queued in a short pause (a prompt may come first in it)
    qtbot.waitUntil(lambda: any(line in s for s in said), timeout=5000)
    assert not CODE_RE.search(next(s for s in said if line in s))  # card words, never an engine code
    session.close()


def test_verbosity_is_remembered_and_filters_what_is_said(qtbot: Any, tmp_path: Any) -> None:
    from patrician_qt.ui.game.main_window import MainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings)
    qtbot.addWidget(w)
    speech = w.extras.speech
    assert speech.announcer.level == "all"
    speech.level_actions["mine"].trigger()
    assert settings.value("ui/announce") == "mine"
    w2 = MainWindow(settings)
    qtbot.addWidget(w2)
    a = w2.extras.speech.announcer
    assert a.level == "mine" and w2.extras.speech.level_actions["mine"].isChecked()
    said: list[str] = []
    a.spoken.connect(said.append)
    a.say("Ben played ROM-4", "move")
    a.say("Roma scored — Anna 9", "scoring")
    a.flush()
    assert said == ["Roma scored — Anna 9."]
    a.set_level("off")
    a.say("Choose a plot", "prompt")
    a.say("Everything read on request", "asked")
    a.flush()
    assert said[-1] == "Everything read on request."


def test_one_event_per_change_and_concise_cursor_names(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    board = window.board_view
    names: list[str] = []
    before = board.accessibleDescription()
    window.extras.keyboard.moved.connect(names.append)
    board.setFocus()
    qtbot.keyClick(board, Qt.Key.Key_Right)
    qtbot.keyClick(board, Qt.Key.Key_Right)
    assert len(names) == 2 and all(len(n) < 220 for n in names), names
    assert board.accessibleName() == names[-1]
    # a new view does not change what the focused board says about itself (that re-read it all)
    _play_own_turn_by_keys(qtbot, window)
    assert board.accessibleDescription() == before
    session.close()


def test_players_hand_and_log_take_tab_focus_and_read_their_full_facts(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    for view in (window.players_view, window.hand_view, window.log_view):
        assert view.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert window.extras.keyboard.next_panel(1) is window.players_view
    m = window.players_model
    spoken = [str(m.index(i, 0).data(Qt.ItemDataRole.AccessibleTextRole)) for i in range(m.rowCount())]
    assert "floors left" in spoken[1] and "in hand" in spoken[1] and "Bot" in spoken[1]
    assert "face down" in spoken[1] and "score" not in spoken[1]  # R26: another player's tiles as a count
    assert any("to move" in s for s in spoken)
    assert m.index(0, 0).data(PlayersModel.SummaryRole) in spoken[0]
    session.close()


def test_menu_items_have_no_tab_in_their_names(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    for menu in window.menuBar().findChildren(type(window.extras.help_menu)):
        for action in menu.actions():
            assert "\t" not in action.text(), action.text()
    session.close()


def test_new_game_drop_downs_are_named_by_their_seat_not_their_value(qtbot: Any) -> None:
    from patrician_qt.ui.app.new_game_dialog import NewGameDialog
    from patrician_qt.ui.reach.accessibility import label_controls

    dlg = NewGameDialog(None)
    qtbot.addWidget(dlg)
    dlg.show()
    label_controls(dlg)
    assert dlg.kinds[1].accessibleName() == "Player 2"
    assert dlg.colors[0].accessibleName() == "Colour 1"
    assert dlg.names[2].accessibleName() == "Name 3"
    # on Linux Qt names a drop-down by its value; the label reaches Orca as a "labelled by" relation
    rel = QAccessible.queryAccessibleInterface(dlg.kinds[1]).relations(QAccessible.Relation.Label)
    assert [r[0].text(QAccessible.Text.Name) for r in rel] == ["Player 2"]


def test_news_of_several_turns_is_told_in_the_order_it_happened_before_the_prompt(qtbot: Any) -> None:
    from PySide6.QtWidgets import QWidget

    from patrician_qt.ui.reach.announcer import Announcer

    w = QWidget()
    qtbot.addWidget(w)
    a = Announcer(w)
    said: list[str] = []
    a.spoken.connect(said.append)
    a.say("Anna played ROM-1", "move", hold=True)
    a.release()
    a.say("Ben played FIR-2", "move", hold=True)
    a.say("Choose a plot in Roma", "prompt")
    a.say("Play a card from your hand", "prompt")  # a newer prompt replaces the waiting one
    a.say("Your turn, Anna", "turn", before="Play a card from your hand")
    a.release()
    qtbot.waitUntil(lambda: bool(said), timeout=5000)
    assert said == ["Anna played ROM-1. Ben played FIR-2. Your turn, Anna. Play a card from your hand."]


def test_new_game_from_the_menu_returns_at_once_with_the_dialog_open(qtbot: Any, tmp_path: Any) -> None:
    """An AT-SPI action waits for its answer: triggering New game must not run a nested loop."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.new_game_dialog import NewGameDialog

    ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    closed_by_guard: list[bool] = []

    def guard() -> None:  # a nested loop would only end here, and the test would fail instead of hanging
        for w in QApplication.topLevelWidgets():
            if isinstance(w, NewGameDialog) and w.isVisible():
                closed_by_guard.append(True)
                w.reject()

    QTimer.singleShot(5000, guard)
    ctrl.window.menus.act_new.trigger()
    qtbot.waitUntil(lambda: any(isinstance(w, NewGameDialog) and w.isVisible()
                                for w in QApplication.topLevelWidgets()), timeout=3000)
    assert not closed_by_guard
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, NewGameDialog) and w.isVisible())
    with qtbot.waitSignal(ctrl.window.shown, timeout=10000):
        dialog.accept()
    assert ctrl.window.session is not None
    ctrl.window.session.close()


def test_the_rules_text_has_a_text_cursor_and_the_card_list_is_a_table(qtbot: Any) -> None:
    from patrician_qt.ui.reach.rules_window import RulesWindow

    rules = RulesWindow()
    qtbot.addWidget(rules)
    rules.show_rule("R13")
    assert rules.browser.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByKeyboard
    cursor = rules.browser.textCursor()
    assert cursor.block().text().startswith("R13.")  # reading starts at the rule the link named
    iface = QAccessible.queryAccessibleInterface(rules.cards)
    assert iface.role() == QAccessible.Role.Table and iface.childCount() > 55
    assert rules.cards.rowCount() == 55 and rules.cards.horizontalHeaderItem(0).text() == "City"
    assert "BOL-1" not in rules.browser.toPlainText()  # not flattened into the text any more
    star = next(rules.cards.item(r, 3) for r in range(55) if rules.cards.item(r, 3).text())
    assert star.data(Qt.ItemDataRole.AccessibleTextRole) == "Starting card"
