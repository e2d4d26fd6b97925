"""One folder for the user's saves, a real Save game beside Export record, the data folder
named once, and a mid-game record saved by the app replays as an unfinished game (exit 0)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, Qt

from patrician_qt.ui.app.folders import app_data_dir, doubled_data_dir, move_old_data, user_saves_dir
from patrician_qt.ui.app.run import APP, ORG
from tests.ui.app.flow_helpers import make_app, menu_by_keys, play_to, played
from tests.ui.game_helpers import config


def _replay(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "patrician_qt", "replay", *map(str, files)],
                          capture_output=True, text=True, timeout=60)


def test_save_game_and_export_record_go_to_one_folder_and_replay_as_unfinished(qtbot: Any, tmp_path: Path,
                                                                               monkeypatch: Any) -> None:
    ctrl = make_app(qtbot, tmp_path)
    asked: list[tuple[str, str]] = []

    def save_name(parent: Any, title: str, start: str, filters: str = "") -> tuple[str, str]:
        asked.append((title, start))
        return str(Path(start).with_name(f"{title}.patrician.json")), ""

    monkeypatch.setattr("patrician_qt.ui.game.window_files.QFileDialog.getSaveFileName", save_name)
    session = ctrl.start_game(config(["human", "bot:easy"], seed=7))
    play_to(qtbot, ctrl, 5)
    cards = played(ctrl)
    qtbot.keyClick(ctrl.window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Game ▸ Save game…
    menu_by_keys(qtbot, ctrl, Qt.Key.Key_G, Qt.Key.Key_E)  # Game ▸ Export record…
    folder = tmp_path / "saves"
    assert [title for title, _ in asked] == ["Save game", "Export record"]
    assert all(Path(start).parent == folder for _, start in asked)  # both start in the user's saves folder
    name = Path(asked[0][1]).name  # the players, when, and what it is
    assert name.split(" ")[0] in ("Anna-Ben", "Ben-Anna") and name.endswith(" game.patrician.json")
    game, record = folder / "Save game.patrician.json", folder / "Export record.patrician.json"
    assert game.is_file() and record.is_file()
    assert ctrl.window.turn_bar.message_text.startswith("Record saved to ")
    # a game record saved mid-game by the app replays as what it is: unfinished, exit 0
    proc = _replay(game, record)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    for line in lines:
        assert line["unfinished"] is True and line["turns"] == cards and "error" not in line
        assert line["to_move"] in (0, 1) and len(line["scores"]) == 2 and len(line["floors_left"]) == 2
    # the same record without the app's mark is a cut-short record, as before
    raw = json.loads(record.read_text())
    del raw["meta"]
    bare = tmp_path / "bare.patrician.json"
    bare.write_text(json.dumps(raw))
    proc = _replay(bare)
    assert proc.returncode == 2 and "cut short" in json.loads(proc.stdout)["error"]
    # Load starts in the same folder and the saved game goes on
    opened: list[str] = []

    def open_name(parent: Any, title: str, start: str, filters: str = "") -> tuple[str, str]:
        opened.append(start)
        return str(game), ""

    monkeypatch.setattr("patrician_qt.ui.game.file_dialog.open_file_name", open_name)
    session.close()
    ctrl.window.close_session()
    ctrl.show_start()
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        qtbot.mouseClick(ctrl.start.load_button, Qt.MouseButton.LeftButton)
    assert played(ctrl) == cards
    menu_by_keys(qtbot, ctrl, Qt.Key.Key_G, Qt.Key.Key_M)
    from tests.ui.app.flow_helpers import answer

    answer(qtbot, ctrl, leave=True)
    qtbot.mouseClick(ctrl.start.replay_button, Qt.MouseButton.LeftButton)
    assert opened == [str(folder), str(folder)]  # Load and Replay start there too
    ctrl.window.close()


def test_the_data_folder_is_named_once_and_old_files_move_there(tmp_path: Path) -> None:
    names = (QCoreApplication.organizationName(), QCoreApplication.applicationName())
    QCoreApplication.setOrganizationName(ORG)  # as run.make_app names the app
    QCoreApplication.setApplicationName(APP)
    QStandardPaths.setTestModeEnabled(True)
    try:
        data = app_data_dir()
        assert data.name.lower() == "patrician" and data.parent.name.lower() != "patrician"
        assert doubled_data_dir().parts[-2:] == ("Patrician", "Patrician")  # what earlier versions used
        assert user_saves_dir(data).name == "Patrician" and user_saves_dir(data) != data
    finally:
        QStandardPaths.setTestModeEnabled(False)
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    old = tmp_path / "share" / "Patrician" / "Patrician"
    new = tmp_path / "share" / "patrician"
    (old / "autosaves").mkdir(parents=True)
    (old / "lan-autosaves").mkdir()
    (old / "autosaves" / "autosave-Patrician.patrician.json").write_text("a")
    (old / "lan-autosaves" / "autosave-Salon.patrician.json").write_text("b")
    (new / "autosaves").mkdir(parents=True)
    (new / "autosaves" / "autosave-Patrician.patrician.json").write_text("kept")  # never replaced
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("lan/hosted/file", str(old / "lan-autosaves" / "autosave-Salon.patrician.json"))
    moved = move_old_data(old, new, settings)
    assert moved == [new / "lan-autosaves" / "autosave-Salon.patrician.json"]
    assert (new / "lan-autosaves" / "autosave-Salon.patrician.json").read_text() == "b"
    assert (new / "autosaves" / "autosave-Patrician.patrician.json").read_text() == "kept"
    assert (old / "autosaves" / "autosave-Patrician.patrician.json").read_text() == "a"  # left, not lost
    assert settings.value("lan/hosted/file") == str(new / "lan-autosaves" / "autosave-Salon.patrician.json")
    assert not (old / "lan-autosaves").exists()
