"""Turns the engine's events into motion: cards fly, floors drop, a relocated floor hops, tiles go to winners.

Why events: they are the engine's own account of a turn (played, built, relocated, took, revealed,
scored), so the motion never decides a rule; it only moves pictures of what the events name.

Two ways a turn is shown (``ui/game/presenter``):
- paced (a bot's turn at the user's speed): each step flies as it is shown, before the turn's view is
  on the board, so the pieces are *held* where they land, standing in for the floors and cards the view
  will bring; when the view is applied they are let go.
- at once (a human's own turn, a LAN player's, Instant replay steps): the view is applied first, so the
  input is never held up, and the pieces fly onto it, hiding ("veiling") their destination until they land.
Either way every flight ends by unveiling what it hid, so nothing is left displaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QRectF, QSettings
from PySide6.QtWidgets import QApplication

from patrician_qt.ui.board import sprite_art
from patrician_qt.ui.board.board_items import CARD_RECT, FLOOR_H, PANEL_W, TILE_R
from patrician_qt.ui.board.city_panel import CityPanel
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.board.motion_layer import MotionLayer
from patrician_qt.ui.board.score_caption import ScoreCaption

if TYPE_CHECKING:
    from patrician_qt.ui.board.board_view import BoardScene, BoardView
    from patrician_qt.ui.board.hand_model import HandModel
    from patrician_qt.ui.board.hand_view import HandView
    from patrician_qt.ui.board.players_view import PlayersView
    from patrician_qt.ui.game.game_page import GamePage
    from patrician_qt.ui.game.on_screen import OnScreen
    from patrician_qt.ui.session.contract import Update

#: one flight's length in ms at each speed of View ▸ Animation speed (150–400 ms); Instant: none
DURATIONS: dict[str, int] = {"instant": 0, "fast": 170, "normal": 280, "slow": 400}
STAGGER_MS = 70  # between the pieces of one turn shown at once
CAPTION_MS: dict[str, int] = {"instant": 0, "fast": 1100, "normal": 1800, "slow": 2600}


def desktop_reduces_motion() -> bool:
    """The desktop's wish for less motion, where Qt exposes one.

    Qt reports the desktop's UI effects (``QApplication.isEffectEnabled(UI_General)``) from the Windows
    "Show animations" setting; elsewhere the platform themes do not fill it in (it reads False even on a
    desktop with every effect on), so it is only believed on Windows.
    """
    from PySide6.QtCore import Qt

    app = QApplication.instance()
    if app is None or QApplication.platformName() != "windows":
        return False
    return not QApplication.isEffectEnabled(Qt.UIEffect.UI_General)


class MotionDirector(QObject):
    """Follows the presenter's steps and the views put on screen, and flies the pieces they name."""

    def __init__(self, on_screen: OnScreen, page: GamePage, scene: BoardScene, board_view: BoardView,
                 players_view: PlayersView, hand_view: HandView, hand_model: HandModel,
                 settings: QSettings | None = None) -> None:
        super().__init__(page)
        self._on_screen = on_screen
        self._page = page
        self._scene = scene
        self._board_view = board_view
        self._players_view = players_view
        self._hand_view = hand_view
        self._hand_model = hand_model
        self.settings = settings
        self.layer = MotionLayer(page)
        self.pictures = sprite_art.SpriteCache()
        self.speed = "normal"
        self.reduce = desktop_reduces_motion()
        if settings is not None and settings.contains("ui/reduce_motion"):
            self.reduce = bool(settings.value("ui/reduce_motion", False, type=bool))
        self._update: Update | None = None  # the update whose steps are being shown
        self._pending: list[Callable[[int], None]] = []  # flights of an at-once update, flown once applied
        self._veils: dict[tuple[str, tuple[str, ...]], int] = {}
        self._held: list[Callable[[], None]] = []  # unveils due when the paced update's view is applied
        self._captions: list[ScoreCaption] = []
        self.layer.settled.connect(self._settled)

    # -- settings ----------------------------------------------------------------------------------------------
    @property
    def duration(self) -> int:
        """One flight's ms at the chosen speed (0: no motion)."""
        return DURATIONS.get(self.speed, 0)

    def set_reduce(self, on: bool) -> None:
        """Reduce motion: pieces fade in where they land instead of travelling (kept in the settings)."""
        self.reduce = on
        if self.settings is not None:
            self.settings.setValue("ui/reduce_motion", on)

    # -- following the presenter ------------------------------------------------------------------------------
    def step(self, update: Update, event: dict[str, Any], paced: bool) -> None:
        """A step of ``update`` was just shown (its view is not on the board yet)."""
        if update is not self._update:
            self.finish_all()
            self._update = update
        if not self.duration or self._on_screen.session is None:
            return
        plans = self._plan(update, event, paced)
        if paced:
            for i, plan in enumerate(plans):
                plan(i * STAGGER_MS)
        else:
            self._pending.extend(plans)

    def applied(self, update: Update) -> None:
        """The update's view is on the board: let held pieces go, fly the at-once ones."""
        self.layer.release()
        self._release_held()
        pending, self._pending = self._pending, []
        self._update = None
        for i, plan in enumerate(pending):
            plan(i * STAGGER_MS)

    def finish_all(self) -> None:
        """Land every piece and end every caption now (Space, a new game, the next update)."""
        self._pending.clear()
        self.layer.finish_all()
        self._release_held()
        for caption in list(self._captions):
            caption.finish()

    def _release_held(self) -> None:
        held, self._held = self._held, []
        for unveil in held:
            unveil()

    def busy(self) -> bool:
        """Whether anything still moves or shows (tests wait for False)."""
        return self.layer.busy or bool(self._captions) or bool(self._pending) or bool(self._held)

    def _settled(self) -> None:
        if self._veils:  # a flight's unveil always runs; this only guards against a panel rebuilt meanwhile
            for (city, key) in list(self._veils):
                panel = self._scene.panels.get(city)
                if panel is not None:
                    panel.veil(key, False)
            self._veils.clear()

    # -- geometry ----------------------------------------------------------------------------------------------
    def _scale(self) -> float:
        return self._board_view.transform().m11()

    def _dpr(self) -> float:
        return self._page.devicePixelRatioF() or 1.0

    def _board_point(self, scene_point: QPointF) -> QPointF:
        view = self._board_view
        return self.layer.point_from(view.viewport(), view.viewportTransform().map(scene_point))

    def _panel_point(self, city: str, local: QPointF) -> QPointF | None:
        panel = self._scene.panels.get(city)
        return None if panel is None else self._board_point(panel.mapToScene(local))

    def _seat_point(self, seat: int) -> QPointF | None:
        """Where a seat's played stack is: the right part of its plaque in the players panel."""
        view = self._players_view
        model = view.model()
        if model is None or not 0 <= seat < model.rowCount():
            return None
        rect = QRectF(view.visualRect(model.index(seat, 0)))
        if rect.isEmpty():
            return None
        return self.layer.point_from(view.viewport(), QPointF(rect.right() - rect.width() * 0.2, rect.center().y()))

    def _hand_point(self, card: str) -> QPointF | None:
        view = self._hand_view
        model = self._hand_model
        for i in range(model.rowCount()):
            idx = model.index(i, 0)
            if idx.data(HandModel.CardRole) == card:
                rect = QRectF(view.visualRect(idx))
                if rect.isEmpty() or not view.isVisible():
                    return None
                return self.layer.point_from(view.viewport(), rect.center())
        return None

    def _viewer(self, update: Update) -> int | None:
        return self._on_screen.viewer(update)

    # -- veils ----------------------------------------------------------------------------------------------------
    def _veil(self, city: str, key: tuple[str, ...]) -> Callable[[], None]:
        """Hide a piece of a city until the returned callback runs (counted: two flights may share a piece)."""
        panel = self._scene.panels.get(city)
        if panel is None:
            return lambda: None
        k = (city, key)
        self._veils[k] = self._veils.get(k, 0) + 1
        panel.veil(key, True)
        done = False

        def unveil() -> None:
            nonlocal done
            if done:
                return
            done = True
            n = self._veils.get(k, 0) - 1
            if n > 0:
                self._veils[k] = n
                return
            self._veils.pop(k, None)
            p = self._scene.panels.get(city)
            if p is not None:
                p.veil(key, False)

        return unveil

    # -- one flight -----------------------------------------------------------------------------------------------
    def _fly(self, pixmap: Any, start: QPointF, end: QPointF, delay: int, *, hold: bool,
             landed: Callable[[], None] | None = None, **kw: Any) -> None:
        duration = self.duration
        if self.reduce:  # no travel: the piece fades in where it lands
            start = end
            kw = {k: v for k, v in kw.items() if k in ("end_scale", "fade_out")}
            kw["start_scale"] = kw.get("end_scale", 1.0)
            kw["fade_in"] = True
            duration = max(150, duration // 2)
        self.layer.fly(pixmap, start, end, duration, delay=delay, hold=hold, landed=landed, **kw)

    # -- events to flights -------------------------------------------------------------------------------------------
    def _plan(self, update: Update, event: dict[str, Any], paced: bool) -> list[Callable[[int], None]]:
        kind = event.get("e")
        if kind == "played":
            return self._plan_played(update, event, paced)
        if kind in ("built", "built_many"):
            plots = [event["plot"]] if kind == "built" else str(event["plots"]).split("+")
            return self._plan_built(event["city"], plots, event["seat"], paced)
        if kind == "relocated":
            city, frm, to = str(event["city"]), str(event["from"]), str(event["to"])
            return [lambda d: self._relocated(city, frm, to, paced, d)]
        if kind == "took":
            return self._plan_took(update, event, paced)
        if kind == "revealed":
            city, card = str(event["city"]), str(event["card"])
            return [lambda d: self._revealed(city, card, paced, d)]
        if kind == "scored":
            return self._plan_scored(event)
        return []

    def _plan_played(self, update: Update, event: dict[str, Any], paced: bool) -> list[Callable[[int], None]]:
        from patrician_qt.engine import CARD_BY_ID

        card, seat = event["card"], event["seat"]
        start = self._hand_point(card) if self._viewer(update) == seat else None  # the hand, while it holds it
        city = CARD_BY_ID[card].city
        if start is None:
            start = self._panel_point(city, QPointF(PANEL_W / 2, 90))

        def fly(delay: int) -> None:
            end = self._seat_point(seat)
            if start is None or end is None:
                return
            scale = self._scale()
            picture = self.pictures.get(sprite_art.card_pixmap, card, max(0.5, scale), self._dpr())
            self._fly(picture, start, end, delay, hold=False,
                      start_scale=1.0, end_scale=0.45, fade_out=True)

        return [fly]

    def _plan_built(self, city: str, plots: list[str], seat: int, paced: bool) -> list[Callable[[int], None]]:
        plans: list[Callable[[int], None]] = []
        panel = self._scene.panels.get(city)
        if panel is None:
            return plans
        if paced:  # the floors stand as marks over the old view: above the tower and the earlier marks
            levels: list[int] = []
            for plot in plots:
                ghosts = [g for g in panel.marks.ghosts if g[0] == plot]
                m = plots.count(plot)
                base = len(panel.row.get(f"tower{plot}", ())) + len(ghosts) - m
                levels.append(base + sum(1 for p in plots[:len(levels)] if p == plot))
        else:
            levels = []
        for i, plot in enumerate(plots):
            def fly(delay: int, i: int = i, plot: str = plot) -> None:
                p = self._scene.panels.get(city)
                if p is None:
                    return
                if paced:
                    level = levels[i]
                else:  # the view is on the board: this turn's floors are the top ones of their plot
                    tower = list(p.row.get(f"tower{plot}", ()))
                    level = len(tower) - plots.count(plot) + plots[:i].count(plot)
                    if not 0 <= level < len(tower):
                        return
                rect = CityPanel.floor_rect(plot, level)
                end = self._panel_point(city, rect.center())
                if end is None:
                    return
                start = end - QPointF(0, (FLOOR_H * 5) * self._scale())
                color = self._scene.player_color(seat)
                unveil = self._veil(city, ("floor", plot, str(level)))
                self._fly(self.pictures.get(sprite_art.floor_pixmap, color, self._scale(), self._dpr()), start, end,
                          delay + i * STAGGER_MS, hold=paced, landed=unveil, fade_in=True)

            plans.append(fly)
        return plans

    def _relocated(self, city: str, frm: str, to: str, paced: bool, delay: int) -> None:
        panel = self._scene.panels.get(city)
        if panel is None:
            return
        towers = {p: list(panel.row.get(f"tower{p}", ())) for p in "AB"}
        if paced:  # the old view with the mark: the top of ``frm`` is drawn on ``to`` above its ghosts
            if not towers[frm]:
                return
            seat = towers[frm][-1]
            from_level = len(towers[frm]) - 1
            to_level = len(towers[to]) + sum(1 for g in panel.marks.ghosts if g[0] == to)
        else:
            if not towers[to]:
                return
            seat = towers[to][-1]
            from_level = len(towers[frm])
            to_level = len(towers[to]) - 1
        start = self._panel_point(city, CityPanel.floor_rect(frm, from_level).center())
        end = self._panel_point(city, CityPanel.floor_rect(to, to_level).center())
        if start is None or end is None:
            return
        color = self._scene.player_color(seat)
        unveil = self._veil(city, ("floor", to, str(to_level)))
        picture = self.pictures.get(sprite_art.floor_pixmap, color, self._scale(), self._dpr())
        self._fly(picture, start, end, delay, hold=paced,
                  landed=unveil, arc=40 * self._scale())

    def _plan_took(self, update: Update, event: dict[str, Any], paced: bool) -> list[Callable[[int], None]]:
        city, card, seat = event["city"], event["card"], event["seat"]
        start = self._panel_point(city, CARD_RECT.center())
        mine = self._viewer(update) == seat
        unveil_old = self._veil(city, ("card",)) if paced else None  # the old view still shows the card

        def fly(delay: int) -> None:
            end = (self._hand_point(card) if mine and not paced else None) or self._seat_point(seat)
            if start is None or end is None:
                if unveil_old is not None:
                    unveil_old()
                return
            picture = self.pictures.get(sprite_art.card_pixmap, card, self._scale(), self._dpr())
            self._fly(picture, start, end, delay, hold=False,
                      landed=None, end_scale=1.0 if mine else 0.45, fade_out=not mine)
            if unveil_old is not None:  # shown again only with the new view
                self._held.append(unveil_old)

        return [fly]

    def _revealed(self, city: str, card: str, paced: bool, delay: int) -> None:
        deck = self._scene.deck
        start = self._board_point(deck.mapToScene(QPointF(35, 50)))
        end = self._panel_point(city, CARD_RECT.center())
        if end is None:
            return
        unveil = self._veil(city, ("card",))
        picture = self.pictures.get(sprite_art.card_pixmap, card, self._scale(), self._dpr())
        self._fly(picture, start, end, delay, hold=paced,
                  landed=unveil, start_scale=0.85, end_scale=1.0)

    def _plan_scored(self, event: dict[str, Any]) -> list[Callable[[int], None]]:
        city = event["city"]
        awards = [(seat, value) for seat, value in event.get("awards", [])]
        names = [s.name for s in self._on_screen.session.seats()] if self._on_screen.session else []
        self._caption(city, awards, names)
        plans: list[Callable[[int], None]] = []
        for i, (seat, value) in enumerate(awards):
            if seat is None:
                continue

            def fly(delay: int, i: int = i, seat: int = seat, value: int = value) -> None:
                local = QPointF(CARD_RECT.left() + TILE_R + 2 + i * (2 * TILE_R + 14) + 1,
                                CARD_RECT.bottom() + 12 + TILE_R + 1)
                start = self._panel_point(city, local)
                end = self._seat_point(seat)
                if start is None or end is None:
                    return
                self._fly(self.pictures.get(sprite_art.tile_pixmap, value, self._scale(), self._dpr()), start, end,
                          delay + 250 + i * 2 * STAGGER_MS, hold=False, end_scale=0.8, fade_out=True)

            plans.append(fly)
        return plans

    # -- scoring captions --------------------------------------------------------------------------------------------
    def _caption(self, city: str, awards: list[tuple[int | None, int]], names: list[str]) -> None:
        """'Lucca: Ben 7, Cleo 4' over the city for a moment (the tiles as the event gives them)."""
        panel = self._scene.panels.get(city)
        ms = CAPTION_MS.get(self.speed, 0)
        if panel is None or not ms:
            return
        won = [f"{names[s] if 0 <= s < len(names) else '?'} {v}" for s, v in awards if s is not None]
        text = (f"{city}: {', '.join(won)}" if won  # names and numbers only: nothing to translate
                else self.tr("{city}: no majority, no tile").format(city=city))
        caption = ScoreCaption(text, panel, ms, fade=not self.reduce)
        self._captions.append(caption)
        caption.done.connect(lambda c=caption: self._caption_done(c))
        caption.start()

    def _caption_done(self, caption: ScoreCaption) -> None:
        if caption in self._captions:
            self._captions.remove(caption)

