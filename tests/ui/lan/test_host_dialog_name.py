"""The Host dialog starts with the name the player used last, also when that was at a game on this computer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt

from patrician_qt.ui.app.new_game_dialog import NewGameDialog
from patrician_qt.ui.lan.host_dialog import HostDialog


def test_the_host_dialog_offers_the_name_just_used_at_a_local_game(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    new = NewGameDialog(settings)
    qtbot.addWidget(new)
    new.show()
    assert "human" in str(new.kinds[0].currentData())  # the first seat is a person's
    new.names[0].selectAll()
    qtbot.keyClicks(new.names[0], "Zoe")
    qtbot.keyClick(new, Qt.Key.Key_Return)
    assert new.result() == NewGameDialog.DialogCode.Accepted
    host = HostDialog(settings)
    qtbot.addWidget(host)
    assert host.player.text() == "Zoe"
    assert host.table.text() == "Zoe's table"


def test_a_name_used_at_a_lan_table_comes_first(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("new/name0", "Zoe")
    settings.setValue("new/kind0", "human")
    settings.setValue("lan/name", "Anna")
    host = HostDialog(settings)
    qtbot.addWidget(host)
    assert host.player.text() == "Anna"
