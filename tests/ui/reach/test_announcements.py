"""No announcement is dropped or replaced before a screen reader has read it, and the keys that say
things again: R (the last announcement), C (a city), G (the scores), L (the log, the history of
events), T after the game (the result). In process; the real screen reader is tests/orca."""

from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from patrician_qt.ui.reach.announcer import Announcer, NoteRegion, sentence
from tests.ui.game_helpers import open_game, wait_for_human_or_end

SYMBOLS = re.compile(r"[→·=+–]")  # a grid's marks, which a speech synthesizer reads badly or not at all


def _names(window: QWidget) -> list[str]:
    return [QAccessible.queryAccessibleInterface(r).text(QAccessible.Text.Name)
            for r in window.findChildren(NoteRegion) if r.isVisible()]


def test_each_utterance_keeps_its_own_words_while_the_next_is_said(qtbot: Any) -> None:
    """A screen reader that is behind reads each region's name later: a newer utterance must not rename
    an older one (the older words were never spoken when one region was reused)."""
    w = QWidget()
    qtbot.addWidget(w)
    w.show()
    a = Announcer(w)
    a.say("Ben played the Roma card", "move")
    a.flush()
    a.say("Your turn, Anna", "turn")
    a.flush()
    assert _names(w) == ["Ben played the Roma card.", "Your turn, Anna."]
    for region in w.findChildren(NoteRegion):
        assert QAccessible.queryAccessibleInterface(region).role() == QAccessible.Role.Notification


def test_the_transcript_lists_each_sentence_with_its_kind(qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    log = tmp_path / "said.jsonl"
    monkeypatch.setenv("PATRICIAN_SPEECH_LOG", str(log))
    w = QWidget()
    qtbot.addWidget(w)
    a = Announcer(w)
    a.say("Ben played the Roma card", "move", hold=True)
    a.say("Play a card from your hand", "prompt")
    a.release()
    a.flush()
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert lines == [{"parts": [{"kind": "move", "text": "Ben played the Roma card."},
                                {"kind": "prompt", "text": "Play a card from your hand."}]}]


def test_sentences_end_with_a_full_stop() -> None:
    assert sentence("Choose a plot in Bologna") == "Choose a plot in Bologna."
    assert sentence("Ben wins!") == "Ben wins!"
    assert sentence("Scores:") == "Scores."


def test_r_repeats_the_last_announcement_and_c_g_read_a_city_and_the_scores(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13, visibility="open")
    wait_for_human_or_end(qtbot, window)
    a = window.extras.speech.announcer
    said: list[str] = []
    a.spoken.connect(said.append)
    a.flush()
    last = a.last
    assert last
    qtbot.keyClick(window, Qt.Key.Key_R)
    assert said[-1] == last
    qtbot.keyClick(window, Qt.Key.Key_C)
    cursor = window.extras.keyboard.cursor
    city = cursor.city if cursor else next(iter(window.scene.panels))
    assert said[-1].startswith(city + ",") and "plot A" in said[-1] and said[-1].endswith(".")
    qtbot.keyClick(window, Qt.Key.Key_G)
    assert said[-1].startswith("Scores so far:") and all(n in said[-1] for n in ("Anna", "Ben", "Cleo"))
    session.close()


def test_i_reads_each_city_as_its_own_sentence(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    text = window.extras.access.board_description()
    lines = text.split("\n")
    assert len(lines) >= 9 and all(line.endswith((".", "!", "?", "…")) for line in lines), lines
    session.close()


def test_l_takes_the_focus_to_the_newest_line_of_the_log(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_L)
    view = window.log_view
    assert view.hasFocus()
    assert view.currentIndex().row() == view.model().rowCount() - 1
    session.close()


def test_the_end_is_spoken_ranked_with_the_heads_bonus_and_t_says_it_again(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["bot:easy", "bot:easy", "bot:easy"], seed=5, watch_seat=0,
                                visibility="open")
    a = window.extras.speech.announcer
    said: list[str] = []
    a.spoken.connect(said.append)
    qtbot.waitUntil(lambda: window.score_sheet.isVisible(), timeout=60_000)
    result = session.record().result
    assert result is not None
    names = [s.name for s in session.seats()]
    best = sorted(range(3), key=lambda s: (-result["scores"][s], -result["floors_left"][s], s))
    end = window.extras.speech.result
    assert end.startswith(f"{names[result['winners'][0]]} wins!") or end.startswith("Shared victory")
    assert any(u.endswith(end) for u in said)  # announced once the game is over
    places = [end.index(f"{i}. {names[s]}: {result['scores'][s]}") for i, s in enumerate(best, start=1)]
    assert places == sorted(places)  # best first
    assert "heads bonus" in end and not SYMBOLS.search(end)
    assert not [u for u in said if "+" in u]  # the log's "(A+B)" is said "(A and B)"
    assert any(re.search(r"\(A and B\)|\(B and A\)|\([AB] and [AB]\)", u) for u in said)
    qtbot.keyClick(window, Qt.Key.Key_T)
    assert said[-1] == end  # T after the game: the result, not only "The game is over"
    session.close()


def test_the_score_table_is_ranked_read_with_labels_and_tab_leaves_it(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["bot:easy", "bot:easy", "bot:easy"], seed=5, watch_seat=0)
    sheet = window.score_sheet
    qtbot.waitUntil(sheet.isVisible, timeout=60_000)
    result = session.record().result
    winner = result["winners"][0]
    assert sheet.order[0] == winner and sheet.table.currentColumn() == 0
    assert sheet.table.hasFocus()  # the focus enters on the winner's total, not on "Play again"
    totals = [int(sheet.cell("Total", s)) for s in sheet.order]
    assert totals == sorted(totals, reverse=True)
    table = sheet.table
    for r in range(table.rowCount()):
        for c in range(table.columnCount()):
            spoken = table.item(r, c).data(Qt.ItemDataRole.AccessibleTextRole)
            title = table.verticalHeaderItem(r).text()
            assert spoken.startswith(f"{session.seats()[sheet.order[c]].name}, {title}: "), spoken
            assert not SYMBOLS.search(spoken.split(": ", 1)[1]), spoken
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    assert not table.hasFocus() and sheet.again.hasFocus()
    session.close()


def test_new_game_colour_drop_downs_are_in_the_tab_order_and_arrows_speak_the_new_value(qtbot: Any) -> None:
    from patrician_qt.ui.app.new_game_dialog import NewGameDialog
    from patrician_qt.ui.game.main_window import MainWindow
    from patrician_qt.ui.reach.accessibility import install_dialog_labeler

    window = MainWindow(None)  # the dialog speaks through its window's announcer
    qtbot.addWidget(window)
    install_dialog_labeler()
    dlg = NewGameDialog(None, window)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.activateWindow()
    # three seats: the colours follow the seats (R3), and Tab still reaches each colour
    dlg.kinds[0].setFocus()
    reached = []
    for _ in range(30):
        qtbot.keyClick(dlg.focusWidget(), Qt.Key.Key_Tab)
        reached.append(dlg.focusWidget())
    assert all(dlg.colors[i] in reached for i in range(3))
    assert dlg.colors[1].count() == 1 and dlg.colors[1].currentData() == "white"
    # a closed drop-down changed by the arrow keys says its label and its new value
    regions = lambda: [r.text for r in window.findChildren(NoteRegion) if not r.isHidden()]  # noqa: E731
    dlg.kinds[1].setFocus()
    qtbot.keyClick(dlg.kinds[1], Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: bool(regions()), timeout=3000)
    assert regions()[-1] == f"Player 2: {dlg.kinds[1].currentText()}."
    dlg.count.setValue(4)  # four seats: colours may be chosen, and the arrows say which
    assert dlg.colors[1].count() == 5
    dlg.colors[1].setFocus()
    qtbot.keyClick(dlg.colors[1], Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: regions()[-1].startswith("Colour 2: "), timeout=3000)
    assert regions()[-1] == f"Colour 2: {dlg.colors[1].currentText()}."


def test_no_tag_is_read_aloud_and_focus_goes_back_to_the_board_when_the_rule_button_goes(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    bar = window.turn_bar
    qtbot.keyClick(window, Qt.Key.Key_A)  # no card chosen yet: refused, with a "Rule R8" button
    assert bar.rule_link.isVisible()
    for widget in (bar.rule_link, bar.message, bar.prompt):
        description = QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Description)
        assert "<" not in description, description
    described = QAccessible.queryAccessibleInterface(bar.rule_link).text(QAccessible.Text.Description)
    assert described == "Open the rules at R8"
    bar.rule_link.setFocus()  # back from the rules window, the focus is on the button that opened it
    qtbot.keyClick(window, Qt.Key.Key_1)  # a valid step: the refusal and its button go
    assert not bar.rule_link.isVisible()
    assert window.focusWidget() is window.board_view  # not "Hint", which Return would then press
    session.close()


def test_the_rules_window_opens_speaking_at_the_top_or_at_the_rule(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    said: list[str] = []
    window.extras.speech.announcer.flush()  # the turn's news, said before
    window.extras.speech.announcer.spoken.connect(said.append)
    rules = window.extras.open_rules("")
    assert rules.browser.textCursor().position() == 0  # not at the end, where Down reads nothing
    assert said and said[-1] == rules.browser.document().firstBlock().text().strip() + "."
    rules.close()
    window.extras.open_rules("R13")
    cursor = rules.browser.textCursor()
    assert cursor.block().text().startswith("R13.") and cursor.positionInBlock() == 0
    assert said[-1].startswith("R13.")  # the rule's first line is heard, not skipped by the first Down
    rules.close()
    session.close()


def test_the_board_cursor_follows_the_language_and_is_not_stale_after_the_game(qtbot: Any) -> None:
    from patrician_qt.ui.text import language

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Right)
    english = window.board_view.accessibleName()
    assert "plot" in english or "face-up" in english
    try:
        assert language.switch("de")
        german = window.board_view.accessibleName()
        assert german != english and ("Bauplatz" in german or "offen" in german), german
    finally:
        language.switch("en")
    assert window.board_view.accessibleName() == english
    session.close()


def test_after_the_game_the_board_is_not_named_by_a_stale_cursor(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["bot:easy", "bot:easy"], seed=5, watch_seat=0)
    kb = window.extras.keyboard
    kb.keyboard_used = True
    qtbot.waitUntil(lambda: bool(window.scene.panels), timeout=10_000)
    kb.move_to(kb.targets()[0])
    assert window.board_view.accessibleName() != "Board"
    qtbot.waitUntil(window.score_sheet.isVisible, timeout=60_000)
    assert kb.cursor is None and window.board_view.accessibleName() == "Board"
    session.close()


def test_news_waits_for_a_new_page_to_settle(qtbot: Any) -> None:
    import time

    w = QWidget()
    qtbot.addWidget(w)
    a = Announcer(w)
    said: list[tuple[float, str]] = []
    a.spoken.connect(lambda text: said.append((time.monotonic(), text)))
    start = time.monotonic()
    a.settle(800)
    a.say("A new game begins", "move")
    qtbot.waitUntil(lambda: bool(said), timeout=3000)
    assert said[0][0] - start >= 0.75 and said[0][1] == "A new game begins."


def test_buttons_disabled_one_after_another_hand_the_focus_to_the_board(qtbot: Any) -> None:
    """At a game's start the turn bar's buttons are disabled in turn; the focus used to hop over each of them
    (Hint, Skip, Confirm), and every hop let Orca drop the announcements it had not read yet."""
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    bar = window.turn_bar
    for b in (bar.hint, bar.undo, bar.skip, bar.confirm):
        b.setEnabled(True)
        b.show()
    bar.hint.setFocus()
    assert window.focusWidget() is bar.hint
    bar.hint.setEnabled(False)
    assert window.focusWidget() is window.board_view
    session.close()


def test_the_new_game_dialog_is_made_ahead_labelled_and_kept(qtbot: Any, tmp_path: Any) -> None:
    """Building the dialog sent a screen reader ~150 events at once, and Orca stayed silent for seconds
    after Ctrl+N; the dialog made ahead and kept opens with only its own shown and focus events."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from patrician_qt.ui.app import new_game_dialog
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.new_game_dialog import NewGameDialog

    def shown() -> NewGameDialog:
        return next(w for w in QApplication.topLevelWidgets() if isinstance(w, NewGameDialog) and w.isVisible())

    ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    def kept() -> Any:
        return ctrl.window.findChild(new_game_dialog.NewGameDialog, new_game_dialog.PREPARED_NAME)

    qtbot.waitUntil(lambda: kept() is not None, timeout=5000)
    ahead = kept()
    assert not ahead.isVisible() and ahead.property("_labelled")
    assert ahead.kinds[1].accessibleName() == "Player 2"  # named before it is shown
    ctrl.window.menus.act_new.trigger()
    assert shown() is ahead
    ahead.reject()
    ctrl.settings.setValue("new/count", 4)  # a remembered choice changed: the kept dialog shows it
    ctrl.window.menus.act_new.trigger()
    assert shown() is ahead and ahead.count.value() == 4
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        ahead.accept()  # one game starts, once
    assert ctrl.window.session is not None and len(ctrl.window.session.seats()) == 4
    ctrl.window.session.close()


TAB_LIMIT = 25  # presses within which Tab must leave any widget (the board's lit places are at most ~20)


def test_no_tab_trap_tab_leaves_every_widget_and_goes_round_every_region(qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    window.extras.keyboard.keyboard_used = True
    qtbot.keyClick(window, Qt.Key.Key_1)  # a card played: plots are lit, Tab walks them on the board
    regions = [window.board_view, window.players_view, window.hand_view, window.log_view]
    stops = [w for w in window.findChildren(QWidget)
             if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus
             and w.window() is window]
    assert window.board_view in stops and len(stops) >= 5
    for start in stops:
        start.setFocus(Qt.FocusReason.OtherFocusReason)
        for _ in range(TAB_LIMIT):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            if QApplication.focusWidget() is not start:
                break
        assert QApplication.focusWidget() is not start, f"Tab never leaves {start!r}"
    window.board_view.setFocus(Qt.FocusReason.OtherFocusReason)
    reached = []
    for _ in range(TAB_LIMIT * len(stops)):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
        if all(r in reached for r in regions) and reached[-1] is window.board_view:
            break
    assert all(r in reached for r in regions) and reached[-1] is window.board_view
    session.close()


def _turns_of_news(a: Announcer, turns: int, start: int = 1) -> None:
    """``turns`` turns shown one after another without a pause, two events each (a bot at the fastest speed)."""
    for t in range(start, start + turns):
        a.say(f"Ben played card {t}", "move", hold=True)
        a.say(f"Ben built in city {t}", "move", hold=True)
        a.release()


def test_an_utterance_tells_the_newest_turns_and_counts_the_events_before_them(qtbot: Any) -> None:
    """A screen reader gets a round of turns at most (five: the largest table), not a whole game in one breath;
    the older turns' events are counted where they stood, and what to do now is never left out."""
    w = QWidget()
    qtbot.addWidget(w)
    a = Announcer(w)
    a.say("Choose a card", "prompt", hold=True)  # held with the first turn's news, but no news: it stays
    _turns_of_news(a, 8)
    a.say("Your turn, Anna", "turn")
    a.flush()
    newest = " ".join(f"Ben played card {t}. Ben built in city {t}." for t in range(4, 9))
    assert a.last == f"6 earlier events left out: the game log has them. {newest} Choose a card. Your turn, Anna."


def test_a_round_of_turns_is_said_whole_and_one_left_out_event_is_counted_in_the_singular(qtbot: Any) -> None:
    w = QWidget()
    qtbot.addWidget(w)
    a = Announcer(w)
    _turns_of_news(a, 5)
    a.flush()
    assert "left out" not in a.last and a.last.count("Ben played") == 5
    a.say("Ben played a card", "move", hold=True)
    a.release()
    _turns_of_news(a, 5, start=10)
    a.flush()
    assert a.last.startswith("1 earlier event left out: the game log has it. Ben played card 10.")


def test_the_count_of_left_out_events_is_german_in_german(qtbot: Any) -> None:
    from patrician_qt.ui.text import language

    w = QWidget()
    qtbot.addWidget(w)
    a = Announcer(w)
    try:
        assert language.switch("de")
        _turns_of_news(a, 6)
        a.flush()
        assert a.last.startswith("2 frühere Ereignisse ausgelassen: sie stehen im Spielprotokoll. ")
        a.say("Ben spielte", "move", hold=True)
        a.release()
        _turns_of_news(a, 5)
        a.flush()
        assert a.last.startswith("1 früheres Ereignis ausgelassen: es steht im Spielprotokoll. ")
    finally:
        language.switch("en")


def test_a_bots_only_game_at_the_fastest_speed_is_not_spoken_in_one_breath(qtbot: Any) -> None:
    """Bots at the fastest speed show turn after turn with no pause for the announcer: the whole game's news
    came as one utterance of thousands of characters at the end, before the result."""
    window, session = open_game(qtbot, ["bot:easy", "bot:easy"], seed=5, watch_seat=0)
    said: list[str] = []
    window.extras.speech.announcer.spoken.connect(said.append)
    qtbot.waitUntil(window.score_sheet.isVisible, timeout=60_000)
    result = window.extras.speech.result
    assert result and said and said[-1].endswith(sentence(result))
    assert max(len(s) for s in said) < 2000, [len(s) for s in said]
    session.close()
