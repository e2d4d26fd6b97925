"""How much win chance the best turn found has over the turn played, estimated without the winner's curse.

The review measures with two independent searches (``Halves``, ``cross_fitted_lead``): the best turn by one
search's visits is measured against the turn played by the *other* search's values, both ways round. The same
idea over the guesses of playouts (``Sampled``, ``lead_of_best``) is kept for measures made by playouts.

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

from .moments import Indices


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


#: per turn of one search's root: visits, summed reward (win chance) and summed margin
RootStats = dict[Indices, tuple[int, float, float]]


@dataclass(frozen=True, slots=True)
class Halves:
    """Two independent searches' root statistics over the same turns."""

    a: RootStats
    b: RootStats


@dataclass(frozen=True, slots=True)
class FoundTurn:
    """The best turn over both searches and its cross-fitted lead in win chance over the turn played."""

    best: Indices
    lead: float


def _chosen(stats: RootStats, played: Indices) -> Indices:
    """The most visited turn, then the higher mean reward; the turn played wins a tie (the searches' choice)."""
    return max(stats, key=lambda o: (stats[o][0], stats[o][1] / max(stats[o][0], 1), o == played))


def _mean_of(stats: RootStats, o: Indices) -> float:
    """A turn's mean reward in one search (0 for one it never tried: only a search stopped by its clock)."""
    n, w, _ = stats.get(o, (0, 0.0, 0.0))
    return w / n if n else 0.0


def cross_fitted_lead(h: Halves, played: Indices) -> FoundTurn:
    """The best turn by both searches' visits together, and the lead of each search's best over the turn played
    measured on the other search, averaged: zero when both choose the turn played; for a turn as good as the
    best, zero on average, since the other search's noise did not choose it."""
    none = (0, 0.0, 0.0)
    both = {o: (h.a.get(o, none)[0] + h.b.get(o, none)[0], h.a.get(o, none)[1] + h.b.get(o, none)[1], 0.0)
            for o in {**h.a, **h.b}}
    lead = ((_mean_of(h.b, _chosen(h.a, played)) - _mean_of(h.b, played))
            + (_mean_of(h.a, _chosen(h.b, played)) - _mean_of(h.a, played))) / 2
    return FoundTurn(_chosen(both, played), lead)


__all__ = ["Found", "FoundTurn", "Halves", "RootStats", "Sampled", "cross_fitted_lead", "lead_of_best"]
