"""``patrician FILE`` and the desktop's "Open with → Patrician": the app opens the file it is given
(packaging registers the app for records; until now it started without the record)."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

import patrician_qt.ui.app.run as run_module
from patrician_qt.__main__ import main
from patrician_qt.ui.app.open_file import open_as
from tests.ui.app.flow_helpers import make_app, play_to, played
from tests.ui.game_helpers import config

DATA = Path(__file__).resolve().parents[2] / "data"


def _unfinished_save(qtbot, tmp_path: Path) -> tuple[Path, int]:
    """A game the app saved by name after a few turns, and how many cards were played in it."""
    ctrl = make_app(qtbot, tmp_path / "first")
    ctrl.start_game(config(["human", "human"], seed=12))
    play_to(qtbot, ctrl, 4)
    path = tmp_path / "evening.patrician.json"
    ctrl.window.session.save_as(path)
    cards = played(ctrl)
    ctrl.window.close()
    return path, cards


def test_a_finished_record_opens_in_the_replay_viewer(qtbot, tmp_path):
    record = tmp_path / "game.patrician.json"
    shutil.copy(DATA / "example-3p.patrician.json", record)
    assert open_as(record) == "replay"
    ctrl = make_app(qtbot, tmp_path)
    ctrl.open_file(record)
    session = ctrl.window.session
    assert session is not None and session.replay() is not None
    assert ctrl.window.page.replay_bar.isVisible()


def test_an_unfinished_save_is_continued_where_it_stopped(qtbot, tmp_path):
    path, cards = _unfinished_save(qtbot, tmp_path)
    assert open_as(path) == "continue"
    ctrl = make_app(qtbot, tmp_path / "second")
    ctrl.open_file(path)
    session = ctrl.window.session
    assert session is not None and session.replay() is None
    qtbot.waitUntil(lambda: ctrl.window.shown_update is not None and played(ctrl) == cards, timeout=20_000)


def test_a_broken_file_is_told_and_nothing_opens(qtbot, tmp_path):
    broken = tmp_path / "broken.patrician.json"
    broken.write_bytes(b'{"format": "patrician-record", "turns": [')
    ctrl = make_app(qtbot, tmp_path)
    ctrl.open_file(broken)
    assert ctrl.window.session is None
    boxes = [w for w in ctrl.window.findChildren(QMessageBox) if w.isVisible()]
    assert boxes and "broken.patrician.json" in boxes[-1].text()


def test_the_command_line_hands_the_file_to_the_app(qtbot, tmp_path, monkeypatch):
    """``patrician FILE`` starts the app and, once it is shown, opens FILE (here the app's start is
    caught before its event loop runs, and its ``then`` is run on a real app)."""
    record = tmp_path / "game.patrician.json"
    shutil.copy(DATA / "example-2p.patrician.json", record)
    started: list = []
    monkeypatch.setattr(run_module, "run_app", lambda argv, then=None: started.append(then) or 0)
    assert main([str(record)]) == 0
    assert len(started) == 1 and started[0] is not None
    ctrl = make_app(qtbot, tmp_path)
    started[0](ctrl)
    assert ctrl.window.session is not None and ctrl.window.session.replay() is not None


def test_a_mistyped_command_is_still_an_error(capsys):
    import pytest

    with pytest.raises(SystemExit) as exc:
        main(["replya"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "no such file: replya" in err and "replay" in err  # and the commands it may have meant
