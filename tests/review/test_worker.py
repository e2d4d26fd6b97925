"""The review's worker processes: the turns split between two processes give the same review as one process,
the progress counts every turn of both, and Cancel ends both at once."""

from __future__ import annotations

import os
import time

import pytest

from patrician_qt.engine import Record
from patrician_qt.review.game_review import review_game
from patrician_qt.review.judge import parse_budget
from patrician_qt.review.worker import ReviewProcess
from tests.history.helpers import finished_record

TINY = "40"


def _short(record: Record, upto: int) -> Record:
    return Record(list(record.players), record.deal, record.turns[:upto], record.meta, None,
                  dict(record.extra), record.visibility)


def _run(proc: ReviewProcess, limit_s: float = 120.0) -> list[tuple]:
    said: list[tuple] = []
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        said += proc.messages(0.2)
        if said and said[-1][0] in ("done", "error", "gone"):
            return said
    raise AssertionError(f"no last word: {said[-3:]}")


def test_two_worker_processes_give_the_review_of_one_process():
    record = _short(finished_record(41, ["P0", "P1"]), 9)
    proc = ReviewProcess(record, [0], TINY, 3, processes=2)
    assert len(proc.pids) == 2
    said = _run(proc)
    assert said[-1][0] == "done", said[-1]
    assert said[-1][1] == review_game(record, {0}, parse_budget(TINY), 3)
    counts = [m[1:] for m in said if m[0] == "progress"]
    assert counts[-1] == (5, 5)  # seat 0's turns 0, 2, 4, 6, 8, judged by both processes together
    assert [done for done, _ in counts] == sorted(done for done, _ in counts)


def test_cancel_ends_every_worker_process():
    record = finished_record(42, ["P0", "P1"])
    proc = ReviewProcess(record, None, "default", 1, processes=2)
    pids = proc.pids
    assert proc.alive()
    proc.cancel()
    said = _run(proc, 30.0)
    assert said[-1] == ("gone",)
    for pid in pids:  # ended and reaped: no such process any more
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_bad_record_is_said_as_an_error_of_the_review():
    record = _short(finished_record(43, ["P0", "P1"]), 4)
    record.turns[2] = {**record.turns[2], "card": "no-such-card"}
    said = _run(ReviewProcess(record, None, TINY, 0, processes=2))
    assert said[-1][0] == "error" and "turn 2" in said[-1][1]
