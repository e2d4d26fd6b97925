"""The ``<img src=/dev/zero>`` attack, run as its own process: ``python -m tests.ui.lan.dev_zero_probe [de]``.

A host and a joining app on 127.0.0.1 whose player names, table name, chat and the host's
message are ``<img src=/dev/zero>``; both apps go through the lobby and the game, a local
game with such names plays to the score sheet, and every window is painted and every tooltip
shown. Where Qt read any of it as rich text it would read /dev/zero without end; the test
(tests/ui/lan/test_hostile_ui.py) runs this under a time and memory limit. Prints OK at the end.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ZERO = "<img src=/dev/zero>"
ZERO2 = "<img src='/dev/zero'>"  # a second name: names are unique at a table
TIMEOUT_S = 30.0


def _wait(app: Any, cond: Any, what: str, ctrl: Any = None) -> None:
    end = time.monotonic() + TIMEOUT_S
    while not cond():
        if time.monotonic() > end:
            said = ctrl.lan.last_error if ctrl is not None else None
            raise SystemExit(f"timed out waiting for {what} (last message: {said})")
        app.processEvents()
        time.sleep(0.01)


def _show_everything(app: Any) -> int:
    """Paint every window and show every tooltip (widgets, item views, board items); returns how many tips."""
    from PySide6.QtCore import QModelIndex, QPoint, Qt
    from PySide6.QtWidgets import QAbstractItemView, QApplication, QGraphicsView, QToolTip, QWidget

    tips: list[str] = []
    for top in QApplication.topLevelWidgets():
        if top.isVisible():
            top.grab()
        for w in [top, *top.findChildren(QWidget)]:
            if w.toolTip():
                tips.append(w.toolTip())
            if isinstance(w, QAbstractItemView) and w.model() is not None:
                m = w.model()
                for r in range(m.rowCount(QModelIndex())):
                    tip = m.index(r, 0).data(Qt.ItemDataRole.ToolTipRole)
                    if isinstance(tip, str):
                        tips.append(tip)
            if isinstance(w, QGraphicsView) and w.scene() is not None:
                for item in w.scene().items():
                    if item.toolTip():
                        tips.append(item.toolTip())
                    tower_tip = getattr(item, "tower_tip", None)
                    if callable(tower_tip) and getattr(item, "row", None):
                        tips.extend(tower_tip(p) for p in "AB")
    for tip in tips:  # shown without their widgets: processing events may delete some
        QToolTip.showText(QPoint(10, 10), tip)
        app.processEvents()
        QToolTip.hideText()
    app.processEvents()
    return len(tips)


def main(argv: list[str] | None = None) -> int:
    """Run the attack; exit 0 and print OK when every screen was shown."""
    args = sys.argv[1:] if argv is None else argv
    import msgpack
    from PySide6.QtCore import QSettings

    from patrician_qt.net.host import HostConfig as NetHostConfig
    from patrician_qt.table import TableOptions
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.lan.hosting import HostSetup
    from patrician_qt.ui.lan.join_dialog import JoinRequest
    from patrician_qt.ui.lan.options import LanOptions
    from patrician_qt.ui.session.config import GameConfig, SeatConfig
    from tests.net.helpers import ViewRunner
    from tests.ui.lan.conftest import FAST_CLIENT, RawHost

    app = make_app(["patrician"], args[0] if args else "en")
    tmp = Path(tempfile.mkdtemp(prefix="patrician-dev-zero-"))

    def open_app(who: str) -> AppController:
        ctrl = AppController(QSettings(str(tmp / f"{who}.ini"), QSettings.Format.IniFormat), tmp / who)
        ctrl.lan.options = LanOptions(
            bind="127.0.0.1", advertise=False, client_options=dict(FAST_CLIENT), runner=ViewRunner(),
            table_options=TableOptions(bot_deadline_s=0.05, takeover_after_s=30.0),
            host_config=NetHostConfig(idle_timeout=2.0, hello_timeout=2.0, sweep_interval=0.1))
        ctrl.window.set_speed("instant")
        ctrl.window.resize(1280, 720)
        ctrl.show()
        return ctrl

    host, guest = open_app("host"), open_app("guest")
    host.lan.host(HostSetup(ZERO, ZERO, [("open", None), ("open", None), ("bot", "easy")], port=0))
    _wait(app, lambda: host.lan.session is not None and host.lan.session.seat == 0, "the host's lobby")
    guest.lan.join(JoinRequest("127.0.0.1", host.lan.hosted.port, ZERO2))
    _wait(app, lambda: guest.window.stack.currentWidget() is guest.lan.lobby, "the guest's lobby", guest)
    guest.lan.lobby.chat.send.emit(ZERO)
    _wait(app, lambda: (ZERO2, ZERO) in host.lan.lobby.chat.lines, "the chat line")
    host.lan.lobby.ask_remove(1, ZERO2)
    _show_everything(app)
    host.lan.lobby.confirm.reject()
    host.lan.lobby.startGame.emit()
    for ctrl in (host, guest):
        _wait(app, lambda c=ctrl: c.window.stack.currentWidget() is c.window.page and c.window._shown is not None,
              "the game")
    _show_everything(app)
    host.lan.leave()  # the guest's banner names the table
    _wait(app, lambda: guest.lan.banner.isVisible(), "the banner")
    _show_everything(app)
    guest.lan.leave()

    # a host of another make says something
    raw = RawHost(bytes(msgpack.packb({"t": "error", "code": "maintenance", "message": ZERO})))
    guest.lan.join(JoinRequest("127.0.0.1", raw.port, ZERO))
    _wait(app, lambda: guest.lan.message_box is not None and guest.lan.message_box.isVisible(), "the message")
    raw.close()
    _show_everything(app)
    guest.lan.message_box.accept()

    # bots named so play to the score sheet
    seats = [SeatConfig(ZERO, "black", "bot", "easy"), SeatConfig(ZERO2, "white", "bot", "easy")]
    host.start_game(GameConfig(seats, seed=2))
    _wait(app, lambda: host.window.score_sheet.isVisible(), "the score sheet")
    tips = _show_everything(app)
    print(f"OK {tips} tooltips shown")
    sys.stdout.flush()
    os._exit(0)  # the apps' loop threads need no orderly end here


if __name__ == "__main__":
    sys.exit(main())
