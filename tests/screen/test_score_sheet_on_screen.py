"""The final score sheet of a four-player game shows its whole table without scrolling, on a real X server
(Xvfb + openbox), in the window the app opens on that screen.

At 200 % on a 1920×1080 screen (a 960×540 logical screen) the table's last row (floors left, the tie-break)
was cut at the sheet's bottom and the table scrolled; at 100 % on 1280×720 the table was fitted to its first
size (before the pages were laid out) and drew its 16 rows in 7.5 pt. ``score_sheet_fit.py`` measures.
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


@pytest.mark.parametrize(("screen", "scale", "window", "least_pt"), [
    ("1920x1080", "2", "", 8.0), ("1366x768", "1.5", "", 8.0), ("1280x720", "1", "", 10.0),
    ("1920x1080", "1", "1920x1040", 14.0),
])
def test_r25_the_whole_score_table_is_in_sight(desktop_of: Callable[[str], Desktop], screen: str, scale: str,
                                               window: str, least_pt: float) -> None:
    env = dict(desktop_of(screen).env, QT_SCALE_FACTOR=scale, PATRICIAN_SCALE_LANG="de",  # German: the longest words
               PATRICIAN_SCREEN_WINDOW=window)
    r = subprocess.run([sys.executable, "-m", "tests.screen.score_sheet_fit"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    assert seen["rows"] >= 15, seen
    assert seen["cut"] == [] and not seen["scrolls"], f"{screen} at {scale}: rows out of sight: {seen}"
    assert seen["font"] >= least_pt, f"{screen} at {scale}: the table is drawn in {seen['font']} pt"
    assert seen["inside"], seen
    assert seen["clipped"] == [] and seen["overlapping"] == [], seen
