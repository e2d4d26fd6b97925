"""Start-up time to the first window: launch a command N times, time until its window is mapped.

Why: the packaging target is "start-up to first window <= 0.6 s", and only the X
server knows when a window really appears. The command runs on a private Xvfb (Debian
packages xvfb and x11-utils) with the xcb platform plugin, as a user's desktop would run
it; ``xev -root -event substructure`` reports the first MapNotify of a top-level window.
The clock starts just before the process is spawned and stops when the X server maps the
window, so it includes the bundle's unpacking-free loader, Python, Qt and the app's own
start-up. Each run is then ended with SIGTERM. Figures go to docs/figures.md; nothing
here is asserted in CI (DESIGN.md, Tests and benchmarks).

With ``--pairs N`` the app and a bare PySide6 window of the same size (``bench/bare_window.py``)
start alternately, N times each, and the medians' ratio is printed: the target is that the app's
first window maps within 2x the bare one's. Alternating pairs make the ratio hold on a shared,
busy machine, where the absolute times do not. ``--bundle PATH`` adds the Linux bundle to each round.

    python bench/startup.py --pairs 15                                      # source vs bare
    python bench/startup.py --pairs 15 --bundle packaging/dist/patrician/patrician
    python bench/startup.py --runs 10 -- packaging/dist/patrician/patrician  # one command

``--write docs/figures.md`` (with ``--pairs``) writes the row ``startup.first_window`` of the run
(bench/figures_table.py).
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
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures_table import Row, when, write_rows


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


class Watcher:
    """One ``xev`` on the root window for the whole run: reports each top-level window's MapNotify."""

    def __init__(self, env: dict[str, str]) -> None:
        if shutil.which("xev") is None:
            sys.exit("bench/startup.py needs xev: apt-get install x11-utils")
        self.xev = subprocess.Popen(
            ["stdbuf", "-oL", "xev", "-root", "-event", "substructure"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        assert self.xev.stdout is not None
        self.lines = _Lines(self.xev.stdout.fileno())
        # let xev select its events before the first run: it prints nothing until an event comes
        time.sleep(1.0)

    def time_start(self, cmd: list[str], timeout: float, env: dict[str, str]) -> tuple[float, float]:
        """(wall seconds from spawn to first mapped window, CPU seconds the process used by then)."""
        t0 = time.perf_counter()
        app = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
        t1 = _wait_map(self.lines, t0 + timeout)
        cpu = _cpu_seconds(app.pid) if t1 is not None else 0.0
        os.killpg(app.pid, signal.SIGTERM)
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(app.pid, signal.SIGKILL)
            app.wait()
        if t1 is None:
            sys.exit(f"{' '.join(cmd)}: no window within {timeout} s (exit code {app.returncode})")
        time.sleep(0.3)
        while self.lines.next(time.perf_counter()) is not None:  # drop what the closing window reported
            pass
        return t1 - t0, cpu

    def close(self) -> None:
        """End xev."""
        self.xev.terminate()
        self.xev.wait()


def measure(cmd: list[str], runs: int, warmup: int, timeout: float, env: dict[str, str]) -> list[tuple[float, float]]:
    """(wall seconds from spawn to first mapped window, CPU seconds used by then), per run.

    The CPU figure hardly depends on what else the machine is doing, the wall one does.
    The first ``warmup`` runs (page cache, font cache) are left out of the figures.
    """
    watcher = Watcher(env)
    times: list[tuple[float, float]] = []
    try:
        for i in range(warmup + runs):
            wall, cpu = watcher.time_start(cmd, timeout, env)
            label = "warm-up" if i < warmup else f"run {i + 1 - warmup}"
            if i >= warmup:
                times.append((wall, cpu))
            print(f"{label}: {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU", flush=True)
    finally:
        watcher.close()
    return times


def measure_pairs(cmds: dict[str, list[str]], pairs: int, warmup: int, timeout: float,
                  env: dict[str, str]) -> dict[str, list[tuple[float, float]]]:
    """Each command once per round, in turn, for ``pairs`` rounds (after ``warmup`` untimed rounds)."""
    watcher = Watcher(env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
    try:
        for i in range(warmup + pairs):
            label = "warm-up" if i < warmup else f"round {i + 1 - warmup}"
            cells = []
            for name, cmd in cmds.items():
                wall, cpu = watcher.time_start(cmd, timeout, env)
                if i >= warmup:
                    times[name].append((wall, cpu))
                cells.append(f"{name} {wall * 1000:.0f} ms ({cpu * 1000:.0f} CPU)")
            print(f"{label}: " + ", ".join(cells), flush=True)
    finally:
        watcher.close()
    return times


def _medians(times: list[tuple[float, float]]) -> tuple[float, float]:
    """Median wall and CPU milliseconds."""
    return (statistics.median(t * 1000 for t, _ in times), statistics.median(c * 1000 for _, c in times))


def row(medians: dict[str, tuple[float, float]], pairs: int, how: str) -> Row:
    """The figures table's row: each command's median wall and CPU milliseconds against the bare window's."""
    bare_wall, bare_cpu = medians["bare"]
    label = {"source": "from source", "bundle": "Linux bundle"}
    cells = [f"{label[name]} {wall / bare_wall:.2f}× wall ({cpu / bare_cpu:.2f}× CPU; {wall:.0f} ms wall and "
             f"{cpu:.0f} ms CPU against {bare_wall:.0f} and {bare_cpu:.0f} ms)"
             for name, (wall, cpu) in medians.items() if name != "bare"]
    return Row("startup.first_window", "start to the first window mapped, against a bare PySide6 window of the same "
               f"size in the same run ({pairs} alternating pairs, medians)", "; ".join(cells), "≤ 2×", how)


def main() -> int:
    """Command line: ``startup.py [--runs N] -- CMD ...`` or ``startup.py --pairs N [--bundle PATH]``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--pairs", type=int, default=0,
                    help="time the app and a bare PySide6 window alternately, N each, and print the ratio")
    ap.add_argument("--bundle", help="with --pairs: the Linux bundle's executable, timed in each round too")
    ap.add_argument("--no-source", action="store_true", help="with --pairs and --bundle: the bundle only")
    ap.add_argument("--warmup", type=int, default=1, help="untimed runs first (page cache)")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD",
                    help="with --pairs: write the row startup.first_window there")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    loads = [os.getloadavg()[0]]
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd and not args.pairs:
        ap.error("give the command to start, after --, or --pairs N")
    if args.write and (not args.pairs or cmd):
        ap.error("--write takes the figures of --pairs with the app itself (no command after --)")
    xvfb, display = _start_xvfb()
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    env.pop("WAYLAND_DISPLAY", None)
    # an installed app and a bundle run from compiled bytecode: let the warm-up write it, as pip does
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        with tempfile.TemporaryDirectory(prefix="startup-bench-") as home:
            # the app's settings and autosaves in a folder of the bench's own: the user's are not read or changed
            env.update(XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"))
            if args.pairs:
                here = os.path.dirname(os.path.abspath(__file__))
                cmds = {"bare": [sys.executable, os.path.join(here, "bare_window.py")]}
                if not args.no_source:
                    cmds["source"] = cmd or [sys.executable, "-m", "patrician_qt"]
                if args.bundle:
                    cmds["bundle"] = [args.bundle]
                results = measure_pairs(cmds, args.pairs, args.warmup, args.timeout, env)
            else:
                times = measure(cmd, args.runs, args.warmup, args.timeout, env)
    finally:
        xvfb.terminate()
        xvfb.wait()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    if args.pairs:
        bare_wall, bare_cpu = _medians(results["bare"])
        print(f"load average {load} ({os.cpu_count()} cores), {args.pairs} alternating rounds:")
        for name, runs in results.items():
            wall, cpu = _medians(runs)
            ratio = "" if name == "bare" else f"  ratio {wall / bare_wall:.2f} wall, {cpu / bare_cpu:.2f} CPU"
            print(f"  {name:7s} median {wall:4.0f} ms wall, {cpu:4.0f} ms CPU{ratio}: {' '.join(cmds[name])}")
        if args.write:
            loads.append(os.getloadavg()[0])
            how = f"`bench/startup.py --pairs {args.pairs}{' --bundle …' if args.bundle else ''}`, {when(loads)}"
            write_rows(args.write, [row({name: _medians(runs) for name, runs in results.items()}, args.pairs, how)])
        return 0
    ms = sorted(t * 1000 for t, _ in times)
    cpu = sorted(c * 1000 for _, c in times)
    print(f"first window: median {statistics.median(ms):.0f} ms wall (min {ms[0]:.0f}, max {ms[-1]:.0f}), "
          f"median {statistics.median(cpu):.0f} ms CPU, {len(ms)} runs, load {load}: "
          f"{' '.join(cmd)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
