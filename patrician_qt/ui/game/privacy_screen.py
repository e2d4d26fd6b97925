"""Hot-seat privacy screen: covers the window until the next player asks to see their hand."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_items import draw_symbol_badge
from patrician_qt.ui.text import plain


class PrivacyScreen(QWidget):
    """"Pass to Ben — press to show your hand"; ``revealed(seat)`` when pressed."""

    revealed = Signal(int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.seat: int | None = None
        self.color: str | None = None
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        lay = QVBoxLayout(self)
        lay.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addSpacing(70)
        self.title = plain.new_label("", self)  # "Pass to <name>"
        self.title.setFont(theme.font(26, bold=True))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setStyleSheet(f"color: {theme.PARCHMENT_LIGHT};")
        self.hint = QLabel(self.tr("Nobody else should look at the screen now."), self)
        self.hint.setFont(theme.font(13, italic=True))
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setStyleSheet(f"color: {theme.PARCHMENT};")
        self.button = QPushButton(self)
        self.button.setObjectName("Reveal")
        self.button.setMinimumSize(320, 52)
        self.button.setFont(theme.font(14, bold=True))
        self.button.clicked.connect(self._reveal)
        lay.addWidget(self.title)
        lay.addSpacing(8)
        lay.addWidget(self.hint)
        lay.addSpacing(24)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        self.hide()

    def ask(self, seat: int, name: str, color: str) -> None:
        """Cover the window and ask for ``name``."""
        self.seat = seat
        self.color = color
        self.title.setText(self.tr("Pass to {name}").format(name=name))
        self.button.setText(plain.mnemonic(self.tr("I am {name} — show my hand").format(name=name)))
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.raise_()
        self.show()
        from patrician_qt.ui.reach.key_gate import typing_in

        if not typing_in(self):
            self.button.setFocus(Qt.FocusReason.OtherFocusReason)  # Return or Space passes the screen

    def _reveal(self) -> None:
        seat = self.seat
        self.hide()
        if seat is not None:
            self.revealed.emit(seat)

    def paintEvent(self, event: QPaintEvent) -> None:
        """A dark, opaque cloth over everything, with the next player's badge."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#2B1E14"))
        p.setPen(QColor(theme.GOLD))
        p.drawRect(QRectF(self.rect()).adjusted(12, 12, -13, -13))
        if self.color:
            c = QRectF(self.rect()).center()
            center = QPointF(c.x(), self.title.geometry().top() - 46)
            p.setPen(QPen(QColor(theme.GOLD), 3))
            p.setBrush(QColor(theme.PARCHMENT))
            p.drawEllipse(center, 37, 37)
            draw_symbol_badge(p, center, 30, self.color)
        p.end()
