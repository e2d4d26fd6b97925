"""Every board item paints only inside its ``boundingRect``.

Why: a partial repaint (a piece flying past, a glow fading) redraws only the items whose rectangle it
touches, so pixels an item paints outside its rectangle are wiped by the first partial repaint there and
stay missing on screen (the draw pile's frame lost pieces of its border under flying cards).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from patrician_qt.ui.game.main_window import MainWindow

DATA = Path(__file__).resolve().parents[2] / "data"
MARGIN = 40
SCALE = 2.0


def _painted_outside(item: QGraphicsItem) -> list[str]:
    box = item.boundingRect()
    img = QImage(int((box.width() + 2 * MARGIN) * SCALE), int((box.height() + 2 * MARGIN) * SCALE),
                 QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setWorldTransform(QTransform().scale(SCALE, SCALE).translate(MARGIN - box.x(), MARGIN - box.y()))
    item.paint(p, QStyleOptionGraphicsItem(), None)
    p.end()
    inside = QRectF((MARGIN - 1) * SCALE, (MARGIN - 1) * SCALE, (box.width() + 2) * SCALE,
                    (box.height() + 2) * SCALE).toAlignedRect()
    data, bpl = bytes(img.constBits()), img.bytesPerLine()
    out = []
    for y in range(img.height()):
        alpha = data[y * bpl:(y + 1) * bpl][3::4]
        within = inside.top() <= y <= inside.bottom()
        outside = alpha[:inside.left()] + alpha[inside.right() + 1:] if within else alpha
        if any(outside):
            out.append(f"row {y / SCALE - MARGIN + box.y():.0f}")
    return out


def test_no_board_item_paints_outside_its_rectangle(qtbot):
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.resize(1280, 720)
    window.show()
    assert window.files.open_replay(DATA / "example-5p.patrician.json")
    bad = {}
    replay = window.session.replay()
    for k in (8, 14, 30, 47, 55):  # relocations, cards taken, tiles won, the end
        replay.seek(k)
        items = [i for i in window.scene.items() if i.isVisible()]
        for item in items:
            rows = _painted_outside(item)
            if rows:
                kind = getattr(item, "kind", "")
                bad[f"{type(item).__name__} {kind} {item.boundingRect().getRect()}"] = rows[:3]
    assert not bad, f"items paint outside their boundingRect: {bad}"
