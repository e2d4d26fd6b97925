"""The New game dialog, made ahead at the app's start, gives each field its value once.

Why: every change of a drop-down's value or a field's text sends a screen reader events it may not drop;
the dialog made ahead sent Orca 43 more than 50 of them at the start, and in that flood Orca answered
Ctrl+N seconds late (bench/orca_new_game.py measures it with the real screen reader).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QLineEdit

from patrician_qt.ui.app import new_game_dialog
from patrician_qt.ui.game import table_choice

CHANGES: list[str] = []


class CountedCombo(QComboBox):
    """A drop-down that notes each change of its value, also while the dialog blocks its signals (a screen
    reader hears a change all the same)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.blocked = False
        self.currentIndexChanged.connect(self._changed)

    def blockSignals(self, b: bool) -> bool:
        """Only the dialog's own slots are kept from the change; the count sees it."""
        was, self.blocked = self.blocked, b
        return was

    def _changed(self, _index: int) -> None:
        CHANGES.append(f"combo {id(self)}")


class CountedEdit(QLineEdit):
    """A line edit that notes each move of its caret (a text set after it was made moves it)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.cursorPositionChanged.connect(lambda *_: CHANGES.append(f"edit {id(self)}"))


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(new_game_dialog, "QComboBox", CountedCombo)
    monkeypatch.setattr(new_game_dialog, "QLineEdit", CountedEdit)
    monkeypatch.setattr(table_choice, "QComboBox", CountedCombo)
    validate = new_game_dialog.NewGameDialog._validate

    def validate_unless_blocked(self: new_game_dialog.NewGameDialog) -> None:
        """The dialog's own slot, kept from a change it blocked (as blocked signals would)."""
        if not any(getattr(b, "blocked", False) for b in self.findChildren(QComboBox)):
            validate(self)

    monkeypatch.setattr(new_game_dialog.NewGameDialog, "_validate", validate_unless_blocked)
    CHANGES.clear()
    return CHANGES


def test_each_drop_down_takes_its_value_once_and_no_name_field_moves_its_caret(qtbot: Any, tmp_path: Any,
                                                                                counted: list[str]) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("new/visibility", "open")  # the second table: a box filled item by item passed the first
    dialog = new_game_dialog.NewGameDialog(settings)
    qtbot.addWidget(dialog)
    shown = dialog.count.value()
    boxes = [*dialog.kinds[:shown], *dialog.colors[:shown], dialog.table]
    assert [b.currentText() for b in dialog.kinds[:shown]] == ["Human"] + ["Bot · Medium"] * (shown - 1)
    assert dialog.table.currentData() == "open"
    per_box = {f"combo {id(b)}": counted.count(f"combo {id(b)}") for b in boxes}
    assert set(per_box.values()) == {1}, per_box
    assert not [c for c in counted if c.startswith("edit")], counted
    assert [n.text() for n in dialog.names] == list(new_game_dialog.DEFAULT_NAMES)


def test_a_name_stays_within_24_characters(qtbot: Any) -> None:
    dialog = new_game_dialog.NewGameDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    name = dialog.names[0]
    name.clear()
    qtbot.keyClicks(name, "A" * 30)
    assert name.text() == "A" * 24
