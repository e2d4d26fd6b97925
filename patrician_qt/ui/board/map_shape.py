"""The drawn map behind the board: seas cut out of the land by coarse coastlines (lat, lon).

An original, deliberately simple outline (no copied artwork). The art developer's map in
``palette.py`` replaces it when it offers one; this is the stand-in and its projection.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

# (lat, lon) points of the Ligurian and Tyrrhenian coast, west to south
TYRRHENIAN = (
    (43.70, 6.0), (43.70, 7.27), (43.79, 7.53), (43.88, 8.03), (44.05, 8.22), (44.31, 8.48), (44.41, 8.93),
    (44.30, 9.21), (44.10, 9.82), (44.03, 10.05), (43.87, 10.24), (43.55, 10.31), (43.30, 10.50),
    (42.93, 10.50), (42.80, 10.74), (42.68, 10.98), (42.42, 11.20), (42.09, 11.79), (41.77, 12.23),
    (41.45, 12.62), (41.22, 13.07), (41.25, 13.60), (41.0, 13.9), (40.5, 14.2),
)  # fmt: skip
# the Adriatic coast, north to south (Istria first, then the Italian side)
ADRIATIC = (
    (44.6, 16.5), (45.33, 14.44), (44.87, 13.85), (45.22, 13.60), (45.43, 13.52), (45.55, 13.73),
    (45.65, 13.77), (45.68, 13.38), (45.66, 13.10), (45.60, 12.88), (45.50, 12.65), (45.43, 12.35),
    (45.22, 12.28), (44.97, 12.55), (44.70, 12.25), (44.42, 12.28), (44.26, 12.36), (44.06, 12.57),
    (43.91, 12.91), (43.72, 13.22), (43.62, 13.51), (43.55, 13.62), (43.43, 13.66), (42.95, 13.88),
    (42.46, 14.21), (42.35, 14.40), (42.0, 14.9), (41.6, 16.0),
)  # fmt: skip
ELBA = ((42.87, 10.10), (42.82, 10.43), (42.74, 10.44), (42.72, 10.12))
CORSICA = ((43.01, 9.42), (42.70, 9.46), (42.15, 9.56), (41.80, 9.40), (41.40, 9.20), (41.60, 8.78),
           (42.10, 8.60), (42.45, 8.65), (42.70, 9.10), (42.96, 9.34))  # fmt: skip
# Italy's land border over the Alps, west to east (drawn dotted)
BORDER = (
    (43.78, 7.53), (44.15, 7.66), (44.42, 6.90), (44.85, 6.75), (45.14, 7.12), (45.83, 6.86), (45.93, 7.05),
    (45.92, 7.87), (46.45, 8.45), (46.00, 8.95), (46.45, 9.27), (46.30, 10.05), (46.85, 10.48), (46.75, 11.0),
    (47.05, 11.50), (46.97, 12.20), (46.62, 12.70), (46.52, 13.72), (46.2, 13.6), (45.6, 13.9), (45.6, 13.77),
)  # fmt: skip
# Po river, west to east
PO = ((44.88, 7.2), (45.07, 7.68), (45.14, 8.45), (45.06, 9.15), (45.12, 9.75), (45.05, 10.2), (44.95, 10.9),
      (45.0, 11.45), (44.96, 11.9), (44.95, 12.4))  # fmt: skip


class Projection:
    """Maps (lat, lon) to scene points: equirectangular, squashed north-south so the cities' land fills the board."""

    def __init__(self, rect: QRectF, lon0: float = 8.68, lon1: float = 12.44, lat0: float = 46.19,
                 lat1: float = 42.21) -> None:
        self.rect = rect
        self.lon0, self.lon1, self.lat0, self.lat1 = lon0, lon1, lat0, lat1

    def __call__(self, lat: float, lon: float) -> QPointF:
        """The scene point of a place."""
        r = self.rect
        x = r.x() + (lon - self.lon0) / (self.lon1 - self.lon0) * r.width()
        y = r.y() + (self.lat0 - lat) / (self.lat0 - self.lat1) * r.height()
        return QPointF(x, y)


def _poly(points: tuple[tuple[float, float], ...], project: Projection) -> QPolygonF:
    return QPolygonF([project(lat, lon) for lat, lon in points])


def sea_path(project: Projection) -> QPainterPath:
    """The seas: the region west/south of the Tyrrhenian coast and east of the Adriatic coast."""
    big = project.rect.adjusted(-400, -400, 400, 400)
    west = _poly(TYRRHENIAN, project)
    west.append(QPointF(west.last().x(), big.bottom()))
    west.append(QPointF(big.left(), big.bottom()))
    west.append(QPointF(big.left(), west.first().y()))
    west.append(west.first())
    east = _poly(ADRIATIC, project)
    east.append(QPointF(east.last().x(), big.bottom()))
    east.append(QPointF(big.right(), big.bottom()))
    east.append(QPointF(big.right(), east.first().y()))
    east.append(east.first())
    path = QPainterPath()
    path.addPolygon(west)
    path.addPolygon(east)
    islands = QPainterPath()
    for island in (ELBA, CORSICA):
        poly = _poly(island, project)
        poly.append(poly.first())
        islands.addPolygon(poly)
    return path.subtracted(islands)


def line_path(points: tuple[tuple[float, float], ...], project: Projection) -> QPainterPath:
    """An open line through places (a border or a river)."""
    path = QPainterPath()
    path.addPolygon(_poly(points, project))
    return path
