"""The difficulty levels offered to users, and the one synchronous entry point ``choose_turn``.

- Random: a uniformly random legal turn (no budget, < 1 ms).
- Easy: the greedy turn half of the time, a random one otherwise (< 10 ms).
- Medium: the greedy bot, a one-turn lookahead (about 1 ms of CPU a turn).
- Hard: ISMCTS, 1,500 iterations a turn, never more than 2 s (UCB constant 0.7 at 2 players, 0.4 at 3+).
- Expert: ISMCTS, 5,000 iterations a turn, never more than 6 s.

Every level decides from a seat's view plus the public history only, and with an
iteration budget its choice depends only on (seed, seat, turn number, view, history);
the time caps (and a caller's deadline) are a safety net that only a very loaded
machine reaches.
"""

from __future__ import annotations

import time
from dataclasses import replace

from patrician_qt.engine import TurnMap, View
from patrician_qt.engine.rules import make_turn, random_indices

from .base import History, check_inputs, decision_rng, own_seat
from .begun import Begun, within
from .determinize import Determinizer
from .greedy import Indices, greedy_indices, turn_options
from .ismcts import SearchConfig, search
from .names import LEVELS, SIMPLE_LEVELS

EASY_GREEDY_SHARE = 0.5
MULTI_EXPLORATION = 0.4  # UCB constant of Hard and Expert with 3 or more players (0.7 with 2)
ALIASES = {"greedy": "medium", "ismcts": "hard"}


def hard_config(time_s: float | None = None) -> SearchConfig:
    """Hard: ISMCTS, 1,500 iterations a turn (~0.25 s of one free core, ~1 s on this shared 2-core box), cap 2 s."""
    return SearchConfig(iterations=1500, time_s=_cap(2.0, time_s))


def expert_config(time_s: float | None = None) -> SearchConfig:
    """Expert: ISMCTS, 5,000 iterations a turn (~0.8 s of one free core, ~3.5 s on this shared box), cap 6 s."""
    return SearchConfig(iterations=5000, time_s=_cap(6.0, time_s))


def _cap(limit: float, time_s: float | None) -> float:
    """The level's own time cap, lowered by a caller's deadline."""
    return limit if time_s is None else min(limit, time_s)


def custom_config(spec: str, time_s: float | None) -> SearchConfig:
    """``ismcts:ITERS[:DEPTH[:C]]`` for experiments in the arena."""
    parts = spec.split(":")[1:]
    default = SearchConfig()
    iters = int(parts[0]) if parts else default.iterations
    depth = int(parts[1]) if len(parts) > 1 else default.playout_depth
    c = float(parts[2]) if len(parts) > 2 else default.exploration
    return SearchConfig(iterations=iters, time_s=time_s, playout_depth=depth, exploration=c)


def normalize(level: str) -> str:
    """The canonical level name (``greedy`` is Medium, ``ismcts`` is Hard); ValueError if unknown."""
    name = ALIASES.get(level, level)
    if name in LEVELS or name.startswith("ismcts:"):
        return name
    raise ValueError(f"unknown bot level {level!r}: use random, easy, medium, hard or expert")


def choose_indices(
    level: str, view: View, history: History, seed: int, deadline_s: float | None = None, begun: Begun | None = None
) -> Indices:
    """The turn a level plays, as engine indices (see ``choose_turn``); with ``begun``, one completing it."""
    check_inputs(view, history)
    name = normalize(level)
    seat = own_seat(view)
    if view["over"] or view["to_move"] != seat:
        raise ValueError(f"it is not seat {seat}'s turn")
    rng = decision_rng(name, seed, seat, view)
    det = Determinizer(view, history)
    if name in SIMPLE_LEVELS:
        st = det.sample(rng)
        st.deck = ()  # a one-turn lookahead does not guess the card laid after the draw (R18)
        only = within(turn_options(st), begun) if begun else None
        if name == "random" or (name == "easy" and rng.random() >= EASY_GREEDY_SHARE):
            return only[int(rng.random() * len(only))] if only else random_indices(st, rng)
        return greedy_indices(st, rng, only)
    margin = None if deadline_s is None else max(0.01, deadline_s * 0.85 - 0.02)
    if name == "hard":
        cfg = hard_config(margin)
    elif name == "expert":
        cfg = expert_config(margin)
    else:
        return search(det, rng, custom_config(name, margin), begun).best
    if len(view["players"]) >= 3:
        # measured: with 3+ players less exploration wins more (4p vs three greedy: 50% against 43%, same 60 deals)
        cfg = replace(cfg, exploration=MULTI_EXPLORATION)
    return search(det, rng, cfg, begun).best


def choose_turn(
    level: str, seat: int, view: View, history: History, seed: int, deadline_s: float | None = None,
    begun: Begun | None = None,
) -> TurnMap:
    """The turn map (``Turn.to_map()``) that ``level`` plays for ``seat`` from its view and the public history.

    ``begun``: a turn a human has begun (bots/begun.py); the answer completes it."""
    check_inputs(view, history)
    if view["seat"] != seat:
        raise ValueError(f"the view is seat {view['seat']}'s, not seat {seat}'s")
    return make_turn(*choose_indices(level, view, history, seed, deadline_s, begun)).to_map()


def timed_choose(
    level: str, seat: int, view: View, history: History, seed: int, deadline_s: float | None = None
) -> tuple[TurnMap, float]:
    """``choose_turn`` plus the seconds it took (the arena reports them)."""
    t0 = time.perf_counter()
    turn = choose_turn(level, seat, view, history, seed, deadline_s)
    return turn, time.perf_counter() - t0


__all__ = ["LEVELS", "choose_turn", "expert_config", "hard_config", "normalize"]
