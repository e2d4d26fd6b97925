"""Helpers for the game-window tests: start games, and play turns only by clicking what is lit.

Imported by the ``test_ui_*`` modules (``tests/ui/conftest.py`` belongs to the art tests).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, Qt

from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.session.config import GameConfig, SeatConfig
from patrician_qt.ui.session.local import LocalSession

NAMES = ("Anna", "Ben", "Cleo", "Dario", "Emma")
COLORS = ("black", "white", "red", "yellow", "blue")
GAME_TIMEOUT_MS = 60_000


def config(kinds: list[str], seed: int = 5, visibility: str = "rulebook") -> GameConfig:
    """Seats from kinds like ["human", "bot:easy", ...], at a rulebook (R26) or open (R26a) table."""
    seats = []
    for i, k in enumerate(kinds):
        if k.startswith("bot"):
            seats.append(SeatConfig(NAMES[i], COLORS[i], "bot", k.split(":")[1] if ":" in k else "easy"))
        else:
            seats.append(SeatConfig(NAMES[i], COLORS[i], "human"))
    return GameConfig(seats, seed, visibility)


def open_game(qtbot: Any, kinds: list[str], seed: int = 5, size: tuple[int, int] = (1280, 720),
              watch_seat: int | None = None, visibility: str = "rulebook") -> tuple[MainWindow, LocalSession]:
    """A shown main window following a new local game (bots animate instantly)."""
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.resize(*size)
    window.show()
    session = LocalSession(config(kinds, seed, visibility))
    window.start_session(session, watch_seat=watch_seat)
    return window, session


def click_board(qtbot: Any, window: MainWindow, city: str, kind: str, plot: str | None = None) -> None:
    """Click a plot, a face-up card or a city on the board, through the view's viewport."""
    point = window.scene.scene_point(city, kind, plot)
    pos: QPoint = window.board_view.mapFromScene(point)
    qtbot.mouseClick(window.board_view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click_hand(qtbot: Any, window: MainWindow, card: str) -> None:
    """Click a card of the hand."""
    model = window.hand_model
    for i in range(model.rowCount()):
        idx = model.index(i, 0)
        if idx.data(HandModel.CardRole) == card:
            rect = window.hand_view.visualRect(idx)
            qtbot.mouseClick(window.hand_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            return
    raise AssertionError(f"{card} is not shown in the hand")


def lit_cards(window: MainWindow) -> list[str]:
    """Cards of the hand drawn as playable."""
    m = window.hand_model
    return [m.index(i, 0).data(HandModel.CardRole) for i in range(m.rowCount())
            if m.index(i, 0).data(HandModel.LegalRole)]


def lit_plots(window: MainWindow) -> list[tuple[str, str]]:
    """(city, plot) pairs drawn as clickable now."""
    return [(city, p) for city, panel in window.scene.panels.items() for p in sorted(panel.marks.plots)]


def lit_face_cards(window: MainWindow) -> list[str]:
    """Cities whose face-up card is drawn as takeable now."""
    return [city for city, panel in window.scene.panels.items() if panel.marks.card]


def play_turn_by_clicks(qtbot: Any, window: MainWindow, rng: random.Random,
                        check: Callable[[], None] | None = None) -> None:
    """Play the shown seat's turn by clicking only lit things, then Confirm."""
    c = window.controller
    assert c.active, "no turn to play"
    click_hand(qtbot, window, rng.choice(lit_cards(window)))
    for _ in range(12):
        if check:
            check()
        step = c.step
        if step == "build":
            city, plot = rng.choice(lit_plots(window))
            click_board(qtbot, window, city, "plot", plot)
        elif step == "relocate":
            plots = lit_plots(window)
            if plots and rng.random() < 0.5:
                city, plot = rng.choice(plots)
                click_board(qtbot, window, city, "plot", plot)
            else:
                assert window.turn_bar.skip.isEnabled()
                qtbot.mouseClick(window.turn_bar.skip, Qt.MouseButton.LeftButton)
        elif step == "take":
            click_board(qtbot, window, rng.choice(lit_face_cards(window)), "card")
        elif step == "done":
            assert window.turn_bar.confirm.isEnabled()
            qtbot.mouseClick(window.turn_bar.confirm, Qt.MouseButton.LeftButton)
            return
        else:
            raise AssertionError(f"unexpected step {step}")
    raise AssertionError("the turn did not finish")


def wait_for_human_or_end(qtbot: Any, window: MainWindow) -> None:
    """Wait (on the window's signals, by condition) until a human may act or the game is over."""

    def ready() -> bool:
        shown = window._shown
        return window.controller.active or window.privacy.isVisible() or (shown is not None and shown.over)

    qtbot.waitUntil(ready, timeout=GAME_TIMEOUT_MS)


def play_to_the_end_by_clicks(qtbot: Any, window: MainWindow, rng: random.Random, think_ms: int = 0) -> None:
    """Play the human's turns by clicking lit things until the game is over (``think_ms``: a person's pause
    before each turn, so the time people took is more than nothing)."""
    while True:
        wait_for_human_or_end(qtbot, window)
        if window._shown is not None and window._shown.over:
            return
        if think_ms:
            qtbot.wait(think_ms)
        play_turn_by_clicks(qtbot, window, rng)


def choose_a_better_turn(qtbot: Any, panel: Any, review: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Click, in a review panel's list, the first verdict where the review found a better turn than the one
    played, as a player picks it; returns that verdict's map."""
    from patrician_qt.ui.history.review_words import verdict_line

    better = next(t for t in review["turns"] if t["verdict"] != "best" and t["best"] != t["played"])
    item = panel.verdicts.item(panel.lines().index(verdict_line(better, names)))
    panel.verdicts.scrollToItem(item)
    qtbot.mouseClick(panel.verdicts.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.verdicts.visualItemRect(item).center())
    return better
