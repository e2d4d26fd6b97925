"""The review's measuring search: its figure is a win chance, so a playout that reaches the end of the game
scores the share of the win (R25), not a logistic of the margin; and every turn is measured, even a forced one."""

from __future__ import annotations

import random

from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.ismcts import SearchConfig, search
from patrician_qt.review.judge import Budget, judge
from patrician_qt.review.moments import moments
from tests.history.helpers import finished_record


def test_r25_a_measured_turn_that_ends_the_game_scores_the_share_of_the_win():
    record = finished_record(41, ["P0", "P1"])
    last = list(moments(record))[-1]
    det = Determinizer(last.view, list(last.history))
    result = search(det, random.Random(1), SearchConfig(iterations=300, measure=True))
    assert result.visits and sum(result.visits.values()) == 300
    for turn, n in result.visits.items():
        # every iteration ends the game: a win scores 1, a shared one ½, a loss 0 (summed, a multiple of ½)
        doubled = 2 * result.rewards[turn]
        assert abs(doubled - round(doubled)) < 1e-9, (turn, n, result.rewards[turn])
    assert set(result.margins) == set(result.visits)


def test_a_forced_turn_is_measured_too():
    """Turn 46 of this game leaves one legal turn: the verdict is "best" and forced, with a win chance and a
    margin that the searches measured (not zeros put in their place)."""
    record = finished_record(41, ["P0", "P1"])
    [moment] = [m for m in moments(record) if m.index == 46]
    v = judge(moment, Budget("t", 200, 1_400), seed=3)
    assert v.forced and v.verdict == "best" and v.loss == 0.0 and v.best == v.played
    assert 0.0 <= v.played_outcome.win <= 1.0 and v.played_outcome == v.best_outcome
    assert v.played_outcome.win in (0.0, 1.0) or v.played_outcome.margin != 0.0
