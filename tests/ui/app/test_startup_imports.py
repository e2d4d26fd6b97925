"""Opening the app shows the start screen without loading what only a game or LAN play needs.

Why: start-up to the first window is a target (<= 0.6 s, packaging/README.md). asyncio alone
costs ~50-70 ms, the LAN controller and its dialogs ~40 ms; they are imported after the start
screen's first paint (what a local game needs, while the player reads it) or when LAN play starts.
The first window is timed against a bare PySide6 window by ``bench/startup.py --pairs``. Runs in a
fresh interpreter, as the ``patrician`` command does.
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


# The real start (``run_app``), watched by an application-wide filter: which modules are loaded when the
# first paint event arrives, and which once the game's parts are built right after it.
_FIRST_PAINT = r"""
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from patrician_qt.ui.app import run

app = run.make_app()
ctrls, report = [], {}

def after_build():
    if not ctrls or not getattr(ctrls[0].window, "game_built", True):
        QTimer.singleShot(10, after_build)
        return
    report["built"] = sorted(sys.modules)
    sound = ctrls[0].window.motion.sound
    sound.play("turn")  # the first sound of a game: now the library is loaded and a device looked for
    sound.wait()
    report["sounded"] = "miniaudio" in sys.modules
    app.quit()

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and "painted" not in report:
            report["painted"] = sorted(sys.modules)
            report["built_at_paint"] = bool(ctrls) and getattr(ctrls[0].window, "game_built", True)
            QTimer.singleShot(0, after_build)
        return False

watcher = FirstPaint()
app.installEventFilter(watcher)
QTimer.singleShot(20_000, app.quit)
run.run_app(["patrician"], then=ctrls.append)
print(json.dumps(report))
"""

#: what the start screen does not show: the game window's board and parts, the engine, bots, tables,
#: LAN play and discovery, the sound library, the rules window and the tutorial
NOT_BEFORE_FIRST_PAINT = (
    "patrician_qt.engine", "patrician_qt.bots", "patrician_qt.table", "patrician_qt.net", "zeroconf",
    "miniaudio", "asyncio", "patrician_qt.ui.game.game_page", "patrician_qt.ui.board.board_view",
    "patrician_qt.ui.game.presenter", "patrician_qt.ui.game.motion", "patrician_qt.ui.game.hint",
    "patrician_qt.ui.game.sound", "patrician_qt.ui.lan", "patrician_qt.ui.session.local",
    "patrician_qt.ui.reach.rules_window", "patrician_qt.ui.reach.tutorial", "patrician_qt.ui.app.continue_dialog",
)


def _first_paint_report(tmp_path) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "cfg"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    proc = subprocess.run([sys.executable, "-c", _FIRST_PAINT], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _among(loaded: list[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in names))


def test_the_start_screen_paints_before_the_game_window_engine_bots_net_and_sound_are_loaded(tmp_path):
    report = _first_paint_report(tmp_path)
    assert "painted" in report, "the window never painted"
    assert _among(report["painted"], NOT_BEFORE_FIRST_PAINT) == []
    assert not report["built_at_paint"]
    # right after that paint, with no click, the game window's parts are built (and what a first local game
    # imports follows them); the sound library, the network and discovery still wait for the first sound and
    # for LAN play (the saves were read, which names the table this app hosted, if any: net.hosted)
    built = report["built"]
    assert {"patrician_qt.ui.game.game_page", "patrician_qt.ui.board.board_view", "patrician_qt.engine"} <= set(built)
    assert _among(built, ("miniaudio", "zeroconf", "patrician_qt.net.discovery", "patrician_qt.net.client",
                          "patrician_qt.net.host", "patrician_qt.ui.lan.controller")) == []
    assert report["sounded"]  # and the first sound still finds its library
