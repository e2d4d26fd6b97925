"""Whether the window fits the screen at the display scale it runs with (``QT_SCALE_FACTOR``), read on a
real X server: prints one JSON line with what ``test_every_scale_fits.py`` checks.

For the start screen and a five-player game (the tallest side column): the window's frame as the window
manager placed it, the screen's free area, and at the window's minimum size the widgets that overlap or
lose words (``tests/ui/screen_check``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from tests.screen.screen_game import pump, wait


def _state(window: QWidget) -> dict[str, object]:
    frame, area = window.frameGeometry(), window.screen().availableGeometry()
    return {"frame": frame.getRect(), "free": area.getRect(), "fits": area.contains(frame)}


def _at_minimum(window: QWidget) -> dict[str, object]:
    from tests.ui.screen_check import clipped_texts, overlapping_widgets

    window.resize(1, 1)
    pump(600)
    out = _state(window)
    out["size"] = window.size().toTuple()
    out["overlapping"] = overlapping_widgets(window)
    out["clipped"] = clipped_texts(window)
    prompt = getattr(getattr(window, "turn_bar", None), "prompt", None)
    if prompt is not None and prompt.isVisible() and prompt.text().endswith("…"):  # a narrow bar keeps it whole
        out["clipped"].append(f"the prompt is cut: {prompt.text()!r}")
    return out


def main() -> int:
    """Measure and print."""
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.session.local import LocalSession
    from tests.ui.game_helpers import config

    make_app(["patrician"], os.environ.get("PATRICIAN_SCALE_LANG", "en"))
    tmp = Path(tempfile.mkdtemp(prefix="patrician-scale-"))
    ctrl = AppController(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat), tmp)
    ctrl.show()
    window = ctrl.window
    wait(lambda: window.windowHandle() is not None and window.windowHandle().isExposed(), "the window")
    pump(800)
    out: dict[str, object] = {"start": _state(window)}
    opened = window.size()
    out["start at minimum"] = _at_minimum(window)
    window.resize(opened)
    window.set_speed("instant")
    session = LocalSession(config(["human", "bot:easy", "bot:easy", "bot:easy", "bot:easy"], 5))
    window.start_session(session)
    wait(lambda: window.controller.active, "the human's turn")
    pump(800)
    out["game"] = _state(window)
    out["game at minimum"] = _at_minimum(window)
    session.close()
    # the end of a five-player game (bots only, instant): the score sheet over the board at the minimum size
    session = LocalSession(config(["bot:easy"] * 5, 5))
    window.start_session(session)
    wait(window.score_sheet.isVisible, "the score sheet", timeout=120)
    out["end at minimum"] = _at_minimum(window)
    session.close()
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
