"""How much win chance the best turn found has over the turn played, estimated without the winner's curse.

Why not simply "the best turn's win chance minus the turn played's": every estimate is noisy, and the largest
of many noisy estimates is too large on average, so a turn as good as any other would still seem to lose. The
review measures with two independent searches (``Halves``): the best turn by one search's visits is measured
against the turn played on the *other* search's values, whose noise did not choose it, and the two ways round
are averaged (cross-fitting). The lead is then unbiased for the turns chosen: zero on average for a turn as
good as the best, the true difference for a worse one. It may come out below zero (the turn played did better
on the search that did not choose the alternative); a verdict takes no less than zero.
"""

from __future__ import annotations

from dataclasses import dataclass

from .moments import Indices

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


__all__ = ["FoundTurn", "Halves", "RootStats", "cross_fitted_lead"]
