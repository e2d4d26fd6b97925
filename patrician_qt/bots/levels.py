"""The difficulty levels offered to users, and the one synchronous entry point ``choose_turn``.

- Random: a uniformly random legal turn (no budget, < 1 ms).
- Easy: the greedy turn half of the time, a random one otherwise (< 10 ms).
- Medium: the greedy bot, a one-turn lookahead (about 1 ms of CPU a turn).
- Hard: ISMCTS, 1,500 iterations of random playouts a turn at 2 players (UCB constant 0.7); from 3 players on,
  playouts of one round of greedy turns within 10,000 heuristic evaluations (UCB constant 0.4); never more than 2 s.
- Expert: root-parallel ISMCTS over every core: two searches, each with its own seed, their root visits summed
  (``parallel.py``), each of 16,000 random-playout iterations at 2 players and of greedy playouts to the end of
  the game within 50,000 evaluations from 3 players on; each part stops at 5.5 s, so a turn stays within 6 s on
  a loaded machine.

Every level decides from a seat's view plus the public history only, and with an
iteration (or evaluation) budget its choice depends only on (seed, seat, turn number, view, history);
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
from .parallel import combine, run_parts

EASY_GREEDY_SHARE = 0.5
MULTI_EXPLORATION = 0.4  # UCB constant of Hard and Expert with 3 or more players (0.7 with 2)
#: Hard's iterations at 2 players (random playouts; at 4 players 4,000 of those were no stronger than 1,500 against
#: three greedy bots over 500 paired deals, 44.4% against 42.8%, docs/bots.md)
HARD_ITERATIONS = 1500
ALIASES = {"greedy": "medium", "ismcts": "hard"}

#: Hard from 3 players on: heuristic evaluations a search, spent on playouts of one round of the greedy bot's turns
#: (``multi_config``); about 0.2 s of a core. Against three greedy bots in 4 p: 54.8% of 300 games (docs/bots.md)
HARD_EVALUATIONS = 10_000
#: Expert from 3 players on: heuristic evaluations a part (two parts a turn, each about 0.8 s of a core), spent on
#: greedy playouts to the end of the game: at Expert's budget one round of them won no more than Hard (24.6% of 57
#: games against three Hard in 4 p), playouts to the end won 43.9% of the same 57 deals; as shipped, 36.2% of 200
#: games against three Hard in 4 p (docs/bots.md)
EXPERT_EVALUATIONS = 50_000
#: Expert at 2 players: random-playout iterations a part (two parts a turn, each about 1.8 s of a core on the
#: machine of 2 December evening, where 12,000 took 1.3 s): 12,000 won 68.5% of 200 games against Hard, 20,000
#: won 78.8% of 33 (docs/bots.md); the search's memo of city parts made room for a third more
EXPERT_ITERATIONS = 16_000
#: a playout depth no game reaches: the playout is played out and scored exactly (R25)
TO_THE_END = 1000


def multi_config(evaluations: int, n_players: int, time_s: float, depth: int) -> SearchConfig:
    """The search from 3 players on: playouts of ``depth`` greedy turns (opponents modelled as sensible players,
    not random ones), then the heuristic; the budget is counted in heuristic evaluations so that a crowded mid-game
    turn costs no more than the first one (and in iterations, a fifth of the evaluations, which only the last few
    turns of a game reach)."""
    return SearchConfig(
        iterations=evaluations // 5, evaluations=evaluations, time_s=time_s,
        playout_depth=depth, playout_eps=1.0, exploration=MULTI_EXPLORATION,
    )


def hard_config(n_players: int = 2, time_s: float | None = None) -> SearchConfig:
    """Hard: ISMCTS, ``HARD_ITERATIONS`` random playouts a turn at 2 players (~0.1 s of one free core); from 3
    players on, playouts of one round of greedy turns (each other seat replies once) within ``HARD_EVALUATIONS``
    (~0.2 s); cap 2 s."""
    if n_players >= 3:
        return multi_config(HARD_EVALUATIONS, n_players, _cap(2.0, time_s), n_players - 1)
    return SearchConfig(iterations=HARD_ITERATIONS, time_s=_cap(2.0, time_s))


#: searches per Expert turn, one per core of a 2-core machine (fixed: a turn must not depend on the machine)
EXPERT_PARTS = 2


def expert_config(n_players: int = 2, time_s: float | None = None) -> SearchConfig:
    """Expert, one part: ``EXPERT_ITERATIONS`` of random playouts at 2 players (~1.8 s of a free core); from 3
    players on, greedy playouts to the end of the game within ``EXPERT_EVALUATIONS``; cap 5.5 s; ``EXPERT_PARTS``
    parts a turn."""
    if n_players >= 3:
        return multi_config(EXPERT_EVALUATIONS, n_players, _cap(5.5, time_s), TO_THE_END)
    return SearchConfig(iterations=EXPERT_ITERATIONS, time_s=_cap(5.5, time_s))


def _cap(limit: float, time_s: float | None) -> float:
    """The level's own time cap, lowered by a caller's deadline."""
    return limit if time_s is None else min(limit, time_s)


KNOBS = ("scale", "bias", "eps", "max", "mast", "top", "evals", "pw", "sample")


def custom_config(spec: str, time_s: float | None) -> tuple[SearchConfig, int]:
    """``ismcts:ITERS[:DEPTH[:C[:KNOB=V,...]]]`` for experiments in the arena, and its number of parts (knobs may
    also be separated by ``/``, as the arena's ``--players`` separates seats by commas).

    Knobs: ``scale`` (reward scale), ``bias`` (root prior weight), ``eps`` (greedy share of playout
    turns), ``max`` (the reward's weight of the best other seat against the average one), ``mast`` (share
    of playout turns taking the best-rewarded turn so far), ``top`` (the root searches only the greedy heuristic's
    best TOP turns), ``evals`` (a budget of heuristic evaluations, ``SearchConfig.evaluations``), ``pw``
    (progressive widening below the root, ``SearchConfig.widen``), ``sample`` (a greedy playout turn scores only
    SAMPLE turns drawn at random), ``parts``
    (root-parallel searches of ITERS iterations each, as Expert).
    """
    fields = spec.split(":")[1:]
    default = SearchConfig()
    iters = int(fields[0]) if fields and fields[0] else default.iterations
    depth = int(fields[1]) if len(fields) > 1 and fields[1] else default.playout_depth
    c = float(fields[2]) if len(fields) > 2 and fields[2] else default.exploration
    cfg = SearchConfig(iterations=iters, time_s=time_s, playout_depth=depth, exploration=c)
    parts = 1
    if len(fields) > 3 and fields[3]:
        for item in fields[3].replace("/", ",").split(","):  # "/" between knobs in a comma-separated seat list
            key, _, val = item.partition("=")
            if key == "parts":
                parts = int(val)
            elif key == "scale":
                cfg = replace(cfg, reward_scale=float(val))
            elif key == "bias":
                cfg = replace(cfg, root_bias=float(val))
            elif key == "eps":
                cfg = replace(cfg, playout_eps=float(val))
            elif key == "max":
                cfg = replace(cfg, reward_max=float(val))
            elif key == "mast":
                cfg = replace(cfg, playout_mast=float(val))
            elif key == "top":
                cfg = replace(cfg, root_top=int(val))
            elif key == "evals":
                cfg = replace(cfg, evaluations=int(val))
            elif key == "pw":
                cfg = replace(cfg, widen=float(val))
            elif key == "sample":
                cfg = replace(cfg, playout_sample=int(val))
            else:
                raise ValueError(f"unknown search knob {key!r}: use {', '.join([*KNOBS, 'parts'])}")
    if iters < 1 or parts < 1:
        raise ValueError("iterations and parts must be at least 1")
    return cfg, parts


def normalize(level: str) -> str:
    """The canonical level name (``greedy`` is Medium, ``ismcts`` is Hard); ValueError if unknown."""
    name = ALIASES.get(level, level)
    if name in LEVELS:
        return name
    if name.startswith("ismcts:"):
        try:
            custom_config(name, None)
        except ValueError as exc:
            raise ValueError(f"bad bot spec {level!r}: {exc}") from None
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
    cfg, parts = search_plan(name, len(view["players"]), deadline_s)
    if parts > 1 and begun is None:
        return combine(run_parts(name, view, history, seed, parts, cfg))
    return search(det, rng, cfg, begun).best  # a begun turn (a hint) is searched in one part


def search_plan(name: str, n_players: int, deadline_s: float | None) -> tuple[SearchConfig, int]:
    """The search configuration of a searching level (or an ``ismcts:`` spec) and its number of parts."""
    margin = None if deadline_s is None else max(0.01, deadline_s * 0.85 - 0.02)
    if name == "hard":
        cfg, parts = hard_config(n_players, margin), 1
    elif name == "expert":
        cfg, parts = expert_config(n_players, margin), EXPERT_PARTS
    else:
        return custom_config(name, margin)
    return cfg, parts


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


__all__ = ["LEVELS", "choose_turn", "expert_config", "hard_config", "normalize", "search_plan"]
