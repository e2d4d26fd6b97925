"""After the game, played as a player: the score story (live at an open table, never before the end at the
rulebook table), the statistics with the time people took, and the review with its progress, Cancel and verdicts
in the replay viewer (the better turn ringed on the board)."""

from __future__ import annotations

import json
import random
import sqlite3

from PySide6.QtCore import Qt

from patrician_qt.engine import write_record
from patrician_qt.engine.game_stats import game_stats
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.history.review_words import verdict_line
from patrician_qt.ui.session.offload import open_loops
from tests.history.helpers import finished_record
from tests.ui.game_helpers import GAME_TIMEOUT_MS, choose_a_better_turn, open_game, play_to_the_end_by_clicks

#: a small review budget (each of the two searches' iterations) so that a whole game is judged in seconds
TINY = "20"


def _fame(update) -> list[int]:
    return [sum(v for _, v in p["tiles"]) for p in update.view(None)["players"]]


def _watch(window, seen: list) -> None:
    """Note, after each position shown during play, what the side column's story showed then."""
    after = window.history.after

    def note(update) -> None:
        if not update.over:
            story = after.side_chart.story()
            seen.append((update, not after.side_story.isHidden(), story, after.sheet_story.chart.story()))

    window.shown.connect(note)


def test_r26a_the_score_story_is_shown_live_at_an_open_table(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PATRICIAN_HISTORY", str(tmp_path / "history.sqlite3"))
    window, _session = open_game(qtbot, ["bot:easy", "bot:easy"], seed=3, visibility="open")
    seen: list = []
    _watch(window, seen)
    qtbot.waitUntil(lambda: window._shown is not None and window._shown.over, timeout=GAME_TIMEOUT_MS)
    assert seen
    scored = 0
    for update, visible, story, _ in seen:
        assert visible and story is not None
        assert list(story.fame_by_turn[-1]) == _fame(update)  # the chart says what the open table shows
        scored += any(story.fame_by_turn[-1])
    assert scored > 0  # some fame was won before the end, and it was drawn


def test_r26_nothing_of_the_story_is_shown_before_the_end(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PATRICIAN_HISTORY", str(tmp_path / "history.sqlite3"))
    window, session = open_game(qtbot, ["bot:easy", "bot:easy"], seed=3, visibility="rulebook")
    seen: list = []
    _watch(window, seen)
    qtbot.waitUntil(lambda: window._shown is not None and window._shown.over, timeout=GAME_TIMEOUT_MS)
    assert seen
    for _, visible, story, sheet_story in seen:
        assert not visible and story is None and sheet_story is None
    # the end: the sheet tells the whole story, the final scores included (R25)
    after = window.history.after
    result = session.record().result
    whole = after.sheet_story.chart.story()
    assert whole is not None and list(whole.finals) == result["scores"]
    assert not after.side_story.isHidden()  # after the end the side column keeps the story too


def test_the_score_sheet_gives_the_games_statistics_and_the_time_people_took(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite3"
    monkeypatch.setenv("PATRICIAN_HISTORY", str(path))
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=11)
    play_to_the_end_by_clicks(qtbot, window, random.Random(2), think_ms=5)  # a person takes a moment
    after = window.history.after
    sheet = window.score_sheet
    [person] = session.local_humans()
    assert sheet.isVisible()
    sheet.pages.setCurrentWidget(after.sheet_figures)
    stats = game_stats(session.record())
    figures = after.sheet_figures
    for column, seat in enumerate(sheet.order):
        p = stats.players[seat]
        assert figures.cell("Floors built", column) == str(p.floors_built)
        assert figures.cell("Towers won by majority", column) == str(p.towers_by_majority)
        assert figures.cell("Fame tiles high / low", column) == f"{p.tiles_high} / {p.tiles_low}"
        timed = figures.cell("Time taken", column)
        assert (timed == "–") == (seat != person)  # the bot is never timed; the person is
    assert after.clock.taken()[person] > 0
    # the time is kept with the game in the history (the record's meta)
    conn = sqlite3.connect(path)
    try:
        [(text,)] = conn.execute("SELECT record FROM games").fetchall()
    finally:
        conn.close()
    assert float(json.loads(text)["meta"]["seconds"][str(person)]) > 0


def _open_side_tab(qtbot, window, title: str) -> None:
    """Click the side column's tab of this title (when the column is short enough for tabs)."""
    tabs = window.page.side_tabs
    if not tabs.tabbed:
        return
    bar = tabs.bar
    [index] = [i for i in range(bar.count()) if bar.tabText(i) == title]
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert bar.currentIndex() == index


def _replay(qtbot, tmp_path, budget: str) -> MainWindow:
    record = finished_record(8, ["Anna", "Ben"])
    saved = tmp_path / "game.patrician.json"
    saved.write_text(write_record(record), encoding="utf-8")
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.resize(1280, 720)
    window.show()
    assert window.open_replay(saved)
    window.history.after.runner.budget = budget
    return window


def test_review_in_the_replay_viewer_shows_verdicts_in_the_log_and_the_better_turn_on_the_board(
        qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PATRICIAN_HISTORY", str(tmp_path / "history.sqlite3"))
    window = _replay(qtbot, tmp_path, TINY)
    after = window.history.after
    panel = after.replay_review
    assert not after.side_review.isHidden()  # offered in the side column: the story above the review
    assert after.side_chart.story() is not None and after.side_chart.story().finals is not None
    _open_side_tab(qtbot, window, "Review")
    assert panel.start_button.isVisible()
    controls = window.session.replay()
    controls.seek(5)
    qtbot.waitUntil(lambda: after.side_chart.marked_turn() == 5)  # the cursor follows the turn shown
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert panel.progress.isVisible() and panel.cancel_button.isVisible()
    assert not panel.start_button.isEnabled()
    qtbot.waitUntil(lambda: after.runner.review is not None, timeout=120_000)
    review = after.runner.review
    assert not panel.progress.isVisible()
    lines = panel.lines()
    assert any(line.startswith("Review of turn 1 (Anna): ") for line in lines)
    # a turn where a better one was found: chosen in the list, the replay shows it, the log says it, and the
    # better turn is ringed on the board
    names = ["Anna", "Ben"]
    better = choose_a_better_turn(qtbot, panel, review, names)
    qtbot.waitUntil(lambda: controls.index == better["turn"] + 1)
    log = [window.log_model.index(i, 0).data() for i in range(window.log_model.rowCount())]
    assert log[-1] == verdict_line(better, names)
    assert "better: " in log[-1]
    places = after.marks.places
    assert places and places[0].card == better["best"]["card"]
    assert after.marks.rings  # drawn on the board
    window.page.replay_bar.seat.setCurrentIndex(1)  # the same position in Anna's view: said once
    log = [window.log_model.index(i, 0).data() for i in range(window.log_model.rowCount())]
    assert log.count(verdict_line(better, names)) == 1


def test_a_review_is_deterministic_and_computed_once(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PATRICIAN_HISTORY", str(tmp_path / "history.sqlite3"))
    window = _replay(qtbot, tmp_path, TINY)
    after = window.history.after
    _open_side_tab(qtbot, window, "Review")
    qtbot.mouseClick(after.replay_review.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: after.runner.review is not None, timeout=120_000)
    first = after.runner.review
    kept = list((tmp_path / "reviews").glob("*.json"))
    assert len(kept) == 1  # a replayed record not in the history: kept beside it
    # the same record opened again: the review comes back from where it was kept, the same
    again = _replay(qtbot, tmp_path, TINY)
    second = again.history.after
    kept[0].write_text(json.dumps({**first, "marker": 1}), encoding="utf-8")
    _open_side_tab(qtbot, again, "Review")
    qtbot.mouseClick(second.replay_review.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: second.runner.review is not None, timeout=30_000)
    assert second.runner.review.get("marker") == 1
    # and computed afresh it is the same (deterministic for a seed)
    kept[0].unlink()
    third_window = _replay(qtbot, tmp_path, TINY)
    third = third_window.history.after
    _open_side_tab(qtbot, third_window, "Review")
    qtbot.mouseClick(third.replay_review.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: third.runner.review is not None, timeout=120_000)
    assert third.runner.review == first


def test_cancel_stops_the_review_and_frees_its_thread(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PATRICIAN_HISTORY", str(tmp_path / "history.sqlite3"))
    window = _replay(qtbot, tmp_path, "deep")
    after = window.history.after
    panel = after.replay_review
    _open_side_tab(qtbot, window, "Review")
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert after.runner.running
    qtbot.waitUntil(lambda: after.runner._proc is not None, timeout=30_000)
    window.page.replay_bar.forward.click()  # the window goes on meanwhile
    assert window.session.replay().index == 1
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not after.runner.running, timeout=15_000)
    assert panel.status.text() == "The review was cancelled."
    assert panel.start_button.isEnabled() and not panel.cancel_button.isVisible()
    assert after.runner.review is None
    assert not [loop for loop in open_loops() if loop.name == "patrician-review"]
    assert not list((tmp_path / "reviews").glob("*.json"))  # nothing kept of a cancelled review


def test_review_this_game_on_the_score_sheet_keeps_the_review_with_the_game(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite3"
    monkeypatch.setenv("PATRICIAN_HISTORY", str(path))
    window, _session = open_game(qtbot, ["bot:easy", "bot:easy"], seed=6)
    qtbot.waitUntil(lambda: window._shown is not None and window._shown.over, timeout=GAME_TIMEOUT_MS)
    after = window.history.after
    after.runner.budget = TINY
    assert window.score_sheet.isVisible()
    qtbot.mouseClick(after.review_button, Qt.MouseButton.LeftButton)
    assert window.score_sheet.pages.currentWidget() is after.sheet_review
    assert after.sheet_review.progress.isVisible()
    qtbot.waitUntil(lambda: after.runner.review is not None, timeout=120_000)
    assert any(" (Anna): " in line for line in after.sheet_review.lines())
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT seat, budget, seed FROM reviews").fetchall()
    finally:
        conn.close()
    assert rows == [(-1, TINY, 0)]  # with the game, under the key `patrician review` uses


def test_a_new_game_tells_a_screen_reader_no_change_of_an_empty_or_hidden_story_text(qtbot):
    """Each change of a text field's words is an event a screen reader queues and may not drop; a game's start
    cleared the (empty) story texts of three pages, two of them never shown, and sent Orca 43 ten of them
    while it was already behind (it then drops the news that follows)."""
    from patrician_qt.ui.history.after_game import StoryPage

    shown, hidden = StoryPage(), StoryPage(with_words=False)
    qtbot.addWidget(shown)
    qtbot.addWidget(hidden)
    changes: list[str] = []
    shown.words.textChanged.connect(lambda: changes.append("shown"))
    hidden.words.textChanged.connect(lambda: changes.append("hidden"))
    for page in (shown, hidden):
        page.clear()
        page.clear()
    assert changes == []
