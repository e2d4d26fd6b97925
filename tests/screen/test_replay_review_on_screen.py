"""A review in the replay viewer gives its verdict list room to read and walk, at 150 % on a 1366×768 laptop
and at 200 % on 1920×1080, on a real X server (Xvfb + openbox).

The list had the side column's review tab with the story chart and the "Review this game" row: a line or two
of it on screen, and once the verdicts came the window grew taller than the screen. ``replay_review_fit.py``
measures.
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

LEAST_LINES = 8  # text lines of verdicts in sight at once: a player reads a few verdicts and walks them


@pytest.mark.parametrize(("screen", "scale"), [("1366x768", "1.5"), ("1920x1080", "2")])
def test_the_verdict_list_has_room_on_a_short_screen(desktop_of: Callable[[str], Desktop], screen: str,
                                                     scale: str) -> None:
    env = dict(desktop_of(screen).env, QT_SCALE_FACTOR=scale, PATRICIAN_SCALE_LANG="de")  # German: the longest words
    r = subprocess.run([sys.executable, "-m", "tests.screen.replay_review_fit"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    assert seen["shown"] and seen["lines"] > LEAST_LINES, seen
    assert seen["window"] == seen["before"], f"the review made the window grow: {seen}"
    assert seen["text_lines_on_screen"] >= LEAST_LINES, f"{screen} at {scale}: {seen}"
    assert seen["clipped"] == [] and seen["overlapping"] == [], seen
