"""The player is told in words when a bot cannot play or the autosave fails, and can go on."""

from __future__ import annotations

import errno
import random
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

import patrician_qt.bots.runner as runner_module
from patrician_qt.table import read_save
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.session.local import LocalSession
from tests.ui.game_helpers import config, open_game, play_turn_by_clicks


class NoWorker:
    """What ``BotRunner()`` does when the app is out of file descriptors."""

    def __init__(self) -> None:
        raise OSError(errno.EMFILE, "Too many open files")


def _click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_bot_that_cannot_start_is_told_and_simpler_bots_play_on(qtbot, monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path):
    monkeypatch.setattr(runner_module, "BotRunner", NoWorker)
    window, session = open_game(qtbot, ["bot:hard", "human"], seed=3)
    qtbot.waitUntil(lambda: window.turns.trouble_box is not None and window.turns.trouble_box.box is not None,
                    timeout=20_000)
    box = window.turns.trouble_box
    name = session.seats()[0].name
    text = box.box.text()
    assert f"The bot playing {name} could not start" in text and "Too many open files" in text
    assert "try again, save the game" in text
    assert box.box.textFormat() == Qt.TextFormat.PlainText
    assert "A bot cannot play" in window.turn_bar.message.text()
    seq = session.current().seq
    # Save game…: the record is written, the choices come back (the game still waits)
    saved = tmp_path / "kept.patrician.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(saved), ""))
    _click(qtbot, box.button("save"))
    assert read_save(saved).record.turns == session.record().turns
    assert box.box is not None and session.current().seq == seq
    # Continue with simpler bots: the game goes on to the human's turn
    _click(qtbot, box.button("simple"))
    assert box.box is None
    qtbot.waitUntil(lambda: window.controller.active, timeout=30_000)
    assert session.current().seq > seq


def test_try_again_starts_the_bot_once_it_can(qtbot, monkeypatch: pytest.MonkeyPatch):
    real = runner_module.BotRunner
    monkeypatch.setattr(runner_module, "BotRunner", NoWorker)
    window, session = open_game(qtbot, ["bot:easy", "human"], seed=3)
    qtbot.waitUntil(lambda: window.turns.trouble_box is not None and window.turns.trouble_box.box is not None,
                    timeout=20_000)
    monkeypatch.setattr(runner_module, "BotRunner", real)  # the files were freed meanwhile
    _click(qtbot, window.turns.trouble_box.button("retry"))
    qtbot.waitUntil(lambda: window.controller.active, timeout=60_000)
    assert session.current().seq > 1
    window.close()


def test_an_autosave_that_fails_is_told_and_the_game_goes_on(qtbot, tmp_path: Path):
    saves = tmp_path / "saves"
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.show()
    session = LocalSession(config(["human", "bot:easy"], seed=6), autosave_dir=saves)
    window.start_session(session)
    qtbot.waitUntil(lambda: window.controller.active, timeout=20_000)
    shutil.rmtree(saves)
    saves.write_text("a file where the folder was")
    play_turn_by_clicks(qtbot, window, random.Random(1))
    qtbot.waitUntil(lambda: window.turns.trouble_box is not None and window.turns.trouble_box.box is not None,
                    timeout=20_000)
    text = window.turns.trouble_box.box.text()
    assert "The autosave could not be written" in text and str(saves) in text
    assert "The game goes on" in text
    _click(qtbot, window.turns.trouble_box.button("continue"))
    qtbot.waitUntil(lambda: window.controller.active, timeout=30_000)  # the bot played on
    saves.unlink()
    saves.mkdir()
    session.retry()
    qtbot.waitUntil(lambda: session.autosave_file.exists(), timeout=10_000)
    assert read_save(session.autosave_file).record.turns == session.record().turns
    window.close()
