"""Render the start screen and a game at players' screen sizes, in English and German, to look at.

``python tools/size_screenshots.py OUTDIR``: 1280×720; 3840×2160 as 1920×1080 at QT_SCALE_FACTOR=2;
and 1280×720 with the system font at 150 %: every point-sized font 1.5× as a font DPI of 144 does
on a desktop (the offscreen platform turns QT_FONT_DPI into a whole-window scale, so it is emulated).
Each runs in its own process because the scale must be set before Qt starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = {
    "1280x720": ({}, (1280, 720)),
    "3840x2160": ({"QT_SCALE_FACTOR": "2"}, (1920, 1080)),
    "font150": ({}, (1280, 720)),
}
TEXT_SCALE = {"font150": 1.5}


def one(out: Path, mode: str, lang: str) -> None:
    """In this process: grab the start screen and a mid-game window (with the tutorial guide) as PNGs."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer

    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app

    app = make_app(["patrician"], lang)
    size = MODES[mode][1]
    scale = TEXT_SCALE.get(mode, 1.0)
    if scale != 1.0:
        from patrician_qt.ui.board import theme

        base = theme.font
        theme.font = lambda size, *a, **k: _scaled(base(size, *a, **k), scale)  # type: ignore[assignment]
        app.setFont(_scaled(app.font(), scale))
    import tempfile

    ctrl = AppController(None, Path(tempfile.mkdtemp()))
    window = ctrl.window
    window.set_speed("instant")
    window.resize(*size)
    ctrl.show()
    for _ in range(5):
        app.processEvents()
    window.grab().toImage().save(str(out / f"start-{mode}-{lang}.png"))
    tut = window.extras.start_tutorial()
    loop = QEventLoop()
    window.turnReady.connect(lambda _s: loop.quit())
    QTimer.singleShot(20000, loop.quit)
    if not window.controller.active:
        loop.exec()
    c = window.controller
    c.click_card(c.builder.options()[0])  # mid-turn: a card chosen, plots lit, the guide talking
    window.turn_bar.set_message(c.builder.explain("ZZZ-1") if c.builder else "", True)
    for _ in range(5):
        app.processEvents()
    window.grab().toImage().save(str(out / f"game-{mode}-{lang}.png"))
    rules = window.extras.open_rules("R11")
    rules.resize(760 if mode != "3840x2160" else 900, 640)
    for _ in range(3):
        app.processEvents()
    rules.grab().toImage().save(str(out / f"rules-{mode}-{lang}.png"))
    tut.stop()
    window.session.close()


def _scaled(font: object, scale: float) -> object:
    font.setPointSizeF(font.pointSizeF() * scale)  # type: ignore[attr-defined]
    return font


def main(argv: list[str]) -> int:
    """Run every mode and language in its own process."""
    if len(argv) == 4 and argv[1] == "--one":
        one(Path(argv[0]), argv[2], argv[3])
        return 0
    out = Path(argv[0] if argv else "screenshots-sizes")
    out.mkdir(parents=True, exist_ok=True)
    for mode, (env, _size) in MODES.items():
        for lang in ("en", "de"):
            subprocess.run([sys.executable, __file__, str(out), "--one", mode, lang], check=True,
                           env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **env}, cwd=ROOT)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
