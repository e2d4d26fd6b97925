"""bench/review_levels.py, at a tiny size so it cannot rot: its games are the arena's, its log goes on where it
stopped, and its summary has every level with intervals."""

from __future__ import annotations

import json

from patrician_qt.bots.arena import play_game
from tests.bots.helpers import bench_script


def test_its_games_are_the_arenas_games_cut_after_the_turns_asked() -> None:
    bench = bench_script("review_levels")
    whole = play_game(["easy", "medium"], 3, 5, None, True).record
    assert whole is not None
    record, seat = bench.play("easy", "medium", 3, 5, 0)
    assert record.to_map()["turns"] == whole["turns"] and record.deal == whole["deal"]
    assert seat == 1  # game 3 of two bots sits the list rotated by one
    cut, _ = bench.play("easy", "medium", 3, 5, 7)
    assert cut.turns == record.turns[:7]


def test_a_tiny_run_reviews_each_levels_seat_and_goes_on_from_its_log(tmp_path, capsys) -> None:
    bench = bench_script("review_levels")
    log = tmp_path / "log.jsonl"
    common = ["--turns", "6", "--budget", "20", "--jobs", "1", "--seed", "3", "--log", str(log),
              "--records", str(tmp_path / "records")]
    assert bench.main(["--games", "1", "--levels", "random,medium", *common]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert set(first["levels"]) == {"random", "medium"}
    for level in first["levels"].values():
        assert level["games"] == 1 and level["turns"] == 3  # the level's 3 turns of the first 6
        assert level["loss"]["ci95"][0] <= level["loss"]["mean"] <= level["loss"]["ci95"][1]
    assert len(list((tmp_path / "records").iterdir())) == 2
    assert bench.main(["--games", "2", "--levels", "random,medium", *common]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sum(1 for line in lines if line.startswith('{"level"')) == 2  # only game 1 of each level was new
    second = json.loads(lines[-1])
    assert [second["levels"][lv]["games"] for lv in ("random", "medium")] == [2, 2]
    assert second["order_by_loss"] in (["random", "medium"], ["medium", "random"])
    assert bench.main(["--tally", str(log), str(log)]) == 0  # a game met twice counts once
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["levels"] == second["levels"]


def test_the_noise_floor_judges_the_reviews_own_best_turns_again(tmp_path, capsys) -> None:
    bench = bench_script("review_levels")
    args = ["--floor", "1", "--levels", "easy", "--turns", "6", "--budget", "20", "--seed", "4",
            "--records", str(tmp_path)]
    assert bench.main(args) == 0
    out = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert out["games"] == 1 and 0 < out["turns"] <= 3
    assert 0.0 <= out["floor"]["mean"] <= 1.0 and 0.0 <= out["same_best"] <= 1.0
