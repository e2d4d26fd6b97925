"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012) for 2–5 players.

Each iteration deals one guess of the hidden cards (``Determinizer``), walks the tree
over the actions legal in that guess (UCB with availability counts), expands one
action, plays a short random playout and scores the position with the greedy bot's
heuristic. Every node keeps the reward of the seat that chose its action, so each
player maximises their own result whatever the number of players.

Two knobs are off by default and exist for the experiments in ``docs/bots.md``: a progressive
bias at the root from the greedy heuristic (``root_bias``) and ε-greedy playouts (``playout_eps``). A third,
``measure``, makes the search a measurement for the game review: a playout that ends the game scores each
seat's share of the win (R25), and the root keeps each turn's estimated margin in points.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from patrician_qt.engine.rules import do_turn, random_indices
from patrician_qt.engine.scoring import winners

from .begun import Begun, within
from .greedy import CityMemo, Indices, Lookahead, advantage, greedy_indices, remembered_values, turn_options, values

#: a playout policy: the turn (as indices) the seat to move plays
Policy = Callable[[Any, random.Random], Indices]


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Budget and knobs of one search; ``iterations`` makes it deterministic, ``time_s`` is a safety net."""

    iterations: int = 2000
    time_s: float | None = None
    playout_depth: int = 6
    exploration: float = 0.7
    reward_scale: float = 4.0
    root_bias: float = 0.0  # weight of the greedy heuristic's prior at the root, fading as 1/(visits+1)
    playout_eps: float = 0.0  # share of playout turns chosen by the greedy bot instead of at random
    reward_max: float = 1.0  # the margin is over this blend of the best and (1 - it) the average other seat
    playout_mast: float = 0.0  # share of playout turns that take the turn with the best average reward so far (MAST)
    root_top: int = 0  # when above 0, the root searches only this many turns, the greedy heuristic's best
    #: when above 0, a budget of heuristic evaluations (each leaf one, each greedy playout turn one per turn it
    #: scores): greedy playouts cost as many evaluations as the position has turns, so an iteration budget alone
    #: lets a crowded mid-game turn take three times as long as the first one; this one keeps a turn's cost level
    evaluations: int = 0
    #: when above 0, progressive widening below the root: a node seen n times may have 1 + ⌊widen·√n⌋ children
    #: legal in the current guess, added best first by the greedy lookahead of the seat to move (so an opponent's
    #: reply in the tree is a sensible one first, as in the playouts, rather than a uniformly random one)
    widen: float = 0.0
    #: when above 0, a greedy playout turn scores only this many legal turns drawn at random (cheaper playouts,
    #: so more of them within an evaluation budget, each a little less sensible)
    playout_sample: int = 0
    #: the review's measuring search: a playout that reaches the end of the game scores each seat's share of the
    #: win (R25) rather than the logistic of its margin, the root keeps each turn's summed margin in points (the
    #: observer's estimated score minus the best other's), and a single legal turn is searched all the same, so
    #: that every turn, even a forced one, gets a win chance and a margin
    measure: bool = False


class Node:
    """A tree node: the action's chooser, visits, times available, and the chooser's summed reward."""

    __slots__ = ("avail", "children", "n", "seat", "w")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.n = 0
        self.avail = 1
        self.w = 0.0
        self.children: dict[Indices, Node] = {}


def rewards(st: Any, scale: float, to_max: float = 1.0, memo: CityMemo | None = None) -> list[float]:
    """Each seat's reward in [0, 1]: a logistic of its estimated margin over the best other seat (with ``to_max``
    below 1, over a blend of the best and the average other seat, as the greedy bot's ``advantage``). With
    ``memo`` (one search's), the estimate's city parts are remembered between calls: the same floats, sooner."""
    return rewards_of(values(st) if memo is None else remembered_values(st, memo), scale, to_max)


def rewards_of(v: list[float], scale: float, to_max: float = 1.0) -> list[float]:
    """``rewards`` from each seat's estimated score ``v``."""
    out = []
    total = sum(v) if to_max < 1.0 else 0.0
    best = max(v)
    leader = v.index(best)
    runner_up = max(v[:leader] + v[leader + 1 :])  # the best other seat of the leader; best is everyone else's
    for s, x in enumerate(v):
        best_other = runner_up if s == leader else best
        if to_max < 1.0:
            best_other = to_max * best_other + (1.0 - to_max) * (total - x) / (len(v) - 1)
        z = (x - best_other) / scale
        out.append(1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0)
    return out


@dataclass(slots=True)
class SearchResult:
    """The chosen turn (indices), how many iterations ran, and the root statistics (visits per action)."""

    best: Indices
    iterations: int
    visits: dict[Indices, int]
    rewards: dict[Indices, float] = field(default_factory=dict)  # summed reward per root action
    margins: dict[Indices, float] = field(default_factory=dict)  # summed margin per root action (``measure``)


def win_shares(st: Any) -> list[float]:
    """Each seat's share of the win of a finished game: 1 for the winner, 1/k each for k who share it (R25)."""
    won = winners(st)
    return [1.0 / len(won) if s in won else 0.0 for s in range(st.n_players)]


def margin_of(v: list[float], seat: int) -> float:
    """A seat's estimated score minus the best other seat's (R25's margin, in points)."""
    return v[seat] - max(x for s, x in enumerate(v) if s != seat)


def root_prior(st: Any, opts: list[Indices], scale: float) -> dict[Indices, float]:
    """Per root action, a logistic of the greedy heuristic's advantage after it, in [0, 1] (one-turn lookahead)."""
    seat = st.to_move
    st = st.clone()
    st.deck = ()  # like the greedy bot: no guess of the card laid after the draw (R18)
    st.deck_pos = 0
    out = {}
    for o in opts:
        nxt = st.clone()
        do_turn(nxt, *o, None)
        z = advantage(values(nxt), seat) / scale
        out[o] = 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0
    return out


def best_by_prior(st: Any, opts: list[Indices], scale: float, k: int) -> list[Indices]:
    """The ``k`` turns the one-turn lookahead rates best (ties in listing order): few enough for the budget to
    tell them apart, where spread over every legal turn each gets too few playouts."""
    prior = root_prior(st, opts, scale)
    order = sorted(range(len(opts)), key=lambda i: -prior[opts[i]])
    return [opts[i] for i in sorted(order[:k])]


def mast_indices(st: Any, stats: dict[Indices, list[float]]) -> Indices:
    """The legal turn with the best mean reward for its mover over the search so far (0.5 for one never taken)."""
    best_v = -1.0
    best_o = None
    for o in turn_options(st):
        nw = stats.get(o)
        v = nw[1] / nw[0] if nw else 0.5
        if v > best_v:
            best_v = v
            best_o = o
    assert best_o is not None
    return best_o


def search(det: Any, rng: random.Random, cfg: SearchConfig, begun: Begun | None = None) -> SearchResult:
    """Run ISMCTS from the observer's information set and return the most visited root action.

    ``det`` is a ``Determinizer`` (or anything with its ``sample(rng)``, such as the bench's cheater).
    With ``begun`` (a hint for a turn a human has begun) the root offers only the turns completing it."""
    root = Node(-1)
    deadline = None if cfg.time_s is None else time.perf_counter() + cfg.time_s
    c = cfg.exploration
    depth = cfg.playout_depth
    scale = cfg.reward_scale
    log = math.log
    sqrt = math.sqrt
    it = 0
    first = det.sample(random.Random(0))
    # the turns searched at the root, listed once: every guess deals the same own hand on the same table
    root_opts = within(turn_options(first), begun)
    if cfg.root_top and len(root_opts) > cfg.root_top:
        root_opts = best_by_prior(first, root_opts, scale, cfg.root_top)
    measure = cfg.measure
    if len(root_opts) == 1 and not measure:
        return SearchResult(root_opts[0], 0, {root_opts[0]: 0})
    observer = first.to_move
    margins: dict[Indices, float] = {}
    bias = None
    if cfg.root_bias > 0:
        bias = {o: cfg.root_bias * h for o, h in root_prior(first, root_opts, scale).items()}
    mast = cfg.playout_mast
    stats: dict[Indices, list[float]] = {}  # per turn: [times taken, summed reward of its mover] (MAST)
    taken: list[tuple[int, Indices]] = []
    # a share of playout turns chosen by a policy instead of at random: MAST's, else the greedy bot's, else none
    guided: Policy = (lambda st, rng: mast_indices(st, stats)) if mast else greedy_indices
    share = mast or cfg.playout_eps
    greedy_guided = not mast and share > 0
    widen = cfg.widen
    sample = cfg.playout_sample
    budget = cfg.evaluations
    spent = 0  # heuristic evaluations so far (counted only with a budget)
    memo: CityMemo = {}  # the leaves' city parts (``remembered_values``): most recur between iterations
    while it < cfg.iterations or (measure and len(root.children) < len(root_opts)):
        if deadline is not None and it & 15 == 0 and it and time.perf_counter() >= deadline:
            break
        if budget and spent >= budget and not (measure and len(root.children) < len(root_opts)):
            break  # a measuring search tries every root turn at least once, however small its budget
        it += 1
        st = det.sample(rng)
        node = root
        path = []
        root_o: Indices | None = None
        while not st.over:
            children = node.children
            if node is root:  # the observer's own turns: the same in every guess (own hand, public table)
                opts = root_opts
                untried = [] if len(children) == len(opts) else [o for o in opts if o not in children]
            else:
                opts = turn_options(st)
                untried = [o for o in opts if o not in children]
            if widen and untried and node is not root:
                if len(opts) - len(untried) >= 1 + int(widen * sqrt(node.n)):
                    opts = [o for o in opts if o in children]  # wide enough: choose among the legal children
                    untried = []
                else:
                    look = Lookahead(st)
                    mover = st.to_move
                    spent += len(untried)
                    o = max(untried, key=lambda u: advantage(look.values_after(u), mover))
                    untried = [o]
            if untried:
                o = untried[int(rng.random() * len(untried))]
                child = Node(st.to_move)
                children[o] = child
                if node is root:
                    root_o = o
                if mast:
                    taken.append((st.to_move, o))
                do_turn(st, *o, None)
                path.append(child)
                break
            best_u = -1.0
            best_o = opts[0]
            if bias is not None and node is root:
                for o in opts:
                    ch = children[o]
                    ch.avail += 1
                    u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n) + bias.get(o, 0.0) / (ch.n + 1)
                    if u > best_u:
                        best_u = u
                        best_o = o
            else:
                for o in opts:
                    ch = children[o]
                    ch.avail += 1
                    u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
                    if u > best_u:
                        best_u = u
                        best_o = o
            if node is root:
                root_o = best_o
            node = children[best_o]
            if mast:
                taken.append((st.to_move, best_o))
            do_turn(st, *best_o, None)
            path.append(node)
        k = depth
        while k > 0 and not st.over:
            if share and rng.random() < share:
                if greedy_guided and (budget or sample):
                    legal = turn_options(st)
                    if sample and len(legal) > sample:
                        legal = rng.sample(legal, sample)
                    spent += len(legal)
                    o = greedy_indices(st, rng, legal)
                else:
                    o = guided(st, rng)
            else:
                o = random_indices(st, rng)
            if mast:
                taken.append((st.to_move, o))
            do_turn(st, *o, None)
            k -= 1
        if measure:
            v = values(st) if st.over else remembered_values(st, memo)
            r = win_shares(st) if st.over else rewards_of(v, scale, cfg.reward_max)
            if root_o is not None:
                margins[root_o] = margins.get(root_o, 0.0) + margin_of(v, observer)
        else:
            r = rewards(st, scale, cfg.reward_max, memo)
        spent += 1
        for nd in path:
            nd.n += 1
            nd.w += r[nd.seat]
        if mast:
            for seat, o in taken:
                nw = stats.get(o)
                if nw is None:
                    stats[o] = [1.0, r[seat]]
                else:
                    nw[0] += 1.0
                    nw[1] += r[seat]
            taken.clear()
    visits = {o: ch.n for o, ch in root.children.items()}
    if not visits:
        return SearchResult(root_opts[0], it, visits)
    best = max(root.children.items(), key=lambda kv: (kv[1].n, kv[1].w / max(kv[1].n, 1)))[0]
    return SearchResult(best, it, visits, {o: ch.w for o, ch in root.children.items()}, margins)
