"""Play all evening: one process, the real window offscreen, game after game.

Run by hand (figures go to docs/figures.md, never asserted; tests/ui/app/test_soak.py runs a short
version and checks only that counts stay flat)::

    nice -n 10 python bench/soak.py --games 100              # every kind in turn, Normal speed
    nice -n 10 python bench/soak.py --games 50 --kinds lan    # LAN games hosted from the app
    nice -n 10 python bench/soak.py --games 50 --headless     # the headless host (`patrician host --once`)
    bash -c 'ulimit -n 128; python bench/soak.py --games 100'

``--write docs/figures.md`` writes the row of what the run was (bench/figures_table.py): ``soak.evening``
from a run of every kind, ``soak.lan`` from ``--kinds lan``, ``soak.headless`` from ``--headless``; a run of
other kinds writes nothing.

Kinds of game, played in turn through the app's own buttons and dialogs:

- ``bot``: bots only, started with "Play again" / "New game…" and the New game dialog;
- ``hotseat``: two humans at this machine, through the privacy screen, turns by clicks;
- ``hint``: a human against a bot who asks the Hard bot for a hint now and then;
- ``continue``: a human against a bot: a few turns, Game ▸ Save game…, Game ▸ Main menu
  ("Leave the game"), Continue, played out; then the saved game loaded and played out;
- ``replay``: the last finished game's record in the replay viewer, stepped, then closed;
- ``lan``: a table hosted from the app on 127.0.0.1 (no zeroconf) with a bot and a second
  app as guest; the guest leaves mid-game and rejoins; at the end the guest leaves and the host
  closes the table, or (every other LAN game) the host closes it under the guest.

Bots' moves are shown at Normal speed with the city glows (``--speed``); ``--hurry`` shows each
bot turn's first step, then the rest at once (the player pressing Space), for a quick run.
Between games (the finished one closed, as the next one's start closes it) the process is
measured: resident memory, Python objects, live sessions and tables, open event loops, file
descriptors, threads (Python and all), child processes, and with ``--qobjects`` the Qt objects
under the windows. The last line is JSON with the growth per game after the warm-up and each
count's range after the first game.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# run as a script, bench/ is first on the path and bench/net.py would hide the net package
sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from bench.figures_table import Row, when, write_rows  # noqa: E402

KINDS = ("bot", "hotseat", "hint", "continue", "replay", "lan")
GAME_TIMEOUT_S = 900.0
LOOPBACK = "127.0.0.1"


def _on_screen() -> str:
    """What each visible window and message box says (a stuck soak tells where it stands)."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    said = []
    for w in QApplication.topLevelWidgets():
        if w.isVisible():
            text = w.text() if isinstance(w, QMessageBox) else ""
            said.append(f"{type(w).__name__}({w.windowTitle()!r}{', ' + repr(text) if text else ''})")
    return "; ".join(said) or "nothing"


class SoakError(Exception):
    """The app did not get where a player would have got (what was awaited is said)."""


# -- measuring -----------------------------------------------------------------------------------------------
def _proc_count(path: str) -> int:
    try:
        return len(os.listdir(path))
    except OSError:
        return -1


def _children() -> int:
    """Child processes of this process (bot workers, the resource tracker), zombies included."""
    kids: set[str] = set()
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/children") as f:
                kids.update(f.read().split())
        except OSError:
            pass
    return len(kids)


def _rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def measure(qt: Any = None, qobjects: bool = False) -> dict[str, int]:
    """What the process holds now (after deferred deletes and a full collection)."""
    if qt is not None:
        qt.settle()
    gc.collect()
    gc.collect()
    objects = gc.get_objects()
    sessions = tables = loops = 0
    session_cls: Any = sys.modules.get("patrician_qt.ui.session.contract")
    table_mod: Any = sys.modules.get("patrician_qt.table.table")
    for o in objects:
        if session_cls is not None and isinstance(o, session_cls.Session):
            sessions += 1
        elif table_mod is not None and isinstance(o, table_mod.Table):
            tables += 1
        elif isinstance(o, asyncio.AbstractEventLoop) and not o.is_closed():
            loops += 1
    n_objects = len(objects)
    del objects
    out = {
        "rss_kb": _rss_kb(),
        "objects": n_objects,
        "sessions": sessions,
        "tables": tables,
        "loops": loops,
        "fds": _proc_count("/proc/self/fd") - 1,  # less the one listing the folder
        "threads": threading.active_count(),
        "os_threads": _proc_count("/proc/self/task"),
        "children": _children(),
    }
    if qt is not None and qobjects:
        out["qobjects"] = qt.qobjects()
    return out


def slope(ys: list[float]) -> float:
    """Least-squares growth per game."""
    n = len(ys)
    if n < 2:
        return 0.0
    mx, my = (n - 1) / 2, sum(ys) / n
    return sum((i - mx) * (y - my) for i, y in enumerate(ys)) / sum((i - mx) ** 2 for i in range(n))


def slope_error(ys: list[float]) -> float:
    """The standard error of the least-squares growth per game (how far the slope is from noise)."""
    n = len(ys)
    if n < 3:
        return 0.0
    b = slope(ys)
    mx, my = (n - 1) / 2, sum(ys) / n
    residual = sum((y - my - b * (i - mx)) ** 2 for i, y in enumerate(ys))
    return float((residual / (n - 2) / sum((i - mx) ** 2 for i in range(n))) ** 0.5)


COUNTS = ("sessions", "tables", "loops", "fds", "threads", "os_threads", "children")


def summary(rows: list[dict[str, Any]], warmup: int, extra: dict[str, Any]) -> dict[str, Any]:
    """Growth per game after the warm-up, and each count's [min, max] after the first game."""
    keys = [k for k in rows[0] if k not in ("game", "kind", "secs")]
    after = rows[warmup:]
    later = rows[1:] or rows
    return {
        **extra,
        "games": len(rows),
        "warmup": warmup,
        "growth_per_game": {k: round(slope([float(r[k]) for r in after]), 2) for k in keys},
        "rss_kb_growth_error": round(slope_error([float(r["rss_kb"]) for r in after]), 2),
        "after_first_game": {k: [min(r[k] for r in later), max(r[k] for r in later)] for k in COUNTS if k in rows[0]},
        "first": {k: rows[0][k] for k in keys},
        "last": {k: rows[-1][k] for k in keys},
        "seconds": round(sum(r["secs"] for r in rows), 1),
    }


def report(rows: list[dict[str, Any]], row: dict[str, Any]) -> None:
    """One line per game."""
    rows.append(row)
    if len(rows) == 1:
        print("  ".join(f"{k:>9}" for k in row), flush=True)
    print("  ".join(f"{v:>9}" if not isinstance(v, float) else f"{v:>9.1f}" for v in row.values()), flush=True)


# -- the app ------------------------------------------------------------------------------------------------
class App:
    """One AppController (window, start screen, LAN) driven like a player would, with clicks."""

    def __init__(self, qt: Qt, who: str, root: Path, speed: str, hurry: bool) -> None:
        from PySide6.QtCore import QSettings

        from patrician_qt.ui.app.flow import AppController
        from patrician_qt.ui.lan.options import LanOptions

        self.qt = qt
        self.root = root / who
        self.root.mkdir(parents=True, exist_ok=True)
        settings = QSettings(str(self.root / "settings.ini"), QSettings.Format.IniFormat)
        self.ctrl = AppController(settings, self.root / "data")
        self.ctrl.lan.options = LanOptions(bind=LOOPBACK, browse_interfaces=[LOOPBACK], advertise=False)
        self.window = self.ctrl.window
        self.window.set_speed(speed)
        self.window.resize(1280, 720)
        self.ctrl.show()
        self.shown: Any = None
        self.window.shown.connect(self._on_shown)
        if hurry:
            self.window.presenter.stepShown.connect(self._hurry)

    def _on_shown(self, update: Any) -> None:
        self.shown = update

    def _hurry(self, _step: object) -> None:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, self.window.menus.act_skip_anim.trigger)  # Space: the bot's other steps at once

    # -- states -----------------------------------------------------------------------------------------
    def over(self) -> bool:
        """The game on screen is over and everything received has been shown."""
        return self.shown is not None and self.shown.over and not self.window.presenter.busy

    def my_turn(self) -> bool:
        """A human at this window may act now (or must pass the privacy screen)."""
        return self.window.controller.active or self.window.privacy.isVisible()

    def on_start_screen(self) -> bool:
        """The start screen is shown."""
        return self.window.stack.currentWidget() is self.ctrl.start

    # -- acting -------------------------------------------------------------------------------------------
    def act(self, rng: random.Random, hint: bool = False) -> None:
        """Pass the privacy screen, or play the turn being built by clicking only what is lit."""
        w = self.window
        if w.privacy.isVisible():
            self.qt.click(w.privacy.button)
            return
        c = w.controller
        if hint and w.turn_bar.hint.isEnabled():
            self.qt.click(w.turn_bar.hint)
            self.qt.wait(lambda: w.turn_bar.hint.isEnabled() or not c.active, 60, "the hint")
            if not c.active:
                return
        self.qt.pump(0)
        self.qt.click_item(w.hand_view.viewport(), self._hand_rect(rng.choice(self._lit_cards())).center())
        for _ in range(12):
            step = c.step
            if step == "build":
                city, plot = rng.choice(self._lit_plots())
                self._click_board(city, "plot", plot)
            elif step == "relocate":
                plots = self._lit_plots()
                if plots and rng.random() < 0.5:
                    city, plot = rng.choice(plots)
                    self._click_board(city, "plot", plot)
                else:
                    self.qt.click(w.turn_bar.skip)
            elif step == "take":
                self._click_board(rng.choice([n for n, p in w.scene.panels.items() if p.marks.card]), "card")
            elif step == "done":
                self.qt.click(w.turn_bar.confirm)
                return
            else:
                raise SoakError(f"unexpected step {step!r}")
        raise SoakError("the turn did not finish in 12 clicks")

    def _lit_cards(self) -> list[str]:
        from patrician_qt.ui.board.hand_model import HandModel

        m = self.window.hand_model
        return [m.index(i, 0).data(HandModel.CardRole) for i in range(m.rowCount())
                if m.index(i, 0).data(HandModel.LegalRole)]

    def _hand_rect(self, card: str) -> Any:
        from patrician_qt.ui.board.hand_model import HandModel

        m = self.window.hand_model
        for i in range(m.rowCount()):
            if m.index(i, 0).data(HandModel.CardRole) == card:
                return self.window.hand_view.visualRect(m.index(i, 0))
        raise SoakError(f"{card} is not in the hand")

    def _lit_plots(self) -> list[tuple[str, str]]:
        return [(city, p) for city, panel in self.window.scene.panels.items() for p in sorted(panel.marks.plots)]

    def _click_board(self, city: str, kind: str, plot: str | None = None) -> None:
        w = self.window
        pos = w.board_view.mapFromScene(w.scene.scene_point(city, kind, plot))
        self.qt.click_item(w.board_view.viewport(), pos)

    def new_game(self, kinds: list[str], seed: int) -> None:
        """Start a game as a player does: Play again, or New game…, then the New game dialog."""
        w = self.window
        self.shown = None
        self.qt.later(lambda: self._fill_new_game(kinds, seed, 200))
        if w.score_sheet.isVisible():
            self.qt.click(w.score_sheet.again)
        elif self.on_start_screen():
            self.qt.click(self.ctrl.start.new_button)
        else:
            w.menus.act_new.trigger()
        self.qt.wait(lambda: w.session is not None and w.stack.currentWidget() is w.page, 30, "the new game")

    def _fill_new_game(self, kinds: list[str], seed: int, tries: int) -> None:
        from PySide6.QtWidgets import QApplication, QDialogButtonBox

        from patrician_qt.ui.app.new_game_dialog import NewGameDialog

        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NewGameDialog):
            if tries > 0:
                self.qt.later(lambda: self._fill_new_game(kinds, seed, tries - 1), 20)
            return
        dialog.count.setValue(len(kinds))
        for combo, kind in zip(dialog.kinds, kinds, strict=False):
            want = ("human", None) if kind == "human" else ("bot", kind.split(":")[1])
            combo.setCurrentIndex(next(i for i in range(combo.count()) if tuple(combo.itemData(i)) == want))
        dialog.seed.setText(str(seed))
        self.qt.click(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))

    def to_start(self) -> None:
        """Game ▸ Main menu, "Leave the game" when asked (an unfinished game stays in its autosave)."""
        self.window.menus.act_main_menu.trigger()
        guard = self.ctrl.guard
        if guard.box is not None and guard.box.isVisible() and guard.leave_button is not None:
            self.qt.click(guard.leave_button)
        self.qt.wait(self.on_start_screen, 10, "the start screen")


class Qt:
    """The Qt side of the soak: the application, waiting on conditions, clicks."""

    def __init__(self) -> None:
        from patrician_qt.ui.app.run import make_app

        self.app = make_app(["patrician-soak"], "en")
        self._loop: Any = None
        self._timer: Any = None
        self._later: list[Callable[[], None]] = []
        self._later_timer: Any = None

    def pump(self, ms: int = 10) -> None:
        """Run the event loop for ``ms`` (deferred deletes included, as in the app's own loop).

        One event loop and one timer serve every pump (a new pair each time would be measured
        as the soak's own garbage); a pump inside a pump gets a pair of its own.
        """
        from PySide6.QtCore import QEventLoop, QTimer

        if self._loop is None or self._loop.isRunning():
            loop, timer = QEventLoop(), QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(loop.quit)
            if self._loop is None:
                self._loop, self._timer = loop, timer
        else:
            loop, timer = self._loop, self._timer
        timer.start(ms)
        loop.exec()

    def settle(self) -> None:
        """Let queued signals and deferred deletes run."""
        from PySide6.QtCore import QCoreApplication, QEvent

        for _ in range(3):
            self.pump(5)
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)

    def wait(self, cond: Callable[[], bool], timeout_s: float, what: str) -> None:
        """Run the event loop until ``cond()``; SoakError after ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        while not cond():
            if time.monotonic() > deadline:
                raise SoakError(f"waited {timeout_s:.0f} s for {what}; on screen: {_on_screen()}")
            self.pump(10)

    def later(self, fn: Callable[[], None], ms: int = 0) -> None:
        """Call ``fn`` from the event loop (e.g. inside a modal dialog's own loop), through one reused timer."""
        from PySide6.QtCore import QTimer

        if self._later_timer is None:
            self._later_timer = QTimer()
            self._later_timer.setSingleShot(True)
            self._later_timer.timeout.connect(self._run_later)
        self._later.append(fn)
        self._later_timer.start(ms)

    def _run_later(self) -> None:
        calls, self._later = self._later, []
        for fn in calls:
            fn()

    def click(self, button: Any) -> None:
        """Click a button where a player would."""
        if not button.isEnabled() or not button.isVisible():
            raise SoakError(f"the button {button.text()!r} cannot be clicked now")
        self.click_item(button, button.rect().center())

    def click_item(self, widget: Any, pos: Any) -> None:
        """Click a point of a widget."""
        from PySide6.QtCore import Qt as QtNS
        from PySide6.QtTest import QTest

        self.pump(0)  # laid out as the player sees it
        QTest.mouseClick(widget, QtNS.MouseButton.LeftButton, QtNS.KeyboardModifier.NoModifier, pos)

    def qobjects(self) -> int:
        """Qt objects under the app's windows (dialogs and animations left behind show here).

        Only with ``--qobjects``: listing Qt's own inner objects (a combo box's popup, a text
        document's frames) makes Python wrappers for them, which PySide keeps after Qt deletes those
        objects (about 25 a LAN game here), so counting them adds to the Python objects counted.
        """
        from PySide6.QtCore import QObject
        from PySide6.QtWidgets import QApplication

        return sum(1 + len(w.findChildren(QObject)) for w in QApplication.topLevelWidgets() if w.parent() is None)


# -- the kinds of game --------------------------------------------------------------------------------------
class Evening:
    """The player's evening: one app (plus a LAN guest), game after game."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.qt = Qt()
        self.tmp = Path(tempfile.mkdtemp(prefix="patrician-soak-"))
        self.me = App(self.qt, "me", self.tmp, args.speed, args.hurry)
        self.guest: App | None = None
        self.rng = random.Random(args.seed)
        self.last_record: Path | None = None
        self.n = 0
        self.lan_games = 0

    def play_out(self, apps: list[App], hint_every: int = 0, until: Callable[[], bool] | None = None) -> None:
        """Act for every human at these windows until the game is over everywhere (or ``until()``)."""
        deadline = time.monotonic() + GAME_TIMEOUT_S
        turns = 0
        while not all(a.over() for a in apps):
            if until is not None and until():
                return
            if time.monotonic() > deadline:
                raise SoakError("the game did not end in time")
            acted = False
            for a in apps:
                if a.my_turn():
                    hint = bool(hint_every) and a.window.controller.active and turns % hint_every == 0
                    if a.window.controller.active:
                        turns += 1
                    a.act(self.rng, hint=hint)
                    acted = True
            if not acted:
                self.qt.pump(10)

    def keep_record(self) -> None:
        """Save the finished game's record (for the replay viewer), as the score sheet's Save does."""
        path = self.tmp / "last.patrician.json"
        self.me.window.save_record(path)
        self.last_record = path

    def bot(self) -> None:
        n = 2 + self.n % 2
        self.me.new_game(["bot:easy"] * n, self.n)
        self.play_out([self.me])
        self.keep_record()

    def hotseat(self) -> None:
        self.me.new_game(["human", "human"], self.n)
        self.play_out([self.me])
        self.keep_record()

    def hint(self) -> None:
        self.me.new_game(["human", "bot:easy"], self.n)
        self.play_out([self.me], hint_every=3)
        self.keep_record()

    def cont(self) -> None:
        """A few turns, Save game…, Main menu, Continue and play out; then Load the save and play it out."""
        me = self.me
        me.new_game(["human", "bot:easy"], self.n)
        self.play_out([me], until=self._turns_of(me, 3))
        saved = self.tmp / "saved.patrician.json"
        if not me.window.files.save_game(saved):  # Game ▸ Save game… once its file dialog is answered
            raise SoakError("the game could not be saved")
        me.to_start()
        me.shown = None
        self.qt.click(me.ctrl.start.continue_button)
        self._pick_first_unfinished()
        self.qt.wait(lambda: me.window.session is not None, 30, "the continued game")
        self.play_out([me])
        me.shown = None
        if me.ctrl.resume(saved) is None:  # "Load a saved game…" once its file dialog is answered
            raise SoakError("the saved game could not be loaded")
        self.play_out([me])
        self.keep_record()

    def _pick_first_unfinished(self) -> None:
        """With several unfinished games Continue lists them: the newest (the one just left) is first."""
        dialog = self.me.ctrl.continue_dialog
        if dialog is None or not dialog.isVisible():
            return
        dialog.games.setCurrentItem(dialog.games.topLevelItem(0))
        self.qt.click(dialog.continue_button)

    def _turns_of(self, app: App, n: int) -> Callable[[], bool]:
        """A condition: the human at ``app`` has been asked ``n`` more times to play."""
        seen = {"n": 0, "ready": False}

        def done() -> bool:
            active = app.window.controller.active
            if active and not seen["ready"]:
                seen["n"] += 1
            seen["ready"] = active
            return seen["n"] > n

        return done

    def replay(self) -> None:
        me = self.me
        if self.last_record is None:
            self.bot()
            return
        me.shown = None
        if not me.window.files.open_replay(self.last_record):  # "Replay a record…" once its file dialog is answered
            raise SoakError("the record could not be replayed")
        bar = me.window.page.replay_bar
        for _ in range(8):
            self.qt.click(bar.forward)
            self.qt.wait(lambda: not me.window.presenter.busy, 60, "a replayed turn")
        self.qt.click(bar.last)
        self.qt.wait(lambda: not me.window.presenter.busy, 60, "the end of the replay")
        self.qt.click(bar.close_button)
        self.qt.wait(me.on_start_screen, 10, "the start screen after the replay")

    def lan(self) -> None:
        from PySide6.QtWidgets import QApplication

        from patrician_qt.ui.lan.host_dialog import HostDialog
        from patrician_qt.ui.lan.join_dialog import JoinRequest

        me = self.me
        if self.guest is None:
            self.guest = App(self.qt, "guest", self.tmp, self.args.speed, self.args.hurry)
        guest = self.guest
        for a in (me, guest):
            if not a.on_start_screen():
                a.to_start()
            a.shown = None
        port = _free_port()
        self.qt.click(me.ctrl.start.host_button)
        self.qt.wait(lambda: isinstance(me.ctrl.lan.dialog, HostDialog) and me.ctrl.lan.dialog.isVisible(), 10,
                     "the host dialog")
        dialog = me.ctrl.lan.dialog
        dialog.player.setText("Host")
        dialog.table.setText("Soak")
        dialog.count.setValue(3)
        dialog.kinds[0].setCurrentIndex(0)  # open for a player
        dialog.kinds[1].setCurrentIndex(next(i for i in range(dialog.kinds[1].count())
                                             if tuple(dialog.kinds[1].itemData(i)) == ("bot", "easy")))
        dialog.port.setValue(port)
        self.qt.click(dialog.ok)
        self.qt.wait(lambda: me.ctrl.lan.session is not None and me.ctrl.lan.session.welcome is not None, 30,
                     "the host's own seat")
        guest.ctrl.lan.join(JoinRequest(LOOPBACK, port, "Guest", "player", "Soak"))  # "Join" by address
        start = me.ctrl.lan.lobby.start_button  # enabled from two seats on ("Start with 2 players"): wait for all
        self.qt.wait(lambda: start.isEnabled() and start.text() == "Start the game", 30, "every seat filled")
        self.qt.click(me.ctrl.lan.lobby.start_button)  # the host starts the game (the app never skips the lobby)
        self.qt.wait(lambda: me.window.session is not None and guest.window.session is not None, 30,
                     "the LAN game to start")
        self.play_out([me, guest], until=self._turns_of(guest, 2))
        if not guest.over():  # the guest leaves mid-game and takes the seat back with Rejoin
            guest.ctrl.lan.leave()
            self.qt.wait(guest.on_start_screen, 10, "the guest's start screen")
            guest.shown = None
            self.qt.click(guest.ctrl.start.rejoin_button)
            self.qt.wait(lambda: guest.window.session is not None and guest.shown is not None, 30,
                         "the guest back at the table")
        self.play_out([me, guest])
        self.lan_games += 1
        if self.lan_games % 2:  # the guest leaves first, or the host closes the table under the guest
            guest.ctrl.lan.leave()
            me.ctrl.lan.leave()  # "Close the table"
        else:
            me.ctrl.lan.leave()
            self.qt.wait(lambda: guest.ctrl.lan.session is None
                         or guest.ctrl.lan.session.state in ("reconnecting", "closed"), 30,
                         "the guest to see the table gone")
            guest.ctrl.lan.leave()
        for a in (me, guest):
            self.qt.wait(a.on_start_screen, 10, "the start screen after the LAN game")
        modal = QApplication.activeModalWidget()
        if modal is not None:
            raise SoakError(f"a dialog is left open: {modal.windowTitle()!r}")

    def play(self, kind: str) -> None:
        """One game of a kind."""
        {"bot": self.bot, "hotseat": self.hotseat, "hint": self.hint, "continue": self.cont,
         "replay": self.replay, "lan": self.lan}[kind]()
        self.n += 1

    def between(self) -> None:
        """Between two games: the finished one is closed, as starting the next one closes it first.

        Measuring here compares like with like: a bot game on its score sheet still holds its
        table and worker, a LAN game ends on the start screen; between games nothing is held.
        """
        self.me.window.close_session()

    def close(self) -> None:
        """Quit as a player does: close the windows; then the soak's files go."""
        for a in (self.me, self.guest):
            if a is not None:
                a.window.close()
        self.qt.settle()
        shutil.rmtree(self.tmp, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def run_app(args: argparse.Namespace) -> list[dict[str, Any]]:
    """N games in the app, printing one line each."""
    evening = Evening(args)
    kinds = args.kinds.split(",")
    rows: list[dict[str, Any]] = []
    try:
        for g in range(args.games):
            kind = kinds[g % len(kinds)]
            t0 = time.monotonic()
            evening.play(kind)
            secs = time.monotonic() - t0
            evening.between()
            report(rows, {"game": g + 1, "kind": kind, "secs": secs, **measure(evening.qt, args.qobjects)})
    finally:
        evening.close()
    return rows


# -- the headless host ----------------------------------------------------------------------------------------
async def _guest(port: int, seed: int) -> None:
    """A player over TCP: random legal turns; leaves after two turns and rejoins with the token."""
    from patrician_qt.bots.levels import choose_turn
    from patrician_qt.net.client import Client, RefusedError

    client = Client(reconnect=False)
    for _ in range(200):  # the host is starting in its thread
        try:
            await client.connect(LOOPBACK, port, "Guest")
            break
        except RefusedError:
            client = Client(reconnect=False)
            await asyncio.sleep(0.02)
    else:
        raise SoakError(f"no host on port {port}")
    token, played, rejoined = client.token, 0, False
    while True:
        msg = await client.next_of("update", timeout=60)
        view = msg["view"]
        if view["over"]:
            break
        if view["to_move"] != client.seat:
            continue
        await client.send_turn(choose_turn("random", client.seat, view, [], seed + played))
        played += 1
        if played == 2 and not rejoined:
            await client.close()
            client = Client(reconnect=False)
            await client.connect(LOOPBACK, port, "Guest", token=token)
            rejoined = True
    await client.close()


def run_headless(args: argparse.Namespace) -> list[dict[str, Any]]:
    """N games of the headless host (``patrician host --once``) in this one process, a guest over TCP."""
    from patrician_qt.cli.host import main as host_main

    tmp = Path(tempfile.mkdtemp(prefix="patrician-soak-host-"))
    rows: list[dict[str, Any]] = []
    for g in range(args.games):
        t0 = time.monotonic()
        port = _free_port()
        argv = ["--name", "Soak", "--bind", LOOPBACK, "--port", str(port), "--seats", "human,bot:easy,bot:easy",
                "--seed", str(g), "--autosave-dir", str(tmp), "--no-zeroconf", "--once", "--quiet"]
        status: list[int] = []
        host = threading.Thread(target=lambda a=argv, s=status: s.append(host_main(a)), name="soak-host")
        host.start()
        asyncio.run(_guest(port, g))
        host.join(60)
        if host.is_alive() or status != [0]:
            raise SoakError(f"the headless host did not end cleanly: {status}")
        report(rows, {"game": g + 1, "kind": "headless", "secs": time.monotonic() - t0, **measure()})
    shutil.rmtree(tmp, ignore_errors=True)
    return rows


#: the most a game may add to the resident memory, after the warm-up (the rows' target)
RSS_TARGET_KB = 20


def _span(result: dict[str, Any], key: str) -> str:
    """A count after the first game: one number when flat, else its range."""
    low, high = result["after_first_game"][key]
    return str(low) if low == high else f"{low}–{high}"


def _flat(result: dict[str, Any]) -> bool:
    """Every count the same after each game."""
    return all(low == high for low, high in result["after_first_game"].values())


def _rss(result: dict[str, Any]) -> str:
    """RSS growth a game after the warm-up, with its standard error (said when over the target), and the Python
    objects' (a steady rise there is a leak the allocator may hide for a while)."""
    growth = result["growth_per_game"]
    over = " (**over the target**)" if growth["rss_kb"] > RSS_TARGET_KB else ""
    objects = f", Python objects {growth['objects']:+.0f} a game" if "objects" in growth else ""
    return (f"RSS {growth['rss_kb']:+.1f} ± {result['rss_kb_growth_error']:.1f} KB a game{over}{objects}, after "
            f"{result['warmup']} warm-up games")


def rows(result: dict[str, Any], command: str, stamp: str) -> list[Row]:
    """The figures table's row of this run: the evening of every kind, LAN games only, or the headless host."""
    how = f"{command}, {stamp}"
    counts = ", ".join(f"{name} {_span(result, key)}" for key, name in (
        ("fds", "fds"), ("threads", "Python threads"), ("children", "child processes"), ("sessions", "live sessions"),
        ("tables", "tables"), ("loops", "open event loops")))
    shape = "flat" if _flat(result) else "**not flat**"
    limit = result["fd_limit"]
    ulimit = f", under `ulimit -n {limit}`" if 0 < limit < 1024 else ""
    if result["mode"] == "headless":
        return [Row("soak.headless", f"the headless host (`patrician host --once`), {result['games']} games, a guest "
                    f"over TCP who leaves and rejoins{ulimit}", f"after every game {counts} ({shape}); "
                    f"{_rss(result)}; {result['seconds']:.0f} s", f"flat; < {RSS_TARGET_KB} KB a game", how)]
    if result["kinds"] == ",".join(KINDS):
        return [Row("soak.evening", f"an evening in one process: {result['games']} games of bots only, hot-seat, "
                    "hint, save/continue/load, replay and a LAN game with a guest who leaves and rejoins" + ulimit,
                    f"finished ({result['seconds']:.0f} s); after every game {counts} ({shape}); {_rss(result)}",
                    f"flat; < {RSS_TARGET_KB} KB a game", how)]
    if result["kinds"] == "lan":
        return [Row("soak.lan", f"LAN games hosted from the app, {result['games']} games, a second app as guest who "
                    f"leaves and rejoins{ulimit}", f"after every game {counts} ({shape}); {_rss(result)}; "
                    f"{result['seconds']:.0f} s", f"flat; < {RSS_TARGET_KB} KB a game", how)]
    return []


def main(argv: list[str] | None = None) -> int:
    """Parse, play, print; the last line is JSON."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--kinds", default=",".join(KINDS), help=f"comma list of {', '.join(KINDS)}")
    p.add_argument("--speed", default="normal", choices=("instant", "fast", "normal", "slow"))
    p.add_argument("--hurry", action="store_true", help="show each bot turn's first step, then the rest at once")
    p.add_argument("--headless", action="store_true", help="the headless host instead of the app")
    p.add_argument("--warmup", type=int, default=10, help="games left out of the growth figures")
    p.add_argument("--seed", type=int, default=20)
    p.add_argument("--qobjects", action="store_true",
                   help="also count the Qt objects under the windows (adds PySide wrappers of its own)")
    p.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD",
                   help="write the row of this run there (every kind, --kinds lan or --headless)")
    args = p.parse_args(argv)
    bad = set(args.kinds.split(",")) - set(KINDS)
    if bad:
        p.error(f"unknown kinds: {', '.join(sorted(bad))}")
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError):
        limit = -1
    loads = [os.getloadavg()[0]]
    games = run_headless(args) if args.headless else run_app(args)
    extra = {"mode": "headless" if args.headless else "app", "kinds": "headless" if args.headless else args.kinds,
             "speed": args.speed, "hurry": args.hurry, "fd_limit": limit}
    result = summary(games, min(args.warmup, max(0, len(games) - 2)), extra)
    if args.write:
        loads.append(os.getloadavg()[0])
        options = list(sys.argv[1:] if argv is None else argv)
        if "--write" in options:
            del options[options.index("--write"):options.index("--write") + 2]
        command = " ".join(o for o in options if not o.startswith("--write="))
        made = rows(result, f"`bench/soak.py {command}`".replace(" `", "`"), when(loads))
        write_rows(args.write, made)
        print(f"wrote {', '.join(r.key for r in made) or 'no row (other kinds)'} to {args.write}", flush=True)
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
