"""Judging one turn from its player's information set: the win chance and fame margin of the turn played and
of the best turn found, and a verdict by the win chance lost (thresholds in ``docs/bots.md``).

How: the seat's view and history give a ``Determinizer`` (the bots' own: guesses of the hidden cards that agree
with everything the seat saw). Two independent ISMCTS searches from there (Hard's and Expert's kind of search,
every legal turn at the root, so the turn played is always among them) each give every turn its mean reward and
its mean margin. The reward is each seat's win chance as the search sees it: the share of the win (a shared win
as its share, R25) where a playout reaches the end of the game, and before that the logistic of the estimated
margin the bots' search already rates positions by. The win chance lost is the best turn's lead over the turn
played, the best chosen by one search's visits and its lead measured on the *other* search, both ways round
(``estimate``), so that the noise of taking the best of many estimates does not make every turn look lossy.

Why the search's own values and not playouts by one bot to the end: a turn measured by what the greedy bot does
after it is judged as if a greedy player carried out its plan, so the greedy bot's own turns looked best and a
searching player's plan worse than it was (docs/bots.md); the search's values rank a turn by the best it finds
for both sides after it, which is what a stronger player's turn is made for.

Deterministic: every random source is fixed by (seed, seat, turn index), never by the machine or the order in
which turns are judged.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass

from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.ismcts import SearchConfig, SearchResult, search
from patrician_qt.bots.levels import HARD_EVALUATIONS, multi_config
from patrician_qt.engine.rules import make_turn

from .estimate import Halves, cross_fitted_lead
from .moments import Indices, Moment, indices_of, same_turn

#: verdicts by the win chance lost (0..1): below each bound, that word. The bounds sit above the review's own
#: noise at the default budget (its best turns judged again with other random sources, ``bench/review_levels.py
#: --floor``, docs/bots.md): in the first 12 turns of a game, at 2 to 4 players, they lost nothing in most
#: turns, 0.01 or less in 90%, 0.014-0.018 at the 95% quantile, so a turn the review calls best comes out best
#: or good nine times in ten and is a mistake about once in a hundred turns or less. A single turn seldom moves
#: a game of 48 turns by much: Random's turns lose about 0.04 each.
BEST_BELOW = 0.005
GOOD_BELOW = 0.015
INACCURACY_BELOW = 0.03
MISTAKE_BELOW = 0.06  # at or above: a blunder
NORMAL_BOUNDS = (BEST_BELOW, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW)
#: the middle of a game (turns 13 to 36, by index in the game) is where the measure is noisiest: some playouts
#: reach the end there and count a whole win or none, others stop on the logistic of a margin. The review's own
#: best turns there lost up to 0.06-0.12 (0.034 at the 95% quantile at 4 players), and under the bounds above
#: 2.5-6% of them would be a mistake or a blunder. Twice the bounds there call them an inaccuracy or worse
#: about as often as in the first turns (docs/bots.md). In the last 12 turns the searches see the end and the
#: review's own best turns lose next to nothing: the bounds above hold.
MIDDLE = range(12, 36)
MIDDLE_BOUNDS = tuple(2 * b for b in NORMAL_BOUNDS)
#: a turn that loses no win chance to speak of but this many points of margin or more is "good", not "best"
MARGIN_SLACK = 3.0
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the review looks: each of its two searches' iterations (2 players) or heuristic evaluations
    (3 and more)."""

    name: str
    iterations: int
    evaluations: int

    def search_config(self, n_players: int) -> SearchConfig:
        """One of the two measuring searches: Hard's and Expert's kind of search, at this budget."""
        if n_players >= 3:
            return dataclasses.replace(multi_config(self.evaluations, n_players, 60.0, n_players - 1), measure=True)
        return SearchConfig(iterations=self.iterations, time_s=60.0, measure=True)


BUDGETS: dict[str, Budget] = {
    "fast": Budget("fast", 500, 3_000),
    "default": Budget("default", 2_000, HARD_EVALUATIONS),
    "deep": Budget("deep", 8_000, 40_000),
}


def parse_budget(text: str) -> Budget:
    """``fast``, ``default``, ``deep``, or ``ITERATIONS[:EVALUATIONS]`` (evaluations: 7 × iterations unless said)."""
    if text in BUDGETS:
        return BUDGETS[text]
    parts = text.split(":")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        nums = []
    if len(nums) not in (1, 2) or min(nums) < 1:
        raise ValueError(f"a budget is fast, default, deep or ITERATIONS[:EVALUATIONS], not {text!r}")
    return Budget(text, nums[0], nums[1] if len(nums) == 2 else 7 * nums[0])


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


def judge_bounds(turn: int) -> tuple[float, ...]:
    """The verdicts' bounds for the turn of this index in its game (wider in the middle, where the measure is
    noisier: ``MIDDLE``)."""
    return MIDDLE_BOUNDS if turn in MIDDLE else NORMAL_BOUNDS


def verdict_for(loss: float, margin_lost: float = 0.0, turn: int = 0) -> str:
    """The word for a win chance lost (and, when hardly any is lost, the margin lost in points) by the
    turn at index ``turn`` of its game."""
    bounds = judge_bounds(turn)
    if loss < bounds[0] and margin_lost >= MARGIN_SLACK:
        return "good"
    for word, bound in zip(VERDICTS, bounds, strict=False):
        if loss < bound:
            return word
    return "blunder"


def accuracy_of(loss: float) -> float:
    """A turn's accuracy in percent from its win chance lost (Lichess's curve, in win-chance points)."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669))


def _tag(seed: int, moment: Moment) -> str:
    return f"review:{seed}:{moment.seat}:{moment.index}"


def _half(result: SearchResult) -> dict[Indices, tuple[int, float, float]]:
    """Per root turn of one search: visits, summed reward of the seat judged, summed margin."""
    return {o: (n, result.rewards.get(o, 0.0), result.margins.get(o, 0.0)) for o, n in result.visits.items()}


def judge(moment: Moment, budget: Budget, seed: int) -> Verdict:
    """The verdict of one turn, from the seat's view and history at that moment only."""
    det = Determinizer(moment.view, list(moment.history))
    played_turn = indices_of(moment.played)
    tag = _tag(seed, moment)
    cfg = budget.search_config(len(moment.view["players"]))
    halves = [_half(search(det, random.Random(f"{tag}:search:{h}"), cfg)) for h in ("a", "b")]
    turns = list(halves[0])
    played = next((o for o in turns if same_turn(o, played_turn)), None)
    if played is None:  # a record's turn is legal (moments), and every legal turn is at the root
        raise ValueError(f"turn {moment.index}: the turn played is not among the legal turns")

    def outcome(o: Indices) -> Outcome:
        n = sum(h[o][0] for h in halves)
        return Outcome(sum(h[o][1] for h in halves) / max(n, 1), sum(h[o][2] for h in halves) / max(n, 1))

    forced = len(turns) == 1
    found = cross_fitted_lead(Halves(halves[0], halves[1]), played)
    best = found.best
    loss = 0.0 if best == played else max(0.0, found.lead)
    played_map = dict(moment.played.to_map())
    best_map = played_map if best == played else dict(make_turn(*best).to_map())
    played_out, best_out = outcome(played), outcome(best)
    word = "best" if best == played else verdict_for(loss, best_out.margin - played_out.margin, moment.index)
    return Verdict(moment.index, moment.seat, played_map, best_map, played_out, best_out, loss, word, forced,
                   0.0 if forced else found.lead)


__all__ = ["BUDGETS", "MIDDLE", "MIDDLE_BOUNDS", "NORMAL_BOUNDS", "VERDICTS", "Budget", "Outcome", "Verdict",
           "accuracy_of", "judge", "judge_bounds", "parse_budget", "verdict_for"]
