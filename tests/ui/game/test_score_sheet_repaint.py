"""The open score sheet lies over the board, and each repaint under it repaints the sheet too (its corners are
round, so it is not opaque). Its pages (scores, story, statistics) drew a frame of their own around the table:
a frame with the table as a hole in it is painted through a clip of many spans, ~2 ms of every such repaint at
1920×1080 (bench/ui.py). The sheet has a frame already; its pages draw none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QProxyStyle, QStyle, QWidget

from patrician_qt.engine import read_record, replay, view_for
from patrician_qt.ui.board import theme
from patrician_qt.ui.game.score_sheet import ScoreSheet

DATA = Path(__file__).resolve().parents[2] / "data"


class FrameCount(QProxyStyle):
    """The app's style, counting the tab widget's frames it draws."""

    def __init__(self) -> None:
        super().__init__()
        self.frames = 0

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: Any, painter: Any,
                      widget: QWidget | None = None) -> None:
        if element == QStyle.PrimitiveElement.PE_FrameTabWidget:
            self.frames += 1
        super().drawPrimitive(element, option, painter, widget)


def test_a_repaint_under_the_open_score_sheet_draws_no_frame_around_its_pages(qtbot: Any) -> None:
    parent = QWidget()
    parent.setStyleSheet(theme.style_sheet())  # as the game window has it
    qtbot.addWidget(parent)
    parent.resize(1000, 800)
    under = QWidget(parent)  # stands for the board under the sheet
    under.setGeometry(0, 0, 1000, 800)
    parent.show()
    sheet = ScoreSheet(parent)
    style = FrameCount()
    sheet.pages.setStyle(style)
    sheet.show_result(view_for(replay(read_record((DATA / "example-5p.patrician.json").read_bytes())), None))
    sheet.setGeometry(100, 50, 760, 620)
    qtbot.waitExposed(sheet)
    qtbot.wait(30)
    style.frames = 0
    for _ in range(3):
        under.repaint()  # the board changed under the sheet
    assert sheet.pages.isVisible()
    assert style.frames == 0
