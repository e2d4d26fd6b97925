"""A game started from the start screen moves the keyboard focus once, to the board (a real X server).

The start screen's focus (New game), hidden by the game's page, hopped through the turn bar's buttons (Hint,
Skip relocation, Confirm turn, each disabled in turn) to the board: 12 focus events at a game's start, which
a loaded Orca may not drop, and with them it was past its flood threshold and dropped the game's first news.
``game_start_focus.py`` starts the game and prints where the focus went.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.screen.desktop import Desktop, needs_desktop

ROOT = Path(__file__).resolve().parents[2]

pytestmark = needs_desktop


def test_a_game_started_from_the_start_screen_moves_the_focus_once_to_the_board(
        desktop_of: Callable[[str], Desktop]) -> None:
    r = subprocess.run([sys.executable, "-m", "tests.screen.game_start_focus"], cwd=ROOT,
                       env=desktop_of("1280x720").env, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-3000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    assert seen["on board"], seen
    assert [w for w in seen["passed"] if w != seen["board"]] == [], seen
