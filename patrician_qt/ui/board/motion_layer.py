"""A see-through layer over the game page where pieces fly: cards, floors and fame tiles in motion.

Why a layer of its own: a played card travels from the hand (a list view) to the players panel,
a taken card from the board to the hand, a tile from a city to its winner; no one view holds both
ends. The layer is a transparent ``QGraphicsView`` on top of the page whose items (``Sprite``) are
moved by ``QPropertyAnimation``s in animation groups. It never takes a mouse click or the focus, so
it never blocks a player's input. It stays shown, empty at rest (an empty scene paints nothing):
showing and hiding a window-sized layer would repaint everything under it twice a turn.

Every flight ends by calling its ``landed`` callback (also when cut short by ``finish_all``), so
whatever hid the piece at its destination is shown again: nothing can stay displaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    Property,
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    Signal,
)
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QFrame, QGraphicsObject, QGraphicsScene, QGraphicsView, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem


class Sprite(QGraphicsObject):
    """A picture of a piece (drawn once into a pixmap), centred on its position."""

    def __init__(self, pixmap: QPixmap) -> None:
        super().__init__()
        self._pixmap = pixmap
        dpr = pixmap.devicePixelRatioF() or 1.0
        self._w, self._h = pixmap.width() / dpr, pixmap.height() / dpr
        self._lift = 0.0
        self.setCacheMode(QGraphicsObject.CacheMode.NoCache)  # a pixmap blit is as cheap as a cache

    def boundingRect(self) -> QRectF:
        """The pixmap around the centre, plus room for the lift's shadow."""
        return QRectF(-self._w / 2 - 4, -self._h / 2 - 4, self._w + 10, self._h + 12)

    def _get_lift(self) -> float:
        return self._lift

    def _set_lift(self, value: float) -> None:
        self._lift = value
        self.update()

    lift = Property(float, _get_lift, _set_lift)  # 0 on the table, 1 in the air: a soft shadow beneath

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """The piece, with a shadow while it is in the air."""
        if self._lift > 0.01:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(Qt.GlobalColor.black)
            painter.setOpacity(painter.opacity() * 0.22 * self._lift)
            d = 5 * self._lift
            painter.drawRoundedRect(QRectF(-self._w / 2 + d, -self._h / 2 + d, self._w, self._h), 4, 4)
            painter.setOpacity(painter.opacity() / (0.22 * self._lift))
        painter.drawPixmap(QRectF(-self._w / 2, -self._h / 2, self._w, self._h), self._pixmap,
                           QRectF(self._pixmap.rect()))


class Flight(QSequentialAnimationGroup):
    """One piece's journey: a wait, then position, scale, opacity and lift animated together."""

    def __init__(self, sprite: Sprite, landed: Callable[[], None] | None, parent: QObject) -> None:
        super().__init__(parent)
        self.sprite = sprite
        self.landed = landed
        self.hold = False  # stay at the destination after landing until ``release``
        self.done = False


class MotionLayer(QGraphicsView):
    """The flying pieces over a host widget; ``fly`` starts one, ``finish_all`` lands them all now."""

    settled = Signal()  # nothing flies or waits any more

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self._host = host
        self.setObjectName("MotionLayer")
        self.setScene(QGraphicsScene(self))
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setStyleSheet("QGraphicsView#MotionLayer { background: transparent; border: none; }")
        self.setBackgroundBrush(Qt.BrushStyle.NoBrush)
        self.viewport().setAutoFillBackground(False)
        for w in (self, self.viewport()):
            w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAccessibleName("")  # decoration only: screen readers get the log and the board's texts
        self._flights: list[Flight] = []
        host.installEventFilter(self)
        self._fit()

    # -- geometry ------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the host's size."""
        if watched is self._host and event.type() == QEvent.Type.Resize:
            self._fit()
        return False

    def _fit(self) -> None:
        host = self._host
        self.setGeometry(host.rect())
        self.setSceneRect(QRectF(0, 0, host.width(), host.height()))

    def point_from(self, widget: QWidget, point: QPointF) -> QPointF:
        """A point of ``widget`` in the layer's coordinates."""
        return QPointF(widget.mapTo(self._host, point.toPoint())) + (point - QPointF(point.toPoint()))

    # -- flights -------------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether any piece flies, waits to fly, or is held at its destination."""
        return bool(self._flights)

    def sprites(self) -> list[Sprite]:
        """The pieces on the layer now (tests: none once everything has landed)."""
        return [i for i in self.scene().items() if isinstance(i, Sprite)]

    def fly(self, pixmap: QPixmap, start: QPointF, end: QPointF, duration: int, *, delay: int = 0,
            start_scale: float = 1.0, end_scale: float = 1.0, fade_in: bool = False, fade_out: bool = False,
            arc: float = 0.0, hold: bool = False, landed: Callable[[], None] | None = None) -> Flight:
        """Move a piece from ``start`` to ``end`` (layer coordinates) in ``duration`` ms after ``delay`` ms.

        ``arc`` lifts the middle of the path (a floor hopping between towers); ``hold`` keeps the piece at
        its destination until ``release`` (a bot's step shown before its turn is on the board).
        """
        sprite = Sprite(pixmap)
        sprite.setPos(start)
        sprite.setScale(start_scale)
        sprite.setOpacity(0.0 if fade_in else 1.0)
        sprite.setZValue(len(self._flights))
        self.scene().addItem(sprite)
        flight = Flight(sprite, landed, self)
        flight.hold = hold
        if delay > 0:
            flight.addPause(delay)
        moves = QParallelAnimationGroup(flight)
        duration = max(1, duration)
        if arc:
            path = QVariantPath(sprite, start, end, arc, moves)
            path.setDuration(duration)
            path.setEasingCurve(QEasingCurve.Type.InOutCubic)
            moves.addAnimation(path)
        else:
            self._anim(moves, sprite, b"pos", start, end, duration, QEasingCurve.Type.OutCubic)
        if start_scale != end_scale:
            self._anim(moves, sprite, b"scale", start_scale, end_scale, duration, QEasingCurve.Type.InOutQuad)
        if fade_in or fade_out:
            fade = QPropertyAnimation(sprite, b"opacity", moves)
            fade.setDuration(duration)
            fade.setKeyValueAt(0.0, 0.0 if fade_in else 1.0)
            fade.setKeyValueAt(0.3 if fade_in else 0.0, 1.0)
            fade.setKeyValueAt(0.7 if fade_out else 1.0, 1.0)
            fade.setKeyValueAt(1.0, 0.0 if fade_out else 1.0)
            moves.addAnimation(fade)
        lift = QPropertyAnimation(sprite, b"lift", moves)
        lift.setDuration(duration)
        lift.setKeyValueAt(0.0, 0.0)
        lift.setKeyValueAt(0.35, 1.0)
        lift.setKeyValueAt(1.0, 0.0)
        moves.addAnimation(lift)
        flight.addAnimation(moves)
        flight.finished.connect(lambda f=flight: self._landed(f))
        self._flights.append(flight)
        siblings = self._host.children()
        if siblings and siblings[-1] is not self:  # a sheet or banner raised since: fly above it
            self.raise_()
        flight.start()
        return flight

    @staticmethod
    def _anim(group: QParallelAnimationGroup, target: QObject, prop: bytes, start: object, end: object,
              duration: int, curve: QEasingCurve.Type) -> None:
        anim = QPropertyAnimation(target, prop, group)
        anim.setStartValue(start)
        anim.setEndValue(end)
        anim.setDuration(duration)
        anim.setEasingCurve(curve)
        group.addAnimation(anim)

    def _landed(self, flight: Flight) -> None:
        if flight.done:
            return
        flight.done = True
        if not flight.hold:
            self._remove(flight)

    def _remove(self, flight: Flight) -> None:
        if flight in self._flights:
            self._flights.remove(flight)
        flight.stop()
        if flight.sprite.scene() is not None:
            self.scene().removeItem(flight.sprite)
        if flight.landed is not None:
            landed, flight.landed = flight.landed, None
            landed()
        flight.deleteLater()
        if not self._flights:
            self.settled.emit()

    def release(self) -> None:
        """Let the held pieces go (what they stood for is on the board now); flying ones fly on and go
        when they land."""
        for flight in list(self._flights):
            flight.hold = False
            if flight.done:
                self._remove(flight)

    def finish_all(self) -> None:
        """Land every piece now (the user pressed Space, a new view, a new game)."""
        for flight in list(self._flights):
            flight.hold = False
            self._finish(flight)

    def _finish(self, flight: Flight) -> None:
        if not flight.done and flight.state() != QAbstractAnimation.State.Stopped:
            flight.setCurrentTime(flight.totalDuration())  # puts every property at its end value
        flight.done = True
        self._remove(flight)


class QVariantPath(QPropertyAnimation):
    """A sprite's position along a raised arc (a floor hops from one tower to the other)."""

    def __init__(self, sprite: Sprite, start: QPointF, end: QPointF, arc: float, parent: QObject) -> None:
        super().__init__(sprite, b"pos", parent)
        self._start, self._end, self._arc = start, end, arc
        self.setStartValue(start)
        self.setEndValue(end)

    def interpolated(self, start: object, end: object, progress: float) -> object:
        """The straight line's point raised by a parabola (0 at both ends, ``arc`` in the middle)."""
        p = self._start + (self._end - self._start) * progress
        return QPointF(p.x(), p.y() - 4 * self._arc * progress * (1 - progress))
