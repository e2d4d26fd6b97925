"""The window fits the screen at every display scale, on a real X server (Xvfb + openbox).

At 100 %, 125 %, 150 % and 200 % on a 1920×1080 screen and up to 150 % on a 1366×768 laptop the window
opens inside the screen's free area, stays inside it when a five-player game starts, and at its minimum
size (still inside) no widget overlaps another and no text loses words, the turn bar's prompt too (a
narrow bar gives its buttons a row of their own; ``scale_fit.py`` measures).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.screen.desktop import Desktop, needs_desktop

ROOT = Path(__file__).resolve().parents[2]

pytestmark = needs_desktop


@pytest.mark.parametrize(("screen", "scale"), [
    ("1920x1080", "1"), ("1920x1080", "1.25"), ("1920x1080", "1.5"), ("1920x1080", "2"),
    ("1366x768", "1.25"), ("1366x768", "1.5"),
])
def test_the_window_fits_the_screen(desktop_of: Callable[[str], Desktop], screen: str, scale: str) -> None:
    env = dict(desktop_of(screen).env, QT_SCALE_FACTOR=scale, PATRICIAN_SCALE_LANG="de")  # German: the longest words
    r = subprocess.run([sys.executable, "-m", "tests.screen.scale_fit"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    outside = {k: (v["frame"], v["free"]) for k, v in seen.items() if not v["fits"]}
    assert not outside, f"{screen} at {scale}: the window (frame, free area) leaves the screen: {outside}"
    for moment in ("start at minimum", "game at minimum", "end at minimum"):
        assert seen[moment]["overlapping"] == [], (moment, seen[moment]["overlapping"])
        assert seen[moment]["clipped"] == [], (moment, seen[moment]["clipped"])
