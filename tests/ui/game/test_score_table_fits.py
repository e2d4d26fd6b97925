"""The final score table shows every row label and name whole on a small sheet (150 % on 1366×768, German).

There the sheet is ~600×470 px: the row labels ("Übrige Stockwerke (bei Gleichstand)") took so much width
that the players' names were cut ("2. Dari"), and at 200 % the rows were squeezed below their words' height.
A sheet with room shows every row; a short one with five players scrolls, each row whole (its words, padding
and borders: the rows are no higher than that where the room is short).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

from patrician_qt.engine import read_record, replay, view_for
from patrician_qt.ui.board import theme
from patrician_qt.ui.game.score_sheet import ScoreSheet
from patrician_qt.ui.text import language

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture
def german(qapp: Any) -> Any:
    assert language.install("de")
    yield
    language.install("en")


def _problems(sheet: ScoreSheet) -> list[str]:
    """What the headers need (measured by the style, with the app's style sheet) against what they have."""
    table = sheet.table
    out = []
    vh, hh = table.verticalHeader(), table.horizontalHeader()
    found = re.search(r"font-size: (\d+)px", table.styleSheet())  # the sections' font (the header caches its hint)
    font = theme.font(11, bold=True)
    if found:
        font.setPixelSize(int(found.group(1)))
    fm = QFontMetrics(font)
    for r in range(table.rowCount()):
        text = table.verticalHeaderItem(r).text()
        if fm.horizontalAdvance(text) + 14 > vh.width():  # the sections' padding and borders
            out.append(f"row label {text!r}: needs {fm.horizontalAdvance(text) + 14}px, has {vh.width()}")
    # a row needs its words' line, the sections' padding above and below and their borders; the style's own
    # measure (sectionSizeHint) adds the header's margins, 8 px a row, which the table gives to rows in sight
    pad = re.search(r"padding: (\d+)px", table.styleSheet())
    row_need = fm.height() + 2 * (int(pad.group(1)) if pad else 3) + 2
    for r in range(table.rowCount()):
        if row_need > vh.sectionSize(r):
            out.append(f"row {table.verticalHeaderItem(r).text()!r}: needs {row_need}px, has {vh.sectionSize(r)}")
    for c in range(table.columnCount()):
        if hh.sectionSizeHint(c) > hh.sectionSize(c):
            out.append(f"column {table.horizontalHeaderItem(c).text()!r}: needs {hh.sectionSizeHint(c)}px, "
                       f"has {hh.sectionSize(c)}")
    return out


@pytest.mark.parametrize("size", [(600, 470), (760, 620)])  # 150 % on 1366×768 and 1280×720
@pytest.mark.parametrize("record", ["example-5p.patrician.json", "example-3p.patrician.json"])
def test_every_row_and_label_of_the_score_table_is_whole(qtbot: Any, german: Any, size: tuple[int, int],
                                                         record: str) -> None:
    parent = QWidget()
    parent.setStyleSheet(theme.style_sheet())  # as the app's window has it: the headers' fonts follow it
    qtbot.addWidget(parent)
    parent.resize(size[0] + 20, size[1] + 20)
    parent.show()
    sheet = ScoreSheet(parent)
    view = view_for(replay(read_record((DATA / record).read_bytes())), None)
    sheet.show_result(view)
    sheet.setGeometry(10, 10, *size)
    qtbot.waitExposed(sheet)
    qtbot.wait(30)
    assert _problems(sheet) == []
    if size[1] >= 600:  # room enough: every row in sight (a short sheet of five players scrolls, rows whole)
        assert sheet.table.verticalScrollBar().maximum() == 0
