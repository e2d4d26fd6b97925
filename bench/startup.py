"""Start-up time to the first window: launch a command N times, time until its window is mapped.

Why: the packaging target is "start-up to first window <= 0.6 s", and only the X
server knows when a window really appears. The command runs on a private Xvfb (Debian
packages xvfb and x11-utils) with the xcb platform plugin, as a user's desktop would run
it; ``xev -root -event substructure`` reports the first MapNotify of a top-level window.
The clock starts just before the process is spawned and stops when the X server maps the
window, so it includes the bundle's unpacking-free loader, Python, Qt and the app's own
start-up. Each run is then ended with SIGTERM. Figures go to packaging/README.md; nothing
here is asserted in CI (DESIGN.md, Tests and benchmarks).

    python bench/startup.py --runs 10 -- packaging/dist/patrician/patrician
    python bench/startup.py -- python -m patrician_qt
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import time


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A private Xvfb on a free display number (``-displayfd``)."""
    if shutil.which("Xvfb") is None:
        sys.exit("bench/startup.py needs Xvfb: apt-get install xvfb x11-utils")
    r, w = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(w)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(r, 16)
        if not chunk:
            sys.exit("Xvfb did not start")
        number += chunk
    os.close(r)
    return proc, ":" + number.decode().strip()


class _Lines:
    """Lines from a pipe, read unbuffered so that select() never misses buffered ones."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buf = b""

    def next(self, deadline: float) -> str | None:
        """The next line, or None once the deadline passes or the pipe closes."""
        while b"\n" not in self.buf:
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace")


def _wait_map(lines: _Lines, deadline: float) -> float | None:
    """perf_counter() when the next MapNotify (a window appearing) arrives, or None."""
    while (line := lines.next(deadline)) is not None:
        if line.startswith("MapNotify event"):
            return time.perf_counter()
    return None


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far (all its threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(cmd: list[str], runs: int, warmup: int, timeout: float, env: dict[str, str]) -> list[tuple[float, float]]:
    """(wall seconds from spawn to first mapped window, CPU seconds used by then), per run.

    The CPU figure hardly depends on what else the machine is doing, the wall one does.
    The first ``warmup`` runs (page cache, font cache) are left out of the figures.
    """
    if shutil.which("xev") is None:
        sys.exit("bench/startup.py needs xev: apt-get install x11-utils")
    xev = subprocess.Popen(
        ["stdbuf", "-oL", "xev", "-root", "-event", "substructure"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )
    assert xev.stdout is not None
    lines = _Lines(xev.stdout.fileno())
    # let xev select its events before the first run: wait for its first line of output
    # would be nicer, but it prints nothing until an event comes, so give it time
    time.sleep(1.0)
    times: list[tuple[float, float]] = []
    try:
        for i in range(warmup + runs):
            t0 = time.perf_counter()
            app = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
            t1 = _wait_map(lines, t0 + timeout)
            cpu = _cpu_seconds(app.pid) if t1 is not None else 0.0
            os.killpg(app.pid, signal.SIGTERM)
            try:
                app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(app.pid, signal.SIGKILL)
                app.wait()
            if t1 is None:
                sys.exit(f"start {i + 1}: no window within {timeout} s (exit code {app.returncode})")
            label = "warm-up" if i < warmup else f"run {i + 1 - warmup}"
            if i >= warmup:
                times.append((t1 - t0, cpu))
            print(f"{label}: {(t1 - t0) * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU", flush=True)
            time.sleep(0.3)
            while lines.next(time.perf_counter()) is not None:  # drop what the closing window reported
                pass
    finally:
        xev.terminate()
        xev.wait()
    return times


def main() -> int:
    """Command line: ``startup.py [--runs N] -- CMD ...``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=1, help="untimed runs first (page cache)")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        ap.error("give the command to start, after --")
    xvfb, display = _start_xvfb()
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    env.pop("WAYLAND_DISPLAY", None)
    try:
        times = measure(cmd, args.runs, args.warmup, args.timeout, env)
    finally:
        xvfb.terminate()
        xvfb.wait()
    ms = sorted(t * 1000 for t, _ in times)
    cpu = sorted(c * 1000 for _, c in times)
    print(f"first window: median {statistics.median(ms):.0f} ms wall (min {ms[0]:.0f}, max {ms[-1]:.0f}), "
          f"median {statistics.median(cpu):.0f} ms CPU, {len(ms)} runs, load {os.getloadavg()[0]:.1f}: "
          f"{' '.join(cmd)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
