"""Render the screens of the app's flow to PNG: the Game menu with Main menu, the
"Leave this game?" question, the Continue list, and the start screen offering several games.

``python tools/flow_screenshots.py OUT_DIR [--lang de] [--size 1280x720]`` (offscreen; temporary data folder).
Dialogs and menus are windows of their own: each is painted over the main window where it opens.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    """Write the PNGs and print their paths."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    from PySide6.QtCore import QEventLoop, QPoint, QTimer
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QWidget

    from patrician_qt.engine import stack_size
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.session.config import GameConfig, SeatConfig

    app = make_app(["patrician"], args.lang)
    args.out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="patrician-shots-"))
    ctrl = AppController(None, tmp / "data", saves=tmp / "saves")
    window = ctrl.window
    window.set_speed("instant")
    window.resize(w, h)
    window.show()

    def wait(ms: int = 150, until: object = None) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()
        for _ in range(200):
            if until is None or until():  # type: ignore[operator]
                return
            loop = QEventLoop()
            QTimer.singleShot(50, loop.quit)
            loop.exec()

    def shot(name: str, *over: QWidget) -> None:
        image = window.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        for widget in over:
            top_left = widget.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0))
            painter.drawImage(top_left, widget.grab().toImage())
        painter.end()
        path = args.out / f"{name}-{args.lang}.png"
        image.save(str(path))
        print(path)

    def game(names: list[str], seed: int, cards: int) -> None:
        seats = [SeatConfig(names[0], "black", "human")] + [
            SeatConfig(n, c, "bot", "easy") for n, c in zip(names[1:], ("white", "red", "yellow"), strict=False)]
        session = ctrl.start_game(GameConfig(seats, seed))
        import random

        from patrician_qt.engine import random_turn, state_from_view

        rng = random.Random(seed)
        while True:
            wait(50, lambda: window.controller.active or (window.shown_update and window.shown_update.over))
            update = window.shown_update
            if sum(stack_size(p) for p in update.view(None)["players"]) >= cards:
                return
            seat = update.view(None)["to_move"]
            session.submit(seat, random_turn(state_from_view(update.view(seat)), rng))
            wait(50, lambda u=update: window.shown_update is not u)

    game(["Anna", "Bianca", "Carlo"], 3, 6)
    game(["Dario", "Emma"], 5, 10)
    game(["Anna", "Bianca", "Carlo", "Dario"], 7, 14)
    # the Game menu with Main menu
    window.activateWindow()
    wait()
    menu = window.menu("game")
    menu.popup(window.menuBar().mapToGlobal(window.menuBar().actionGeometry(menu.menuAction()).bottomLeft()))
    menu.setActiveAction(window.menus.act_main_menu)
    wait()
    shot("flow-game-menu", menu)
    menu.hide()
    # the question
    ctrl.main_menu()
    wait(200, lambda: ctrl.guard.box is not None and ctrl.guard.box.isVisible())
    box = ctrl.guard.box
    assert box is not None
    shot("flow-leave-question", box)
    ctrl.guard.leave_button.click()  # type: ignore[union-attr]
    wait(200, lambda: window.current_page() is ctrl.start)
    shot("flow-start-screen")
    ctrl.start.continue_button.click()
    wait(200, lambda: ctrl.continue_dialog is not None and ctrl.continue_dialog.isVisible())
    dialog = ctrl.continue_dialog
    assert dialog is not None
    shot("flow-continue-list", dialog)
    dialog.delete_button.click()
    wait(200, lambda: dialog.confirm is not None and dialog.confirm.isVisible())
    shot("flow-continue-delete", dialog, dialog.confirm)  # type: ignore[arg-type]
    dialog.confirm.reject()  # type: ignore[union-attr]
    wait()
    dialog.continue_button.click()  # the newest game again: its log is told from the start
    wait(300, lambda: window.current_page() is window.page and window.shown_update is not None)
    shot("flow-continued-log")
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
