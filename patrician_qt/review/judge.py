"""Judging one turn from its player's information set: the win chance and fame margin of the turn played and
of the best turn found, and a verdict by the win chance lost (thresholds in ``docs/bots.md``).

How: the seat's view and history give a ``Determinizer`` (the bots' own: guesses of the hidden cards that agree
with everything the seat saw). An ISMCTS search from there proposes the turns worth comparing; each candidate,
and the turn played, is then played out to the end of the game in the same ``samples`` guesses with the same
random sources (common random numbers, so the difference between two turns is measured, not the luck of the
deal), every seat playing the greedy bot's turns. A guess counts as a win (a shared win as its share, R25),
and the margin is the seat's score minus the best other score (R25). The win chance lost is the best turn's
lead over the turn played measured on the guesses that did not choose it (``estimate``), so that the noise of
taking the best of several estimates does not make every turn look lossy.

Deterministic: every random source is fixed by (seed, seat, turn index), never by the machine or the order in
which turns are judged.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.greedy import CityMemo, greedy_indices, turn_options
from patrician_qt.bots.ismcts import SearchConfig, search
from patrician_qt.bots.levels import HARD_EVALUATIONS, multi_config
from patrician_qt.engine.rules import do_turn, make_turn
from patrician_qt.engine.scoring import score, winners

from .estimate import Sampled, lead_of_best
from .moments import Indices, Moment, indices_of, same_turn

#: verdicts by the win chance lost (0..1): below each bound, that word. The bounds sit above the review's own
#: noise: its best turns, judged again at the default budget, lost 0.125 or less in 90% of turns, under 0.25 in
#: 95%, and never 0.4 (docs/bots.md), so a mistake or a blunder is hardly ever the noise of the measure
BEST_BELOW = 0.05
GOOD_BELOW = 0.15
INACCURACY_BELOW = 0.25
MISTAKE_BELOW = 0.40  # at or above: a blunder
#: a turn that loses no win chance to speak of but this many points of margin or more is "good", not "best"
MARGIN_SLACK = 3.0
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the review looks: the search's iterations (2 players) or evaluations (3 and more), how many
    of its turns are compared with the one played, and in how many guesses each is played out."""

    name: str
    iterations: int
    evaluations: int
    candidates: int
    samples: int

    def search_config(self, n_players: int) -> SearchConfig:
        """The proposing search: Hard's kind of search, at this budget."""
        if n_players >= 3:
            return multi_config(self.evaluations, n_players, 60.0, n_players - 1)
        return SearchConfig(iterations=self.iterations, time_s=60.0)


BUDGETS: dict[str, Budget] = {
    "fast": Budget("fast", 300, 2_000, 2, 12),
    "default": Budget("default", 1_500, HARD_EVALUATIONS, 3, 32),
    "deep": Budget("deep", 8_000, 40_000, 4, 96),
}


def parse_budget(text: str) -> Budget:
    """``fast``, ``default``, ``deep``, or ``ITERATIONS:SAMPLES[:CANDIDATES]`` (evaluations: 7 × iterations)."""
    if text in BUDGETS:
        return BUDGETS[text]
    parts = text.split(":")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        nums = []
    if len(nums) not in (2, 3) or min(nums) < 1:
        raise ValueError(f"a budget is fast, default, deep or ITERATIONS:SAMPLES[:CANDIDATES], not {text!r}")
    cands = nums[2] if len(nums) == 3 else 3
    return Budget(text, nums[0], 7 * nums[0], cands, nums[1])


@dataclass(frozen=True, slots=True)
class Outcome:
    """A turn's estimate over the guesses: its win chance (0..1) and mean margin in points (R25)."""

    win: float
    margin: float


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one turn."""

    index: int
    seat: int
    played: dict[str, object]  # the turn map played (records/README.md)
    best: dict[str, object]  # the best turn found
    played_outcome: Outcome
    best_outcome: Outcome
    loss: float  # win chance lost, 0..1: the lead below, not less than zero (zero when the turn played is best)
    verdict: str
    forced: bool  # only one turn (up to the order of floors) was possible
    lead: float  # the best found's lead over the turn played, unbiased, so it may be below zero (``estimate``)

    def to_map(self) -> dict[str, object]:
        """The JSON form ``patrician review --json`` prints and the history keeps."""
        return {
            "turn": self.index, "seat": self.seat, "played": self.played, "best": self.best,
            "win_played": round(self.played_outcome.win, 4), "win_best": round(self.best_outcome.win, 4),
            "margin_played": round(self.played_outcome.margin, 2), "margin_best": round(self.best_outcome.margin, 2),
            "loss": round(self.loss, 4), "lead": round(self.lead, 4), "verdict": self.verdict, "forced": self.forced,
        }


def verdict_for(loss: float, margin_lost: float = 0.0) -> str:
    """The word for a win chance lost (and, when hardly any is lost, the margin lost in points)."""
    if loss < BEST_BELOW and margin_lost >= MARGIN_SLACK:
        return "good"
    for word, bound in zip(VERDICTS, (BEST_BELOW, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW), strict=False):
        if loss < bound:
            return word
    return "blunder"


def accuracy_of(loss: float) -> float:
    """A turn's accuracy in percent from its win chance lost (Lichess's curve, in win-chance points)."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669))


def _tag(seed: int, moment: Moment) -> str:
    return f"review:{seed}:{moment.seat}:{moment.index}"


def sampled(det: Determinizer, seat: int, turns: list[Indices], samples: int, tag: str) -> Sampled:
    """Each turn played out to the end in the same ``samples`` guesses, with the same random sources; per turn
    and guess, the share of the win and the margin.

    The playouts' greedy turns share one memo of city parts: the towers change slowly along a playout and
    between guesses, so most parts recur (the same floats, so the same turns; about a fifth less time)."""
    wins: list[list[float]] = [[] for _ in turns]
    margins: list[list[float]] = [[] for _ in turns]
    memo: CityMemo = {}
    for i in range(samples):
        guess = det.sample(random.Random(f"{tag}:deal:{i}"))
        for k, turn in enumerate(turns):
            st = guess.clone()
            do_turn(st, *turn, None)
            rng = random.Random(f"{tag}:play:{i}")
            while not st.over:
                do_turn(st, *greedy_indices(st, rng, None, memo), None)
            won = winners(st)
            wins[k].append(1.0 / len(won) if seat in won else 0.0)
            mine = score(st, seat)
            margins[k].append(mine - max(score(st, s) for s in range(st.n_players) if s != seat))
    return Sampled(wins, margins)


def evaluate(det: Determinizer, seat: int, turns: list[Indices], samples: int, tag: str) -> list[Outcome]:
    """Each turn's win chance and mean margin over the same ``samples`` guesses (``sampled``)."""
    s = sampled(det, seat, turns, samples, tag)
    return [Outcome(sum(w) / samples, sum(m) / samples) for w, m in zip(s.wins, s.margins, strict=True)]


def judge(moment: Moment, budget: Budget, seed: int) -> Verdict:
    """The verdict of one turn, from the seat's view and history at that moment only."""
    det = Determinizer(moment.view, list(moment.history))
    played = indices_of(moment.played)
    tag = _tag(seed, moment)
    options = turn_options(det.sample(random.Random(0)))
    forced = all(same_turn(o, played) for o in options)
    if forced:
        [outcome] = evaluate(det, moment.seat, [played], budget.samples, tag)
        turn_map = dict(moment.played.to_map())
        return Verdict(moment.index, moment.seat, turn_map, turn_map, outcome, outcome, 0.0, "best", True, 0.0)
    result = search(det, random.Random(f"{tag}:search"), budget.search_config(len(moment.view["players"])))
    ranked = sorted(result.visits, key=lambda o: -result.visits[o])
    candidates: list[Indices] = [played]
    for o in [result.best, *ranked]:
        if len(candidates) > budget.candidates:
            break
        if not any(same_turn(o, c) for c in candidates):
            candidates.append(o)
    measured = sampled(det, moment.seat, candidates, budget.samples, tag)
    outcomes = [Outcome(sum(w) / budget.samples, sum(m) / budget.samples)
                for w, m in zip(measured.wins, measured.margins, strict=True)]
    # the best found: the highest win chance, then the larger margin; the turn played wins a tie. Its lead is
    # measured on the guesses that did not choose it (``estimate``), so a good turn does not seem to lose.
    found = lead_of_best(measured)
    best_k = found.best
    loss = 0.0 if best_k == 0 else max(0.0, found.lead)
    best_map = dict(moment.played.to_map()) if best_k == 0 else dict(make_turn(*candidates[best_k]).to_map())
    word = "best" if best_k == 0 else verdict_for(loss, outcomes[best_k].margin - outcomes[0].margin)
    return Verdict(moment.index, moment.seat, dict(moment.played.to_map()), best_map, outcomes[0], outcomes[best_k],
                   loss, word, False, found.lead)


__all__ = ["BUDGETS", "VERDICTS", "Budget", "Outcome", "Verdict", "accuracy_of", "evaluate", "judge",
           "parse_budget", "sampled", "verdict_for"]
