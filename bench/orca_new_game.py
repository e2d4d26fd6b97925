"""Ctrl+N → Orca says "New game dialog": seconds, idle and under a busy loop on every core.

Why: a listener who presses Ctrl+N must hear the dialog at once; Orca 43 falls silent for seconds when the
app has sent it more than 50 events it may not drop (selections, caret moves: its "flood" mode, where
every new selection makes it re-check the whole queue over D-Bus). Each run is a fresh app on the private
desktop of tests/orca (Xvfb, session bus, openbox, Orca speaking into its debug log); a listener waits
until Orca has read the start screen's New game button, waits ``--listen`` seconds and presses Ctrl+N
through AT-SPI; the clock stops at Orca's line for the dialog. It also counts the AT-SPI events Orca
received from the app's start to the key, and how many of them it may not drop in a flood.
Needs what tests/orca needs (it installs it from Debian as root). Nothing here is asserted in CI.

    python bench/orca_new_game.py --runs 3
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.orca.desktop import SYSTEM_PYTHON, Desktop, install_from_debian, missing_tools  # noqa: E402

EVENT = re.compile(r"^[\d:.]+ - EVENT MANAGER: ((?:object|window|focus):\S*) for ", re.M)
DROPPED_IN_FLOOD = ("object:text-changed", "object:text-attributes-changed", "object:children-changed",
                 "object:property-change:accessible-name", "object:property-change:accessible-description",
                 "object:state-changed:showing", "object:state-changed:sensitive")


STAMP = re.compile(r"^(\d\d):(\d\d):(\d\d\.\d+) - (.*)$", re.M)
WALK = re.compile(r"GENERATION TIME: ([\d.]+) +----> +unrelatedLabelsOrDescription")


def where_the_time_went(log: str, pressed: float) -> str:
    """Orca's log after the key, in steps (seconds after the key, wall clock of the day as Orca logs it):
    the app's first event of the dialog, Orca taking up the dialog's window:activate from its queue, the
    dialog's line spoken; and the time Orca spent walking the dialog for labels not tied to a widget
    (it does so for a dialog's braille line and again for its speech, each a D-Bus call per object)."""
    day = pressed % 86400
    first = taken = spoken = None
    for m in STAMP.finditer(log):
        at = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3)) - day
        line = m.group(4)
        if first is None and "[dialog | " in line and line.startswith("EVENT MANAGER: object:"):
            first = at
        elif taken is None and line.startswith("EVENT MANAGER: Dequeued window:activate [dialog"):
            taken = at
        elif spoken is None and line.startswith("SPEECH OUTPUT: 'New game dialog"):
            spoken = at
    walks = [float(w) for w in WALK.findall(log)]
    return (f"app's first dialog event {first or -1:.2f} s, Orca takes up its activation {taken or -1:.2f} s, "
            f"spoken {spoken or -1:.2f} s; label walks {' + '.join(f'{w:.2f}' for w in walks)} s")


def one_run(desktop: Desktop, home: Path, listen: float, busy: bool) -> tuple[float, int, int, str]:
    """(seconds from Ctrl+N to the dialog's line, events before the key, of which Orca may not drop,
    where the time went)."""
    conf = home / ".config" / "Patrician"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "Patrician.conf").write_text("[ui]\nlanguage=en\n\n[tutorial]\noffered=true\n")
    env = dict(desktop.env, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local/share"), QT_QPA_PLATFORM="xcb",
               QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", PYTHONPATH=str(ROOT))
    text_before = len(desktop._text())
    mark = desktop.mark()
    app = subprocess.Popen([sys.executable, "-m", "patrician_qt"], env=env, cwd=home,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    keys = subprocess.Popen([SYSTEM_PYTHON, str(ROOT / "tests" / "orca" / "keys.py")], env=desktop.env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    loops: list[subprocess.Popen[bytes]] = []
    try:
        desktop.wait_spoken(r"New game… push button", 60, since=mark)
        time.sleep(listen)
        if busy:
            loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]
        events = EVENT.findall(desktop._text()[text_before:])
        kept = [e for e in events if not e.startswith(DROPPED_IN_FLOOD)]
        before = desktop.mark()
        log_before = len(desktop._text())
        wall = time.time()
        pressed = time.monotonic()
        assert keys.stdin is not None and keys.stdout is not None
        keys.stdin.write("ctrl+n\n")
        keys.stdin.flush()
        keys.stdout.readline()
        desktop.wait_spoken(r"New game dialog", 30, since=before)
        seconds = time.monotonic() - pressed
        time.sleep(0.5)  # the log's lines after the speech
        return seconds, len(events), len(kept), where_the_time_went(desktop._text()[log_before:], wall)
    finally:
        for p in loops:
            p.kill()
            p.wait()
        if keys.stdin is not None:
            keys.stdin.close()
        keys.wait(timeout=10)
        app.terminate()
        app.wait(timeout=20)


def main() -> None:
    """Run the app ``--runs`` times idle and as often busy; print each time and the medians."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", default="", help="copy Orca's debug log here at the end")
    ap.add_argument("--only", choices=("idle", "busy"), default="")
    ap.add_argument("--listen", type=float, default=1.0, help="seconds between hearing the start screen and Ctrl+N")
    args = ap.parse_args()
    if missing_tools():
        install_from_debian()
    with tempfile.TemporaryDirectory() as tmp:
        desktop = Desktop(Path(tmp))
        desktop.start()
        try:
            for busy in (False, True):
                if args.only and args.only != ("busy" if busy else "idle"):
                    continue
                times = []
                for i in range(args.runs):
                    seconds, events, kept, steps = one_run(desktop, Path(tmp) / f"home{int(busy)}{i}", args.listen,
                                                           busy)
                    times.append(seconds)
                    print(f"{'busy' if busy else 'idle'} run {i + 1}: dialog spoken {seconds:.2f} s after Ctrl+N; "
                          f"{events} AT-SPI events before the key, {kept} of them kept in a flood; {steps}; "
                          f"load {os.getloadavg()[0]:.1f}", flush=True)
                print(f"{'busy' if busy else 'idle'}: median {statistics.median(times):.2f} s, "
                      f"max {max(times):.2f} s", flush=True)
        finally:
            desktop.stop()
            if args.keep:
                Path(args.keep).write_bytes(desktop.log.read_bytes())
    print(f"load: {os.getloadavg()[0]:.1f} (1-min average)")


if __name__ == "__main__":
    main()
