"""The score story: each player's fame after every turn of a finished game, with the moments that changed it.

Why QPainter and no charting library: the chart is a few polylines and markers; Qt Charts would add its
module (several MB) to a bundle that must stay under 100 MB, for no gain. Each player has a colour *and* a
line style and marker shape of their own (R3: never colour alone), and the same facts are given as text for
screen readers (``describe``, also the widget's accessible description).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from patrician_qt.engine.game_stats import CITY, GameStats

STYLES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine,
          Qt.PenStyle.DashDotDotLine)
MARGIN = 28.0


def _t(text: str) -> str:
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("ScoreStory", text)


def story_points(stats: GameStats) -> list[list[tuple[int, int]]]:
    """Per seat, the chart's points: (turn, fame) from turn 0 to the last, then the final score one step later
    (the heads bonus, R24)."""
    last = len(stats.fame_by_turn) - 1
    out = []
    for seat in range(len(stats.players)):
        pts = [(k, fame[seat]) for k, fame in enumerate(stats.fame_by_turn)]
        pts.append((last + 1, stats.players[seat].score))
        out.append(pts)
    return out


def describe(stats: GameStats) -> str:
    """The story as text: final scores, each scoring moment and the heads bonus, the biggest swing."""
    names = [p.name for p in stats.players]
    lines = [", ".join(f"{p.name} {p.score}" for p in stats.players)]
    for m in stats.moments:
        gains = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(m.gains) if g)
        if m.kind == CITY:
            lines.append(_t("Turn {turn}: {city} scored: {gains}").format(turn=m.turn, city=m.city, gains=gains))
        else:
            lines.append(_t("End: heads: {gains}").format(gains=gains))
    if stats.swing is not None:
        lines.append(_t("Biggest swing: {name} +{size} over the others' least, turn {turn}").format(
            name=names[stats.swing.gainer], size=stats.swing.size, turn=stats.swing.moment.turn))
    return "\n".join(lines)


class ScoreStoryChart(QWidget):
    """Draws a finished game's score story; ``mark_turn`` marks the turn a replay shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(_t("Score story"))
        self._stats: GameStats | None = None
        self._colors: list[QColor] = []
        self._cursor: int | None = None

    def sizeHint(self) -> QSize:
        return QSize(480, 240)

    def set_story(self, stats: GameStats, colors: list[QColor]) -> None:
        """Show this game's story, each seat in its colour."""
        self._stats = stats
        self._colors = list(colors)
        self.setAccessibleDescription(describe(stats))
        self.update()

    def mark_turn(self, turn: int | None) -> None:
        """Mark the turn shown (turns played so far), or none."""
        self._cursor = turn
        self.update()

    def marked_turn(self) -> int | None:
        """The turn marked."""
        return self._cursor

    def paintEvent(self, event: QPaintEvent) -> None:
        stats = self._stats
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self.palette().base())
        if stats is None:
            p.end()
            return
        points = story_points(stats)
        top = max(1, max(y for pts in points for _, y in pts))
        last_x = max(1, points[0][-1][0])
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
            x = at(m.turn if m.kind == CITY else last_x, 0).x()
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        for seat, pts in enumerate(points):
            color = self._colors[seat] if seat < len(self._colors) else ink
            pen = QPen(color, 2.5, STYLES[seat % len(STYLES)])
            p.setPen(pen)
            p.drawPolyline(QPolygonF([at(x, y) for x, y in pts]))
            p.setPen(QPen(ink, 1))
            p.setBrush(color)
            for m in stats.moments:
                if m.gains[seat]:
                    x = m.turn if m.kind == CITY else last_x
                    self._marker(p, at(x, pts[x][1]), seat)
        if self._cursor is not None:
            cur = QColor(ink)
            cur.setAlpha(160)
            p.setPen(QPen(cur, 1.5, Qt.PenStyle.DashLine))
            x = at(min(self._cursor, last_x), 0).x()
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        p.end()

    @staticmethod
    def _marker(p: QPainter, c: QPointF, seat: int) -> None:
        """A marker shape per seat (circle, square, triangle, diamond, cross), so colour is not alone (R3)."""
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


__all__ = ["ScoreStoryChart", "describe", "story_points"]
