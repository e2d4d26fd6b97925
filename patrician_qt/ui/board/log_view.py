"""The game log: plain sentences, newest at the bottom and always in view."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import draw_symbol_badge
from patrician_qt.ui.board.log_model import LogModel

BOLD_KINDS = ("scored", "ended", "note")
"""Log lines set in bold: scores, the end, and notes such as "A new game begins"."""


class LogDelegate(QStyledItemDelegate):
    """A line of the log with the acting seat's badge; scores and the end in bold."""

    def __init__(self, colors: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colors = colors

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """As many lines as the sentence needs at the panel's width, measured in the font it is painted in
        (a bold line measured in the regular font lost its last word)."""
        width = max(120, option.rect.width() or 260) - 22  # the room paint() gives the text
        from PySide6.QtGui import QFontMetrics

        fm = QFontMetrics(theme.pixel_font(12, bold=index.data(LogModel.KindRole) in BOLD_KINDS))
        text = index.data(LogModel.TextRole) or ""
        br = fm.boundingRect(0, 0, width, 1000, int(Qt.TextFlag.TextWordWrap), text)
        return QSize(width, max(20, br.height() + 6))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Badge and sentence."""
        r = QRectF(option.rect)
        seat = index.data(LogModel.SeatRole)
        kind = index.data(LogModel.KindRole)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if isinstance(seat, int) and 0 <= seat < len(self.colors):
            draw_symbol_badge(painter, r.topLeft() + QRectF(0, 0, 18, 20).center(), 6, self.colors[seat])
        painter.setPen(QColor(theme.INK))
        painter.setFont(theme.pixel_font(12, bold=kind in BOLD_KINDS))
        painter.drawText(r.adjusted(20, 2, -2, -2), int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft),
                         index.data(LogModel.TextRole) or "")
        painter.restore()


class LogView(QListView):
    """Scrolls to the newest line whenever one is added."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log_delegate = LogDelegate([], self)
        self.setItemDelegate(self.log_delegate)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWordWrap(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def setModel(self, model: LogModel) -> None:  # type: ignore[override]
        """Follow the model's new rows."""
        super().setModel(model)
        model.rowsInserted.connect(lambda *a: self.scrollToBottom())

    def set_colors(self, colors: list[str]) -> None:
        """Seat colours for the badges."""
        self.log_delegate.colors = list(colors)
        self.viewport().update()
