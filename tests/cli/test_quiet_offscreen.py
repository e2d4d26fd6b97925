"""Quiet commands: ``--self-test`` and ``screenshot`` print no "propagateSizeHints()" noise from the
offscreen platform, while Qt's other messages still reach stderr."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

NOISE = "propagateSizeHints"


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "cfg"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", "patrician_qt", *args], capture_output=True, text=True, env=env,
                          timeout=300, cwd=tmp_path)


def test_self_test_prints_no_platform_noise(tmp_path: Path) -> None:
    done = _run(["--self-test"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert NOISE not in done.stderr and NOISE not in done.stdout


def test_screenshot_prints_no_platform_noise(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    done = _run(["screenshot", "--turns", "1", "--size", "1024x700", str(out)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert out.is_file() and NOISE not in done.stderr


def test_other_qt_messages_still_reach_stderr(tmp_path: Path) -> None:
    code = ("from patrician_qt.ui.app.run import make_app\n"
            "from PySide6.QtCore import qWarning\n"
            "make_app(['x'], 'en')\n"
            "qWarning('a real warning')\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert "a real warning" in done.stderr
