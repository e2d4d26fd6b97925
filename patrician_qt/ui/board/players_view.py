"""The players panel: a delegate draws each seat's name, symbol, floors, hand, tiles, heads, score.

At a rulebook table (R26) another player's row shows only what the seat may see: the top
card, the fame tiles as face-down tiles (their number, no values), and no heads or score.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from patrician_qt.engine import HEAD_KINDS
from patrician_qt.ui.board import card_art, theme
from patrician_qt.ui.board.board_items import draw_floor, draw_symbol_badge
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.board.stack_view import StackDialog

ROW_H = 74
ROW_H_COMPACT = 64  # five seats: every line of the plaque kept, less air, so the log keeps its lines


def fit_name(name: str, tiles: int, plaque_width: float) -> tuple[int, int, float]:
    """(font px, tiles shown beside the name, room for the name) on a plaque this wide.

    The name comes first ("Bot 1 (h…" beside four fame tiles): a smaller font, then fewer
    tiles beside it (the rest counted in the last one, "+n"), and only then "…".
    """
    shown, size = min(tiles, 4), 15
    while True:
        width = plaque_width - 140 - shown * 16
        if QFontMetrics(theme.pixel_font(size, bold=True)).horizontalAdvance(name) <= width:
            return size, shown, width
        if size > 12:
            size -= 1
        elif shown > min(tiles, 2):
            shown -= 1
        else:
            return size, shown, width


STAT_PITCH, HEAD_PITCH, STAT_PX = 42.0, 31.0, 13  # the stats line's steps and font where there is room


def stats_fit(room: float) -> tuple[float, float, int]:
    """(step of floors and hand, step of each head count, font px) for a stats line of two counts and three
    head counts in ``room`` px: on a narrow plaque (the side column at 200 %) the font shrinks and the head
    counts close up, so the last one never runs under the top card beside it."""
    need = 2 * STAT_PITCH + 3 * HEAD_PITCH
    k = min(1.0, room / need)
    px = 13 if k >= 0.97 else 12 if k >= 0.88 else 11 if k >= 0.8 else 10
    digits = QFontMetricsF(theme.pixel_font(px, bold=True, serif=False)).horizontalAdvance("14")
    step = min(STAT_PITCH, max(17 + digits + 3, STAT_PITCH * k))
    head_step = min(HEAD_PITCH, max(20.0, (room - 2 * step) / 3))
    return step, head_step, px


def top_card_rect(r: QRectF) -> QRectF:
    """Where a plaque ``r`` shows the top card of the seat's played stack: left of the score."""
    card_h = r.height() - 6  # large enough to read, a card's shape in a compact plaque too
    return QRectF(r.right() - 54 - card_h * 0.71, r.y() + 3, card_h * 0.71, card_h)


class PlayerDelegate(QStyledItemDelegate):
    """One seat as a small plaque; the seat to move gets a gold frame and an arrow."""

    row_h = ROW_H

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """A fixed height per seat (less with five seats)."""
        return QSize(280, self.row_h)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cache: OrderedDict[tuple, QPixmap] = OrderedDict()

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """The plaque, drawn once per distinct content and size, then blitted (a new view repaints every row)."""
        d = {name.decode(): index.data(role) for role, name in PlayersModel.ROLES.items()}
        rect = option.rect
        dpr = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        key = (rect.width(), rect.height(), dpr, theme.high_contrast(), repr(sorted(d.items())))
        pixmap = self._cache.get(key)
        if pixmap is None:
            pixmap = QPixmap(int(rect.width() * dpr), int(rect.height() * dpr))
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(Qt.GlobalColor.transparent)
            p = QPainter(pixmap)
            p.translate(-rect.x(), -rect.y())
            self._paint_plaque(p, option, d)
            p.end()
            self._cache[key] = pixmap
            if len(self._cache) > 64:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        painter.drawPixmap(rect.topLeft(), pixmap)

    def _paint_plaque(self, painter: QPainter, option: QStyleOptionViewItem, d: dict) -> None:
        """Draw one seat's plaque from its model data."""
        r = QRectF(option.rect).adjusted(3, 3, -3, -3)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        to_move = bool(d["toMove"])
        painter.setPen(QPen(QColor(theme.HIGHLIGHT) if to_move else QColor(theme.FRAME).lighter(150),
                            3 if to_move else 1))
        painter.setBrush(QColor(theme.PARCHMENT_LIGHT) if to_move else QColor("#EFE4C8"))
        painter.drawRoundedRect(r, 8, 8)
        up = 0.0 if r.height() >= ROW_H - 8 else 3.0  # a compact plaque moves its top lines up a little
        draw_symbol_badge(painter, QPointF(r.x() + 20, r.y() + 21 - up), 12, d["color"])
        # name and kind
        painter.setPen(QColor(theme.INK))
        hidden = bool(d["hidden"])
        tiles = list(d["tiles"] or ())
        n_tiles = int(d["tilesWon"] or 0) if hidden else len(tiles)
        name = d["name"] or ""
        size, shown, width = fit_name(name, n_tiles, r.width())
        tiles_w = shown * 16
        painter.setFont(theme.pixel_font(size, bold=True))
        name_rect = QRectF(r.x() + 38, r.y() + 5 - up, width, 20)
        painter.drawText(name_rect, Qt.AlignmentFlag.AlignVCenter,
                         painter.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(name_rect.width())))
        painter.setFont(theme.pixel_font(11))
        painter.setPen(QColor(theme.FRAME))
        kind = d["kind"] or ""
        kind_rect = QRectF(r.x() + 38, r.y() + 24 - 1.7 * up, r.width() - 140, 14)  # not under the top card
        painter.drawText(kind_rect, Qt.AlignmentFlag.AlignVCenter,
                         painter.fontMetrics().elidedText(kind, Qt.TextElideMode.ElideRight, int(kind_rect.width())))
        # fame tiles won (R20), highest first, left of the top card; another's lie face down (R26)
        x_tile = r.right() - 110 - tiles_w
        values: list[int | None] = [None] * n_tiles if hidden else sorted((v for _, v in tiles), reverse=True)
        for i, value in enumerate(values[:shown]):
            more = n_tiles - shown + 1 if i == shown - 1 and n_tiles > shown else 0
            self._tile(painter, QPointF(x_tile + i * 16 + 8, r.y() + 15 - up), value, more=more)
        # score (none for another player at a rulebook table), and the top card of the played stack beside it
        painter.setPen(QColor(theme.INK))
        painter.setFont(theme.pixel_font(26, bold=True, serif=False))
        if d["score"] is not None:
            painter.drawText(QRectF(r.right() - 52, r.y() + 4, 44, r.height() - 8),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(d["score"]))
        top = d["topCard"]
        card_rect = top_card_rect(r)
        if top:
            card_art.paint_card(painter, card_rect, top)
        else:
            painter.setPen(QPen(QColor(theme.FRAME).lighter(160), 1, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(card_rect, 3, 3)
        # stats line: floors, hand, heads
        y = r.bottom() - 24 + up * 0.7
        x = r.x() + 8
        heads = d["heads"]
        step, head_step, px = stats_fit(card_rect.left() - 3 - x) if heads is not None else (STAT_PITCH, 0, STAT_PX)
        painter.setFont(theme.pixel_font(px, bold=True, serif=False))
        x = self._stat(painter, x, y, "floors", str(d["supply"]), d["color"], step)
        x = self._stat(painter, x, y, "hand", str(d["handSize"]), d["color"], step)
        if heads is not None:  # no head counts of another's stack at a rulebook table (R26)
            icon = 16 * head_step / HEAD_PITCH
            for kind_name in HEAD_KINDS:
                card_art.draw_head(painter, kind_name, QRectF(x, y + 1 + (16 - icon) / 2, icon, icon * 18 / 16))
                painter.setPen(QColor(theme.INK))
                painter.drawText(QRectF(x + icon + 1, y, head_step - icon - 1, 20), Qt.AlignmentFlag.AlignVCenter,
                                 str(heads.get(kind_name, 0)))
                x += head_step
        else:  # instead: how many cards the stack holds, all but the top one face down for this seat
            painter.setPen(QColor(theme.INK))
            played = self.tr("{n} played").format(n=int(d["stackSize"] or 0))
            room = r.right() - x - 102
            for px in (13, 12, 11, 10, 9):  # a long word ("ausgespielt") gets a smaller font, not cut
                painter.setFont(theme.pixel_font(px, bold=px > 11, serif=False))
                if painter.fontMetrics().horizontalAdvance(played) <= room:
                    break
            painter.drawText(QRectF(x, y, room, 20), Qt.AlignmentFlag.AlignVCenter, played)
        if to_move:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(theme.HIGHLIGHT))
            tip = QPointF(r.x() - 1, r.center().y())
            from PySide6.QtGui import QPolygonF

            painter.drawPolygon(QPolygonF([tip, QPointF(tip.x() - 0.1, tip.y() - 8), QPointF(tip.x() + 7, tip.y()),
                                           QPointF(tip.x() - 0.1, tip.y() + 8)]))
        painter.restore()

    @staticmethod
    def _tile(painter: QPainter, c: QPointF, value: int | None, more: int = 0) -> None:
        """A small gold fame tile with its value, or face down (None) as a brown disc; "+n" when more do not fit."""
        painter.setPen(QPen(QColor(theme.FRAME), 0.8))
        painter.setBrush(QColor("#E9C462") if value is not None else QColor("#9C7A4A"))
        painter.drawEllipse(c, 7.5, 7.5)
        if value is None and not more:
            return
        painter.setPen(QColor(theme.INK) if value is not None else QColor(theme.PARCHMENT_LIGHT))
        painter.setFont(theme.pixel_font(9 if not more else 8, bold=True, serif=False))
        painter.drawText(QRectF(c.x() - 8, c.y() - 8, 16, 16), Qt.AlignmentFlag.AlignCenter,
                         f"+{more}" if more else str(value))

    @staticmethod
    def _stat(painter: QPainter, x: float, y: float, what: str, value: str, color: str,
              step: float = STAT_PITCH) -> float:
        if what == "floors":
            for k in range(2):  # two of the player's floors, with their symbol as on the board (R3)
                draw_floor(painter, QRectF(x - 1, y + 11 - k * 8, 16, 7.5), color)
        else:
            painter.setPen(QPen(QColor(theme.INK), 0.8))
            painter.setBrush(QColor(theme.PARCHMENT_LIGHT))
            painter.drawRoundedRect(QRectF(x + 1, y + 2, 10, 15), 1.5, 1.5)
            painter.drawRoundedRect(QRectF(x + 4, y + 4, 10, 15), 1.5, 1.5)
        painter.setPen(QColor(theme.INK))
        painter.drawText(QRectF(x + 17, y, step - 17, 20), Qt.AlignmentFlag.AlignVCenter, value)
        return x + step


class PlayersView(QListView):
    """A column of player plaques; hovering one shows its stack as the seat may see it, a click opens it (R8)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemDelegate(PlayerDelegate(self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setUniformItemSizes(True)
        # the side panel's own colour, not "transparent": a transparent list left its scroll bar's track
        # unpainted, a black block on a real screen (X11 at 150 % and 200 %)
        self.setStyleSheet(f"QListView {{ background: {theme.PARCHMENT}; border: none; }}")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMouseTracking(True)
        self.stack_dialog: StackDialog | None = None
        self.clicked.connect(lambda index: self.show_stack(index.row()))

    def show_stack(self, seat: int) -> StackDialog | None:
        """Open a seat's played stack as this view's model shows it (all of one's own; R26 for others)."""
        model = self.model()
        if not isinstance(model, PlayersModel) or not 0 <= seat < model.rowCount():
            return None
        if self.stack_dialog is not None:
            self.stack_dialog.close()
        dialog = StackDialog(model, seat, self.window())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda *_: setattr(self, "stack_dialog", None))
        dialog.open()
        self.stack_dialog = dialog
        return dialog

    def show_own_stack(self) -> StackDialog | None:
        """Open the stack of the seat whose hand is shown (nothing for a spectator or a hidden hot-seat hand)."""
        model = self.model()
        if not isinstance(model, PlayersModel):
            return None
        for seat in range(model.rowCount()):
            if model.index(seat, 0).data(PlayersModel.ViewerRole):
                return self.show_stack(seat)
        return None

    def fit_rows(self, n: int) -> None:
        """Size the panel to show every seat without scrolling (five seats get compact plaques)."""
        delegate = self.itemDelegate()
        row_h = ROW_H_COMPACT if n >= 5 else ROW_H
        if isinstance(delegate, PlayerDelegate) and delegate.row_h != row_h:
            delegate.row_h = row_h
            self.scheduleDelayedItemsLayout()
        from patrician_qt.ui.board.screen_fit import short_screen

        full = n * row_h + 4
        self._full_height = full
        # every seat in sight; on a short screen (a laptop at 150 %) the list may scroll rather than make
        # the window taller than the screen
        self.setMinimumHeight(min(n, 2) * row_h + 4 if short_screen(self) else full)
        self.setMaximumHeight(full)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        """Tall enough for every seat (``fit_rows``)."""
        hint = super().sizeHint()
        return QSize(hint.width(), getattr(self, "_full_height", hint.height()))
