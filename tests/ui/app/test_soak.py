"""A short evening of games in one process leaves nothing behind.

Runs ``bench/soak.py`` for 8 games of every kind (bots, hot-seat, hint, continue/load, replay,
a LAN game hosted from the app with a guest who leaves and rejoins), bots' moves hurried. The
counts between games must not grow with the number of games: file descriptors, threads, child
processes, live sessions, tables and event loops. Memory figures are printed by the bench,
never asserted here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FLAT = ("fds", "threads", "children", "sessions", "tables", "loops")


@pytest.mark.slow
def test_an_evening_of_games_keeps_fds_threads_and_sessions_flat(tmp_path: Path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "soak.py"), "--games", "8", "--hurry",
                           "--warmup", "1"], capture_output=True, text=True, timeout=900, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    result = json.loads(lines[-1])
    assert result["games"] == 8 and result["mode"] == "app"
    kinds = [line.split()[1] for line in lines[1:-1]]
    assert kinds == ["bot", "hotseat", "hint", "continue", "replay", "lan", "bot", "hotseat"]
    for key in FLAT:
        low, high = result["after_first_game"][key]
        assert low == high, f"{key} changed from game to game: {lines}"
        assert result["growth_per_game"][key] == 0, key
    assert result["last"]["sessions"] == result["last"]["tables"] == result["last"]["loops"] == 0
    assert not list(tmp_path.iterdir()), "the soak's files were not removed"
