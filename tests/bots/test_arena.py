"""``patrician arena``: the table, the JSON last line, and records that ``patrician replay`` accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from patrician_qt.bots import arena
from patrician_qt.engine import read_record, replay_result


def test_arena_output_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--players", "medium,random,easy", "--games", "6", "--seed", "3", "--records", str(tmp_path)])
    assert code == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["games"] == 6
    names = [b["name"] for b in summary["bots"]]
    assert names == ["medium", "random", "easy"]
    for b in summary["bots"]:
        assert b["seats"] == 6
        lo, hi = b["ci95"]
        assert 0.0 <= lo <= b["win_rate"] <= hi <= 1.0
        assert set(b) >= {"name", "win_rate", "ci95", "mean_score", "s_per_turn"}
    assert abs(sum(b["wins"] for b in summary["bots"]) - 6) < 1e-6  # shared wins are split
    assert any("win rate" in line for line in lines[:-1])
    files = sorted(tmp_path.glob("*.patrician.json"))
    assert len(files) == 6
    for f in files:
        record = read_record(f.read_bytes())
        assert replay_result(record) == record.result
    # seats rotate: game 1 puts the second bot in seat 0
    first = read_record(files[1].read_bytes())
    assert first.meta is not None and first.meta["arena"]["bots"] == ["random", "easy", "medium"]


def test_arena_with_jobs_matches_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--players", "medium,random", "--games", "4", "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert arena.main(["--players", "medium,random", "--games", "4", "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for a, b in zip(one["bots"], two["bots"], strict=True):
        assert (a["wins"], a["mean_score"]) == (b["wins"], b["mean_score"])


def test_arena_rejects_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--players", "medium,godlike", "--games", "2"]) == 2
    assert "unknown bot level" in capsys.readouterr().err
