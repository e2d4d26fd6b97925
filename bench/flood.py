"""A joined app against a host that floods it, and against an honest evening of chat: its memory.

Run by hand: `python bench/flood.py [--seconds 60] [--lines 3000] [--only hostile|honest]
[--mode mixed|chat|updates|lobbies] [--guard-mb 1500]`. The joined app is the real one, offscreen:
`AppController` (start screen, lobby, game window, chat panels) joined by address through
`RemoteSession`; its memory is this process's resident set (VmRSS). The hosts run in a subprocess
(this script with `--serve`), on 127.0.0.1 only; nothing leaves the loopback interface. The last
line printed is one JSON object.

- hostile: a host that welcomes the app into a game under way, waits 2 s (the idle figure), then
  for `--seconds` sends as fast as TCP takes them, round-robin (`--mode mixed`) or one kind: chat
  lines of 500 characters (each different), valid updates of about 60 KB (a real view, names of
  4,000 bytes, 12 seat events with 4,000-byte names; every `seq` one more), and lobbies of 5 seats
  with 4,000-byte names. Target: the app grows less than 100 MB.
- honest: a real `net.host.Host` serving a `Table` in its lobby (chat, message-rate and per-address
  limits raised so the run takes seconds, not minutes: the app's memory per line is what is
  measured), 16 spectators
  saying `--lines` lines of 500 characters in all; the app sits at the table. Target: less than
  20 MB for 3,000 lines.

The app hangs up on a host that sends more than docs/protocol.md's rates (``HostLimits``): the hostile
run says after how many seconds; `--lift-app-limits` lifts them, to measure what the app's memory does
under a flood it keeps reading (the hold of ``host_door``). The honest run always lifts them, as its host's
own limits are raised beyond an honest evening's pace.

`--guard-mb` stops a run whose app grows beyond that (so an unbounded app cannot eat the machine).

`--write docs/figures.md` writes the rows of what the run measured (bench/figures_table.py): ``flood.chat``
from the honest run, ``flood.hostile`` from a hostile run of all three kinds at once (`--mode mixed`) with
`--lift-app-limits`, and ``flood.hangup`` from `--every-mode` (a hostile run of each mode in a process of its
own, the app keeping the protocol's limits: after how long it hangs up).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH: the same script measures another checkout too

from bench.figures_table import Row, when, write_rows  # noqa: E402

LOOPBACK = "127.0.0.1"
LONG = 4000  # bytes of a long name: under the protocol's 4,096 per string


def _rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Watch(threading.Thread):
    """Samples this process's memory every 0.2 s from its own thread, so the figure (and the guard) holds
    even while the app's event loop is stuck working through a backlog."""

    def __init__(self, idle: float, guard: float, what: str) -> None:
        super().__init__(daemon=True)
        self.idle, self.guard, self.what = idle, guard, what
        self.peak = idle
        self.started = time.monotonic()
        self._done = threading.Event()
        self.start()

    def run(self) -> None:
        told = self.started
        while not self._done.wait(0.2):
            rss = _rss_mb()
            self.peak = max(self.peak, rss)
            if time.monotonic() - told >= 10:  # progress, also for a run that never ends on its own
                told = time.monotonic()
                print(f"# {self.what}, {told - self.started:.0f} s: {rss - self.idle:+.0f} MB above idle "
                      f"(at most {self.peak - self.idle:+.0f})", file=sys.stderr, flush=True)
            if self.guard and rss > self.idle + self.guard:
                took = time.monotonic() - self.started
                print(f"{self.what}: the app grew beyond the guard, {rss - self.idle:+.0f} MB above idle "
                      f"after {took:.1f} s: stopped", flush=True)
                print(json.dumps({self.what: {"over_guard": True, "rss_idle_mb": round(self.idle, 1),
                                              "rss_above_idle_mb": round(rss - self.idle, 1),
                                              "after_s": round(took, 1)}}), flush=True)
                os._exit(3)

    def stop(self) -> float:
        """Stop sampling; the peak above idle, in MB."""
        self._done.set()
        return round(self.peak - self.idle, 1)


# -- the hosts (subprocess) ---------------------------------------------------------------------------
def _name(rng: random.Random, n: int = LONG) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n))


async def _serve_hostile(mode: str, seconds: float, wait: float) -> None:
    from patrician_qt.engine import new_game, view_for
    from patrician_qt.net._framing import FrameReader, encode

    rng = random.Random(1)
    view = dict(view_for(new_game(["Anna", "Ben"], random.Random(3)), 0))
    seats = [{"name": n, "kind": "human", "connected": True} for n in ("Anna", "Ben")]
    long_names = [_name(rng) for _ in range(16)]
    sent = {"chat": 0, "update": 0, "lobby": 0, "bytes": 0, "connections": 0}

    def chat(i: int) -> bytes:
        return encode({"t": "chat", "from": "Ben", "text": f"{i} " + _name(rng, 490)})

    def update(seq: int) -> bytes:
        big = {**view, "players": [{**p, "name": long_names[j]} for j, p in enumerate(view["players"])]}
        events = [{"e": "joined", "seat": 1, "name": long_names[2 + k]} for k in range(12)]
        return encode({"t": "update", "seq": seq, "view": big, "events": events})

    def lobby(i: int) -> bytes:
        five = [{"name": long_names[(i + k) % 16], "kind": "human", "connected": bool((i + k) % 2)}
                for k in range(5)]
        return encode({"t": "lobby", "seats": five, "state": "playing"})

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        frames = FrameReader()
        while not frames.feed(await reader.read(4096)):
            pass
        sent["connections"] += 1
        if sent["connections"] > 1:
            writer.close()  # the flood is for the first connection; a second one is counted, not served
            return
        writer.write(encode({"t": "welcome", "v": 1, "seat": 0, "token": "t0k3n", "features": ["history"],
                             "table": {"name": "Flood", "seats": seats, "state": "playing",
                                       "visibility": "rulebook"}}))
        writer.write(encode({"t": "lobby", "seats": seats, "state": "playing", "visibility": "rulebook"}))
        writer.write(encode({"t": "update", "seq": 1, "view": view, "events": []}))
        await writer.drain()

        async def pings() -> None:
            try:
                while await reader.read(65536):
                    pass
            except ConnectionError:  # the app hung up on this host (it sends beyond the protocol's rates)
                pass

        listening = asyncio.get_running_loop().create_task(pings())
        await asyncio.sleep(wait)
        kinds = {"mixed": ("chat", "update", "lobby"), "chat": ("chat",), "updates": ("update",),
                 "lobbies": ("lobby",)}[mode]
        end = time.monotonic() + seconds
        i, seq = 0, 1
        try:
            while time.monotonic() < end and not listening.done():
                kind = kinds[i % len(kinds)]
                if kind == "chat":
                    data = chat(i)
                elif kind == "update":
                    seq += 1
                    data = update(seq)
                else:
                    data = lobby(i)
                writer.write(data)
                sent[kind] += 1
                sent["bytes"] += len(data)
                i += 1
                if i % 16 == 0:  # the app may read nothing for a while (it is behind): stop on time anyway
                    await asyncio.wait_for(writer.drain(), max(0.05, end - time.monotonic()))
        except (ConnectionError, OSError, TimeoutError):
            pass
        print(json.dumps({"sent": sent}), flush=True)
        await listening  # the connection stays open until the app leaves (a close would reset what it has not read)
        writer.close()

    server = await asyncio.start_server(serve, LOOPBACK, 0)
    print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.sleep(seconds + wait + 60)


async def _serve_honest(lines: int) -> None:
    from patrician_qt.net.client import Client
    from patrician_qt.net.host import Host, HostConfig
    from patrician_qt.table import Table, TableOptions
    from patrician_qt.table.seats import parse_seats

    table = Table("Evening", parse_seats("human,human"), seed=5, options=TableOptions(auto_start=False))
    host = Host(table, LOOPBACK, 0, config=HostConfig(chat_rate=10_000, chat_burst=10_000, rate=10_000, burst=10_000,
                                                       max_per_address=64))
    await host.start()
    print(f"port {host.port}", flush=True)
    while not any(s.get("connected") and s.get("kind") == "human" for s in table.seats()):
        await asyncio.sleep(0.1)
    rng = random.Random(2)
    speakers = []
    for k in range(16):
        c = Client(features=())
        await c.connect(LOOPBACK, host.port, f"Guest {k}", role="spectator")
        speakers.append(c)
    await asyncio.sleep(1.0)
    print("speaking", flush=True)
    for i in range(lines):
        await speakers[i % 16].chat(f"{i} " + _name(rng, 490))
        if i % 16 == 15:
            await asyncio.sleep(0.02)  # an evening, briskly: about 800 lines a second
    await asyncio.sleep(600)  # until the app has heard every line (the bench stops this process then)


def _serve(args: argparse.Namespace) -> None:
    if args.serve == "hostile":
        asyncio.run(_serve_hostile(args.mode, args.seconds, 2.0))
    else:
        asyncio.run(_serve_honest(args.lines))


# -- the joined app (this process) ----------------------------------------------------------------------
def _start(kind: str, args: argparse.Namespace) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen([sys.executable, __file__, "--serve", kind, "--mode", args.mode,
                             "--seconds", str(args.seconds), "--lines", str(args.lines)],
                            stdout=subprocess.PIPE, text=True, env={**os.environ})
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("port "):
        raise SystemExit(f"the {kind} host did not start: {line!r}")
    return proc, int(line.split()[1])


def _app(data: Path) -> Any:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from patrician_qt.ui.app.flow import AppController

    app = QApplication.instance() or QApplication([])
    settings = QSettings(str(data / "app.ini"), QSettings.Format.IniFormat)
    ctrl = AppController(settings, data)
    ctrl.window.set_speed("instant")
    ctrl.window.resize(1280, 720)
    ctrl.show()
    return app, ctrl


def _pump(app: Any, seconds: float, until: Any = None) -> bool:
    """Run the app's event loop; True once ``until()`` holds (or the time is up)."""
    from PySide6.QtCore import QEventLoop

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        if until is not None and until():
            return True
    return until is None


def _lift_limits(ctrl: Any) -> None:
    """No rate limits on the host in the joined app (the bench measures memory, not the hang-up)."""
    from patrician_qt.ui.session.host_budget import HostLimits

    ctrl.lan.options.host_limits = HostLimits(chat_rate=1e9, chat_burst=1e9, message_rate=1e9, message_burst=1e9,
                                              byte_rate=1e12, byte_burst=1e12)


def _join(app: Any, ctrl: Any, port: int) -> None:
    from patrician_qt.ui.lan.join_dialog import JoinRequest

    ctrl.lan.join(JoinRequest(LOOPBACK, port, "Anna"))
    if not _pump(app, 20, lambda: ctrl.lan.session is not None and ctrl.lan.session.welcome is not None):
        raise SystemExit("the app did not join")


def _hostile(args: argparse.Namespace, app: Any, ctrl: Any) -> dict[str, Any]:
    proc, port = _start("hostile", args)
    try:
        counts = {"chat": 0, "updated": 0, "lobby": 0}
        if args.lift_app_limits:
            _lift_limits(ctrl)
        _join(app, ctrl, port)
        session = ctrl.lan.session
        session.chatReceived.connect(lambda *_: counts.__setitem__("chat", counts["chat"] + 1))
        session.updated.connect(lambda *_: counts.__setitem__("updated", counts["updated"] + 1))
        session.lobbyChanged.connect(lambda *_: counts.__setitem__("lobby", counts["lobby"] + 1))
        changes: list[str] = []
        hung_up: list[float] = []
        session.connectionChanged.connect(lambda state, error: changes.append(f"{state}: {error}"))
        session.connectionChanged.connect(lambda state, _e: hung_up.append(time.monotonic()) if state == "closed"
                                          else None)
        _pump(app, 1.5)
        idle = _rss_mb()
        watch = Watch(idle, args.guard_mb, "hostile")
        started = time.monotonic()
        _pump(app, args.seconds + 1.0)
        flooded = time.monotonic() - started
        _pump(app, 3.0)
        assert proc.stdout is not None
        sent = json.loads(proc.stdout.readline() or "{}").get("sent", {})
        return {"mode": args.mode, "seconds": round(flooded, 1), "rss_idle_mb": round(idle, 1),
                "rss_peak_above_idle_mb": watch.stop(),
                "rss_end_above_idle_mb": round(_rss_mb() - idle, 1), "over_guard": False,
                "host_sent": sent, "app_handled": counts, "app_connection": session.state,
                "app_hung_up_after_s": round(hung_up[0] - started, 2) if hung_up else None,
                "app_limits": "lifted" if args.lift_app_limits else "protocol",
                "app_connection_changes": changes[:4]}
    finally:
        proc.kill()
        ctrl.lan.leave()
        _pump(app, 1.0)


def _honest(args: argparse.Namespace, app: Any, ctrl: Any) -> dict[str, Any]:
    proc, port = _start("honest", args)
    try:
        _lift_limits(ctrl)  # this host's own limits are raised beyond an honest evening's pace
        _join(app, ctrl, port)
        session = ctrl.lan.session
        heard = [0]
        session.chatReceived.connect(lambda *_: heard.__setitem__(0, heard[0] + 1))
        changes: list[str] = []
        session.connectionChanged.connect(lambda state, error: changes.append(f"{state}: {error}"))
        assert proc.stdout is not None
        if proc.stdout.readline().strip() != "speaking":
            raise SystemExit("the honest host's guests did not come")
        _pump(app, 0.5)
        idle = _rss_mb()
        watch = Watch(idle, args.guard_mb, "honest")
        started = time.monotonic()
        _pump(app, 300, lambda: heard[0] >= args.lines)
        took = time.monotonic() - started
        _pump(app, 1.0)
        return {"lines": heard[0], "seconds": round(took, 1), "rss_idle_mb": round(idle, 1),
                "rss_peak_above_idle_mb": watch.stop(),
                "rss_end_above_idle_mb": round(_rss_mb() - idle, 1),
                "chat_lines_kept": len(ctrl.lan.chat.lines), "lobby_chat_lines_kept": len(ctrl.lan.lobby.chat.lines),
                "app_connection_changes": changes[:4]}
    finally:
        proc.kill()
        ctrl.lan.leave()
        _pump(app, 1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the hostile flood")
    parser.add_argument("--lines", type=int, default=3000, help="chat lines at the honest table")
    parser.add_argument("--mode", choices=("mixed", "chat", "updates", "lobbies"), default="mixed")
    parser.add_argument("--only", choices=("hostile", "honest"))
    parser.add_argument("--guard-mb", type=float, default=1500.0)
    parser.add_argument("--lift-app-limits", action="store_true",
                        help="the joined app keeps reading a host beyond the protocol's rates (memory under a flood)")
    parser.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the rows there")
    parser.add_argument("--every-mode", action="store_true",
                        help="a hostile run of each mode, each in a process of its own (when the app hangs up)")
    parser.add_argument("--serve", choices=("hostile", "honest"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    loads = [os.getloadavg()[0]]
    if args.serve:
        _serve(args)
        return
    figures: dict[str, Any] = {}
    if args.every_mode:
        figures["every_mode"] = _every_mode(args)
    with tempfile.TemporaryDirectory() as directory:
        app, ctrl = _app(Path(directory))
        _pump(app, 1.0)
        if args.only != "honest" and not args.every_mode:
            figures["hostile"] = h = _hostile(args, app, ctrl)
            print(f"hostile host ({h['mode']}, {h['seconds']} s): app idle {h['rss_idle_mb']} MB, at most "
                  f"{h['rss_peak_above_idle_mb']:+} MB, at the end {h['rss_end_above_idle_mb']:+} MB"
                  f"{' (stopped: over the guard)' if h['over_guard'] else ''}; host sent {h['host_sent']}; "
                  f"app handled {h['app_handled']}; app limits {h['app_limits']}; connection {h['app_connection']}"
                  f"{' (hung up after ' + str(h['app_hung_up_after_s']) + ' s)' if h['app_hung_up_after_s'] else ''}"
                  f"{' after ' + '; '.join(h['app_connection_changes']) if h['app_connection_changes'] else ''}")
        if args.only != "hostile" and not args.every_mode:
            figures["honest"] = o = _honest(args, app, ctrl)
            print(f"honest host, {o['lines']} chat lines of 500 characters in {o['seconds']} s: app idle "
                  f"{o['rss_idle_mb']} MB, at most {o['rss_peak_above_idle_mb']:+} MB, at the end "
                  f"{o['rss_end_above_idle_mb']:+} MB; lines kept {o['chat_lines_kept']} (game), "
                  f"{o['lobby_chat_lines_kept']} (lobby)"
                  f"{'; connection: ' + '; '.join(o['app_connection_changes']) if o['app_connection_changes'] else ''}")
        ctrl.lan.shutdown()
    print(json.dumps(figures))
    if args.write:
        loads.append(os.getloadavg()[0])
        options = sys.argv[1:]
        if "--write" in options:
            del options[options.index("--write"):options.index("--write") + 2]
        command = " ".join(o for o in options if not o.startswith("--write="))
        write_rows(args.write, rows(figures, f"`bench/flood.py {command}`".replace(" `", "`"), when(loads)))


#: the words for each mode's flood in the figures table
FLOODS = {"chat": "a chat flood", "updates": "~60 KB updates", "lobbies": "lobbies", "mixed": "all three"}


def _every_mode(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """A hostile run of each mode, each in a fresh process (a hung-up app is not joined again), its figures."""
    out = {}
    for mode in FLOODS:
        command = [sys.executable, __file__, "--only", "hostile", "--mode", mode, "--seconds", str(args.seconds),
                   "--guard-mb", str(args.guard_mb), *(["--lift-app-limits"] if args.lift_app_limits else [])]
        proc = subprocess.run(command, capture_output=True, text=True, check=True)
        out[mode] = json.loads(proc.stdout.strip().splitlines()[-1])["hostile"]
        print(proc.stdout.strip().splitlines()[-2], flush=True)
    return out


def rows(figures: dict[str, Any], command: str, stamp: str) -> list[Row]:
    """The figures table's rows of this run: the honest evening, and the mixed flood the app reads on."""
    how = f"{command} (the real `AppController` offscreen, the host in a subprocess on 127.0.0.1), {stamp}"
    out = []
    h = figures.get("hostile")
    if h and h["mode"] == "mixed" and h["app_limits"] == "lifted" and not h["over_guard"]:
        out.append(Row("flood.hostile", "a joined app against a hostile host (chat, valid ~60 KB updates and lobbies "
                       f"at once), {h['seconds']:.0f} s, the app reading on (`--lift-app-limits`)",
                       f"{h['rss_peak_above_idle_mb']:+.1f} MB resident at most, {h['rss_end_above_idle_mb']:+.1f} MB "
                       f"at the end (the host pushed {h['host_sent'].get('bytes', 0) / 1e9:.2f} GB)", "< +100 MB", how))
    o = figures.get("honest")
    if o:
        out.append(Row("flood.chat", f"a joined app over {o['lines']:,} chat lines of 500 characters through an "
                       "honest host", f"{o['rss_peak_above_idle_mb']:+.1f} MB at most, "
                       f"{o['rss_end_above_idle_mb']:+.1f} MB at the end ({o['chat_lines_kept']:,} lines kept)",
                       "< +20 MB", how))
    runs = figures.get("every_mode")
    if runs and all(r["app_limits"] == "protocol" for r in runs.values()):
        cells = [f"{r['app_hung_up_after_s']} s of {FLOODS[mode]} ({r['rss_peak_above_idle_mb']:+.1f} MB)"
                 if r["app_hung_up_after_s"] is not None else f"not within {r['seconds']} s of {FLOODS[mode]}"
                 for mode, r in runs.items()]
        once = all(len(r["app_connection_changes"]) == 1 and r["app_connection"] == "closed" for r in runs.values())
        out.append(Row("flood.hangup", "a joined app hangs up on a host beyond the protocol's rates (docs/protocol.md "
                       "\"Framing\": 50 chat lines, 100 other messages, 256 KB a second)",
                       "after " + ", ".join(cells) + ("; one message, no reconnecting" if once else ""), "—", how))
    return out


if __name__ == "__main__":
    main()
