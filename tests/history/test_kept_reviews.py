"""A review is computed once and kept with its game; one made by an earlier way of judging is judged again
instead of being shown with verdicts by other bounds."""

from __future__ import annotations

from pathlib import Path

from patrician_qt.history.finished import note_finished
from patrician_qt.history.kept_reviews import keep_review, load_review
from patrician_qt.review.method import METHOD
from tests.history.helpers import bot, finished_record, you

BUDGET, SEED = "fast", 7


def _review(method: int | None) -> dict[str, object]:
    review: dict[str, object] = {"players": ["Anna", "Bot"], "turns": [], "summary": {}}
    if method is not None:
        review["method"] = method
    return review


def test_a_review_kept_with_its_game_is_found_again(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    record = finished_record(3, ["Anna", "Bot"])
    assert record.result is not None
    note_finished(record, [you(), bot("hard")], record.result, "local", db)
    keep_review(db, record, BUDGET, SEED, _review(METHOD))
    assert load_review(db, record, BUDGET, SEED) == _review(METHOD)


def test_a_review_made_the_old_way_is_computed_again_in_the_history_and_beside_it(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    in_history = finished_record(3, ["Anna", "Bot"])
    assert in_history.result is not None
    note_finished(in_history, [you(), bot("hard")], in_history.result, "local", db)
    replayed = finished_record(4, ["Anna", "Bot"])  # never played here: its review is kept in a file
    for record in (in_history, replayed):
        for old in (None, METHOD - 1):
            keep_review(db, record, BUDGET, SEED, _review(old))
            assert load_review(db, record, BUDGET, SEED) is None
        keep_review(db, record, BUDGET, SEED, _review(METHOD))
        assert load_review(db, record, BUDGET, SEED) == _review(METHOD)
    assert list((tmp_path / "reviews").glob("*.json")), "the replayed game's review is kept beside the history"
