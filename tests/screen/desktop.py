"""A private X server for the real-screen tests: Xvfb with the openbox window manager on a free display.

Why a window manager: the issue was seen under window managers (openbox among them); a managed window
gets frames, focus and stacking like on a desktop. Everything runs on its own display number, so nothing
of the machine's own desktop (or another test's) is touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "openbox")
SCREEN = "1366x800x24"


def missing_tools() -> list[str]:
    """Programs the desktop needs that are not installed (Debian: xvfb, openbox)."""
    return [t for t in TOOLS if shutil.which(t) is None]


def _free_display(first: int) -> int:
    for n in range(first, first + 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


class Desktop:
    """Xvfb + openbox; ``env`` is what an app started on it needs (DISPLAY, a home of its own)."""

    def __init__(self, root: Path, first_display: int = 20, screen: str = SCREEN) -> None:
        self.root = root
        self.screen = screen
        self.first = first_display
        self.procs: list[subprocess.Popen[bytes]] = []
        self.env: dict[str, str] = {}

    def start(self) -> None:
        """Bring the X server and the window manager up (raises RuntimeError when one does not come)."""
        home = self.root / "home"
        home.mkdir(parents=True, exist_ok=True)
        runtime = self.root / "run"
        runtime.mkdir(exist_ok=True)
        runtime.chmod(0o700)
        for attempt in range(3):  # another process may take the number between the check and the start
            n = _free_display(self.first + attempt)
            xvfb = self._spawn(["Xvfb", f":{n}", "-screen", "0", self.screen, "-nolisten", "tcp", "-noreset"], "xvfb")
            socket = Path(f"/tmp/.X11-unix/X{n}")
            if self._wait(lambda s=socket, p=xvfb: s.exists() or p.poll() is not None, 20) and xvfb.poll() is None:
                break
        else:
            raise RuntimeError(f"Xvfb did not start: {(self.root / 'xvfb.out').read_text()[-500:]}")
        keep = ("PATH", "LANG", "LC_ALL", "PYTHONPATH", "VIRTUAL_ENV")
        self.env = {k: v for k, v in os.environ.items() if k in keep}
        self.env.update(DISPLAY=f":{n}", HOME=str(home), XDG_RUNTIME_DIR=str(runtime),
                        XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
                        XDG_CACHE_HOME=str(home / ".cache"), QT_QPA_PLATFORM="xcb", LANGUAGE="en")
        self._spawn(["openbox", "--sm-disable"], "openbox", self.env)
        time.sleep(0.5)  # openbox takes the screen before the app maps its window

    def _spawn(self, args: list[str], name: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        with open(self.root / f"{name}.out", "wb") as out:
            p = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        self.procs.append(p)
        return p

    @staticmethod
    def _wait(check: object, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if check():  # type: ignore[operator]
                return True
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        """End what ``start`` started, newest first."""
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
        self.procs.clear()


#: the mark of a test module that needs a real X server: skipped, saying what to install, without one
needs_desktop = pytest.mark.skipif(
    bool(missing_tools()),
    reason=f"the real-screen tests need {', '.join(missing_tools())} (Debian: apt-get install xvfb openbox; "
           ".ci/run installs them)")
