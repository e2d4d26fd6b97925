"""The review's estimate of the win chance lost: a turn as good as every other one loses nothing on average
(no winner's curse from taking the best of noisy estimates), and a turn truly worse than the best loses about
the difference."""

from __future__ import annotations

import random

from patrician_qt.review.estimate import Halves, cross_fitted_lead


def _search(rng: random.Random, chances: list[float], noise: float) -> dict:
    """One search's root statistics: each turn's mean is its chance plus the search's noise, and the search
    visits most the turns its own (noisy) means rate best, as UCB does."""
    means = {k: p + rng.gauss(0.0, noise) for k, p in enumerate(chances)}
    order = sorted(means, key=lambda k: -means[k])
    visits = {k: 1000 // (1 + order.index(k)) for k in means}
    return {k: (visits[k], visits[k] * means[k], 0.0) for k in means}


def _mean_lead(chances: list[float], trials: int = 2000) -> float:
    rng = random.Random(5)
    return sum(cross_fitted_lead(Halves(_search(rng, chances, 0.03), _search(rng, chances, 0.03)), 0).lead
               for _ in range(trials)) / trials


def test_a_turn_as_good_as_every_other_loses_nothing_on_average():
    assert abs(_mean_lead([0.5] * 8)) < 0.002


def test_the_old_way_the_best_of_noisy_estimates_would_have_lost():
    """Guard for the test above: the same searches, judged by the most visited turn's mean minus the turn
    played's on the same search, "lose" about 0.04 for a turn as good as any."""
    rng = random.Random(5)
    total = 0.0
    for _ in range(2000):
        one = _search(rng, [0.5] * 8, 0.03)
        best = max(one, key=lambda k: one[k][0])
        total += one[best][1] / one[best][0] - one[0][1] / one[0][0]
    assert total / 2000 > 0.02


def test_a_worse_turn_loses_about_the_difference():
    assert 0.08 < _mean_lead([0.5, 0.6, 0.55, 0.45, 0.5]) < 0.105


def _stats(**turns: tuple[int, float]) -> dict:
    """Root statistics by turn name: (visits, mean reward)."""
    return {name: (n, n * mean, 0.0) for name, (n, mean) in turns.items()}


def test_two_searches_that_both_choose_the_turn_played_find_no_lead():
    a = _stats(played=(900, 0.6), other=(100, 0.5))
    b = _stats(played=(800, 0.58), other=(200, 0.55))
    found = cross_fitted_lead(Halves(a, b), "played")
    assert found.best == "played" and found.lead == 0.0


def test_each_searchs_best_is_measured_on_the_other_search():
    """Search a prefers x (by its own lucky values); search b, whose noise did not choose it, rates x below the
    turn played, so a's choice costs nothing there; b's choice y leads by 0.1 on a's values."""
    a = _stats(played=(300, 0.50), x=(500, 0.70), y=(200, 0.60))
    b = _stats(played=(300, 0.55), x=(200, 0.45), y=(500, 0.60))
    found = cross_fitted_lead(Halves(a, b), "played")
    assert abs(found.lead - ((0.45 - 0.55) + (0.60 - 0.50)) / 2) < 1e-12
    assert found.best == "x"  # the most visits over both (700 against 700: the higher mean, 0.61 over 0.60)
