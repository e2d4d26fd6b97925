"""The review's estimate of the win chance lost: a turn as good as every other one loses nothing on average
(no winner's curse from taking the best of noisy estimates), and a turn truly worse than one candidate loses
about the difference."""

from __future__ import annotations

import random

from patrician_qt.review.estimate import Halves, Sampled, cross_fitted_lead, lead_of_best


def _sampled(rng: random.Random, chances: list[float], guesses: int, shared: float = 0.0) -> Sampled:
    """Per guess, each turn wins with its chance; with ``shared`` of the guesses deciding all turns alike
    (common random numbers make the turns' results on one guess agree often)."""
    wins: list[list[float]] = [[] for _ in chances]
    for _ in range(guesses):
        common = rng.random()
        alike = rng.random() < shared
        for k, p in enumerate(chances):
            wins[k].append(1.0 if (common if alike else rng.random()) < p else 0.0)
    return Sampled(wins, [[0.0] * guesses for _ in chances])


def _mean_lead(chances: list[float], shared: float = 0.0, trials: int = 600) -> float:
    rng = random.Random(5)
    return sum(lead_of_best(_sampled(rng, chances, 32, shared)).lead for _ in range(trials)) / trials


def test_a_turn_as_good_as_every_candidate_loses_nothing_on_average():
    assert abs(_mean_lead([0.5, 0.5, 0.5, 0.5])) < 0.015
    assert abs(_mean_lead([0.5, 0.5, 0.5, 0.5], shared=0.6)) < 0.015


def test_the_old_way_the_best_of_noisy_estimates_would_have_lost_a_tenth():
    """Guard for the test above: the same guesses, judged by the best over all guesses minus the turn played,
    "lose" about a tenth of win chance for a turn as good as any."""
    rng = random.Random(5)
    total = 0.0
    for _ in range(600):
        s = _sampled(rng, [0.5, 0.5, 0.5, 0.5], 32)
        means = [sum(w) / len(w) for w in s.wins]
        total += max(means) - means[0]
    assert total / 600 > 0.08


def test_a_worse_turn_loses_about_the_difference():
    assert 0.22 < _mean_lead([0.5, 0.8, 0.5, 0.45], shared=0.5) < 0.31


def test_the_turn_played_wins_a_tie_and_the_best_is_chosen_on_all_guesses():
    same = Sampled([[1.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 0.0]], [[2.0] * 4, [2.0] * 4])
    found = lead_of_best(same)
    assert found.best == 0 and found.lead == 0.0
    better = Sampled([[0.0, 0.0, 1.0, 0.0], [1.0, 1.0, 1.0, 0.0]], [[0.0] * 4, [1.0] * 4])
    found = lead_of_best(better)
    assert found.best == 1 and found.lead == 0.5


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
