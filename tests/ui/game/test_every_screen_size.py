"""Every screen at 1024×700, 1280×720, 1920×1080 and at 2× scale, in English and German:
no text cut (measured against its rectangle), no widget covering another or sticking out, no window forced
bigger than asked, card words on the board readable (tests/ui/screen_check.py says what each check measures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patrician_qt.ui.text import language
from tests.ui.screen_check import SIZES, check_all

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(("lang", "size"), [("de", "1024x700"), ("en", "1024x700"), ("de", "1280x720"),
                                            ("de", "1920x1080")])
def test_every_screen_fits(qapp, lang: str, size: str) -> None:  # type: ignore[no-untyped-def]
    assert language.install(lang)
    try:
        found = check_all(SIZES[size])
    finally:
        language.install("en")
    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("size", ["1024x700"])
def test_every_screen_fits_at_twice_the_scale(size: str) -> None:
    """2× is fixed when Qt starts: the same checks in a fresh process with QT_SCALE_FACTOR=2."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR="2",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "tests.ui.screen_check", "--lang", "de", "--size", size],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0 and last == "{}", (done.stdout[-3000:], done.stderr[-3000:])
