"""``patrician screenshot OUT.png --motion N``: the window while N bot turns are shown, as an animated PNG.

Why in the app: the README's moving picture is made by the app itself from its own frames,
so it shows exactly what a player sees: the pieces flying, the scoring moments, the end's count-up.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from patrician_qt.cli.apng import write_apng


def record(out: str, players: int, turns: int, motion: int, seat: int, size: tuple[int, int], seed: int,
           lang: str | None = None, level: str = "easy", names: tuple[str, ...] | None = None,
           visibility: str = "rulebook", speed: str = "normal", scale: float = 0.5, fps: int = 20,
           timeout_s: float = 180.0) -> tuple[int, int]:
    """Play ``turns`` turns at once, then film ``motion`` more at ``speed``: (frames, bytes written)."""
    from PySide6.QtCore import QEventLoop, Qt, QTimer

    from patrician_qt.cli.bot_window import bot_game_window
    from patrician_qt.ui.session.local import LocalSession

    _app, window, cfg = bot_game_window(players, size, seed, lang, level, names, visibility)  # app kept alive
    loop = QEventLoop()
    state: dict[str, Any] = {"n": -1, "filming": False, "done": False, "over": False}
    frames: list[Any] = []
    stamps: list[float] = []
    ticker = QTimer()
    ticker.setInterval(max(10, 1000 // fps))

    def grab() -> None:
        frames.append(window.grab().toImage())
        stamps.append(time.perf_counter())
        quiet = not window.presenter.busy and not window.motion.director.busy()
        counting = window.motion.countup.running
        if state["done"] and quiet and not counting:
            if state.setdefault("tail", 0) >= fps // 2:  # half a second of the settled board
                ticker.stop()
                loop.quit()
            state["tail"] += 1

    ticker.timeout.connect(grab)

    def on_shown(update: Any) -> None:
        state["n"] += 1
        over = bool(update.view(None).get("over"))
        if not state["filming"] and (state["n"] >= turns or over):
            state["filming"] = True
            state["start"] = state["n"]
            window.set_speed(speed)
            ticker.start()
        elif state["filming"] and (state["n"] - state["start"] >= motion or over):
            state["done"] = True
            window.presenter.drop_queued()  # the bots played ahead: film up to this turn's end
            QTimer.singleShot(0, session.close)

    window.shown.connect(on_shown)
    session = LocalSession(cfg)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    window.start_session(session, watch_seat=seat)
    loop.exec()
    ticker.stop()
    session.close()
    window.close()
    if not frames:
        return 0, 0
    w, h = round(size[0] * scale), round(size[1] * scale)
    small = [f.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
             for f in frames]
    delays = [round((b - a) * 1000) for a, b in itertools.pairwise(stamps)] + [1500]
    return len(small), write_apng(out, small, delays)
