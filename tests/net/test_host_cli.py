"""`patrician host`: the headless host as a user runs it (a real subprocess)."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from patrician_qt.host_cli import add_parser
from patrician_qt.table import read_save

ROOT = Path(__file__).resolve().parents[2]
BASE = [sys.executable, "-m", "patrician_qt.host_cli", "--no-zeroconf", "--bind", "127.0.0.1"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def test_all_bots_once_plays_autosaves_and_exits_0(tmp_path: Path) -> None:
    out = subprocess.run([*BASE, "--port", "0", "--seats", "bot:random,bot:random,bot:easy",
                          "--seed", "3", "--once", "--autosave-dir", str(tmp_path),
                          "--bot-deadline", "0.5", "--name", "Night owls"],
                         cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "listening on 127.0.0.1 port" in out.stderr
    assert "game over" in out.stderr and "plays" in out.stderr
    saved = read_save(tmp_path / "autosave-Night-owls.patrician.json")
    assert saved.record.result is not None and saved.table["name"] == "Night owls"
    assert len(saved.record.turns) == 48


def test_sigterm_stops_cleanly_and_quickly(tmp_path: Path) -> None:
    proc = subprocess.Popen([*BASE, "--port", "0", "--seats", "human,bot:random",
                             "--autosave-dir", str(tmp_path)],
                            cwd=ROOT, env=ENV, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        while "listening" not in proc.stderr.readline():
            pass
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=5) == 0
        assert time.monotonic() - started < 2.0
        assert "stopped" in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_bad_options_exit_2_with_a_reason(tmp_path: Path) -> None:
    out = subprocess.run([*BASE, "--seats", "human,wizard", "--autosave-dir", str(tmp_path)],
                         cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30)
    assert out.returncode == 2 and "neither 'human' nor 'bot" in out.stderr
    out = subprocess.run([*BASE, "--resume", str(tmp_path / "nope.json")],
                         cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30)
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_add_parser_builds_the_subcommand() -> None:
    parser = argparse.ArgumentParser(prog="patrician")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["host", "--port", "0", "--seats", "human,bot:hard", "--once"])
    assert args.command == "host" and args.port == 0 and args.once and args.func
    assert args.seats == "human,bot:hard" and not args.no_zeroconf
