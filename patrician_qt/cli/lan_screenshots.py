"""Render the LAN screens to PNG for the README: join list, lobby, game with chat, a pulled cable, a player away
as the host sees it, back with the story of the absence, the rematch, a host that is gone, resume hosting,
a table closed by its host.

Why: the issue asks to look at these screens as a user would; this plays real LAN tables on
127.0.0.1 (nothing else is touched) and grabs the real windows offscreen. The join list is
fed two table adverts directly, so the picture shows LAN addresses rather than 127.0.0.1.

    python -m patrician_qt.cli.lan_screenshots docs/screenshots [--lang de]
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from patrician_qt.engine import Event, TurnMap, View
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.lan.hosting import HostedGame
    from patrician_qt.ui.session.remote import RemoteSession

SIZE = (1280, 720)


class _QuickBots:
    """A seeded legal turn at once, from the seat's view only (real bots would only add waiting)."""

    async def choose(self, level: str, seat: int, view: View, history: Sequence[Event],
                     seed: int, deadline_s: float) -> TurnMap:
        from patrician_qt.engine import legal_turns, state_from_view

        return random.Random(seed).choice(legal_turns(state_from_view(view))).to_map()

    async def close(self) -> None:
        """Nothing to stop."""


def _wait(app: Any, cond: Any, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the screen did not get ready in time")
        app.processEvents()
        time.sleep(0.01)


def _settle(app: Any, seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def _with_dialog(window: Any, dialog: Any) -> Any:
    """The window with a dialog centred on it and the window dimmed, as a desktop shows a modal dialog."""
    from PySide6.QtGui import QColor, QPainter

    image = window.grab().toImage()
    shot = dialog.grab()
    p = QPainter(image)
    p.fillRect(image.rect(), QColor(20, 12, 6, 120))
    x = (image.width() - shot.width()) // 2
    y = (image.height() - shot.height()) // 2
    p.fillRect(x - 1, y - 1, shot.width() + 2, shot.height() + 2, QColor("#5A3E24"))
    p.drawPixmap(x, y, shot)
    p.end()
    return image


def _session(ctrl: AppController) -> RemoteSession:
    """The app's LAN session: the steps below run once it is connected."""
    session = ctrl.lan.session
    assert session is not None, "the app is not at a LAN table"
    return session


def _refused(problem: str) -> None:
    """The table refused what the script asked (the wait that follows then says it timed out)."""
    print(f"the table refused: {problem}", file=sys.stderr)


def _hosted(ctrl: AppController) -> HostedGame:
    """The table the app hosts: the steps below run once it is open."""
    hosted = ctrl.lan.hosted
    assert hosted is not None, "the app hosts no table"
    return hosted


def _shown_seq(ctrl: AppController) -> int:
    """The seq of the update the app's window shows (-1 before the first)."""
    shown = ctrl.window.shown_update
    return -1 if shown is None else shown.seq


def _text(widget: QWidget) -> str:
    """A label's text ("" for another widget)."""
    from PySide6.QtWidgets import QLabel

    return widget.text() if isinstance(widget, QLabel) else ""


def table_name(host: str) -> str:
    """The name the Host dialog gives a table, in the pictures' language ("Tisch von Anna" in German ones)."""
    from patrician_qt.ui.lan.host_dialog import default_table_name

    return default_table_name(host)


def render_all(out: Path, lang: str | None = None) -> list[Path]:
    """Write the PNGs into ``out``; returns their paths."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from patrician_qt.table import TableOptions
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.lan.options import LanOptions

    app = make_app(["patrician"], lang)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="patrician-shots-"))
    written: list[Path] = []

    def open_app(who: str, **client: Any) -> AppController:
        settings = QSettings(str(tmp / f"{who}.ini"), QSettings.Format.IniFormat)
        settings.setValue("lan/name", who.capitalize())
        ctrl = AppController(settings, tmp / who)
        ctrl.lan.options = LanOptions(bind="127.0.0.1", advertise=False, runner=_QuickBots(),
                                      client_options={"ping_interval": 0.5, **client},
                                      table_options=TableOptions(bot_deadline_s=0.05, bot_min_delay_s=0.0,
                                                                 takeover_after_s=8.0))
        ctrl.window.set_speed("instant")
        ctrl.window.resize(*SIZE)
        ctrl.show()
        return ctrl

    # 1. the join list with two tables
    from patrician_qt.net import DEFAULT_PORT
    from patrician_qt.net.discovery import TableAd, TableChange
    from patrician_qt.ui.lan.join_dialog import JoinDialog

    ben = open_app("ben", backoff=(4.0,), host_timeout=1.5)
    dialog = JoinDialog(ben.settings, ben.window, browse=False)
    for ad in (TableAd(table_name("Anna"), ["192.168.1.20"], DEFAULT_PORT, "lobby", 2, 4, 1),
               TableAd("Palazzo Pubblico", ["192.168.1.34"], DEFAULT_PORT, "playing", 0, 3, 1)):
        dialog.table_changed(TableChange("added", ad))
    first = dialog.tables.topLevelItem(0)
    assert first is not None
    first.setSelected(True)
    dialog.address.setText("192.168.1.20:47147")
    dialog.show()
    _settle(app)
    path = out / "lan-join.png"
    _with_dialog(ben.window, dialog).save(str(path))
    written.append(path)
    dialog.reject()

    # 2. the lobby, seen by the host
    from patrician_qt.ui.lan.hosting import HostSetup

    anna = open_app("anna")
    anna.lan.host(HostSetup(table_name("Anna"), "Anna", [("open", None), ("bot", "hard"), ("open", None)], port=0))
    _wait(app, lambda: anna.lan.session is not None and anna.lan.session.seat == 0)
    port = _hosted(anna).port
    from patrician_qt.ui.lan.join_dialog import JoinRequest

    ben.lan.join(JoinRequest("127.0.0.1", port, "Ben", "player", table_name("Anna")))
    _wait(app, lambda: ben.lan.session is not None and ben.lan.session.seat == 1)
    _wait(app, lambda: len(anna.lan.lobby.rows) == 4 and _text(anna.lan.lobby.rows[1]["name"]) == "Ben")
    for who, text in ((ben, "Ciao! Ready when you are."), (anna, "Waiting for Cleo, she is on her way."),
                      (ben, "Perfect, I'll get a coffee.")):
        _session(who).say(text)
        _wait(app, lambda t=text: any(line[1] == t for line in anna.lan.lobby.chat.lines))
    anna.lan.lobby.setup(table_name("Anna"), "192.168.1.20:47147", True)
    anna.lan.lobby.set_seats(_session(anna).lobby, 0)
    _settle(app)
    path = out / "lan-lobby.png"
    anna.window.grab().toImage().save(str(path))
    written.append(path)

    # 3. in the game, with the chat: Ben's window while Anna thinks
    _hosted(anna).start_now(_refused)
    _wait(app, lambda: ben.window.shown_update is not None and anna.window.shown_update is not None)
    rng = random.Random(11)
    from patrician_qt.engine import legal_turns, state_from_view

    turns = 0
    while turns < 11:
        for ctrl in (anna, ben):
            shown = ctrl.window.shown_update
            session, seat = _session(ctrl), _session(ctrl).seat
            if ctrl.window.controller.active and shown is not None and seat is not None:
                view = shown.view(seat)
                session.submit(seat, rng.choice(legal_turns(state_from_view(view))))
                before = shown.seq
                _wait(app, lambda c=ctrl, b=before: c.window.shown_update.seq > b)
                turns += 1
        _settle(app, 0.05)
    _wait(app, lambda: anna.window.controller.active and not ben.window.presenter.busy)
    for who, text in ((anna, "Siena is mine, don't even think about it"), (ben, "We'll see about that!"),
                      (anna, "Ben, your towers in Lucca look lonely")):
        _session(who).say(text)
        _wait(app, lambda t=text: any(line[1] == t for line in ben.lan.chat.lines))
    _settle(app, 0.5)
    path = out / "lan-game-chat.png"
    ben.window.grab().toImage().save(str(path))
    written.append(path)

    def save(ctrl: AppController, name: str, image: Any = None) -> None:
        path = out / name
        (image if image is not None else ctrl.window.grab().toImage()).save(str(path))
        written.append(path)

    def autoplay(ctrls: list[AppController], turns: int) -> None:
        """Play up to ``turns`` turns (a seeded legal turn for whoever may act), or to the end."""
        done = 0
        while done < turns:
            movers = [c for c in ctrls if c.window.controller.active and c.window.shown_update is not None]
            if not movers:
                if any(c.window.shown_update is not None and c.window.shown_update.over for c in ctrls):
                    return
                _settle(app, 0.05)
                continue
            c = movers[0]
            shown = c.window.shown_update
            session, seat = _session(c), _session(c).seat
            assert shown is not None and seat is not None
            session.submit(seat, rng.choice(legal_turns(state_from_view(shown.view(seat)))))
            _wait(app, lambda c=c, b=shown.seq: _shown_seq(c) > b)
            done += 1

    def log_has(ctrl: AppController, start: str) -> bool:
        model = ctrl.window.log_model
        return any(str(model.index(i, 0).data()).startswith(start) for i in range(model.rowCount()))

    # 4. a pulled cable as Ben's app sees it: nothing arrives any more (it reconnects a few seconds later)
    _session(ben).stop_reading()
    _wait(app, lambda: ben.lan.banner.mode == "reconnecting")
    _settle(app, 0.4)
    save(ben, "lan-reconnecting.png")
    _wait(app, lambda: not ben.lan.banner.isVisible(), timeout=30)

    # 5. Ben's app leaves the table: Anna sees him away, for how long, and when a bot takes his seat
    ben.lan.leave()
    _wait(app, lambda: any(a.get("takeover_in") is not None for a in _session(anna).absences()))
    _settle(app, 2.2)
    save(anna, "lan-away.png")
    _wait(app, lambda: bool(_session(anna).lobby[1].get("away")), timeout=30)
    autoplay([anna], 4)
    ben.lan.rejoin()  # back with his seat: the story of his absence in the log
    from PySide6.QtCore import QCoreApplication

    away = QCoreApplication.translate("Absence", "While you were away")
    _wait(app, lambda: ben.window.shown_update is not None and log_has(ben, away), timeout=30)
    _settle(app, 0.6)
    save(ben, "lan-back.png")

    # 6. the end of the game: Anna may start a rematch at this table; Ben's app asks him
    autoplay([anna, ben], 200)
    _wait(app, lambda: anna.window.score_sheet.isVisible() and ben.window.score_sheet.isVisible())
    _settle(app, 0.4)
    save(anna, "lan-rematch-offer.png")
    anna.lan.rematch()
    _wait(app, lambda: ben.lan.rematch_box is not None and ben.lan.rematch_box.isVisible())
    _settle(app, 0.4)
    save(ben, "lan-rematch.png", _with_dialog(ben.window, ben.lan.rematch_box))
    from PySide6.QtWidgets import QMessageBox

    box = ben.lan.rematch_box
    assert box is not None
    next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole).click()  # stay
    _hosted(anna).start_now(_refused)
    _wait(app, lambda: ben.window.shown_update is not None and not ben.window.shown_update.over)
    autoplay([anna, ben], 3)

    # 7. the host's app dies (no goodbye): nobody answers at its port; Ben's app says so after its next try
    _hosted(anna).close()  # the table and its server stop first, as in a crash: nobody says anything
    anna.lan.shutdown()
    anna.window.close()
    _wait(app, lambda: (tried := _session(ben).last_attempt) is not None and tried["cause"].kind == "refused",
          timeout=30)
    _settle(app, 0.4)
    save(ben, "lan-host-gone.png")

    # 8. Anna's app opened again while her game is unfinished (as after a crash): resume hosting it
    again = open_app("anna")
    _wait(app, again.start.resume_hosted_button.isVisible)
    _settle(app)
    save(again, "lan-resume-hosted.png")
    again.lan.resume_hosted()
    _wait(app, lambda: ben.lan.session is not None and ben.lan.session.state == "connected"
          and not ben.lan.banner.isVisible(), timeout=30)

    # 9. the host closes the table on purpose: told as such, the game is over, nothing to wait for
    again.lan.leave()
    _wait(app, lambda: ben.lan.banner.mode == "ended")
    _settle(app, 0.4)
    save(ben, "lan-table-closed.png")

    for ctrl in (again, ben, anna):
        ctrl.lan.shutdown()
        ctrl.window.close()
    return written


def main(argv: list[str] | None = None) -> int:
    """Render into the folder given (default docs/screenshots), in the language of ``--lang`` (default English)."""
    args = list(sys.argv[1:] if argv is None else argv)
    lang = None
    if "--lang" in args:
        i = args.index("--lang")
        lang = args[i + 1] if i + 1 < len(args) else None
        del args[i:i + 2]
    for path in render_all(Path(args[0] if args else "docs/screenshots"), lang):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
