"""A private desktop for the real screen reader: Xvfb, a session bus, openbox and Orca with its debug log.

Why: the only proof that a blind player hears the game is what Orca itself decides to speak. Orca
writes every utterance to its debug log as ``SPEECH OUTPUT: '…'``; with no speech server reachable it
still decides and logs, so the test reads the log instead of a sound card. Everything runs on its own
display number and its own D-Bus session bus, so nothing of the machine's desktop is touched.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's python3 with pyatspi (python3-pyatspi) and Orca
DEBIAN_PACKAGES = ("xvfb", "at-spi2-core", "dbus", "dbus-x11", "openbox", "orca", "python3-pyatspi")
SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*)'(?: voice=\w+)?\{", re.M)

# Orca's settings for the test: speech on, but through a speech factory that does not exist, so Orca
# logs what it would say and nothing reaches a sound device (no speech-dispatcher is needed).
ORCA_SETTINGS = """{
 "general": {"speechServerFactory": "patrician_silent", "enableSpeech": true, "enableEchoByWord": false,
             "enableKeyEcho": false, "enableEchoByCharacter": false, "enableTutorialMessages": false,
             "verbalizePunctuationStyle": 3, "onlySpeakDisplayedText": false, "enableSound": false,
             "speechFactoryModules": ["patrician_silent"], "profile": ["Default", "default"],
             "activeProfile": ["Default", "default"], "startingProfile": ["Default", "default"]},
 "keybindings": {}, "profiles": {"default": {"profile": ["Default", "default"]}}, "pronunciations": {}
}
"""


def missing_tools() -> list[str]:
    """Programs this desktop needs that are not installed."""
    needed = ["Xvfb", "dbus-daemon", "openbox", "orca"]
    out = [t for t in needed if shutil.which(t) is None]
    if not Path(SYSTEM_PYTHON).exists() or subprocess.run(
            [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode:
        out.append("python3-pyatspi")
    return out


def install_from_debian() -> None:
    """apt-get install what is missing (CI runs as root on Debian); raises with apt's words when it fails."""
    if not missing_tools():
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, capture_output=True)
    r = subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *DEBIAN_PACKAGES],
                       env=env, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"apt-get install failed: {r.stderr[-2000:]}")


def wait_for(check: Callable[[], object], timeout: float, what: str, step: float = 0.1) -> object:
    """Poll until ``check()`` is truthy (returns it) or raise after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(step)


class Desktop:
    """Xvfb + session bus + openbox + Orca in ``root``; ``env`` is what an app started here needs."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.procs: list[subprocess.Popen[bytes]] = []
        self.env: dict[str, str] = {}
        self.log = root / "orca-debug.log"
        self._read = 0

    def _free_display(self) -> int:
        """A free X display number: from ``PATRICIAN_ORCA_DISPLAYS`` ("30-39", where several people share a
        machine), else from 90 + a little of the process id on."""
        first, _, last = os.environ.get("PATRICIAN_ORCA_DISPLAYS", "").partition("-")
        numbers = range(int(first), int(last or first) + 1) if first.isdigit() else range(90 + os.getpid() % 100, 400)
        for n in numbers:
            if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
                return n
        raise RuntimeError("no free X display number")

    def _start(self, args: list[str], name: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        out = open(self.root / f"{name}.out", "wb")
        p = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env or self.env,
                             start_new_session=True)
        out.close()
        self.procs.append(p)
        return p

    def start(self) -> None:
        """Bring everything up; raises TimeoutError with the component's name if one does not come."""
        home = self.root / "home"
        runtime = self.root / "run"
        for d in (home, runtime, home / ".local/share/orca"):
            d.mkdir(parents=True, exist_ok=True)
        runtime.chmod(0o700)
        (home / ".local/share/orca/user-settings.conf").write_text(ORCA_SETTINGS)
        n = self._free_display()
        base = {k: v for k, v in os.environ.items()
                if k in ("PATH", "LANG", "LC_ALL", "TERM", "PYTHONPATH") or k.startswith("PATRICIAN")}
        base.update(HOME=str(home), XDG_RUNTIME_DIR=str(runtime), XDG_CONFIG_HOME=str(home / ".config"),
                    XDG_DATA_HOME=str(home / ".local/share"), XDG_CACHE_HOME=str(home / ".cache"),
                    DISPLAY=f":{n}", NO_AT_BRIDGE="0", GTK_A11Y="atspi")
        self.env = base
        self._start(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"], "xvfb")
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{n}").exists(), 30, "Xvfb")
        bus = self._start(["dbus-daemon", "--session", "--nofork", "--print-address=1",
                           f"--address=unix:path={runtime}/bus"], "dbus")
        wait_for(lambda: (runtime / "bus").exists(), 30, "the session bus")
        del bus
        self.env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={runtime}/bus"
        self._start(["openbox", "--sm-disable"], "openbox")
        self._start([SYSTEM_PYTHON, str(Path(__file__).with_name("orca_flushing.py")),
                     "--debug-file", str(self.log)], "orca")
        wait_for(lambda: "Starting ATSPI registry" in self._text(), 60, "Orca")

    def _text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def spoken(self) -> list[str]:
        """Every line Orca has spoken so far."""
        return [m.group(1) for m in SPOKEN.finditer(self._text())]

    def events(self, pattern: str) -> list[str]:
        """The AT-SPI events Orca received whose description matches ``pattern`` (time stamps left out)."""
        rx = re.compile(r"^[\d:.]+ - EVENT MANAGER: (" + pattern + ")$", re.M)
        return [m.group(1) for m in rx.finditer(self._text())]

    def mark(self) -> int:
        """A point in the spoken lines; ``spoken_since(mark)`` gives what came after."""
        return len(self.spoken())

    def spoken_since(self, mark: int) -> list[str]:
        """Lines spoken after ``mark``."""
        return self.spoken()[mark:]

    def wait_spoken(self, pattern: str, timeout: float = 30, since: int = 0) -> str:
        """Wait until Orca speaks a line matching the regular expression; returns it."""
        rx = re.compile(pattern)

        def found() -> str | None:
            return next((s for s in self.spoken()[since:] if rx.search(s)), None)

        return str(wait_for(found, timeout, f"Orca to speak /{pattern}/ (last: {self.spoken()[-5:]!r})", 0.2))

    def stop(self) -> None:
        """End every process this desktop started (each by its own process group)."""
        for p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for p in reversed(self.procs):
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=10)
        self.procs.clear()
