"""No flying piece leaves pixels behind on a real X server (Xvfb + openbox, the xcb platform).

After bot turns with motion at every animation speed, the screen as the X server shows it must equal the
same window once every widget in it is repainted: in the replay viewer, against bots, at a hot-seat
table and in a LAN game hosted on 127.0.0.1 (discovery off). ``screen_game.py`` plays and counts.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.screen.desktop import Desktop, needs_desktop

ROOT = Path(__file__).resolve().parents[2]

pytestmark = needs_desktop


@pytest.fixture(scope="module")
def desktop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desktop]:
    d = Desktop(tmp_path_factory.mktemp("xdesktop"))
    d.start()
    yield d
    d.stop()


@pytest.mark.parametrize("scenario", ["replay", "bots", "hotseat", "lan"])
def test_the_screen_equals_a_full_repaint_after_every_bot_turn(desktop: Desktop, scenario: str,
                                                               tmp_path: Path) -> None:
    env = dict(desktop.env, PATRICIAN_SCREEN_KEEP=str(tmp_path / scenario))
    r = subprocess.run([sys.executable, "-m", "tests.screen.screen_game", scenario], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr[-3000:]
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert set(counts) == {"instant", "fast", "normal", "slow"} and all(counts.values()), counts
    stale = {speed: n for speed, n in counts.items() if any(n)}
    assert not stale, (f"{scenario}: pixels on screen differ from a full repaint after pieces landed "
                       f"(per speed, per compared moment): {stale}; pictures in {tmp_path}")
