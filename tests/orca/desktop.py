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


ORCA_READY = "EVENT MANAGER: Activated"  # Orca's listeners are registered and its event manager runs
ORCA_LISTENING = "Starting ATSPI registry"  # logged after that, as Orca enters its main loop
APP_SECONDS = 90  # a Python app's start on a loaded 2-core machine: its window's first events come by then
STAGE_SECONDS = 20  # each later step of a start (window active, the focus spoken) comes this soon after
ORCA_STARTS = 3  # a start where Orca stays dead is tried again with a fresh Orca, this many times in all


class DeadStart(TimeoutError):
    """Orca did not follow the app's start; ``stage`` says how far it came."""

    def __init__(self, stage: str, detail: str) -> None:
        super().__init__(f"{stage}: {detail}")
        self.stage = stage


class Desktop:
    """Xvfb + session bus + openbox + Orca in ``root``; ``env`` is what an app started here needs.

    ``restarts`` lists the starts where Orca stayed silent and was started afresh (``start_app``), with how
    far each came; a test prints them, so a restart is never silent."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.procs: list[subprocess.Popen[bytes]] = []
        self.env: dict[str, str] = {}
        self.log = root / "orca-debug.log"
        self._earlier = ""  # the logs of Orcas this desktop ended (restarts), so marks stay valid
        self._orca: subprocess.Popen[bytes] | None = None
        self.restarts: list[str] = []

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
        wm_ready = self.root / "openbox-ready"
        self._start(["openbox", "--sm-disable", "--startup", f"touch {wm_ready}"], "openbox")
        wait_for(wm_ready.exists, 30, "openbox (it activates the app's window, which Orca then follows)")
        self._start_orca()

    def _start_orca(self) -> None:
        """Start Orca with a fresh debug log and wait until it listens (its own log says so)."""
        n = len(self.restarts)
        self.log = self.root / (f"orca-debug-{n}.log" if n else "orca-debug.log")
        self._orca = self._start([SYSTEM_PYTHON, str(Path(__file__).with_name("orca_flushing.py")),
                                  "--debug-file", str(self.log)], f"orca-{n}" if n else "orca")
        wait_for(lambda: ORCA_READY in self._own_text() and ORCA_LISTENING in self._own_text(), 60, "Orca")

    def restart_orca(self, why: str) -> None:
        """End this desktop's Orca and start a fresh one (its log continues the old one's); noted in ``restarts``."""
        old = self._orca
        if old is not None:
            self._stop(old)
            self.procs.remove(old)
        self._earlier = self._text()
        self.restarts.append(why)
        self._start_orca()

    def start_app(self, launch: Callable[[], subprocess.Popen[bytes]], name: str,
                  first: str) -> subprocess.Popen[bytes]:
        """Start the app (``launch``) and wait until Orca follows it: the app ``name`` appears among Orca's
        applications, its window is activated, and Orca speaks ``first`` (a regular expression: the line
        a listener hears first). Each step is waited for on its own signal in Orca's log, not one long
        timeout. When Orca stays silent, the app is ended, Orca is started afresh (``restarts``) and the app
        again, up to ``ORCA_STARTS`` times; after that the ``DeadStart`` is raised."""
        for attempt in range(ORCA_STARTS):
            app = launch()
            try:
                self.follow_start(name, first, since=len(self._text()), mark=self.mark())
                return app
            except DeadStart as dead:
                _end(app)
                if attempt == ORCA_STARTS - 1:
                    raise
                self.restart_orca(str(dead))
        raise AssertionError("unreachable")

    def follow_start(self, name: str, first: str, since: int, mark: int) -> None:
        """Wait, step by step, for Orca to follow an app's start (``start_app``); raises ``DeadStart``."""
        app = re.escape(f"[application | {name}]")
        activated = re.compile(r"EVENT MANAGER: window:activate for .* in " + app)
        steps = [("the app registered with Orca", re.compile(app), APP_SECONDS),
                 ("its window activated", activated, STAGE_SECONDS)]
        for stage, rx, seconds in steps:
            try:
                wait_for(lambda rx=rx: rx.search(self._text(), since), seconds, stage)
            except TimeoutError as e:
                raise DeadStart(stage, f"{e}; spoken meanwhile: {self.spoken_since(mark)!r}") from None
        try:
            self.wait_spoken(first, STAGE_SECONDS, since=mark)
        except TimeoutError as e:
            raise DeadStart("the first line spoken", str(e)) from None

    def _own_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def _text(self) -> str:
        """Orca's debug log so far (after a restart: the earlier Orcas' logs, then the new one's)."""
        return self._earlier + self._own_text()

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
            self._stop(p)
        self.procs.clear()

    @staticmethod
    def _stop(p: subprocess.Popen[bytes]) -> None:
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=10)


def _end(app: subprocess.Popen[bytes]) -> None:
    """End an app this desktop's caller started (by its process id)."""
    app.terminate()
    try:
        app.wait(timeout=20)
    except subprocess.TimeoutExpired:
        app.kill()
        app.wait(timeout=10)
