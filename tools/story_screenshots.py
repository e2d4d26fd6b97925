"""Screenshots of the board telling the story: mid-game, a human's turn after the bots' turns, the
last moves marked, "since your last turn" shown, and a build's preview under the mouse.

    QT_QPA_PLATFORM=offscreen python tools/story_screenshots.py OUT_DIR [--sizes 1280x720,1920x1080] [--langs en,de]

The human seat plays random legal turns by the same TurnController a click uses; at the chosen turn a card is
played and the mouse is put over a plot (the real hover path: the panel tells the scene, the scene the
controller, the controller asks the engine's preview).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def shoot(out: Path, size: tuple[int, int], lang: str | None, turns: int, seed: int, players: int,
          completing: bool, story_line: int = -1) -> Path:
    """Play to the human's turn after ``turns`` turns, choose a card, hover a plot, save the window."""
    from PySide6.QtCore import QEventLoop, QTimer

    from patrician_qt.engine import CARD_BY_ID, default_colors
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.game.main_window import MainWindow
    from patrician_qt.ui.session.config import GameConfig, SeatConfig
    from patrician_qt.ui.session.local import LocalSession

    app = make_app(["patrician"], lang)
    names = ("Anna", "Ben", "Cleo", "Dario", "Emma")
    seats = [SeatConfig(names[i], c, "human" if i == 0 else "bot", None if i == 0 else "easy")
             for i, c in enumerate(default_colors(players))]
    window = MainWindow(None)
    window.set_speed("instant")
    window.resize(*size)
    window.show()
    session = LocalSession(GameConfig(seats, seed))
    rng = random.Random(seed)
    loop = QEventLoop()
    state = {"done": False}

    def ready(seat: int) -> None:
        QTimer.singleShot(0, lambda: act(seat))

    def act(seat: int) -> None:
        c = window.controller
        if not c.active or state["done"]:
            return
        played = sum(len(p["stack"]) if "stack_size" not in p else p["stack_size"]
                     for p in window.shown_update.view(None)["players"])
        b = c.builder
        assert b is not None
        options: list[str] = []
        if played >= turns:
            # a card whose build would complete its city when there is one (the preview then names the winners)
            from patrician_qt.engine.cards import CITY_FLOORS, CITY_INDEX

            st = b.state
            options = b.options()

            def left(card: str) -> int:
                city = CITY_INDEX[CARD_BY_ID[card].city]
                return CITY_FLOORS[city] - st.built[city] - CARD_BY_ID[card].arms

            options.sort(key=lambda card: (left(card) != 0 if completing else left(card) == 0, card))
            if completing and left(options[0]) != 0 and played < turns + 24:
                options = []  # no card completes a city yet: play on to a turn that has one
        if played >= turns and options:
            c.click_card(options[0])
            city = b.city or ""
            while b.step == "build" and len(b.choices) - 1 < b.floors_to_place - 1:
                c.click_plot(city, b.options()[0])  # all but the last floor: the preview is of the last one
            plots = b.options()
            c.hover_plot(city, plots[-1])
            panel = window.scene.panels[city]
            panel._hover_plot = plots[-1]  # the panel's own hover look, as the mouse would give it
            panel.update()
            state["done"] = True
            loop.quit()
            return
        while b.step != "done":
            c.click_card(rng.choice(b.options())) if b.step == "card" else b.choose(rng.choice(b.options()))
        c.changed.emit()
        c.confirm()

    window.turnReady.connect(ready)
    QTimer.singleShot(120_000, loop.quit)
    window.start_session(session)
    loop.exec()
    for _ in range(5):
        app.processEvents()
    box = window.scene.story_box
    if 0 <= story_line < len(box.lines):  # the mouse on a line of "since your last turn"
        box._set_hover(box.lines[story_line][0])
        app.processEvents()
    tag = ("-complete" if completing else "") + (f"-line{story_line}" if story_line >= 0 else "")
    path = out / f"story-{size[0]}x{size[1]}-{lang or 'en'}{tag}.png"
    window.grab().toImage().save(str(path))
    session.close()
    window.close()
    return path


def main() -> int:
    """Write the screenshots and print their paths."""
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--sizes", default="1280x720,1920x1080")
    ap.add_argument("--langs", default="en,de")
    ap.add_argument("--turns", type=int, default=22)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--complete", action="store_true", help="prefer a card that completes its city")
    ap.add_argument("--story-line", type=int, default=-1, help="point at this line of 'since your last turn'")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    combos = [(size, lang) for size in args.sizes.split(",") for lang in args.langs.split(",")]
    if len(combos) > 1:  # one QApplication per process: one process per picture
        import subprocess

        for size, lang in combos:
            cmd = [sys.executable, __file__, str(out), "--sizes", size, "--langs", lang, "--turns", str(args.turns),
                   "--seed", str(args.seed), "--players", str(args.players),
                   "--story-line", str(args.story_line)] + (["--complete"] if args.complete else [])
            subprocess.run(cmd, check=True)
        return 0
    size, lang = combos[0]
    w, h = (int(x) for x in size.split("x"))
    print(shoot(out, (w, h), None if lang == "en" else lang, args.turns, args.seed, args.players, args.complete,
                args.story_line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
