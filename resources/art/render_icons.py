"""Render resources/art/icon/patrician.svg to the PNG sizes the desktop bundles need.

Run from anywhere: ``QT_QPA_PLATFORM=offscreen python resources/art/render_icons.py``.
The PNGs are committed so that packaging never needs Qt's SVG module at build time.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ICON_DIR = Path(__file__).resolve().parent / "icon"
SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)


def render(svg: Path, size: int, out: Path) -> None:
    """Render one square PNG of the SVG at size x size pixels, transparent background."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"invalid SVG: {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    if not image.save(str(out)):
        raise SystemExit(f"could not write {out}")


def main() -> int:
    """Write icon/patrician-<size>.png for every size in SIZES."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    svg = ICON_DIR / "patrician.svg"
    for size in SIZES:
        out = ICON_DIR / f"patrician-{size}.png"
        render(svg, size, out)
        print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
