"""Opening the app shows the start screen without loading what only a game or LAN play needs.

Why: start-up to the first window is a target (<= 0.6 s, packaging/README.md). asyncio alone
costs ~50-70 ms, the LAN controller and its dialogs ~40 ms; they are imported when a game
or LAN play starts. Runs in a fresh interpreter, as the ``patrician`` command does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

_SCRIPT = r"""
import json, sys
from PySide6.QtCore import QSettings
from patrician_qt.ui.app.run import make_app
app = make_app()
from patrician_qt.ui.app.flow import AppController
ctrl = AppController(QSettings(), __import__("pathlib").Path(sys.argv[1]))
ctrl.show()
app.processEvents()  # the first paint and the Continue / Rejoin check right after it
print(json.dumps(sorted(sys.modules)))
"""

NOT_AT_START = ("asyncio", "patrician_qt.net.client", "patrician_qt.net.host", "patrician_qt.net.discovery",
                "zeroconf", "msgpack", "patrician_qt.bots.levels", "patrician_qt.bots.ismcts",
                "patrician_qt.bots.runner",
                "patrician_qt.table.table", "patrician_qt.ui.lan.controller", "patrician_qt.ui.session.local",
                "patrician_qt.ui.session.remote", "multiprocessing")


def test_start_screen_needs_no_asyncio_network_bots_or_lan_controller(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "cfg"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, str(tmp_path / "appdata")], env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    loaded = set(json.loads(proc.stdout.strip().splitlines()[-1]))
    early = sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in NOT_AT_START))
    assert not early, early
