"""A game continued or loaded shows the log it had, not only "A new game begins"."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.engine import stack_size
from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.board.log_model import LogModel
from tests.ui.game_helpers import config, play_turn_by_clicks, wait_for_human_or_end


def _app(qtbot: Any, tmp_path: Path) -> AppController:
    ctrl = AppController(None, tmp_path / "data", saves=tmp_path / "saves")
    qtbot.addWidget(ctrl.window)
    ctrl.window.set_speed("instant")
    ctrl.window.resize(1280, 720)
    ctrl.show()
    return ctrl


def _play(qtbot: Any, ctrl: AppController, turns: int) -> None:
    """Play the human's turns by clicks until ``turns`` cards are on the stacks."""
    window = ctrl.window
    rng = random.Random(8)
    while True:
        wait_for_human_or_end(qtbot, window)
        played = sum(stack_size(p) for p in window.shown_update.view(None)["players"])
        if played >= turns:
            return
        with qtbot.waitSignal(window.shown, timeout=10_000):
            play_turn_by_clicks(qtbot, window, rng)


def _rows(log: LogModel) -> list[dict[int, Any]]:
    return [log.row(i) for i in range(log.rowCount())]


def _event_rows(log: LogModel) -> list[tuple[int, str]]:
    """(turn, text) of every row that tells an event of the game."""
    return [(r[LogModel.TurnRole], r[LogModel.TextRole]) for r in _rows(log) if r[LogModel.EventRole]]


def test_continue_rebuilds_the_log_of_the_turns_played(qtbot: Any, tmp_path: Path) -> None:
    ctrl = _app(qtbot, tmp_path)
    ctrl.start_game(config(["human", "bot:easy"], seed=12))
    _play(qtbot, ctrl, 5)
    before = _event_rows(ctrl.window.log_model)
    played = sum(stack_size(p) for p in ctrl.window.shown_update.view(None)["players"])
    assert before and before[-1][0] == played
    ctrl.window.close_session()
    ctrl.show_start()
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        qtbot.mouseClick(ctrl.start.continue_button, Qt.MouseButton.LeftButton)
    log = ctrl.window.log_model
    rows = _rows(log)
    assert rows[0][LogModel.TextRole].startswith("A new game begins: ")
    after = _event_rows(log)
    # every turn is told again, with its number: the same sentences (builds of a turn on one line)
    assert [t for t, _ in after] == sorted(t for t, _ in after) and after[-1][0] == played
    assert {text for _, text in after} >= {text for _, text in before if "built a floor" not in text}
    assert sum(1 for r in rows if r[LogModel.KindRole] == "played") == played
    assert rows[-1][LogModel.TextRole] == f"The game continues at turn {played + 1}"  # no "Anna sat down"
    ctrl.window.close()


def test_load_rebuilds_the_log_and_leaves_the_named_save_as_it_was(qtbot: Any, tmp_path: Path,
                                                                  monkeypatch: Any) -> None:
    ctrl = _app(qtbot, tmp_path)
    session = ctrl.start_game(config(["human", "bot:easy"], seed=3))
    _play(qtbot, ctrl, 3)
    saved = tmp_path / "saves" / "mine.patrician.json"
    session.save_as(saved)
    text = saved.read_text()
    turns = len(session.record().turns)
    ctrl.window.close_session()
    ctrl.show_start()
    monkeypatch.setattr("patrician_qt.ui.game.file_dialog.open_file_name", lambda *a, **k: (str(saved), ""))
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        qtbot.mouseClick(ctrl.start.load_button, Qt.MouseButton.LeftButton)
    rows = _rows(ctrl.window.log_model)
    assert sum(1 for r in rows if r[LogModel.KindRole] == "played") == turns
    notes = [r[LogModel.TextRole] for r in rows if r[LogModel.KindRole] == "note"]
    assert notes[-1] == f"The game continues at turn {turns + 1}"
    _play(qtbot, ctrl, turns + 2)  # the game goes on in an autosave of its own
    assert saved.read_text() == text and not Path(str(saved) + ".journal").exists()
    ctrl.window.close()
