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
        assert set(b) >= {"name", "win_rate", "ci95", "mean_score", "s_per_turn", "max_s_per_turn"}
        assert 0.0 <= b["s_per_turn"] <= b["max_s_per_turn"]  # wall time: the mean turn and the longest
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


def test_arena_plays_at_the_chosen_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--table rulebook (default, R26) or open (R26a) is the table of every game and record; with the whole
    public history the bots decide alike at both, so the same seed gives the same games."""
    results = {}
    for table in ("rulebook", "open"):
        folder = tmp_path / table
        args = ["--players", "medium,easy", "--games", "4", "--seed", "5", "--records", str(folder)]
        assert arena.main([*args, "--table", table] if table == "open" else args) == 0
        summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert summary["table"] == table
        records = [read_record(f.read_bytes()) for f in sorted(folder.glob("*.patrician.json"))]
        assert len(records) == 4 and {r.visibility for r in records} == {table}
        results[table] = [(r.turns, r.result) for r in records]
    assert results["rulebook"] == results["open"]
