"""The review of a whole game: every turn of the chosen seats judged, and a summary per player (an accuracy
figure, how many turns of each verdict, the three costliest turns).

Why turns are judged apart: each depends only on its own moment and the seed, so they may be judged in any
order, in this process or in worker processes (``workers``), and the review is the same.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from patrician_qt.engine import Record

from .judge import VERDICTS, Budget, Verdict, accuracy_of, judge
from .method import METHOD
from .moments import Moment
from .seen import game_moments, reviewed_seats

#: how many of a player's costliest turns the summary names
COSTLIEST = 3


def _judge_one(args: tuple[Moment, Budget, int]) -> Verdict:
    """Top level, so a worker process can run it."""
    moment, budget, seed = args
    return judge(moment, budget, seed)


def judge_share(record: Record, seats: set[int], budget: Budget, seed: int, share: int = 0, shares: int = 1,
                progress: Callable[[int, int], None] | None = None) -> list[Verdict]:
    """The verdicts of every ``shares``-th turn of ``seats``, from the ``share``-th on: a worker process's part
    (each turn depends only on its own moment and the seed, so the parts put together are the whole review)."""
    todo = [m for j, m in enumerate(game_moments(record, seats)) if j % shares == share]
    verdicts: list[Verdict] = []
    if progress:
        progress(0, len(todo))
    for m in todo:
        verdicts.append(judge(m, budget, seed))
        if progress:
            progress(len(verdicts), len(todo))
    return verdicts


def _after_each(progress: Callable[[int, int], None]) -> Callable[[int, int], None]:
    """``progress`` told after each turn judged only (a worker also says 0 done at its start; the command's line
    of progress starts at the first turn judged)."""
    return lambda done, total: progress(done, total) if done else None


def assemble(record: Record, seats: set[int], budget: Budget, seed: int, verdicts: list[Verdict]) -> dict[str, Any]:
    """The review's map from its verdicts, in the order of the turns whichever part judged them."""
    ordered = sorted(verdicts, key=lambda v: v.index)
    return {
        "method": METHOD,
        "players": list(record.players),
        "seats": sorted(seats),
        "budget": budget.name,
        "seed": seed,
        "turns": [v.to_map() for v in ordered],
        "summary": summary(record, ordered, sorted(seats)),
    }


def review_game(record: Record, seats: set[int] | None = None, budget: Budget | None = None, seed: int = 0,
                workers: int = 1, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Judge every turn of ``seats`` (default: the people, or the seat whose view a guest kept) and summarise; a
    plain map.

    ``progress(done, total)`` is called after each turn judged. RecordError for a record that breaks a rule."""
    from .judge import BUDGETS

    budget = budget or BUDGETS["default"]
    chosen = reviewed_seats(record) if seats is None else seats
    todo = [(m, budget, seed) for m in game_moments(record, chosen)]
    if workers <= 1 or len(todo) <= 1:  # in this process: the one share of the turns, as a worker judges its own
        told = None if progress is None else _after_each(progress)
        return assemble(record, chosen, budget, seed, judge_share(record, chosen, budget, seed, 0, 1, told))
    verdicts: list[Verdict] = []
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:  # turn by turn, for the progress
        for v in pool.map(_judge_one, todo):
            verdicts.append(v)
            if progress:
                progress(len(verdicts), len(todo))
    return assemble(record, chosen, budget, seed, verdicts)


def summary(record: Record, verdicts: list[Verdict], seats: list[int]) -> dict[str, Any]:
    """Per seat: accuracy (mean of each turn's, ``accuracy_of``), mean win chance lost, verdict counts, and the
    three costliest turns (most win chance lost; forced turns left out)."""
    out: dict[str, Any] = {}
    for seat in seats:
        mine = [v for v in verdicts if v.seat == seat]
        free = [v for v in mine if not v.forced]
        costly = sorted((v for v in free if v.loss > 0), key=lambda v: (-v.loss, v.index))[:COSTLIEST]
        out[str(seat)] = {
            "name": record.players[seat],
            "turns": len(mine),
            "accuracy": round(sum(accuracy_of(v.loss) for v in free) / len(free), 1) if free else None,
            "mean_loss": round(sum(v.loss for v in free) / len(free), 4) if free else None,
            "counts": {word: sum(1 for v in mine if v.verdict == word) for word in VERDICTS},
            "costliest": [{"turn": v.index, "loss": round(v.loss, 4), "verdict": v.verdict} for v in costly],
        }
    return out


__all__ = ["COSTLIEST", "assemble", "judge_share", "review_game", "summary"]
