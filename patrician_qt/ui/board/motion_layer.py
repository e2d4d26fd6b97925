"""A see-through layer over the game page where pieces fly: cards, floors and fame tiles in motion.

Why a layer of its own: a played card travels from the hand (a list view) to the players panel,
a taken card from the board to the hand, a tile from a city to its winner; no one view holds both
ends. The layer is a transparent widget on top of the page; its pieces (``Sprite``) are moved by
``QPropertyAnimation``s in animation groups. It never takes a mouse click or the focus, so it never
blocks a player's input. It stays shown, empty at rest (an empty layer paints nothing): showing and
hiding a window-sized layer would repaint everything under it twice a turn.

Why a plain widget that keeps its own books, not a ``QGraphicsView``: a see-through widget leaves on
screen whatever it painted until that region is repainted, so every pixel a piece put on screen must be
invalidated when the piece moves, fades, scales or goes. A graphics view invalidates a moved item's old
place from a note of where it last painted the item, and handles moves in a deferred pass; whenever
something under the layer repainted in the same frame (a city's glow fading, a list scrolling), Qt
repainted the see-through view there too, which drew the piece at its new place and overwrote that note
before the deferred pass ran, so the old place was never invalidated: copies of flying cards stayed on a
real screen. Here a piece asks for both rectangles (where it was last painted, where it is now) at the
moment it changes, before any paint can happen, and notes where it was painted only while painting.

Every flight ends by calling its ``landed`` callback (also when cut short by ``finish_all``), so
whatever hid the piece at its destination is shown again: nothing can stay displaced.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    Property,
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    Signal,
)
from PySide6.QtGui import QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QWidget

SHADOW_PAD = (4.0, 4.0, 6.0, 8.0)  # left, top, right, bottom: room for the lift's shadow around the picture
AA_PAD = 2  # device pixels a smoothed, fractionally placed pixmap may touch beyond its rectangle


class Sprite(QObject):
    """A picture of a piece (drawn once into a pixmap), centred on its position, on one layer.

    Every property change asks the layer to repaint where the piece was last painted and where it is
    now (``MotionLayer.changed``)."""

    def __init__(self, pixmap: QPixmap, layer: MotionLayer) -> None:
        super().__init__(layer)
        self._layer = layer
        self._pixmap = pixmap
        dpr = pixmap.devicePixelRatioF() or 1.0
        self._w, self._h = pixmap.width() / dpr, pixmap.height() / dpr
        self._pos = QPointF()
        self._scale = 1.0
        self._opacity = 1.0
        self._lift = 0.0
        self.painted = QRect()  # layer pixels this piece covered when last painted (empty: none on screen)

    # -- animated properties -------------------------------------------------------------------------------
    def pos(self) -> QPointF:
        """The centre, in layer coordinates."""
        return QPointF(self._pos)

    def setPos(self, value: QPointF) -> None:
        self._pos = QPointF(value)
        self._layer.changed(self)

    def scale(self) -> float:
        """The size against the picture's own (1: as drawn)."""
        return self._scale

    def setScale(self, value: float) -> None:
        self._scale = float(value)
        self._layer.changed(self)

    def opacity(self) -> float:
        """0 (unseen) to 1."""
        return self._opacity

    def setOpacity(self, value: float) -> None:
        self._opacity = float(value)
        self._layer.changed(self)

    def _get_lift(self) -> float:
        return self._lift

    def _set_lift(self, value: float) -> None:
        self._lift = float(value)
        self._layer.changed(self)

    position = Property(QPointF, pos, setPos)
    zoom = Property(float, scale, setScale)
    alpha = Property(float, opacity, setOpacity)
    lift = Property(float, _get_lift, _set_lift)  # 0 on the table, 1 in the air: a soft shadow beneath

    # -- geometry and painting -----------------------------------------------------------------------------
    def rect(self) -> QRectF:
        """What the piece covers now (its shadow included), in layer coordinates."""
        left, top, right, bottom = SHADOW_PAD
        s = self._scale
        return QRectF(self._pos.x() + (-self._w / 2 - left) * s, self._pos.y() + (-self._h / 2 - top) * s,
                      (self._w + left + right) * s, (self._h + top + bottom) * s)

    def screen_rect(self) -> QRect:
        """``rect`` in whole pixels with room for smoothing: the area a paint of the piece can touch."""
        if self._opacity <= 0.0:
            return QRect()
        return self.rect().toAlignedRect().adjusted(-AA_PAD, -AA_PAD, AA_PAD, AA_PAD)

    def paint(self, painter: QPainter) -> None:
        """The piece, with a shadow while it is in the air."""
        painter.save()
        painter.translate(self._pos)
        painter.scale(self._scale, self._scale)
        painter.setOpacity(self._opacity)
        if self._lift > 0.01:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(Qt.GlobalColor.black)
            painter.setOpacity(self._opacity * 0.22 * self._lift)
            d = 5 * self._lift
            painter.drawRoundedRect(QRectF(-self._w / 2 + d, -self._h / 2 + d, self._w, self._h), 4, 4)
            painter.setOpacity(self._opacity)
        painter.drawPixmap(QRectF(-self._w / 2, -self._h / 2, self._w, self._h), self._pixmap,
                           QRectF(self._pixmap.rect()))
        painter.restore()


class Flight(QSequentialAnimationGroup):
    """One piece's journey: a wait, then position, scale, opacity and lift animated together."""

    def __init__(self, sprite: Sprite, landed: Callable[[], None] | None, parent: QObject) -> None:
        super().__init__(parent)
        self.sprite = sprite
        self.landed = landed
        self.hold = False  # stay at the destination after landing until ``release``
        self.done = False


class MotionLayer(QWidget):
    """The flying pieces over a host widget; ``fly`` starts one, ``finish_all`` lands them all now."""

    settled = Signal()  # nothing flies or waits any more
    moved = Signal()  # a piece moved, faded or went (tests follow the pieces with it)

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self._host = host
        self.setObjectName("MotionLayer")
        # See-through and never opaque: Qt repaints what lies under every region this layer invalidates.
        self.setAutoFillBackground(False)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName("")  # decoration only: screen readers get the log and the board's texts
        self._flights: list[Flight] = []
        self._sprites: list[Sprite] = []  # in painting order: later ones over earlier ones
        host.installEventFilter(self)
        self._fit()

    # -- geometry ------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the host's size."""
        if watched is self._host and event.type() == QEvent.Type.Resize:
            self._fit()
        return False

    def _fit(self) -> None:
        self.setGeometry(self._host.rect())

    def point_from(self, widget: QWidget, point: QPointF) -> QPointF:
        """A point of ``widget`` in the layer's coordinates."""
        return QPointF(widget.mapTo(self._host, point.toPoint())) + (point - QPointF(point.toPoint()))

    # -- painting ------------------------------------------------------------------------------------------
    def changed(self, sprite: Sprite) -> None:
        """A piece changed: repaint where it was last painted and where it is now (both may be empty)."""
        if sprite.painted.isValid():
            self.update(sprite.painted)
        now = sprite.screen_rect()
        if now.isValid():
            self.update(now)
        self.moved.emit()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The pieces that touch the region, and a note of where each one was painted."""
        if not self._sprites:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        region = event.region()
        for sprite in self._sprites:
            rect = sprite.screen_rect()
            if not rect.isValid():  # faded out: its last pixels were invalidated when it faded
                sprite.painted = QRect()
            elif region.intersects(rect):
                sprite.paint(painter)
                # Whatever it had on screen elsewhere was invalidated by ``changed`` and repainted from
                # below in this same pass: its pixels are all inside ``rect`` now.
                sprite.painted = rect
        painter.end()

    # -- flights -------------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether any piece flies, waits to fly, or is held at its destination."""
        return bool(self._flights)

    def sprites(self) -> list[Sprite]:
        """The pieces on the layer now (tests: none once everything has landed)."""
        return list(self._sprites)

    def fly(self, pixmap: QPixmap, start: QPointF, end: QPointF, duration: int, *, delay: int = 0,
            start_scale: float = 1.0, end_scale: float = 1.0, fade_in: bool = False, fade_out: bool = False,
            arc: float = 0.0, hold: bool = False, landed: Callable[[], None] | None = None) -> Flight:
        """Move a piece from ``start`` to ``end`` (layer coordinates) in ``duration`` ms after ``delay`` ms.

        ``arc`` lifts the middle of the path (a floor hopping between towers); ``hold`` keeps the piece at
        its destination until ``release`` (a bot's step shown before its turn is on the board).
        """
        sprite = Sprite(pixmap, self)
        self._sprites.append(sprite)
        sprite.setPos(start)
        sprite.setScale(start_scale)
        sprite.setOpacity(0.0 if fade_in else 1.0)
        flight = Flight(sprite, landed, self)
        flight.hold = hold
        if delay > 0:
            flight.addPause(delay)
        moves = QParallelAnimationGroup(flight)
        duration = max(1, duration)
        if arc:
            path = ArcPath(sprite, start, end, arc, moves)
            path.setDuration(duration)
            path.setEasingCurve(QEasingCurve.Type.InOutCubic)
            moves.addAnimation(path)
        else:
            self._anim(moves, sprite, b"position", start, end, duration, QEasingCurve.Type.OutCubic)
        if start_scale != end_scale:
            self._anim(moves, sprite, b"zoom", start_scale, end_scale, duration, QEasingCurve.Type.InOutQuad)
        if fade_in or fade_out:
            fade = QPropertyAnimation(sprite, b"alpha", moves)
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
        sprite = flight.sprite
        if sprite in self._sprites:
            self._sprites.remove(sprite)
            for rect in (sprite.painted, sprite.screen_rect()):  # off the screen wherever it was
                if rect.isValid():
                    self.update(rect)
            sprite.painted = QRect()
            self.moved.emit()
        if flight.landed is not None:
            landed, flight.landed = flight.landed, None
            landed()
        flight.deleteLater()
        sprite.deleteLater()
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


class ArcPath(QPropertyAnimation):
    """A sprite's position along a raised arc (a floor hops from one tower to the other)."""

    def __init__(self, sprite: Sprite, start: QPointF, end: QPointF, arc: float, parent: QObject) -> None:
        super().__init__(sprite, b"position", parent)
        self._start, self._end, self._arc = start, end, arc
        self.setStartValue(start)
        self.setEndValue(end)

    def interpolated(self, start: object, end: object, progress: float) -> object:
        """The straight line's point raised by a parabola (0 at both ends, ``arc`` in the middle)."""
        p = self._start + (self._end - self._start) * progress
        return QPointF(p.x(), p.y() - 4 * self._arc * progress * (1 - progress))
