"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012) for 2–5 players.

Each iteration deals one guess of the hidden cards (``Determinizer``), walks the tree
over the actions legal in that guess (UCB with availability counts), expands one
action, plays a short random playout and scores the position with the greedy bot's
heuristic. Every node keeps the reward of the seat that chose its action, so each
player maximises their own result whatever the number of players.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from patrician_qt.engine.rules import do_turn, random_indices

from .begun import Begun, within
from .determinize import Determinizer
from .greedy import Indices, turn_options, values


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Budget and knobs of one search; ``iterations`` makes it deterministic, ``time_s`` is a safety net."""

    iterations: int = 2000
    time_s: float | None = None
    playout_depth: int = 6
    exploration: float = 0.7
    reward_scale: float = 4.0


class Node:
    """A tree node: the action's chooser, visits, times available, and the chooser's summed reward."""

    __slots__ = ("avail", "children", "n", "seat", "w")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.n = 0
        self.avail = 1
        self.w = 0.0
        self.children: dict[Indices, Node] = {}


def rewards(st: Any, scale: float) -> list[float]:
    """Each seat's reward in [0, 1]: a logistic of its estimated margin over the best other seat."""
    v = values(st)
    out = []
    for s, x in enumerate(v):
        best_other = max(y for i, y in enumerate(v) if i != s)
        z = (x - best_other) / scale
        out.append(1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0)
    return out


@dataclass(slots=True)
class SearchResult:
    """The chosen turn (indices), how many iterations ran, and the root statistics (visits per action)."""

    best: Indices
    iterations: int
    visits: dict[Indices, int]


def search(det: Determinizer, rng: random.Random, cfg: SearchConfig, begun: Begun | None = None) -> SearchResult:
    """Run ISMCTS from the observer's information set and return the most visited root action.

    With ``begun`` (a hint for a turn a human has begun) the root offers only the turns completing it."""
    root = Node(-1)
    deadline = None if cfg.time_s is None else time.perf_counter() + cfg.time_s
    c = cfg.exploration
    depth = cfg.playout_depth
    scale = cfg.reward_scale
    log = math.log
    sqrt = math.sqrt
    it = 0
    root_opts = within(turn_options(det.sample(random.Random(0))), begun)
    allowed = set(root_opts) if begun else None
    if len(root_opts) == 1:
        return SearchResult(root_opts[0], 0, {root_opts[0]: 0})
    while it < cfg.iterations:
        if deadline is not None and it & 15 == 0 and it and time.perf_counter() >= deadline:
            break
        it += 1
        st = det.sample(rng)
        node = root
        path = []
        while not st.over:
            opts = turn_options(st)
            if allowed is not None and node is root:
                opts = [o for o in opts if o in allowed] or opts
            children = node.children
            untried = [o for o in opts if o not in children]
            if untried:
                o = untried[int(rng.random() * len(untried))]
                child = Node(st.to_move)
                children[o] = child
                do_turn(st, *o, None)
                path.append(child)
                break
            best_u = -1.0
            best_o = opts[0]
            for o in opts:
                ch = children[o]
                ch.avail += 1
                u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
                if u > best_u:
                    best_u = u
                    best_o = o
            node = children[best_o]
            do_turn(st, *best_o, None)
            path.append(node)
        k = depth
        while k > 0 and not st.over:
            do_turn(st, *random_indices(st, rng), None)
            k -= 1
        r = rewards(st, scale)
        for nd in path:
            nd.n += 1
            nd.w += r[nd.seat]
    visits = {o: ch.n for o, ch in root.children.items()}
    if not visits:
        return SearchResult(root_opts[0], it, visits)
    best = max(root.children.items(), key=lambda kv: (kv[1].n, kv[1].w / max(kv[1].n, 1)))[0]
    return SearchResult(best, it, visits)
