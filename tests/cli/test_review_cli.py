"""``patrician review``: per-turn verdicts and a summary, as text or JSON, kept with the game in the history."""

from __future__ import annotations

import json

import pytest

from patrician_qt.__main__ import main
from patrician_qt.engine import write_record
from patrician_qt.history.finished import note_finished
from patrician_qt.history.store import open_history
from tests.history.helpers import bot, finished_record, you

TINY = "30"


@pytest.fixture
def game(tmp_path):
    record = finished_record(41, ["Anna", "Bot"])
    path = tmp_path / "game.patrician.json"
    path.write_text(write_record(record), encoding="utf-8")
    return record, path


def test_review_json_judges_every_turn_of_the_seat(game, tmp_path, capsys):
    record, path = game
    args = ["review", str(path), "--seat", "1", "--budget", TINY, "--json", "--workers", "1", "--no-history"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert [t["turn"] for t in out["turns"]] == [i for i, t in enumerate(record.turns) if t["seat"] == 1]
    assert out["seats"] == [1] and out["budget"] == TINY and out["seed"] == 0
    assert set(out["summary"]) == {"1"} and out["summary"]["1"]["name"] == "Bot"
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == out  # deterministic for a seed


def test_review_text_names_verdicts_and_the_summary(game, capsys):
    _, path = game
    assert main(["review", str(path), "--seat", "0", "--budget", TINY, "--workers", "1", "--no-history"]) == 0
    text = capsys.readouterr().out
    assert "turn  0 Anna:" in text and "Anna: accuracy" in text and "costliest" in text


def test_a_game_in_the_history_keeps_its_review_and_it_is_computed_once(game, tmp_path, capsys, monkeypatch):
    record, path = game
    db = tmp_path / "history.sqlite3"
    assert record.result is not None
    game_id, _ = note_finished(record, [you(), bot("hard")], record.result, "local", db)
    args = ["review", str(path), "--seat", "0", "--budget", TINY, "--json", "--workers", "1", "--db", str(db)]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    opened = open_history(db)
    assert opened.conn.execute("SELECT game_id, seat, budget FROM reviews").fetchall() == [(game_id, 0, TINY)]
    opened.conn.close()

    def no_second_time(*a, **k):
        raise AssertionError("the review was computed again")

    monkeypatch.setattr("patrician_qt.review.game_review.review_game", no_second_time)
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert second.pop("stored") is True and second == first


def test_a_broken_record_is_said_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.patrician.json"
    bad.write_text('{"format": "patrician-record", "version": 1}', encoding="utf-8")
    assert main(["review", str(bad)]) == 2
    assert "patrician review:" in capsys.readouterr().err
    record = finished_record(2, ["A", "B"])
    record.turns = record.turns[:5]
    cut = tmp_path / "cut.patrician.json"
    cut.write_text(write_record(record), encoding="utf-8")
    assert main(["review", str(cut)]) == 2
    assert "R23" in capsys.readouterr().err


def test_review_text_says_the_win_chance_a_turn_lost():
    """The win chances shown are over all guesses, the loss over the halves that did not choose the best turn,
    so the text says the loss itself rather than leave it to the difference of the two."""
    from patrician_qt.cli.review import as_text

    played = {"card": "SIE-1", "build": ["A"], "relocate": None, "take": "Siena"}
    best = {"card": "MIL-1", "build": ["B"], "relocate": None, "take": "Milano"}
    turn = {"turn": 4, "seat": 0, "played": played, "best": best, "win_played": 0.4, "win_best": 0.6,
            "margin_played": -1.0, "margin_best": 2.0, "loss": 0.16, "lead": 0.16, "verdict": "inaccuracy",
            "forced": False}
    review = {"players": ["Anna", "Bot"], "turns": [turn], "summary": {}}
    assert "lost 16 points of win chance" in as_text(review)
    assert "lost" not in as_text({**review, "turns": [{**turn, "loss": 0.0, "verdict": "best", "best": played}]})
