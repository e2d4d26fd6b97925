"""A log line is as tall as the lines it is painted in: a bold note never loses its last word."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyleOptionViewItem

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.log_model import LogModel
from patrician_qt.ui.board.log_view import BOLD_KINDS, LogDelegate


def test_every_line_gets_the_height_its_painted_font_needs(qapp):
    model = LogModel()
    names = "Ben, Cleo, Dario, Emma, Anna"
    model.add_text(f"Ein neues Spiel beginnt: {names}")  # a note: painted in bold
    model.add_text(f"Cleo baute 2 Stockwerke in Ferrara (A+B), {names}", kind="built_many")
    delegate = LogDelegate([])
    checked = 0
    for width in range(260, 420, 4):  # the log panel's widths from 1280x720 to 1920x1080
        option = QStyleOptionViewItem()
        option.rect = QRect(0, 0, width, 20)
        for row in range(model.rowCount()):
            index = model.index(row, 0)
            kind = index.data(LogModel.KindRole)
            fm = QFontMetrics(theme.pixel_font(12, bold=kind in BOLD_KINDS))
            painted = fm.boundingRect(0, 0, width - 22, 1000, int(Qt.TextFlag.TextWordWrap),
                                      index.data(LogModel.TextRole))
            assert delegate.sizeHint(option, index).height() - 4 >= painted.height(), (width, kind)
            checked += 1
    assert checked > 50
