"""The hand: the shown seat's cards in a row, drawn by a delegate; a click offers the card."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from patrician_qt.ui.board import card_art, theme
from patrician_qt.ui.board.hand_model import HandModel

CARD_W = 82


def card_height(card_w: int) -> int:
    """Cards keep the 5:7 proportion."""
    return round(card_w * 1.4)


CARD_H = card_height(CARD_W)  # 115


def _height_for(card_w: int) -> int:
    """The hand view's height for cards ``card_w`` wide (the delegate's card plus its margins)."""
    return card_height(card_w) + 18


class CardDelegate(QStyledItemDelegate):
    """Paints one card of the hand, lit when legal, green-edged when chosen."""

    card_w = CARD_W

    @property
    def card_h(self) -> int:
        """The card's height for its width."""
        return card_height(self.card_w)

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """Every card has the same size."""
        return QSize(self.card_w + 10, self.card_h + 12)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """The card face from card_art, with the turn marks."""
        card = index.data(HandModel.CardRole)
        if not card:
            return
        r = option.rect
        rect = QRectF(r.x() + 5, r.y() + 6, self.card_w, self.card_h)
        chosen = bool(index.data(HandModel.ChosenRole))
        legal = bool(index.data(HandModel.LegalRole))
        if chosen:
            rect.translate(0, -3)
        card_art.paint_card(painter, rect, card, highlight=legal and not chosen, chosen=chosen)


class HandView(QListView):
    """A horizontal row of cards; ``cardClicked(card_id)`` on a left click."""

    cardClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(False)
        self.setSpacing(1)
        self.setUniformItemSizes(True)
        self.card_delegate = CardDelegate(self)
        self.setItemDelegate(self.card_delegate)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._largest = CARD_W  # the card width asked for; a short column gets smaller cards, never below CARD_W
        self.setFixedHeight(_height_for(CARD_W))  # the minimum for good: only the maximum follows the width asked
        self.setMouseTracking(True)
        self.setStyleSheet("QListView { background: transparent; border: none; }")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.empty_text = self.tr("No cards in hand")

    def moveCursor(self, action: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier) -> QModelIndex:
        """Up and Down go to the previous and next card too: a screen reader presents the hand as a list, which a
        listener walks with Up and Down, and in one row of cards those keys did nothing and said nothing."""
        move = QAbstractItemView.CursorAction
        if action == move.MoveUp:
            action = move.MoveLeft
        elif action == move.MoveDown:
            action = move.MoveRight
        return super().moveCursor(action, modifiers)

    def set_card_width(self, width: int) -> None:
        """Bigger cards for bigger windows, as far as the column's height allows.

        The view may shrink back to ``CARD_W`` cards, so the big cards never raise the window's minimum height: a
        window dragged from a big screen's size straight to 1280×720 gets 720, not the big layout's minimum."""
        if width != self._largest:
            self._largest = width
            self.setMaximumHeight(_height_for(width))
            self.updateGeometry()
            self._fit_cards()

    def sizeHint(self) -> QSize:
        """As tall as the biggest cards asked for."""
        return QSize(super().sizeHint().width(), self.maximumHeight())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The cards as big as the height given (between ``CARD_W`` and the width asked for)."""
        super().resizeEvent(event)
        self._fit_cards()

    def _fit_cards(self) -> None:
        """The largest card width up to the one asked for whose cards fit the view's height."""
        width = self._largest
        while width > CARD_W and _height_for(width) > self.height():
            width -= 1
        if width != self.card_delegate.card_w:
            self.card_delegate.card_w = width
            self.scheduleDelayedItemsLayout()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The cards, or a word when the hand is empty."""
        super().paintEvent(event)
        model = self.model()
        if model is not None and model.rowCount() == 0:
            p = QPainter(self.viewport())
            p.setPen(QColor(theme.FRAME))
            p.setFont(theme.font(11, italic=True))
            p.drawText(self.viewport().rect(), Qt.AlignmentFlag.AlignCenter, self.empty_text)
            p.end()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """Offer the clicked card to the turn controller."""
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton:
            return
        index = self.indexAt(event.position().toPoint())
        if index.isValid():
            self.cardClicked.emit(index.data(HandModel.CardRole))
