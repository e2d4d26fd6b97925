"""The replay viewer: step, go back, scrub, change the seat shown; bad records are refused."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from patrician_qt.engine import read_record, replay_turn, start_state, view_for
from patrician_qt.ui.game.main_window import MainWindow
from tests.ui.game_helpers import NAMES  # noqa: F401 - sets the offscreen platform first

DATA = Path(__file__).resolve().parents[2] / "data"


def _window(qtbot) -> MainWindow:
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.resize(1280, 720)
    window.show()
    return window


def _state_after(record, k):
    state = start_state(record)
    for i in range(k):
        state, _ = replay_turn(state, i, record.turns[i])
    return state


def test_replay_steps_scrubs_and_shows_a_seats_view(qtbot):
    path = DATA / "example-3p.patrician.json"
    record = read_record(path.read_text())
    window = _window(qtbot)
    assert window.files.open_replay(path)
    bar = window.page.replay_bar
    assert bar.isVisible() and not window.turn_bar.isVisible()
    assert bar.label.text() == f"Turn 0 of {len(record.turns)}"
    for k in (1, 2, 3):
        with qtbot.waitSignal(window.shown, timeout=5000):
            qtbot.mouseClick(bar.forward, Qt.MouseButton.LeftButton)
        assert window._shown.seq == k
    assert window.board_model.rowCount() == 9
    expected = view_for(_state_after(record, 3), None)
    for name, city in expected["cities"].items():
        row = window.board_model.row_of(name)
        assert window.board_model.row(row)[window.board_model.TowerARole] == tuple(city["towers"][0])
    qtbot.mouseClick(bar.back, Qt.MouseButton.LeftButton)
    assert window._shown.seq == 2 and bar.label.text().startswith("Turn 2 ")
    # a seat's view shows that seat's hand as it was
    bar.seat.setCurrentIndex(2)  # seat 1
    assert window.hand_model.cards() == view_for(_state_after(record, 2), 1)["hand"]
    bar.seat.setCurrentIndex(0)  # spectator
    assert window.hand_model.cards() == []
    # scrub to the end: the score sheet shows the record's result
    bar.slider.setValue(bar.slider.maximum())
    assert window._shown.over and window.score_sheet.isVisible()
    for seat, score in enumerate(record.result["scores"]):
        assert window.score_sheet.cell("Total", seat) == str(score)
    assert window.log_model.rowCount() > len(record.turns)


def test_a_bad_record_is_refused_with_a_message(qtbot, tmp_path):
    raw = json.loads((DATA / "example-2p.patrician.json").read_text())
    raw["turns"][3]["card"] = "XXX-9"
    bad = tmp_path / "bad.patrician.json"
    bad.write_text(json.dumps(raw))
    window = _window(qtbot)
    assert not window.files.open_replay(bad)
    messages = [box.text() for box in window.findChildren(QMessageBox) if box.isVisible()]
    assert len(messages) == 1 and "cannot be replayed" in messages[0] and "bad.patrician.json" in messages[0]
    assert window.session is None
