"""How much win chance the best turn found has over the turn played, estimated without the winner's curse.

Why not simply "the best candidate's win chance minus the turn played's": every estimate is noisy, and the
largest of several noisy estimates is too large on average, so a turn as good as any other would still seem
to lose (about a tenth of win chance at 32 guesses). Here the guesses are split in two halves (the even and
the odd ones); the best turn by one half is measured against the turn played on the *other* half, whose noise
did not choose it, and the two ways round are averaged (cross-fitting). The lead is then unbiased for the
turns chosen: zero on average for a turn as good as every candidate, the true difference for a worse one. It
may come out below zero (the turn played did better than the alternatives on the guesses that did not choose
them); a verdict takes no less than zero.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Sampled:
    """Per turn (the turn played first), per guess: the share of the win (0..1) and the margin in points."""

    wins: list[list[float]]
    margins: list[list[float]]


@dataclass(frozen=True, slots=True)
class Found:
    """The best turn over all guesses (an index into the turns) and its cross-fitted lead in win chance."""

    best: int
    lead: float


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _best_on(s: Sampled, guesses: list[int]) -> int:
    """The highest win chance on these guesses, then the larger margin; the turn played wins a tie."""
    def key(k: int) -> tuple[float, float, bool]:
        return (_mean([s.wins[k][i] for i in guesses]), _mean([s.margins[k][i] for i in guesses]), k == 0)
    return max(range(len(s.wins)), key=key)


def _lead_on(s: Sampled, k: int, guesses: list[int]) -> float:
    return _mean([s.wins[k][i] - s.wins[0][i] for i in guesses])


def lead_of_best(s: Sampled) -> Found:
    """The best turn over all guesses, and the cross-fitted lead of the best turn over the turn played."""
    n = len(s.wins[0])
    every = list(range(n))
    best = _best_on(s, every)
    if n < 2:
        return Found(best, _lead_on(s, best, every))
    even, odd = every[0::2], every[1::2]
    lead = (_lead_on(s, _best_on(s, even), odd) + _lead_on(s, _best_on(s, odd), even)) / 2
    return Found(best, lead)


__all__ = ["Found", "Sampled", "lead_of_best"]
