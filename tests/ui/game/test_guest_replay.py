"""A LAN guest opens its own game record (no deal: only what its seat saw) in the replay viewer, as a player does:
Replay on the start screen, the file chosen in the dialog, then stepping by the buttons and the slider's keys.
Every position shows the game as that seat saw it then (R26: its own hand, the others' only counted), the viewer
says whose view it is, the score story and the review work, and a record whose kept views do not add up is
refused with a message that names the file."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from patrician_qt.engine import view_for, write_record
from patrician_qt.ui.history.review_words import verdict_line
from tests.review.guest_records import guest_game
from tests.ui.app.flow_helpers import make_app, when_modal
from tests.ui.game_helpers import choose_a_better_turn
from tests.ui.history.test_after_game import TINY

NAMES = ["Anna", "Ben", "Cleo"]


def _choose_in_dialog(path: Path) -> None:
    """Choose ``path`` in the file dialog that opens next."""

    def act(dialog: Any) -> None:
        assert isinstance(dialog, QFileDialog)
        dialog.selectFile(str(path))
        dialog.accept()

    when_modal(act)


def _open_by_replay_button(qtbot: Any, tmp_path: Path, record_text: str) -> Any:
    ctrl = make_app(qtbot, tmp_path)
    path = tmp_path / "saves" / "Anna-Ben-Cleo 2026-12-06 14.00 record.patrician.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(record_text, encoding="utf-8")
    _choose_in_dialog(path)
    qtbot.mouseClick(ctrl.start.replay_button, Qt.MouseButton.LeftButton)
    return ctrl


def _towers(window: Any) -> dict[str, list[list[int]]]:
    m = window.board_model
    return {name: [list(m.row(m.row_of(name))[m.TowerARole]), list(m.row(m.row_of(name))[m.TowerBRole])]
            for name in window.shown_update.view(None)["cities"]}


def test_r26_a_guest_replays_its_own_record_as_its_seat_saw_the_game(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PATRICIAN_HISTORY", str(tmp_path / "history.sqlite3"))
    game = guest_game(21, NAMES, 1)
    ctrl = _open_by_replay_button(qtbot, tmp_path, write_record(game.guest))
    window = ctrl.window
    qtbot.waitUntil(lambda: window.session is not None and window.session.replay() is not None, timeout=10_000)
    bar = window.page.replay_bar
    replay = window.session.replay()
    assert replay.seen_from == 1 and bar.isVisible()
    # the viewer says plainly whose view this is, and offers no other
    assert [bar.seat.itemText(i) for i in range(bar.seat.count())] == ["Ben's view"] and not bar.seat.isVisible()
    assert bar.seen_note.isVisible() and bar.seen_note.text().startswith("Ben's view: ")
    assert "on another computer" in bar.seen_note.toolTip()
    assert window.hand_model.cards() == view_for(game.states[0], 1)["hand"]  # Ben's hand at the deal
    # step by the buttons and the slider's keys: each position is Ben's view then, never more
    for k in (1, 2, 3):
        with qtbot.waitSignal(window.shown, timeout=5000):
            qtbot.mouseClick(bar.forward, Qt.MouseButton.LeftButton)
        assert window.shown_update.seq == k and window.hand_model.cards() == view_for(game.states[k], 1)["hand"]
    with qtbot.waitSignal(window.shown, timeout=5000):
        qtbot.mouseClick(bar.back, Qt.MouseButton.LeftButton)
    assert window.shown_update.seq == 2 and bar.label.text().startswith("Turn 2 ")
    bar.slider.setFocus()
    last = len(game.states) - 1
    while window.shown_update.seq < last:
        seq = window.shown_update.seq
        with qtbot.waitSignal(window.shown, timeout=5000):
            qtbot.keyClick(bar.slider, Qt.Key.Key_Right)
        assert window.shown_update.seq == seq + 1
        truth = game.states[seq + 1]
        assert window.shown_update.views == {1: view_for(truth, 1), None: view_for(truth, None)}
        assert window.hand_model.cards() == view_for(truth, 1)["hand"]
        assert _towers(window) == {c: v["towers"] for c, v in view_for(truth, None)["cities"].items()}
    with qtbot.waitSignal(window.shown, timeout=5000):
        qtbot.keyClick(bar.slider, Qt.Key.Key_Home)
    assert window.shown_update.seq == 0
    with qtbot.waitSignal(window.shown, timeout=5000):
        qtbot.keyClick(bar.slider, Qt.Key.Key_End)
    # the end: the result as the record has it, and the score story to the final scores
    assert window.shown_update.over and window.score_sheet.isVisible()
    for seat, score in enumerate(game.host.result["scores"]):
        assert window.score_sheet.cell("Total", seat) == str(score)
    after = window.history.after
    story = after.side_chart.story()
    assert story is not None and story.finals == tuple(game.host.result["scores"])
    assert not after.replay_page.isHidden()  # and the story is there to see, not only kept
    # the review judges Ben's turns from what Ben saw; a verdict chosen shows that turn, the better one ringed
    window.score_sheet.hide()
    after.runner.budget = TINY
    panel = after.replay_review
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: after.runner.review is not None, timeout=120_000)
    review = after.runner.review
    assert {t["seat"] for t in review["turns"]} == {1}
    better = choose_a_better_turn(qtbot, panel, review, NAMES)
    qtbot.waitUntil(lambda: replay.index == better["turn"] + 1)
    log = [window.log_model.index(i, 0).data() for i in range(window.log_model.rowCount())]
    assert log[-1] == verdict_line(better, NAMES)
    assert after.marks.places and after.marks.places[0].card == better["best"]["card"]
    assert window.hand_model.cards() == view_for(game.states[better["turn"] + 1], 1)["hand"]


def test_a_guest_record_whose_kept_views_do_not_add_up_is_refused_with_a_message(qtbot, tmp_path):
    game = guest_game(21, NAMES, 1)
    raw = json.loads(write_record(game.guest))
    spoiled = copy.deepcopy(raw)
    spoiled["meta"]["seen"]["turns"][4]["view"]["players"][0]["hand_size"] = 7
    ctrl = _open_by_replay_button(qtbot, tmp_path, json.dumps(spoiled))
    qtbot.waitUntil(lambda: any(box.isVisible() for box in ctrl.window.findChildren(QMessageBox)), timeout=10_000)
    [box] = [box for box in ctrl.window.findChildren(QMessageBox) if box.isVisible()]
    assert "kept at Ben's seat on another computer" in box.text() and "cannot be replayed" in box.text()
    assert "record.patrician.json" in box.text()
    assert "is not what the events before it give" in box.text()
    box.accept()
    assert ctrl.window.session is None or ctrl.window.session.replay() is None
    assert QApplication.activeModalWidget() is None
