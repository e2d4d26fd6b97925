"""The board: a QGraphicsScene of city panels over the map, fed by the BoardModel.

Cities sit roughly where they lie (docs/rules.md "Board layout": north to south, west to
east, Roma pulled north). Clicks on plots, cards and cities are reported as signals; the
turn controller decides what they mean.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Arrangement:
    """Where the cities, the draw pile and the story box sit: a grid of slots, roughly as the cities lie
    (docs/rules.md "Board layout": north to south, west to east, Roma pulled north)."""

    columns: int
    rows: int
    margin: float
    gap_x: float
    gap_y: float
    slots: dict[str, tuple[int, int]]  # the ten cities of five players
    slots_9: dict[str, tuple[int, int]]  # the nine of two to four players (no Pistoia)
    deck: tuple[int, int]
    story: tuple[int, int]

    @property
    def rect(self) -> QRectF:
        """The whole board in scene units."""
        return QRectF(0, 0, 2 * self.margin + self.columns * PANEL_W + (self.columns - 1) * self.gap_x,
                      2 * self.margin + self.rows * PANEL_H + (self.rows - 1) * self.gap_y)

    def slot_pos(self, col: float, row: float) -> QPointF:
        """The top-left corner of a panel in a grid slot."""
        return QPointF(self.margin + col * (PANEL_W + self.gap_x), self.margin + row * (PANEL_H + self.gap_y))

    def scale_in(self, width: float, height: float) -> float:
        """How large the board is drawn in a room of this size, its proportions kept."""
        r = self.rect
        return min(width / r.width(), height / r.height())


# four columns, three rows: for a wide room (the window at 1280×720 and larger)
WIDE = Arrangement(
    4, 3, 30.0, 26.0, 30.0,
    slots={"Milano": (0, 0), "Parma": (1, 0), "Verona": (2, 0), "Ferrara": (3, 0),
           "Lucca": (0, 1), "Pistoia": (1, 1), "Firenze": (2, 1), "Bologna": (3, 1),
           "Siena": (2, 2), "Roma": (3, 2)},
    slots_9={"Milano": (0, 0), "Parma": (1, 0), "Verona": (2, 0), "Ferrara": (3, 0),
             "Lucca": (1, 1), "Firenze": (2, 1), "Bologna": (3, 1), "Siena": (2, 2), "Roma": (3, 2)},
    deck=(0, 2), story=(1, 2))  # fmt: skip
# three columns, four rows, tighter: for a room nearer square (1024×700), where the wide board left
# bands empty above and below and its cards' words small
TALL = Arrangement(
    3, 4, 14.0, 14.0, 16.0,
    slots={"Milano": (0, 0), "Verona": (1, 0), "Ferrara": (2, 0),
           "Parma": (0, 1), "Pistoia": (1, 1), "Bologna": (2, 1),
           "Lucca": (0, 2), "Firenze": (1, 2), "Siena": (2, 2), "Roma": (2, 3)},
    slots_9={"Milano": (0, 0), "Verona": (1, 0), "Ferrara": (2, 0), "Parma": (0, 1), "Bologna": (2, 1),
             "Lucca": (0, 2), "Firenze": (1, 2), "Siena": (2, 2), "Roma": (2, 3)},
    deck=(0, 3), story=(1, 3))  # fmt: skip

SCENE_RECT = WIDE.rect  # the board as it opens


def best_arrangement(width: float, height: float) -> Arrangement:
    """The arrangement drawn largest in a room of this size (the wide one unless the tall is larger)."""
    return TALL if TALL.scale_in(width, height) > WIDE.scale_in(width, height) * 1.04 else WIDE


class BoardScene(QGraphicsScene):
    """City panels bound to a BoardModel; emits what was clicked."""

    plotClicked = Signal(str, str)  # city, plot
    cardClicked = Signal(str)  # city whose face-up card was clicked
    cityClicked = Signal(str)  # somewhere else on a city
    plotHovered = Signal(str, str)  # city, plot under the mouse ("" when it left the plots)

    def __init__(self, model: BoardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.arrangement = WIDE
        self.setSceneRect(WIDE.rect)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._model = model
        self.map_item = MapItem(WIDE.rect)
        self.addItem(self.map_item)
        self.deck = DeckItem()
        self.deck.setPos(WIDE.slot_pos(*WIDE.deck) + QPointF(40, 50))
        self.addItem(self.deck)
        self.panels: dict[str, CityPanel] = {}
        self.story_box = StoryBox()  # "since your last turn", in the free slot beside the draw pile
        self.story_box.setPos(WIDE.slot_pos(*WIDE.story))
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

    def arrange(self, arrangement: Arrangement) -> None:
        """Lay the board out anew (the view chose another arrangement for its room)."""
        if arrangement is self.arrangement:
            return
        self.arrangement = arrangement
        self.removeItem(self.map_item)
        self.map_item = MapItem(arrangement.rect)
        self.addItem(self.map_item)
        self.setSceneRect(arrangement.rect)
        self.deck.setPos(arrangement.slot_pos(*arrangement.deck) + QPointF(40, 50))
        self.story_box.setPos(arrangement.slot_pos(*arrangement.story))
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
        where = self.arrangement
        slots = where.slots if len(names) == 10 else where.slots_9
        for i, name in enumerate(names):
            panel = self.panels.get(name)
            if panel is None:
                panel = CityPanel(name)
                panel.players = self._players
                self.panels[name] = panel
                self.addItem(panel)
            col, row = slots.get(name, (i % where.columns, i // where.columns))
            panel.setPos(where.slot_pos(col, row))
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
        # no fill of its own: the page paints under it. At a fractional display scale (150 %) the view's
        # last device pixel column and row are only partly its own; an opaque viewport kept the page from
        # painting them and painted them itself only in part, so after the window grew they stayed white
        self.viewport().setAutoFillBackground(False)
        self.setMinimumSize(480, 300)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Refit the board when the window changes size."""
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: object) -> None:
        """Fit the board the first time it is shown."""
        super().showEvent(event)  # type: ignore[arg-type]
        self.fit()

    def fit(self) -> None:
        """The arrangement drawn largest in the room the view has, fitted into it."""
        scene = self.scene()
        port = self.viewport().size()
        if isinstance(scene, BoardScene):
            scene.arrange(best_arrangement(port.width(), port.height()))
        self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def click_point(self, scene_point: QPointF) -> object:
        """The viewport position of a scene point (for tests clicking on the board)."""
        return self.mapFromScene(scene_point)
