"""The art developer's SVGs (resources/art), loaded once and drawn scaled; None when missing.

Every drawing in the UI asks here first and falls back to a plain QPainter shape, so new
art shows up without code changes.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer


def art_dir() -> Path:
    """The folder holding the art (installed as ``patrician_qt.resources/art``)."""
    try:
        return Path(str(resources.files("patrician_qt.resources").joinpath("art")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "resources" / "art"


@cache
def renderer(kind: str, name: str) -> QSvgRenderer | None:
    """The SVG ``art/<kind>/<name>.svg`` (name lower-cased), or None when it is not there."""
    base = art_dir()
    for candidate in (base / kind / f"{name}.svg", base / kind / f"{name.lower()}.svg"):
        if candidate.is_file():
            r = QSvgRenderer(str(candidate))
            if r.isValid():
                return r
    return None


@cache
def _pixmap(kind: str, name: str, width: int, height: int) -> QPixmap:
    """The SVG rendered once at a device size (painting a pixmap is far cheaper than SVG)."""
    r = renderer(kind, name)
    assert r is not None
    pix = QPixmap(width, height)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    r.render(p, QRectF(0, 0, width, height))
    p.end()
    return pix


def draw(painter: QPainter, kind: str, name: str, rect: QRectF) -> bool:
    """Draw an SVG into ``rect`` keeping its aspect; False when there is no such art."""
    r = renderer(kind, name)
    if r is None:
        return False
    size = r.defaultSize()
    w, h = max(size.width(), 1), max(size.height(), 1)
    s = min(rect.width() / w, rect.height() / h)
    target = QRectF(0, 0, w * s, h * s)
    target.moveCenter(rect.center())
    scale = max(abs(painter.deviceTransform().m11()), abs(painter.deviceTransform().m22()), 0.1)
    pw, ph = max(1, round(target.width() * scale)), max(1, round(target.height() * scale))
    if pw * ph > 512 * 512:  # huge: render directly rather than cache a big pixmap
        r.render(painter, target)
        return True
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawPixmap(target, _pixmap(kind, name, pw, ph), QRectF(0, 0, pw, ph))
    painter.restore()
    return True
