"""Broken saves and records on the command line: one clear message naming the file,
exit 2, the file untouched; and `patrician host` never overwrites an unfinished game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.table.test_hostile_table import BROKEN

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
HOST = [sys.executable, "-m", "patrician_qt", "host", "--no-zeroconf", "--bind", "127.0.0.1", "--port", "0"]
EXAMPLE = ROOT / "tests" / "data" / "example-2p.patrician.json"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("kind", [*BROKEN, "wrong-shape"])
def test_host_resume_and_replay_of_a_broken_file_exit_2_with_one_message(kind: str, tmp_path: Path) -> None:
    path = tmp_path / f"{kind}.patrician.json"
    if kind == "wrong-shape":
        data = json.loads(EXAMPLE.read_text())
        data["meta"] = {"colors": [["red"], {"x": 1}], "table": {"format": 1, "game": "g", "seats": 5}}
        path.write_text(json.dumps(data))
    else:
        path.write_bytes(BROKEN[kind])
    before = path.read_bytes()

    out = _run(*HOST, "--resume", str(path))
    assert out.returncode == 2
    errors = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(errors) == 1 and str(path) in errors[0], out.stderr
    assert "Traceback" not in out.stderr

    out = _run(sys.executable, "-m", "patrician_qt", "replay", str(path))
    assert out.returncode == 2 and out.stderr == ""
    line = json.loads(out.stdout)
    assert line["file"] == str(path) and line["error"]
    assert path.read_bytes() == before


def test_replay_names_what_is_wrong(tmp_path: Path) -> None:
    paths = []
    for kind in ("not-utf8", "deep-json", "deep-but-parsable"):
        path = tmp_path / f"{kind}.json"
        path.write_bytes(BROKEN[kind])
        paths.append(str(path))
    out = _run(sys.executable, "-m", "patrician_qt", "replay", *paths)
    errors = [json.loads(line)["error"] for line in out.stdout.splitlines()]
    offset = BROKEN["not-utf8"].index(b"\xff")
    assert errors[0] == f"not UTF-8 text: byte 0xff at offset {offset}"
    assert "nested more than" in errors[1] and "nested more than" in errors[2]


def test_host_refuses_to_overwrite_an_unfinished_game_and_says_how_to_go_on(tmp_path: Path) -> None:
    from patrician_qt.table.saves import autosave_path, journal_path

    saved = json.loads(EXAMPLE.read_text())
    saved["turns"] = saved["turns"][:6]
    del saved["result"]
    saved["meta"] = {"table": {"format": 1, "game": "g1", "name": "Owls", "seed": 1, "seq": 7, "seats": [
        {"kind": "human", "name": p, "level": None, "token_hash": None, "away": False} for p in saved["players"]]}}
    path = autosave_path(tmp_path, "Owls")
    path.write_text(json.dumps(saved))
    journal_path(path).write_text("")
    before = path.read_bytes()
    bots = ["--seats", "bot:random,bot:random", "--autosave-dir", str(tmp_path), "--bot-deadline", "0.2"]

    out = _run(*HOST, "--name", "Owls", *bots, "--once")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert str(path) in out.stderr and "unfinished game" in out.stderr and "6 turns" in out.stderr
    assert f"--resume {path}" in out.stderr and "--discard-unfinished" in out.stderr
    assert path.read_bytes() == before

    out = _run(*HOST, "--name", "Owls", *bots, "--once", "--discard-unfinished")
    assert out.returncode == 0, out.stderr
    after = json.loads(path.read_text())
    assert after["meta"]["table"]["game"] != "g1" and "result" in after
