"""Helpers for the tests of the app's flow: a whole app in a temporary folder, menus by keys, the questions."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from patrician_qt.engine import stack_size
from patrician_qt.ui.app.flow import AppController
from tests.ui.game_helpers import play_turn_by_clicks, wait_for_human_or_end

TIMEOUT = 20_000


def make_app(qtbot: Any, tmp_path: Path, settings: Any = None) -> AppController:
    """An app with its data and the user's saves folder under ``tmp_path``, shown at 1280×720."""
    ctrl = AppController(settings, tmp_path / "data", saves=tmp_path / "saves")
    qtbot.addWidget(ctrl.window)
    ctrl.window.set_speed("instant")
    ctrl.window.resize(1280, 720)
    ctrl.show()
    ctrl.window.activateWindow()
    qtbot.waitUntil(ctrl.window.isActiveWindow)
    return ctrl


def played(ctrl: AppController) -> int:
    """Cards played so far in the game on screen."""
    shown = ctrl.window.shown_update
    return sum(stack_size(p) for p in shown.view(None)["players"]) if shown is not None else 0


def play_to(qtbot: Any, ctrl: AppController, cards: int, seed: int = 8) -> None:
    """Play the humans' turns by clicks (through the privacy screen) until ``cards`` cards are played."""
    window = ctrl.window
    rng = random.Random(seed)
    while True:
        wait_for_human_or_end(qtbot, window)
        if played(ctrl) >= cards or window.shown_update.over:
            return
        if window.privacy.isVisible():
            qtbot.mouseClick(window.privacy.button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: window.controller.active)
        with qtbot.waitSignal(window.shown, timeout=TIMEOUT):
            play_turn_by_clicks(qtbot, window, rng)


def menu_by_keys(qtbot: Any, ctrl: AppController, title_key: Qt.Key, item_key: Qt.Key) -> None:
    """Open a menu of the menu bar with Alt+letter and pick an entry by its letter, as a person would."""
    window = ctrl.window
    window.activateWindow()  # as a person's click would, after a dialog
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, title_key, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    qtbot.keyClick(QApplication.activePopupWidget(), item_key)


def action(menu: QMenu, text: str) -> QAction:
    """The entry of a menu with this text (the & of its letter left out)."""
    for a in menu.actions():
        if a.text().replace("&", "").split("\t")[0] == text:
            return a
    raise AssertionError(f"no {text!r} in {[a.text() for a in menu.actions()]}")


def question(qtbot: Any, ctrl: AppController) -> Any:
    """The "Leave this game?" box, once it is shown."""
    qtbot.waitUntil(lambda: ctrl.guard.box is not None and ctrl.guard.box.isVisible())
    return ctrl.guard.box


def answer(qtbot: Any, ctrl: AppController, leave: bool) -> None:
    """Answer the question by keys: Return leaves (the default button), Escape stays."""
    box = question(qtbot, ctrl)
    qtbot.keyClick(box, Qt.Key.Key_Return if leave else Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not box.isVisible())


def when_modal(act: Callable[[QWidget], None]) -> None:
    """Do ``act`` on the next modal dialog once it is open (the New game dialog runs its own loop)."""

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, look)
        else:
            act(dialog)

    QTimer.singleShot(0, look)


def accept_new_game(qtbot: Any, kinds: tuple[int, ...] = (0, 2)) -> None:
    """Fill the New game dialog (seat kinds by combo index: 0 Human, 2 Easy bot) once it opens, and start."""

    def fill(dialog: QWidget) -> None:
        dialog.count.setValue(len(kinds))  # type: ignore[attr-defined]
        for combo, index in zip(dialog.kinds, kinds, strict=False):  # type: ignore[attr-defined]
            combo.setCurrentIndex(index)
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    when_modal(fill)
