"""`patrician host`: the headless host as a user runs it (a real subprocess)."""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import msgpack

from patrician_qt.cli.host import add_parser
from patrician_qt.engine import replay_result
from patrician_qt.table import read_save

ROOT = Path(__file__).resolve().parents[2]
BASE = [sys.executable, "-m", "patrician_qt.cli.host", "--no-zeroconf", "--bind", "127.0.0.1"]
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


def test_sigterm_stops_cleanly_leaving_the_autosave(tmp_path: Path) -> None:
    proc = subprocess.Popen([*BASE, "--port", "0", "--seats", "human,bot:random",
                             "--autosave-dir", str(tmp_path), "--name", "Term"],
                            cwd=ROOT, env=ENV, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        while not (match := re.search(r"listening on \S+ port (\d+)", proc.stderr.readline())):
            pass
        # A player sits down, so the game starts; then the host is told to stop.
        with socket.create_connection(("127.0.0.1", int(match.group(1))), timeout=5) as sock:
            sock.sendall(msgpack.packb({"t": "hello", "v": 1, "name": "Anna"}))
            unpacker = msgpack.Unpacker(raw=False)
            while not any(m.get("t") == "update" for m in _drain(sock, unpacker)):
                pass
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
        assert "stopped" in proc.stderr.read()
        saved = read_save(tmp_path / "autosave-Term.patrician.json")
        assert saved.record.players == ["Anna", "Bot 1 (random)"]
        assert saved.record.result is None
    finally:
        if proc.poll() is None:
            proc.kill()


def _drain(sock: socket.socket, unpacker: msgpack.Unpacker) -> list[dict]:
    """Whatever messages the next read brings."""
    unpacker.feed(sock.recv(65536))
    return list(unpacker)


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


def test_wait_for_start_keeps_the_lobby_until_enter_is_pressed(tmp_path: Path) -> None:
    proc = subprocess.Popen([*BASE, "--port", "0", "--seats", "human,bot:random", "--wait-for-start",
                             "--autosave-dir", str(tmp_path), "--name", "Lobby first"],
                            cwd=ROOT, env=ENV, stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None and proc.stdin is not None
        while not (match := re.search(r"listening on \S+ port (\d+)", proc.stderr.readline())):
            pass
        with socket.create_connection(("127.0.0.1", int(match.group(1))), timeout=5) as sock:
            sock.sendall(msgpack.packb({"t": "hello", "v": 1, "name": "Anna"}))
            unpacker = msgpack.Unpacker(raw=False)
            seen: list[dict] = []
            # every seat is filled: the lobby stays (a ping's pong shows the host read on after the lobby)
            while not any(m.get("t") == "lobby" and all(s["kind"] != "open" for s in m["seats"]) for m in seen):
                seen += _drain(sock, unpacker)
            sock.sendall(msgpack.packb({"t": "ping", "n": 1}))
            while not any(m.get("t") == "pong" for m in seen):
                seen += _drain(sock, unpacker)
            assert not any(m.get("t") == "update" for m in seen)
            proc.stdin.write("\n")  # the host presses Enter
            proc.stdin.flush()
            while not any(m.get("t") == "update" for m in seen):
                seen += _drain(sock, unpacker)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=5) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_r26a_table_option_reaches_the_lobby_the_views_and_the_save(tmp_path: Path) -> None:
    """`--table open` (R26a) is told in the welcome, the lobby and every view, and kept by the save."""
    proc = subprocess.Popen([*BASE, "--port", "0", "--seats", "human,bot:random", "--table", "open",
                             "--autosave-dir", str(tmp_path), "--name", "Open"],
                            cwd=ROOT, env=ENV, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        while not (match := re.search(r"listening on \S+ port (\d+)", proc.stderr.readline())):
            pass
        got: dict[str, dict] = {}
        with socket.create_connection(("127.0.0.1", int(match.group(1))), timeout=5) as sock:
            sock.sendall(msgpack.packb({"t": "hello", "v": 1, "name": "Anna"}))
            unpacker = msgpack.Unpacker(raw=False)
            while "update" not in got:
                for m in _drain(sock, unpacker):
                    got.setdefault(m["t"], m)
        assert got["welcome"]["table"]["visibility"] == "open"
        assert got["lobby"]["visibility"] == "open"
        view = got["update"]["view"]
        assert view["visibility"] == "open" and all("score" in p for p in view["players"])
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=5) == 0
        saved = read_save(tmp_path / "autosave-Open.patrician.json")
        assert saved.record.visibility == "open"
    finally:
        if proc.poll() is None:
            proc.kill()
    # a resumed game keeps its table; asking for another one is refused with a warning
    out = subprocess.run([*BASE, "--port", "0", "--resume", str(tmp_path / "autosave-Open.patrician.json"),
                          "--table", "rulebook", "--once", "--takeover-after", "0.1", "--bot-deadline", "0.2"],
                         cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "--table rulebook ignored: the resumed game keeps its table (open)" in out.stderr
    finished = read_save(tmp_path / "autosave-Open.patrician.json").record  # played to the end, a bot for Anna
    assert finished.visibility == "open" and replay_result(finished) == finished.result


def test_the_table_option_defaults_to_rulebook_and_is_checked(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser(prog="patrician")
    add_parser(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["host"]).table is None  # Table's default: the rulebook table (R26)
    out = subprocess.run([*BASE, "--table", "peek"], cwd=ROOT, env=ENV, capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 2 and "invalid choice: 'peek'" in out.stderr
    out = subprocess.run([*BASE, "--port", "0", "--seats", "bot:random,bot:random", "--seed", "4", "--once",
                          "--autosave-dir", str(tmp_path), "--bot-deadline", "0.5", "--name", "Box"],
                         cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "(rulebook table)" in out.stderr
    record = read_save(tmp_path / "autosave-Box.patrician.json").record
    assert record.visibility == "rulebook" and replay_result(record) == record.result
