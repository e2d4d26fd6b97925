"""The final score table shows every row and every label whole on a small sheet (150 % on 1366×768, German).

There the sheet is ~560×450 px: the row labels ("Übrige Stockwerke (bei Gleichstand)") took so much width
that the players' names were cut ("2. Dari"), and the last row was cut off under the table's bottom.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from patrician_qt.engine import read_record, replay, view_for
from patrician_qt.ui.game.score_sheet import ScoreSheet
from patrician_qt.ui.text import language

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture
def german(qapp: Any) -> Any:
    assert language.install("de")
    yield
    language.install("en")


def _problems(sheet: ScoreSheet) -> list[str]:
    table = sheet.table
    out = []
    if table.verticalScrollBar().maximum() > 0:
        out.append("the table scrolls: a row is cut off")
    vh, hh = table.verticalHeader(), table.horizontalHeader()
    fm_v, fm_h = vh.fontMetrics(), hh.fontMetrics()
    for r in range(table.rowCount()):
        text = table.verticalHeaderItem(r).text()
        if fm_v.horizontalAdvance(text) + 8 > vh.width():
            out.append(f"row label {text!r}: needs {fm_v.horizontalAdvance(text) + 8}px, has {vh.width()}")
        if fm_v.height() > vh.sectionSize(r):
            out.append(f"row label {text!r}: {fm_v.height()}px tall, row {vh.sectionSize(r)}px")
    for c in range(table.columnCount()):
        text = table.horizontalHeaderItem(c).text()
        if fm_h.horizontalAdvance(text) + 8 > hh.sectionSize(c):
            out.append(f"column {text!r}: needs {fm_h.horizontalAdvance(text) + 8}px, has {hh.sectionSize(c)}")
    return out


@pytest.mark.parametrize("size", [(560, 450), (760, 620)])
@pytest.mark.parametrize("record", ["example-5p.patrician.json", "example-3p.patrician.json"])
def test_every_row_and_label_of_the_score_table_is_whole(qtbot: Any, german: Any, size: tuple[int, int],
                                                         record: str) -> None:
    parent = QWidget()
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
