"""How a building card (R2) is drawn, for the hand, the face-up cards and the score sheet.

One function paints a card into any rectangle so every place shows the same face:
city band with its arms ×1 or ×2, the head(s) or action, the star of starting cards.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QLinearGradient, QPainter, QPainterPath, QPen

from patrician_qt.engine import CARD_BY_ID
from patrician_qt.ui.board import art, theme
from patrician_qt.ui.board.arms import draw_arms
from patrician_qt.ui.text.card_names import card_caption

CARD_ASPECT = 1.4  # height / width


def draw_head(painter: QPainter, kind: str, rect: QRectF) -> None:
    """A patrician head (lady, cap, beard): the art's SVG, else a simple bust in ink."""
    if art.draw(painter, "heads", kind, rect):
        return
    s = min(rect.width(), rect.height())
    c = rect.center()
    ink = QColor(theme.INK)
    painter.save()
    painter.setPen(QPen(ink, max(1.0, s / 22)))
    skin = QColor("#E9C9A0")
    # shoulders
    body = QPainterPath()
    body.moveTo(c.x() - s * 0.42, c.y() + s * 0.5)
    body.cubicTo(c.x() - s * 0.40, c.y() + s * 0.15, c.x() + s * 0.40, c.y() + s * 0.15,
                 c.x() + s * 0.42, c.y() + s * 0.5)
    body.closeSubpath()
    robe = {"lady": QColor("#8E3B5A"), "cap": QColor("#2F4F7A"), "beard": QColor("#4E6B3A")}.get(kind, ink)
    painter.setBrush(robe)
    painter.drawPath(body)
    head_r = s * 0.2
    head_c = QPointF(c.x(), c.y() - s * 0.12)
    if kind == "lady":  # hair falling behind the head
        painter.setBrush(QColor("#6B4226"))
        painter.drawEllipse(QPointF(head_c.x(), head_c.y() + head_r * 0.2), head_r * 1.35, head_r * 1.45)
    painter.setBrush(skin)
    painter.drawEllipse(head_c, head_r, head_r * 1.1)
    if kind == "cap":  # a soft patrician cap
        cap = QPainterPath()
        cap.moveTo(head_c.x() - head_r * 1.25, head_c.y() - head_r * 0.35)
        cap.cubicTo(head_c.x() - head_r, head_c.y() - head_r * 1.9, head_c.x() + head_r * 1.6,
                    head_c.y() - head_r * 1.7, head_c.x() + head_r * 1.25, head_c.y() - head_r * 0.35)
        cap.closeSubpath()
        painter.setBrush(QColor("#B0302A"))
        painter.drawPath(cap)
    elif kind == "beard":
        beard = QPainterPath()
        beard.moveTo(head_c.x() - head_r * 0.95, head_c.y() + head_r * 0.1)
        beard.cubicTo(head_c.x() - head_r * 0.9, head_c.y() + head_r * 1.9, head_c.x() + head_r * 0.9,
                      head_c.y() + head_r * 1.9, head_c.x() + head_r * 0.95, head_c.y() + head_r * 0.1)
        beard.cubicTo(head_c.x() + head_r * 0.5, head_c.y() + head_r * 0.7, head_c.x() - head_r * 0.5,
                      head_c.y() + head_r * 0.7, head_c.x() - head_r * 0.95, head_c.y() + head_r * 0.1)
        painter.setBrush(QColor("#5A3A22"))
        painter.drawPath(beard)
    elif kind == "lady":  # a pearl circlet
        painter.setPen(QPen(QColor("#F3E7C9"), max(1.0, s / 18)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawArc(QRectF(head_c.x() - head_r, head_c.y() - head_r * 1.1, 2 * head_r, 1.4 * head_r),
                        20 * 16, 140 * 16)
    painter.restore()


def draw_action(painter: QPainter, action: str, rect: QRectF) -> None:
    """The relocate or take-any symbol: the art's SVG, else arrows drawn in ink."""
    names = ("relocate",) if action == "relocate" else ("take_any", "take-any")
    if any(art.draw(painter, "actions", name, rect) for name in names):
        return
    s = min(rect.width(), rect.height())
    c = rect.center()
    painter.save()
    ink = QColor(theme.INK)
    painter.setPen(QPen(ink, max(1.2, s / 14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if action == "relocate":
        # two little towers and a curved arrow from one top to the other
        fw, fh = s * 0.22, s * 0.12
        for i, dx in enumerate((-0.26, 0.26)):
            for k in range(3 - i):
                painter.fillRect(QRectF(c.x() + dx * s - fw / 2, c.y() + s * 0.38 - (k + 1) * fh, fw, fh * 0.86),
                                 QColor(theme.FRAME))
        arrow = QPainterPath()
        arrow.moveTo(c.x() - s * 0.26, c.y() - s * 0.05)
        arrow.cubicTo(c.x() - s * 0.2, c.y() - s * 0.42, c.x() + s * 0.2, c.y() - s * 0.42, c.x() + s * 0.26,
                      c.y() - s * 0.1)
        painter.drawPath(arrow)
        tip = QPointF(c.x() + s * 0.26, c.y() - s * 0.06)
        painter.drawLine(tip, QPointF(tip.x() - s * 0.12, tip.y() - s * 0.08))
        painter.drawLine(tip, QPointF(tip.x() + s * 0.04, tip.y() - s * 0.14))
    else:
        # a card with arrows pointing in from every side: "take any face-up card"
        card = QRectF(0, 0, s * 0.34, s * 0.46)
        card.moveCenter(c)
        painter.setBrush(QColor(theme.PARCHMENT_LIGHT))
        painter.drawRoundedRect(card, s * 0.04, s * 0.04)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            a = QPointF(c.x() + dx * s * 0.46, c.y() + dy * s * 0.46)
            b = QPointF(c.x() + dx * s * 0.26, c.y() + dy * s * 0.32)
            painter.drawLine(a, b)
    painter.restore()


def draw_star(painter: QPainter, center: QPointF, size: float) -> None:
    """The starting-card star (R2, R5)."""
    if art.draw(painter, "actions", "star", QRectF(center.x() - size / 2, center.y() - size / 2, size, size)):
        return
    painter.save()
    painter.setPen(QPen(QColor(theme.INK), max(0.8, size / 14)))
    painter.setBrush(QColor(theme.GOLD))
    painter.drawPath(theme.symbol_path("star", center, size))
    painter.restore()


def caption_px(caption: str, card_width: float, cap: QRectF) -> int | None:
    """The font size (px) in which a caption fits its line on a card, or None when it cannot fit.

    Longer words (German) get a smaller font rather than run into the star or past the edge."""
    room = cap.width() - card_width * 0.1
    px = max(7, int(min(card_width * 0.13, cap.height() * 0.6)))
    while px >= 6:
        if QFontMetricsF(theme.pixel_font(px)).horizontalAdvance(caption) <= room:
            return px
        px -= 1
    return None


MIN_DEVICE_PX = 8.0  # a caption smaller than this on screen is not read (~5 px at 1024×700)
COMPACT_FROM_PX = 36.0  # cards narrower on screen (a player's 32 px mini card) keep their layout: the picture says it


def device_scale(painter: QPainter) -> float:
    """How many screen pixels one unit of the painter's coordinates takes (the board view zooms its scene)."""
    t = painter.worldTransform()
    return max(0.01, (t.m11() ** 2 + t.m12() ** 2) ** 0.5)


def name_px(name: str, band: QRectF, card_width: float) -> int:
    """The font size (px) for the city name in a card's band: as large as the band allows, and small enough that the
    whole name fits its width (the mini card in a player's row cut "Bologna" to "ologna")."""
    px = max(7, int(min(band.height() * 0.52, card_width * 0.15)))
    while px > 4 and QFontMetricsF(theme.pixel_font(px, bold=True)).horizontalAdvance(name) > band.width() * 0.94:
        px -= 1
    return px


def compact_caption(caption: str, cap: QRectF, want_px: float) -> tuple[int, bool] | None:
    """(font px, on two lines) for a caption given a taller caption area; the largest size up to ``want_px`` that
    fits on one line, else on two; None when neither fits at all."""
    words = caption.split(" ")
    for px in range(int(want_px + 0.999), 5, -1):
        fm = QFontMetricsF(theme.pixel_font(px))
        if fm.horizontalAdvance(caption) <= cap.width() and fm.height() <= cap.height():
            return px, False
        if len(words) > 1 and 2 * fm.lineSpacing() <= cap.height() + 1 and _two_lines(words, fm, cap.width()):
            return px, True
    return None


def _two_lines(words: list[str], fm: QFontMetricsF, width: float) -> tuple[str, str] | None:
    """The split of a caption into two lines that both fit ``width`` (None when there is none)."""
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        if fm.horizontalAdvance(a) <= width and fm.horizontalAdvance(b) <= width:
            return a, b
    return None


def caption_layout(caption: str, rect: QRectF, scale: float) -> tuple[QRectF, QRectF, int, bool] | None:
    """(picture rect, caption rect, font px, two lines) for a card drawn into ``rect`` at ``scale`` screen pixels per
    unit; None when the caption does not fit at all. Small on screen, the picture gives the caption room."""
    w, h = rect.width(), rect.height()
    cap = caption_rect(rect)
    px = caption_px(caption, w, cap)
    if px is not None and (px * scale >= MIN_DEVICE_PX or w * scale < COMPACT_FROM_PX):
        return _picture_rect(rect, h * 0.3), cap, px, False
    best: tuple[QRectF, QRectF, int, bool] | None = None
    for pic_h in (h * 0.2, h * 0.1):  # a smaller picture, and for a long caption a tiny one with two lines below
        picture = _picture_rect(rect, pic_h)
        tall = QRectF(rect.x() + w * 0.03, picture.bottom() + h * 0.01, w * 0.94,
                      rect.bottom() - picture.bottom() - h * 0.05)
        fit = compact_caption(caption, tall, MIN_DEVICE_PX / scale)
        if fit is not None and (best is None or fit[0] > best[2]):
            best = (picture, tall, fit[0], fit[1])
        if best is not None and best[2] * scale >= MIN_DEVICE_PX:
            break
    if best is None or (px is not None and best[2] <= px):
        return (_picture_rect(rect, h * 0.3), cap, px, False) if px is not None else None
    return best


def _picture_rect(rect: QRectF, height: float) -> QRectF:
    """Where a card's head or action is drawn, ``height`` tall, under the band and the arms."""
    w, h = rect.width(), rect.height()
    top = rect.y() + w * 0.06 + h * 0.2 + h * 0.04 + h * 0.2 + h * 0.03
    return QRectF(rect.x() + w * 0.1, top, w * 0.8, height)


def caption_rect(rect: QRectF) -> QRectF:
    """Where the caption line sits on a card drawn into ``rect``."""
    w, h = rect.width(), rect.height()
    pic_bottom = rect.y() + w * 0.06 + h * 0.2 + h * 0.04 + h * 0.2 + h * 0.03 + h * 0.3
    return QRectF(rect.x() + w * 0.04, pic_bottom + h * 0.01, w * 0.92, rect.bottom() - pic_bottom - h * 0.04)


def paint_card(
    painter: QPainter,
    rect: QRectF,
    card_id: str,
    *,
    highlight: bool = False,
    chosen: bool = False,
    dimmed: bool = False,
) -> None:
    """Paint the face of one card into ``rect`` (any size; aspect about 5:7)."""
    c = CARD_BY_ID[card_id]
    w, h = rect.width(), rect.height()
    radius = w * 0.07
    color = theme.city_color(c.city)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if chosen or highlight:
        glow = QColor(theme.HIGHLIGHT if not chosen else "#2E7D32")
        painter.setPen(QPen(glow, max(2.5, w * 0.05)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(-w * 0.03, -w * 0.03, w * 0.03, w * 0.03), radius * 1.3, radius * 1.3)
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    grad.setColorAt(0, QColor(theme.PARCHMENT_LIGHT))
    grad.setColorAt(1, QColor(theme.PARCHMENT))
    painter.setPen(QPen(QColor(theme.FRAME), max(1.0, w * 0.018)))
    painter.setBrush(QBrush(grad))
    painter.drawRoundedRect(rect, radius, radius)
    # city band
    band = QRectF(rect.x() + w * 0.06, rect.y() + w * 0.06, w * 0.88, h * 0.2)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawRoundedRect(band, radius * 0.6, radius * 0.6)
    painter.setPen(theme.ink_on(color))
    painter.setFont(theme.pixel_font(name_px(c.city, band, w), bold=True))
    painter.drawText(band, Qt.AlignmentFlag.AlignCenter, c.city)
    # the caption's place first: small on screen, the picture (or a plain card's large arms) leaves it more room
    caption = card_caption(card_id)
    layout = caption_layout(caption, rect, device_scale(painter))
    shrink = h * 0.3 - (layout[0].height() if layout is not None else h * 0.3)
    # arms, once or twice; a card with nothing else shows them large
    plain = not c.head and not c.action
    arms_h = h * (0.4 if plain else 0.2) - (shrink if plain else 0.0)
    arms_w = arms_h * 0.82
    top = band.bottom() + h * (0.08 if plain else 0.04)
    gap = w * 0.05
    total = c.arms * arms_w + (c.arms - 1) * gap
    x0 = rect.center().x() - total / 2
    for i in range(c.arms):
        draw_arms(painter, c.city, QRectF(x0 + i * (arms_w + gap), top, arms_w, arms_h))
    if plain:
        arms_h = h * 0.2
        top = band.bottom() + h * 0.04
    # picture: head(s) or action (smaller when the card is small on screen)
    pic = QRectF(rect.x() + w * 0.1 + shrink * 0.4, top + arms_h + h * 0.03, w * 0.8 - shrink * 0.8, h * 0.3 - shrink)
    if c.head:
        if c.heads == 2:
            half = pic.width() / 2
            draw_head(painter, c.head, QRectF(pic.x() - half * 0.05, pic.y(), half * 1.05, pic.height()))
            draw_head(painter, c.head, QRectF(pic.x() + half, pic.y(), half * 1.05, pic.height()))
        else:
            draw_head(painter, c.head, pic)
    elif c.action:
        draw_action(painter, c.action, pic)
    # caption, below the picture
    painter.setPen(QColor(theme.INK))
    if layout is not None:  # a caption too long even in the smallest font is left out, never cut: the picture says it
        _pic, cap, px, two = layout
        painter.setFont(theme.pixel_font(px, bold=False))
        flags = Qt.AlignmentFlag.AlignCenter | (Qt.TextFlag.TextWordWrap if two else Qt.AlignmentFlag.AlignCenter)
        painter.drawText(cap, int(flags), caption)
    if c.star:
        draw_star(painter, QPointF(rect.right() - w * 0.12, rect.bottom() - w * 0.12), w * 0.16)
    if dimmed:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(60, 45, 30, 90))
        painter.drawRoundedRect(rect, radius, radius)
    painter.restore()


def paint_card_back(painter: QPainter, rect: QRectF) -> None:
    """The back of a card (the draw pile)."""
    w = rect.width()
    radius = w * 0.07
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(theme.FRAME), max(1.0, w * 0.018)))
    painter.setBrush(QColor("#6E4B2A"))
    painter.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(w * 0.08, w * 0.08, -w * 0.08, -w * 0.08)
    painter.setPen(QPen(QColor(theme.GOLD), max(1.0, w * 0.025)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    painter.setFont(theme.pixel_font(max(8, int(w * 0.36)), bold=True))
    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, "P")
    painter.restore()
