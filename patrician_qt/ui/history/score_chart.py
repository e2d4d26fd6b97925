"""The score story: each player's fame after every turn of a finished game, with the moments that changed it.

Why QPainter and no charting library: the chart is a few polylines and markers; Qt Charts would add its
module (several MB) to a bundle that must stay under 100 MB, for no gain. Each player has a colour *and* a
line style and marker shape of their own (R3: never colour alone), and the same facts are given as text for
screen readers (``describe``, also the widget's accessible description).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from patrician_qt.engine.game_stats import CITY, GameStats, Moment, Swing, story_so_far
from patrician_qt.engine.wire_types import Event
from patrician_qt.ui.board import theme

STYLES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine,
          Qt.PenStyle.DashDotDotLine)
MARGIN = 28.0


def _t(text: str) -> str:
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("ScoreStory", text)


@dataclass(frozen=True, slots=True)
class ScoreStory:
    """What the chart draws: fame per seat after each turn, the moments that changed it, and the final scores
    (None while the game goes on: an open table's story so far, R26a)."""

    names: tuple[str, ...]
    fame_by_turn: tuple[tuple[int, ...], ...]
    moments: tuple[Moment, ...]
    finals: tuple[int, ...] | None = None
    swing: Swing | None = None

    @classmethod
    def of_game(cls, stats: GameStats) -> ScoreStory:
        """A finished game's whole story, the heads bonus included (R24, R25)."""
        return cls(tuple(p.name for p in stats.players), stats.fame_by_turn, stats.moments, stats.scores,
                   stats.swing)

    @classmethod
    def so_far(cls, names: list[str], events: Iterable[Event]) -> ScoreStory:
        """The story of a game under way from its public events (shown only at an open table, R26a)."""
        timeline, moments = story_so_far(events, len(names))
        return cls(tuple(names), timeline, moments)


def _story(story: ScoreStory | GameStats) -> ScoreStory:
    return story if isinstance(story, ScoreStory) else ScoreStory.of_game(story)


def story_points(story: ScoreStory | GameStats) -> list[list[tuple[int, int]]]:
    """Per seat, the chart's points: (turn, fame) from turn 0 to the last, then the final score one step later
    (the heads bonus, R24) when the game is over."""
    story = _story(story)
    last = len(story.fame_by_turn) - 1
    out = []
    for seat in range(len(story.names)):
        pts = [(k, fame[seat]) for k, fame in enumerate(story.fame_by_turn)]
        if story.finals is not None:
            pts.append((last + 1, story.finals[seat]))
        out.append(pts)
    return out


def describe(story: ScoreStory | GameStats) -> str:
    """The story as text: final scores (or fame so far), each scoring moment and the heads bonus, the biggest
    swing."""
    story = _story(story)
    names = list(story.names)
    if story.finals is not None:
        lines = [", ".join(f"{n} {s}" for n, s in zip(names, story.finals, strict=True))]
    else:
        now = story.fame_by_turn[-1]
        lines = [_t("Fame after turn {turn}: {fame}").format(
            turn=len(story.fame_by_turn) - 1, fame=", ".join(f"{n} {f}" for n, f in zip(names, now, strict=True)))]
    for m in story.moments:
        gains = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(m.gains) if g)
        if m.kind == CITY:
            lines.append(_t("Turn {turn}: {city} scored: {gains}").format(turn=m.turn, city=m.city, gains=gains))
        else:
            lines.append(_t("End: heads: {gains}").format(gains=gains))
    if story.swing is not None:
        lines.append(_t("Biggest swing: {name} +{size} over the others' least, turn {turn}").format(
            name=names[story.swing.gainer], size=story.swing.size, turn=story.swing.moment.turn))
    return "\n".join(lines)


class ScoreStoryChart(QWidget):
    """Draws a finished game's score story; ``mark_turn`` marks the turn a replay shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(_t("Score story"))
        self._story: ScoreStory | None = None
        self._colors: list[QColor] = []
        self._symbols: list[str] = []
        self._cursor: int | None = None

    def sizeHint(self) -> QSize:
        return QSize(480, 240)

    def set_story(self, story: ScoreStory | GameStats, colors: list[QColor], symbols: list[str] | None = None) -> None:
        """Show this game's story, each seat in its colour and with its symbol (the board's, R3) on its marks."""
        self._story = _story(story)
        self._colors = list(colors)
        self._symbols = list(symbols or [])
        self._describe(describe(self._story))
        self.update()

    def story(self) -> ScoreStory | None:
        """The story shown (None: none)."""
        return self._story

    def clear(self) -> None:
        """Show nothing (a new game begins, or its story may not be shown yet: R26)."""
        self._story = None
        self._cursor = None
        self._describe("")
        self.update()

    def _describe(self, text: str) -> None:
        """The same facts for a screen reader, told only when they change: Qt sends a change event at every
        call, and the same story set again (each update of a live game) would be read again."""
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)

    def mark_turn(self, turn: int | None) -> None:
        """Mark the turn shown (turns played so far), or none."""
        self._cursor = turn
        self.update()

    def marked_turn(self) -> int | None:
        """The turn marked."""
        return self._cursor

    def paintEvent(self, event: QPaintEvent) -> None:
        stats = self._story
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self.palette().base())
        if stats is None:
            p.end()
            return
        points = story_points(stats)
        top = max(1, max(y for pts in points for _, y in pts))
        last_x = max(1, points[0][-1][0]) if points else 1
        plot = QRectF(MARGIN, 8.0, max(10.0, self.width() - MARGIN - 8.0), max(10.0, self.height() - MARGIN - 8.0))

        def at(x: float, y: float) -> QPointF:
            return QPointF(plot.left() + plot.width() * x / last_x, plot.bottom() - plot.height() * y / top)

        ink = self.palette().text().color()
        p.setPen(QPen(ink, 1))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        p.drawLine(plot.bottomLeft(), plot.topLeft())
        p.drawText(QRectF(0, plot.top() - 6, MARGIN - 4, 14), Qt.AlignmentFlag.AlignRight, str(top))
        p.drawText(QRectF(0, plot.bottom() - 7, MARGIN - 4, 14), Qt.AlignmentFlag.AlignRight, "0")
        grid = QColor(ink)
        grid.setAlpha(50)
        for m in stats.moments:  # the moments: thin lines where fame changed
            p.setPen(QPen(grid, 1))
            x = at(m.turn if m.kind == CITY or stats.finals is None else last_x, 0).x()
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        for seat, pts in enumerate(points):
            color = self._colors[seat] if seat < len(self._colors) else ink
            line = QPolygonF([at(x, y) for x, y in pts])
            halo = QColor(ink)
            halo.setAlpha(110)
            p.setPen(QPen(halo, 4.5))  # an edge under each line: a white or yellow player shows on a light ground
            p.drawPolyline(line)
            p.setPen(QPen(color, 2.5, STYLES[seat % len(STYLES)]))
            p.drawPolyline(line)
            p.setPen(QPen(ink, 1))
            p.setBrush(color)
            for m in stats.moments:
                if m.gains[seat]:
                    x = m.turn if m.kind == CITY or stats.finals is None else last_x
                    self._marker(p, at(x, pts[min(x, len(pts) - 1)][1]), seat)
        self._legend(p, plot, stats.names, ink)
        if self._cursor is not None:
            cur = QColor(ink)
            cur.setAlpha(160)
            p.setPen(QPen(cur, 1.5, Qt.PenStyle.DashLine))
            x = at(min(self._cursor, last_x), 0).x()
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        p.end()

    def _legend(self, p: QPainter, plot: QRectF, names: tuple[str, ...], ink: QColor) -> None:
        """Who is who, in the plot's top left corner: each seat's line, mark and name (when it fits)."""
        fm = p.fontMetrics()
        row = max(16, fm.height() + 2)
        width = 40 + max((fm.horizontalAdvance(n) for n in names), default=0)
        box = QRectF(plot.left() + 8, plot.top() + 4, width + 8, row * len(names) + 6)
        if box.height() > 0.6 * plot.height() or box.width() > 0.5 * plot.width():
            return  # a small chart (the side column) keeps its lines; the marks and the text say who is who
        ground = QColor(self.palette().base().color())
        ground.setAlpha(215)
        p.setPen(QPen(QColor(ink.red(), ink.green(), ink.blue(), 60), 1))
        p.setBrush(ground)
        p.drawRoundedRect(box, 4, 4)
        for seat, name in enumerate(names):
            y = box.top() + 3 + row * seat + row / 2
            color = self._colors[seat] if seat < len(self._colors) else ink
            a, b = QPointF(box.left() + 6, y), QPointF(box.left() + 30, y)
            halo = QColor(ink)
            halo.setAlpha(110)
            p.setPen(QPen(halo, 4.5))
            p.drawLine(a, b)
            p.setPen(QPen(color, 2.5, STYLES[seat % len(STYLES)]))
            p.drawLine(a, b)
            p.setPen(QPen(ink, 1))
            p.setBrush(color)
            self._marker(p, QPointF(box.left() + 18, y), seat)
            p.drawText(QRectF(box.left() + 36, y - row / 2, width, row), Qt.AlignmentFlag.AlignVCenter, name)

    def _marker(self, p: QPainter, c: QPointF, seat: int) -> None:
        """The seat's symbol from the board (R3: never colour alone), or a shape of its own per seat (circle,
        square, triangle, diamond, cross) when none was given."""
        if seat < len(self._symbols):
            p.drawPath(theme.symbol_path(self._symbols[seat], c, 10.0))
            return
        r = 4.0
        kind = seat % 5
        if kind == 0:
            p.drawEllipse(c, r, r)
        elif kind == 1:
            p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        elif kind == 2:
            p.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y() + r),
                                     QPointF(c.x() - r, c.y() + r)]))
        elif kind == 3:
            p.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()),
                                     QPointF(c.x(), c.y() + r), QPointF(c.x() - r, c.y())]))
        else:
            p.drawLine(QPointF(c.x() - r, c.y() - r), QPointF(c.x() + r, c.y() + r))
            p.drawLine(QPointF(c.x() - r, c.y() + r), QPointF(c.x() + r, c.y() - r))


__all__ = ["ScoreStory", "ScoreStoryChart", "describe", "story_points"]
