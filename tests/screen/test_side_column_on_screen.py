"""The side column and the replay viewer as a real X server shows them at 150 % and 200 % (Xvfb + openbox).

The players list's scroll bar showed a black block on screen (a fresh ``grab()`` never did: it paints the
panel behind a transparent list), and the German replay viewer could not get narrower than 949 px, wider
than a 1366×768 laptop's 911 at 150 %. A review's verdict list showed the same black block at 100 %.
``side_column.py`` measures.
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


@pytest.mark.parametrize(("screen", "scale"), [("1920x1080", "2"), ("1366x768", "1.5"), ("1920x1080", "1")])
def test_no_black_scroll_bar_and_the_replay_viewer_fits(desktop_of: Callable[[str], Desktop], screen: str,
                                                        scale: str) -> None:
    env = dict(desktop_of(screen).env, QT_SCALE_FACTOR=scale, PATRICIAN_SCALE_LANG="de")
    r = subprocess.run([sys.executable, "-m", "tests.screen.side_column"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-3000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    # at 100 % five players fit the column; the verdict list is measured at every scale
    assert seen["scrolls"] or scale == "1", "the players list should scroll at the window's minimum size here"
    assert seen["scroll_bar_black"] < 0.02, f"{seen['scroll_bar_black']:.0%} of the scroll bar is black on screen"
    assert seen["verdicts_black"] is not None, "the replay's verdict list should be shown and scroll"
    assert seen["verdicts_black"] < 0.02, f"{seen['verdicts_black']:.0%} of the verdict list's scroll bar is black"
    replay = seen["replay"]
    assert replay["fits"] and replay["minimum fits"], replay
