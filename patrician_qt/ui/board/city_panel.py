"""A city's panel on the board: its two towers of coloured floors, face-up card, fame tiles and marks.

Why a module of its own: the panel is the board's richest item (hover, clicks, glow, the marks of a
turn being built); the plain items and the shared drawing helpers stay in ``board_items``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsSceneHoverEvent, QGraphicsSceneMouseEvent

from patrician_qt.engine.scoring import taller_plot
from patrician_qt.ui.board import card_art, theme
from patrician_qt.ui.text.plural import counted

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from patrician_qt.ui.board import panel_marks, plates
from patrician_qt.ui.board.board_items import (
    BASE_Y,
    CARD_RECT,
    FLOOR_H,
    FLOOR_PITCH,
    FLOOR_W,
    HEADER_H,
    PANEL_H,
    PANEL_W,
    PLOT_X,
    TILE_R,
    CityMarks,
    Player,
    draw_floor,
)
from patrician_qt.ui.board.move_marks import MoveMark


class GlowRing(QGraphicsItem):
    """The glow around a city while a bot acts there, and its focus ring: an item of its own, drawn once
    and faded through its opacity, so neither the panel's nor its own cached picture is redrawn while
    the glow fades (a frame's cost during motion)."""

    def __init__(self, panel: CityPanel) -> None:
        super().__init__(panel)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.refresh(0.0, False)

    def refresh(self, glow: float, focus: bool) -> None:
        """Follow the panel's glow and focus: strong for the focus city, fading with the glow."""
        strength = min(1.0, 0.6 + 0.4 * glow) if focus else glow
        self.setOpacity(strength)
        self.setVisible(strength > 0.01)

    def boundingRect(self) -> QRectF:
        """The panel and the widest ring."""
        return QRectF(-8, -8, PANEL_W + 16, PANEL_H + 16)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """A gold ring (its strength is the item's opacity)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        g = QColor(theme.HIGHLIGHT)
        g.setAlphaF(0.95)
        painter.setPen(QPen(g, 9))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(-2, -2, PANEL_W + 4, PANEL_H + 4), 12, 12)


class CityPanel(QGraphicsObject):
    """One city: arms, name, floors built of the total, two towers, face-up card, fame tiles."""

    def __init__(self, city: str) -> None:
        super().__init__()
        self.city = city
        self.row: dict[str, Any] = {}
        self.players: list[Player] = []
        self.marks = CityMarks()
        self._glow = 0.0
        self._hover_plot: str | None = None
        self.moves: list[tuple[str, Any]] = []
        self.move_key: tuple[list[str], bool] | None = None  # the colours and header the marks were made for
        self.move_marks: list[MoveMark] = []  # the marks of players' last turns here (children, movable)
        self.veiled: set[tuple[str, ...]] = set()  # pieces a flying sprite stands for (ui/board/motion_layer)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # unchanged cities just blit
        self._ring = GlowRing(self)

    # -- data ------------------------------------------------------------------------------------
    def set_row(self, row: dict[str, Any]) -> None:
        """Show the model's values for this city."""
        self.row = row
        self._update_tooltip()
        self.update()

    def set_marks(self, marks: CityMarks) -> None:
        """Show the legal choices and the turn being built (no repaint when nothing changed)."""
        if marks == self.marks:
            return
        self.marks = marks
        self.update()
        self._ring.refresh(self._glow, marks.focus)

    def set_moves(self, entries: list[tuple[str, Any]]) -> None:
        """Mark what players did here in their last turns (ui/board/panel_marks.py)."""
        panel_marks.set_moves(self, entries)

    def set_move_focus(self, seat: int | None) -> None:
        """Bring one seat's marks forward and fade the others' (None: all as usual)."""
        panel_marks.set_move_focus(self, seat)

    def _get_glow(self) -> float:
        return self._glow

    def _set_glow(self, value: float) -> None:
        self._glow = value
        self._ring.refresh(value, self.marks.focus)

    glow = Property(float, _get_glow, _set_glow)  # animated when a bot acts here

    def veil(self, key: tuple[str, ...], on: bool) -> None:
        """Hide a floor ("floor", plot, level) or the face-up card ("card",) while its sprite flies."""
        if on != (key in self.veiled):
            (self.veiled.add if on else self.veiled.discard)(key)
            self.update()

    # -- geometry -----------------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        """The panel plus room for its glow."""
        return QRectF(-6, -6, PANEL_W + 12, PANEL_H + 12)

    @staticmethod
    def plot_rect(plot: str) -> QRectF:
        """The clickable column of a plot (the tower and its label)."""
        cx = PLOT_X[plot]
        return QRectF(cx - FLOOR_W / 2 - 6, HEADER_H + 4, FLOOR_W + 12, PANEL_H - HEADER_H - 6)

    @staticmethod
    def floor_rect(plot: str, level: int) -> QRectF:
        """Where floor ``level`` (0 = bottom) of a plot is drawn."""
        cx = PLOT_X[plot]
        return QRectF(cx - FLOOR_W / 2, BASE_Y - (level + 1) * FLOOR_PITCH, FLOOR_W, FLOOR_H)

    def card_rect(self) -> QRectF:
        """Where the face-up card lies."""
        return CARD_RECT

    def hit(self, pos: QPointF) -> tuple[str, str | None]:
        """What a point of the panel means: ("plot", "A"/"B"), ("card", None) or ("city", None)."""
        for plot in ("A", "B"):
            if self.plot_rect(plot).contains(pos):
                return "plot", plot
        if CARD_RECT.adjusted(-4, -4, 4, 4).contains(pos):
            return "card", None
        return "city", None

    # -- events ------------------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Accept the press so the release comes here."""
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Report a click on a plot, the card or the city to the scene."""
        if event.button() != Qt.MouseButton.LeftButton or not self.boundingRect().contains(event.pos()):
            return
        kind, plot = self.hit(event.pos())
        scene = self.scene()
        if scene is not None and hasattr(scene, "item_clicked"):
            scene.item_clicked(self.city, kind, plot)

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Point out the plot under the mouse and explain its majority in the tooltip."""
        kind, plot = self.hit(event.pos())
        new = plot if kind == "plot" else None
        if new != self._hover_plot:
            self._hover_plot = new
            self._update_tooltip()
            self.update()
            self._tell_hover()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Forget the hovered plot."""
        if self._hover_plot is not None:
            self._hover_plot = None
            self._tell_hover()
        self.update()

    def _tell_hover(self) -> None:
        """Let the scene know which plot is under the mouse (a build's preview follows it)."""
        scene = self.scene()
        if scene is not None and hasattr(scene, "plot_hovered"):
            scene.plot_hovered(self.city, self._hover_plot)

    def _name(self, seat: int) -> str:
        return self.players[seat].name if 0 <= seat < len(self.players) else "?"

    def tower_tip(self, plot: str) -> str:
        """Who holds the majority of a tower now and what it would be worth (R20–R22)."""
        from PySide6.QtCore import QCoreApplication

        from patrician_qt.ui.text.plain import escape, markup

        _tr = QCoreApplication.translate  # an alias lupdate does not misread (tools/update_translations.py reads it)
        if not self.row:
            return ""
        a, b = self.row["towerA"], self.row["towerB"]
        tower = a if plot == "A" else b
        leader = self.row["leaderA"] if plot == "A" else self.row["leaderB"]
        high, low = self.row["floors"], self.row["floors"] - 3
        tall = "AB"[taller_plot(len(a), len(b))]
        value = high if plot == tall else low
        head = counted("Board", "{city}, plot {plot}: %n floor(s)", len(tower)).format(city=self.city, plot=plot)
        if leader < 0:
            return escape(head) + "<br>" + escape(_tr("Board", "Empty: no majority yet"))
        count = sum(1 for s in tower if s == leader)
        standing = self.row.get("standing")
        tie = ""
        if not self.row["scored"] and standing is not None and standing[0 if plot == "A" else 1].is_tie:
            from patrician_qt.ui.board.standing_text import tower_words

            names = [p.name for p in self.players]
            tie = "<br>" + escape(tower_words(standing[0 if plot == "A" else 1], names))  # who wins it (R21)
        if self.row["scored"] and (leader, value) not in tuple(tuple(a) for a in self.row.get("awards", ())):
            # another player's won tile, which this seat's view does not list: face down (R26)
            face_down = counted("Board", "Majority: <b>{name}</b> (%n floor(s)) — won a tile, face down", count)
            return head + "<br>" + face_down.format(name=self._name(leader))
        majority = (counted("Board", "Majority: <b>{name}</b> (%n floor(s)) — won {value}", count)
                    if self.row["scored"] else
                    counted("Board", "Majority: <b>{name}</b> (%n floor(s)) — would win {value}", count))
        return escape(head) + "<br>" + markup(majority, name=self._name(leader), value=value) + tie

    def _update_tooltip(self) -> None:
        if not self.row:
            return
        if self._hover_plot:
            self.setToolTip(self.tower_tip(self._hover_plot))
        else:
            tip = counted("Board", "{city}: {built} of %n floor(s) built", self.row["floors"]).format(
                city=self.city, built=self.row["built"]
            )
            from patrician_qt.ui.board.story_text import here_words
            from patrician_qt.ui.text.plain import escape

            lines = [escape(tip)] + [escape(w) for w in here_words(self.moves, [p.name for p in self.players])]
            self.setToolTip("<br>".join(lines) if len(lines) > 1 else tip)

    # -- painting ------------------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """The whole panel (cheap enough to redraw on every change)."""
        if not self.row:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(0, 0, PANEL_W, PANEL_H)
        city_col = theme.city_color(self.city)
        self._ring.update()  # the ring's picture follows the theme (high contrast) with the panel's
        # shadow and body (the glow and focus ring is GlowRing, behind the panel)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(60, 40, 20, 60))
        painter.drawRoundedRect(rect.translated(3, 4), 10, 10)
        body = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        body.setColorAt(0, QColor(theme.PARCHMENT_LIGHT))
        body.setColorAt(1, QColor("#EFE2C2"))
        painter.setBrush(QBrush(body))
        painter.setPen(QPen(city_col.darker(120), 2.0))
        painter.drawRoundedRect(rect, 10, 10)
        # header band
        band = QPainterPath()
        band.addRoundedRect(rect, 10, 10)
        head = QPainterPath()
        head.addRect(QRectF(0, 0, PANEL_W, HEADER_H))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(city_col)
        painter.drawPath(band.intersected(head))
        card_art.draw_arms(painter, self.city, QRectF(8, 3, 24, 28))
        ink = theme.ink_on(city_col)
        painter.setPen(ink)
        painter.setFont(theme.pixel_font(19, bold=True))
        painter.drawText(QRectF(40, 0, 150, HEADER_H), Qt.AlignmentFlag.AlignVCenter, self.city)
        if self.row["scored"]:
            from PySide6.QtCore import QCoreApplication

            pill = QRectF(PANEL_W - 84, 7, 76, HEADER_H - 14)
            painter.setPen(QPen(QColor("#1F4D25"), 1.2))
            painter.setBrush(QColor("#DCEBD0"))
            painter.drawRoundedRect(pill, 9, 9)
            painter.setPen(QColor("#1F4D25"))
            painter.setFont(theme.pixel_font(12, bold=True))
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, QCoreApplication.translate("Board", "scored"))
        else:
            painter.setFont(theme.pixel_font(15, bold=True, serif=False))
            count = f"{self.row['built']} / {self.row['floors']}"
            painter.drawText(QRectF(150, 0, PANEL_W - 160, HEADER_H),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, count)
        self._paint_plots(painter)
        self._paint_card(painter)
        self._paint_tiles(painter)

    def _paint_plots(self, painter: QPainter) -> None:
        towers = {"A": list(self.row["towerA"]), "B": list(self.row["towerB"])}
        marks = self.marks
        if marks.moved_from is not None and towers.get(marks.moved_from):
            moved = towers[marks.moved_from].pop()
            other = "B" if marks.moved_from == "A" else "A"
            ghosts_extra = [(other, moved)]
        else:
            ghosts_extra = []
        for plot in ("A", "B"):
            col = self.plot_rect(plot)
            legal = plot in marks.plots
            if legal:
                painter.setPen(QPen(QColor(theme.HIGHLIGHT), 2.5, Qt.PenStyle.SolidLine))
                fill = QColor(theme.HIGHLIGHT)
                fill.setAlpha(60 if self._hover_plot == plot else 35)
                painter.setBrush(fill)
                painter.drawRoundedRect(col, 6, 6)
            elif self._hover_plot == plot:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(90, 60, 30, 25))
                painter.drawRoundedRect(col, 6, 6)
            # the plot's ground and letter
            cx = PLOT_X[plot]
            painter.setPen(QPen(QColor(theme.FRAME), 1.2))
            painter.setBrush(QColor("#B9A27A"))
            painter.drawRoundedRect(QRectF(cx - FLOOR_W / 2 - 4, BASE_Y, FLOOR_W + 8, 5), 2, 2)
            painter.setPen(QColor(theme.INK))
            painter.setFont(theme.pixel_font(13, bold=True))
            painter.drawText(QRectF(cx - 20, BASE_Y + 6, 40, 18), Qt.AlignmentFlag.AlignCenter, plot)
            for level, seat in enumerate(towers[plot]):
                if ("floor", plot, str(level)) not in self.veiled:
                    draw_floor(painter, self.floor_rect(plot, level), self._color(seat))
            n = len(towers[plot])
            preview = [marks.preview_floor] if marks.preview_floor is not None else []  # the hovered plot's floor
            for g_plot, g_seat in [*marks.ghosts, *ghosts_extra, *preview]:
                if g_plot == plot and ("floor", plot, str(n)) not in self.veiled:
                    draw_floor(painter, self.floor_rect(plot, n), self._color(g_seat), ghost=True)
                if g_plot == plot:
                    n += 1
            if not self.row["scored"]:
                self._paint_standing(painter, plot, n)

    def standing(self) -> tuple[Any, Any] | None:
        """The towers' standing shown now (ui/board/plates.py): the preview's while floors are placed here."""
        return plates.shown_standing(self)

    def _paint_standing(self, painter: QPainter, plot: str, height: int) -> None:
        plates.paint_standing(self, painter, plot, height)

    def color_of(self, seat: int) -> str:
        """A seat's R3 colour (its floors, badges and marks)."""
        return self._color(seat)

    def refresh_tooltip(self) -> None:
        """Tell the city anew in its tooltip (its marks changed)."""
        self._update_tooltip()

    def _color(self, seat: int) -> str:
        return self.players[seat].color if 0 <= seat < len(self.players) else "black"

    def _paint_card(self, painter: QPainter) -> None:
        card = self.row.get("card")
        if ("card",) in self.veiled:
            return
        if card:
            card_art.paint_card(painter, CARD_RECT, card, highlight=self.marks.card)
        else:
            painter.setPen(QPen(QColor(theme.FRAME).lighter(160), 1.2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(CARD_RECT, 5, 5)
            from PySide6.QtCore import QCoreApplication

            painter.setPen(QColor(theme.FRAME).lighter(150))
            painter.setFont(theme.pixel_font(11))
            painter.drawText(CARD_RECT, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             QCoreApplication.translate("Board", "no card"))

    def _paint_tiles(self, painter: QPainter) -> None:
        plates.paint_tiles(self, painter)  # the city's tiles: won, left, or previewed (ui/board/plates.py)

    @staticmethod
    def _tile(painter: QPainter, c: QPointF, value: int, taken: bool) -> None:
        grad = QRadialGradient(QPointF(c.x() - 4, c.y() - 4), TILE_R * 1.4)
        if taken:
            grad.setColorAt(0, QColor("#E8E0D0"))
            grad.setColorAt(1, QColor("#B8AE9C"))
        else:
            grad.setColorAt(0, QColor("#F6DE8C"))
            grad.setColorAt(1, QColor(theme.GOLD))
        painter.setPen(QPen(QColor(theme.FRAME), 1.3))
        painter.setBrush(QBrush(grad))
        painter.drawEllipse(c, TILE_R, TILE_R)
        painter.setPen(QColor(theme.INK))
        painter.setFont(theme.pixel_font(14, bold=True))
        painter.drawText(QRectF(c.x() - TILE_R, c.y() - TILE_R, 2 * TILE_R, 2 * TILE_R),
                         Qt.AlignmentFlag.AlignCenter, str(value))

    draw_tile = _tile  # public: the motion layer draws a flying tile exactly as the panel does
