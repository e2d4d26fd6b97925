"""Where a game's review is kept so that it is computed once: with the game in the history when the game is
there, else in a file named by the game's fingerprint in ``reviews/`` beside the history (a replayed record
that was never played here: replays are not counted as games, but their reviews are worth keeping).

Keyed like ``patrician review``: the seat reviewed (-1: the people at the table), the budget's name and the
seed, so the command and the window find each other's reviews.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from patrician_qt.engine import Record
from patrician_qt.review.method import is_current

from .games import fingerprint, game_id_of, store_review, stored_review
from .store import HistoryError, open_history

log = logging.getLogger(__name__)

REVIEWS_FOLDER = "reviews"
#: the key of the review of the people at the table (no seat chosen)
PEOPLE = -1


def _file(history_path: Path, record: Record, seat: int, budget: str, seed: int) -> Path:
    safe_budget = "".join(c if c.isalnum() else "_" for c in budget)
    name = f"{fingerprint(record)[:32]}-{seat}-{safe_budget}-{seed}.json"
    return history_path.parent / REVIEWS_FOLDER / name


def load_review(history_path: Path, record: Record, budget: str, seed: int, seat: int = PEOPLE) -> Any | None:
    """The review kept for this game, seat, budget and seed, or None (never raises: a review can be redone)."""
    try:
        opened = open_history(history_path)
    except HistoryError as exc:
        log.warning("%s", exc)
        opened = None
    if opened is not None:
        try:
            game_id = game_id_of(opened.conn, record)
            if game_id is not None:
                return stored_review(opened.conn, game_id, seat, budget, seed)
        except Exception as exc:  # a locked or broken file: the review is computed again
            log.warning("a kept review could not be read: %s", exc)
        finally:
            opened.conn.close()
    path = _file(history_path, record, seat, budget, seed)
    try:
        review = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return review if is_current(review) else None


def keep_review(history_path: Path, record: Record, budget: str, seed: int, review: Any,
                seat: int = PEOPLE) -> None:
    """Keep a review with its game (the history) or beside the history; a problem is logged, never raised."""
    try:
        opened = open_history(history_path)
        try:
            game_id = game_id_of(opened.conn, record)
            if game_id is not None:
                store_review(opened.conn, game_id, seat, budget, seed, review)
                return
        finally:
            opened.conn.close()
    except Exception as exc:
        log.warning("the review could not be kept in the history: %s", exc)
    path = _file(history_path, record, seat, budget, seed)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(review, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        log.warning("the review could not be kept in %s: %s", path, exc)


__all__ = ["PEOPLE", "REVIEWS_FOLDER", "keep_review", "load_review"]
