"""``patrician join INVITATION``: the app joins an internet table (iroh, 127.0.0.1, relays off) through the
same lobby and game as on the LAN; a broken invitation is told in words and nothing is dialled.

Runs only in a network namespace with loopback only (tests/net/test_iroh_namespace.py starts it there).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.iroh.namespace import SKIP_REASON, only_loopback

pytestmark = pytest.mark.skipif(not only_loopback(), reason=SKIP_REASON)

from .test_join_command import run_join_command  # noqa: E402
from .test_lan_drops import in_game  # noqa: E402
from .test_lan_game import TIMEOUT  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def internet_host(tmp_path: Path) -> Iterator[str]:
    """`patrician host --internet --direct-only` on 127.0.0.1 (a human seat and a bot); yields its invitation."""
    proc = subprocess.Popen([sys.executable, "-m", "patrician_qt.cli.host", "--no-zeroconf", "--bind", "127.0.0.1",
                             "--port", "0", "--internet", "--direct-only", "--seats", "human,bot:random",
                             "--bot-deadline", "0.05", "--autosave-dir", str(tmp_path / "host"), "--name", "Far"],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        invitation = next(line.strip() for line in proc.stdout if line.startswith("patrician:"))
        yield invitation
    finally:
        proc.terminate()
        proc.wait(10)


def test_join_by_invitation_takes_the_seat_and_plays(qtbot: Any, make_app: Any, monkeypatch: Any,
                                                     internet_host: str) -> None:
    ben = make_app("ben")
    assert run_join_command(monkeypatch, ben, internet_host, "--name", "Ben", "--direct-only") == 0
    qtbot.waitUntil(lambda: in_game(ben), timeout=TIMEOUT)  # both seats filled: the game starts
    session = ben.lan.session
    assert session.seat == 0 and session.table_name == "Far"
    assert session._client is not None and session._client.route == "direct"
    assert ben.settings.value("internet/relay") == "direct" and ben.settings.value("lan/name") == "Ben"


@pytest.mark.parametrize(("text", "says"), [("patrician:abcdefghijklmnopqrstuvwxyz234567", "cut short or mistyped"),
                                            ("patrician:not-an-invitation-at-all", "not a Patrician invitation")])
def test_a_broken_invitation_is_told_in_words_and_nothing_is_dialled(qtbot: Any, make_app: Any, monkeypatch: Any,
                                                                    text: str, says: str) -> None:
    app = make_app("ben")
    assert run_join_command(monkeypatch, app, text, "--name", "Ben") == 0
    assert app.lan.session is None
    title, words = app.lan.last_error
    assert title == "Cannot join by this invitation" and says in words
