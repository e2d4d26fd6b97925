"""The board: a QGraphicsScene of city panels over the map, fed by the BoardModel.

Cities sit roughly where they lie (docs/rules.md "Board layout": north to south, west to
east, Roma pulled north). Clicks on plots, cards and cities are reported as signals; the
turn controller decides what they mean.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QEasingCurve,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from patrician_qt.ui.board.board_items import PANEL_H, PANEL_W, CityMarks, DeckItem, MapItem, Player
from patrician_qt.ui.board.board_model import BoardModel
from patrician_qt.ui.board.city_panel import CityPanel
from patrician_qt.ui.board.story_box import StoryBox

MARGIN = 30.0
GAP_X = 26.0
GAP_Y = 30.0
SCENE_RECT = QRectF(0, 0, 2 * MARGIN + 4 * PANEL_W + 3 * GAP_X, 2 * MARGIN + 3 * PANEL_H + 2 * GAP_Y)

# grid slots (column, row): north to south, west to east; Roma pulled north (docs/rules.md)
SLOTS_10 = {
    "Milano": (0, 0), "Parma": (1, 0), "Verona": (2, 0), "Ferrara": (3, 0),
    "Lucca": (0, 1), "Pistoia": (1, 1), "Firenze": (2, 1), "Bologna": (3, 1),
    "Siena": (2, 2), "Roma": (3, 2),
}  # fmt: skip
SLOTS_9 = {**{k: v for k, v in SLOTS_10.items() if k != "Pistoia"}, "Lucca": (1, 1)}


def slot_pos(col: float, row: float) -> QPointF:
    """The top-left corner of a panel in a grid slot."""
    return QPointF(MARGIN + col * (PANEL_W + GAP_X), MARGIN + row * (PANEL_H + GAP_Y))


class BoardScene(QGraphicsScene):
    """City panels bound to a BoardModel; emits what was clicked."""

    plotClicked = Signal(str, str)  # city, plot
    cardClicked = Signal(str)  # city whose face-up card was clicked
    cityClicked = Signal(str)  # somewhere else on a city
    plotHovered = Signal(str, str)  # city, plot under the mouse ("" when it left the plots)

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSceneRect(SCENE_RECT)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._model = model
        self.map_item = MapItem(SCENE_RECT)
        self.addItem(self.map_item)
        self.deck = DeckItem()
        self.deck.setPos(slot_pos(0, 2) + QPointF(40, 50))
        self.addItem(self.deck)
        self.panels: dict[str, CityPanel] = {}
        self.story_box = StoryBox()  # "since your last turn", in the free slot beside the draw pile
        self.story_box.setPos(slot_pos(1, 2))
        self.story_box.hovered.connect(self.set_move_focus)
        self.addItem(self.story_box)
        self._moves: dict[str, list[tuple[str, object]]] = {}
        self._players: list[Player] = []
        self._glows: dict[str, QPropertyAnimation] = {}  # one per city, reused by every flash
        model.dataChanged.connect(self._data_changed)
        model.rowsInserted.connect(self._rebuild)
        model.rowsRemoved.connect(self._rebuild)
        model.modelReset.connect(self._rebuild)
        self._rebuild()

    def set_players(self, players: list[Player]) -> None:
        """Names and colours of the seats (floors are drawn in their colours and symbols)."""
        self._players = list(players)
        for name, panel in self.panels.items():
            panel.players = self._players
            panel.set_moves(self._moves.get(name, []))
            panel.update()

    def player_color(self, seat: int) -> str:
        """A seat's colour on the board (black for a seat it does not know)."""
        return self._players[seat].color if 0 <= seat < len(self._players) else "black"

    def _rebuild(self, *args: object) -> None:
        m = self._model
        names = [m.data(m.index(i, 0), BoardModel.NameRole) for i in range(m.rowCount())]
        for name in list(self.panels):
            if name not in names:
                glow = self._glows.pop(name, None)
                if glow is not None:
                    glow.stop()
                    glow.deleteLater()
                self.removeItem(self.panels.pop(name))
        slots = SLOTS_10 if len(names) == 10 else SLOTS_9
        for i, name in enumerate(names):
            panel = self.panels.get(name)
            if panel is None:
                panel = CityPanel(name)
                panel.players = self._players
                self.panels[name] = panel
                self.addItem(panel)
            col, row = slots.get(name, (i % 4, i // 4))
            panel.setPos(slot_pos(col, row))
            panel.set_row(self._row(i))
            panel.set_moves(self._moves.get(name, []))

    def _row(self, i: int) -> dict[str, object]:
        m = self._model
        idx = m.index(i, 0)
        return {role.decode(): m.data(idx, r) for r, role in BoardModel.ROLES.items()}

    def _data_changed(self, top: QModelIndex | QPersistentModelIndex, bottom: QModelIndex | QPersistentModelIndex,
                      roles: list[int] | None = None) -> None:
        for i in range(top.row(), bottom.row() + 1):
            name = self._model.data(self._model.index(i, 0), BoardModel.NameRole)
            panel = self.panels.get(name)
            if panel is not None:
                panel.set_row(self._row(i))
                panel.set_moves(self._moves.get(name, []))

    def set_last_moves(self, moves: dict[str, list[tuple[str, object]]]) -> None:
        """Mark each player's last turn on the cities it touched (LastMoves.marks_by_city)."""
        self._moves = dict(moves)
        for name, panel in self.panels.items():
            panel.set_moves(self._moves.get(name, []))

    def set_move_focus(self, seat: int) -> None:
        """Point at one seat's last turn (its marks stronger, the others' faded); -1: none."""
        for panel in self.panels.values():
            panel.set_move_focus(None if seat < 0 else seat)

    def set_marks(self, marks: dict[str, CityMarks]) -> None:
        """Show legal choices and the turn being built; cities not named get no marks."""
        for name, panel in self.panels.items():
            panel.set_marks(marks.get(name, CityMarks()))

    def flash(self, city: str, duration_ms: int) -> None:
        """Make a city glow briefly (a bot acting there).

        Each city has one glow animation, restarted by the next flash: a new animation per flash
        parented to the scene piled up for the whole life of the window.
        """
        panel = self.panels.get(city)
        if panel is None or duration_ms <= 0:
            return
        anim = self._glows.get(city)
        if anim is None:
            anim = self._glows[city] = QPropertyAnimation(panel, b"glow", self)
            anim.setStartValue(1.0)
            anim.setEndValue(0.0)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.stop()
        anim.setDuration(duration_ms)
        anim.start()

    def item_clicked(self, city: str, kind: str, plot: str | None) -> None:
        """Called by a panel: turn a click into the matching signal."""
        if kind == "plot" and plot:
            self.plotClicked.emit(city, plot)
        elif kind == "card":
            self.cardClicked.emit(city)
        else:
            self.cityClicked.emit(city)

    def plot_hovered(self, city: str, plot: str | None) -> None:
        """Called by a panel: the mouse is over a plot now (None: over none)."""
        self.plotHovered.emit(city, plot or "")

    def scene_point(self, city: str, kind: str, plot: str | None = None) -> QPointF:
        """The scene point of a plot, a face-up card or a city (tests click there)."""
        panel = self.panels[city]
        if kind == "plot" and plot:
            local = CityPanel.plot_rect(plot).center()
        elif kind == "card":
            local = panel.card_rect().center()
        else:
            local = QPointF(PANEL_W / 2, 16)
        return panel.mapToScene(local)


class BoardView(QGraphicsView):
    """Shows the whole board scaled to the widget, keeping its proportions."""

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setBackgroundBrush(QColor("#3E2B1C"))
        self.setMinimumSize(480, 300)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Refit the board when the window changes size."""
        super().resizeEvent(event)
        self.fitInView(SCENE_RECT, Qt.AspectRatioMode.KeepAspectRatio)

    def showEvent(self, event: object) -> None:
        """Fit the board the first time it is shown."""
        super().showEvent(event)  # type: ignore[arg-type]
        self.fitInView(SCENE_RECT, Qt.AspectRatioMode.KeepAspectRatio)

    def click_point(self, scene_point: QPointF) -> object:
        """The viewport position of a scene point (for tests clicking on the board)."""
        return self.mapFromScene(scene_point)
