"""The trend of the history: one point per game (its score), filled when won and hollow when lost, and the
mean of the last games as a line. Drawn with QPainter (see ``score_chart`` for why)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from patrician_qt.history.figures import RECENT
from patrician_qt.ui.text.plural import counted

MARGIN = 28.0


def rolling_means(scores: list[int], width: int = RECENT) -> list[float]:
    """The mean of each game's score with the ``width - 1`` games before it (fewer at the start)."""
    out = []
    for k in range(len(scores)):
        part = scores[max(0, k - width + 1) : k + 1]
        out.append(sum(part) / len(part))
    return out


class TrendChart(QWidget):
    """Scores over the games of the history, oldest first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Trend of scores"))
        self._points: list[dict[str, Any]] = []

    def sizeHint(self) -> QSize:
        return QSize(480, 180)

    def set_points(self, points: list[dict[str, Any]]) -> None:
        """The trend's points (``figures()["trend"]["points"]``)."""
        self._points = list(points)
        wins = sum(1 for p in points if p["won"])
        text = counted("TrendChart", "%n game(s), {wins} won; scores from {first} to {last}", len(points))
        self.setAccessibleDescription(text.format(wins=wins, first=points[0]["score"] if points else "-",
                                                  last=points[-1]["score"] if points else "-"))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self.palette().base())
        ink = self.palette().text().color()
        plot = QRectF(MARGIN, 8.0, max(10.0, self.width() - MARGIN - 8.0), max(10.0, self.height() - MARGIN - 8.0))
        p.setPen(QPen(ink, 1))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        p.drawLine(plot.bottomLeft(), plot.topLeft())
        if not self._points:
            p.drawText(plot, Qt.AlignmentFlag.AlignCenter, self.tr("No finished games yet"))
            p.end()
            return
        scores = [int(pt["score"]) for pt in self._points]
        top = max(1, max(scores))
        span = max(1, len(scores) - 1)

        def at(k: float, y: float) -> QPointF:
            return QPointF(plot.left() + plot.width() * k / span, plot.bottom() - plot.height() * y / top)

        p.drawText(QRectF(0, plot.top() - 6, MARGIN - 4, 14), Qt.AlignmentFlag.AlignRight, str(top))
        mean_color = QColor(ink)
        mean_color.setAlpha(140)
        p.setPen(QPen(mean_color, 2, Qt.PenStyle.DashLine))
        p.drawPolyline(QPolygonF([at(k, m) for k, m in enumerate(rolling_means(scores))]))
        p.setPen(QPen(ink, 1.5))
        for k, pt in enumerate(self._points):
            p.setBrush(ink if pt["won"] else Qt.BrushStyle.NoBrush)  # filled: won; hollow: lost
            p.drawEllipse(at(k, int(pt["score"])), 3.5, 3.5)
        p.end()


__all__ = ["TrendChart", "rolling_means"]
