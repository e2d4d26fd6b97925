"""A hint shown where it happens: the card to play ringed in the hand, and on the board the
plots to build on, the tower to move from and the face-up card to take, each with a small label.

Its own items over the board and the hand, so the board's marks (legal plots, last moves) stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QModelIndex, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_view import BoardScene
from patrician_qt.ui.board.city_panel import CityPanel
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.board.hand_view import HandView

HINT_COLOR = "#1F5FA8"  # a blue no player colour and no legal-move gold is mistaken for


def _t(text: str) -> str:
    return QCoreApplication.translate("Hint", text)


@dataclass(frozen=True, slots=True)
class HintPlace:
    """One place a hint points at: kind is "card" (in the hand), "plot", "move" (relocate from) or "take"."""

    kind: str
    city: str = ""
    plot: str = ""
    card: str = ""
    count: int = 1


def _draw_ring(painter: QPainter, rect: QRectF, label: str, color: str = HINT_COLOR) -> None:
    """A thick frame on a white edge, with a label tab on top: readable on any city colour. A hint's (blue) is
    dashed; another colour's is solid, so that two kinds of rings differ in more than their colour."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor("#FFFFFF"), 5))
    painter.drawRoundedRect(rect, 6, 6)
    style = Qt.PenStyle.DashLine if color == HINT_COLOR else Qt.PenStyle.SolidLine
    painter.setPen(QPen(QColor(color), 3, style))
    painter.drawRoundedRect(rect, 6, 6)
    if not label:
        return
    font = theme.pixel_font(11)
    font.setBold(True)
    painter.setFont(font)
    w = painter.fontMetrics().horizontalAdvance(label) + 8
    tab = QRectF(rect.center().x() - w / 2, rect.top() - 9, w, 15)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(color))
    painter.drawRoundedRect(tab, 4, 4)
    painter.setPen(QColor("#FFFFFF"))
    painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, label)


class HintRing(QGraphicsItem):
    """One hinted place on the board."""

    def __init__(self, rect: QRectF, label: str, color: str = HINT_COLOR) -> None:
        super().__init__()
        self._rect = rect
        self.label = label
        self.color = color
        self.setZValue(45)  # over the panels, under the keyboard cursor (50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        """The frame, its pen and the label tab above it."""
        return self._rect.adjusted(-60, -12, 60, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """The frame and its label."""
        _draw_ring(painter, self._rect, self.label, self.color)


class HandRing(QWidget):
    """The hinted card ringed in the hand (a see-through layer over the hand's cards)."""

    def __init__(self, view: HandView, label: str = "", color: str = HINT_COLOR) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.card = ""
        self.label = label  # empty: "Hint", in the language shown
        self.color = color
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.hide()

    def show_card(self, card: str) -> None:
        """Ring this card (empty: none)."""
        self.card = card
        self.setGeometry(self.view.viewport().rect())
        self.setVisible(bool(card))
        self.raise_()
        self.update()

    def card_rect(self) -> QRectF:
        """Where the hinted card is drawn in the hand (empty when it is not in the hand)."""
        model = self.view.model()
        if model is None or not self.card:
            return QRectF()
        for row in range(model.rowCount()):
            index = model.index(row, 0, QModelIndex())
            if index.data(HandModel.CardRole) == self.card:
                r = QRectF(self.view.visualRect(index))
                return r.adjusted(2, 8, -2, -2)
        return QRectF()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The ring around the hinted card."""
        rect = self.card_rect()
        if rect.isEmpty():
            return
        p = QPainter(self)
        _draw_ring(p, rect, self.label or _t("Hint"), self.color)
        p.end()


class HintMarks:
    """Shows and clears a hinted turn over one board and hand (``hand_label`` and ``color``: another kind of
    turn pointed at, such as the turn played beside the better one: its word on the card, its colour and line
    on every ring)."""

    def __init__(self, scene: BoardScene, hand: HandView, hand_label: str = "", color: str = HINT_COLOR) -> None:
        self.scene = scene
        self.color = color
        self.hand_ring = HandRing(hand, hand_label, color)
        self.rings: list[HintRing] = []
        self.places: list[HintPlace] = []

    def show(self, places: list[HintPlace]) -> None:
        """Point at these places (replacing what was shown)."""
        self.clear()
        self.places = list(places)
        for place in places:
            if place.kind == "card":
                self.hand_ring.show_card(place.card)
                continue
            panel: CityPanel | None = self.scene.panels.get(place.city)
            if panel is None:
                continue
            if place.kind == "take":
                local, label = panel.card_rect(), _t("Take")
            elif place.kind == "move":
                local, label = CityPanel.plot_rect(place.plot), _t("Relocate")
            else:
                local = CityPanel.plot_rect(place.plot)
                label = _t("Build") if place.count == 1 else _t("Build ×{n}").format(n=place.count)
            grow = 2 if self.color == HINT_COLOR else 6  # two kinds of rings on one place: one inside the other
            ring = HintRing(panel.mapRectToScene(local.adjusted(-grow, -grow, grow, grow)), label, self.color)
            self.scene.addItem(ring)
            self.rings.append(ring)

    def clear(self) -> None:
        """Nothing hinted any more."""
        for ring in self.rings:
            if ring.scene() is not None:
                ring.scene().removeItem(ring)
        self.rings = []
        self.places = []
        self.hand_ring.show_card("")
