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


def test_a_run_goes_on_where_it_stopped(capsys: pytest.CaptureFixture[str]) -> None:
    """--first-game plays the same games a longer run plays from there: 4 games = games 0-1 then 2-3."""
    assert arena.main(["--players", "medium,easy", "--games", "4", "--seed", "8", "--progress"]) == 0
    whole = [json.loads(x) for x in capsys.readouterr().err.strip().splitlines()]
    assert arena.main(["--players", "medium,easy", "--games", "2", "--seed", "8", "--first-game", "2",
                       "--progress"]) == 0
    later = [json.loads(x) for x in capsys.readouterr().err.strip().splitlines()]
    assert [line["game"] for line in later] == [2, 3]

    def untimed(lines: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in line.items() if "s_per_turn" not in k} for line in lines]

    assert untimed(later) == untimed(whole[2:])
    assert all(line["seed"] == 8 and sum(line["turns"]) > 0 for line in whole)


def test_tally_joins_progress_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--tally over two logs of one seed gives the figures of the run that played them all at once."""
    assert arena.main(["--players", "medium,random", "--games", "6", "--seed", "4", "--progress"]) == 0
    out = capsys.readouterr()
    played = json.loads(out.out.strip().splitlines()[-1])
    lines = out.err.strip().splitlines()
    (tmp_path / "a.jsonl").write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")
    (tmp_path / "b.jsonl").write_text("\n".join(lines[2:]) + "\n", encoding="utf-8")
    assert arena.main(["--tally", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 0
    tallied = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert tallied["games"] == 6
    for a, b in zip(played["bots"], sorted(tallied["bots"], key=lambda s: s["name"] != "medium"), strict=True):
        for key in ("name", "seats", "wins", "ci95", "mean_score", "mean_fame", "mean_heads", "max_s_per_turn"):
            assert a[key] == b[key], key
        assert abs(a["s_per_turn"] - b["s_per_turn"]) < 1e-3  # rounded per game in the log


def test_tally_refuses_a_game_twice_and_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--players", "medium,random", "--games", "1", "--seed", "4", "--progress"]) == 0
    line = capsys.readouterr().err.strip()
    twice = tmp_path / "twice.jsonl"
    twice.write_text(line + "\n" + line + "\n", encoding="utf-8")
    assert arena.main(["--tally", str(twice)]) == 2
    assert "game 0 of seed 4 is there twice" in capsys.readouterr().err
    broken = tmp_path / "broken.jsonl"
    broken.write_text(line + "\n{not json\n", encoding="utf-8")
    assert arena.main(["--tally", str(broken)]) == 2
    assert "line 2 is not an arena progress line" in capsys.readouterr().err
    assert arena.main(["--tally", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


def test_tally_reads_the_older_progress_lines() -> None:
    """The lines kept in docs/arena/ carry no seed, fame, heads or turns: win rates and scores still add up."""
    old = ['{"game": 0, "bots": ["expert", "hard"], "winners": [1], "scores": [60, 81], "s_per_turn": [2.0, 0.1], '
           '"max_s_per_turn": [2.5, 0.2]}',
           '{"game": 1, "bots": ["hard", "expert"], "winners": [0, 1], "scores": [70, 70], "s_per_turn": [0.3, 1.0], '
           '"max_s_per_turn": [0.4, 1.5]}']
    stats, games = arena.tally_lines(old)
    assert games == 2
    by = {s.name: s.summary() for s in stats}
    assert by["expert"]["wins"] == 0.5 and by["hard"]["wins"] == 1.5
    assert by["expert"]["s_per_turn"] == 1.5 and by["expert"]["max_s_per_turn"] == 2.5
    assert by["hard"]["mean_score"] == 75.5
    assert by["hard"]["mean_fame"] is None  # not told, not 0
    assert "-" in arena.table(stats, games).splitlines()[2]
