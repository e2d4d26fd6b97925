"""The greedy bot: a one-turn lookahead scored by a heuristic estimate of every player's final score.

The estimate (``values``) is also what ISMCTS uses to cut playouts short, so it must be
cheap: fame tiles won, each open tower's tile shared out by how safe its majority is,
head sets (hand cards count: every card in a hand is played before the end, R23),
and the floors still to come from the cards in hand.
"""

from __future__ import annotations

import math
import random
from typing import Any

from patrician_qt.engine.cards import ACT_RELOCATE, CARD_ACTION, CARD_ARMS, CARD_CITY, CARD_HEAD, CARD_HEADS, CITIES
from patrician_qt.engine.rules import build_options, do_turn, relocate_options, take_options

Indices = tuple[int, tuple[int, ...], tuple[int, int] | None, int]

TILES: tuple[tuple[int, int], ...] = tuple(c.tiles for c in CITIES)
FLOORS: tuple[int, ...] = tuple(c.floors for c in CITIES)
# Value of a floor still in hand, per city: a share of its two tiles spread over its floors.
FLOOR_VALUE: tuple[float, ...] = tuple((c.tiles[0] + c.tiles[1]) / c.floors for c in CITIES)
HEAD_PARTIAL: tuple[float, float, float] = (0.0, 1.0, 3.0)  # credit for 0, 1, 2 heads towards a set of 3
HAND_FLOOR_WEIGHT = 0.35
SUPPLY_WEIGHT = 0.02
TOWER_SHARPNESS = 1.5
TOP_FLOOR_BONUS = 0.3
PENDING_WEIGHT = 0.5  # floors left break ties (R25)


def turn_options(st: Any) -> list[Indices]:
    """Every legal turn of the seat to move as indices, builds that end alike (AB/BA) listed once."""
    seat = st.to_move
    towers = st.towers
    supply = st.supply[seat]
    out: list[Indices] = []
    for card in st.hands[seat]:
        city = CARD_CITY[card]
        left = FLOORS[city] - st.built[city]
        seqs = build_options(not towers[2 * city], not towers[2 * city + 1], left, min(CARD_ARMS[card], left, supply))
        if len(seqs) > 2:  # (0,1) and (1,0) end the same; keep the first legal order
            seen: set[int] = set()
            uniq = []
            for b in seqs:
                key = b.count(0)
                if key not in seen:
                    seen.add(key)
                    uniq.append(b)
            seqs = tuple(uniq)
        relocs: list[tuple[int, int] | None] = [None]
        if CARD_ACTION[card] == ACT_RELOCATE:
            relocs.extend(relocate_options(st, seat, city))
        takes = take_options(st, card)
        for b in seqs:
            for r in relocs:
                for t in takes:
                    out.append((card, b, r, t))
    return out


def _tower_share(v: list[float], tower: tuple[int, ...], value: float, unknown: float, pend: list[float]) -> None:
    """Share a tower's expected tile by a softmax of floors (plus floors pending in hands), sharper near the end."""
    n = len(v)
    counts = pend[:]
    for s in tower:
        counts[s] += 1.0
    if tower:
        counts[tower[-1]] += TOP_FLOOR_BONUS  # R21: the highest floor wins a tie
    k = TOWER_SHARPNESS / math.sqrt(0.5 * unknown + 0.25)
    top = max(counts)
    weights = [math.exp((x - top) * k) for x in counts]
    total = sum(weights)
    for s in range(n):
        v[s] += value * weights[s] / total


def values(st: Any) -> list[float]:
    """A heuristic estimate of each seat's final score (exact fame and heads once the game is over)."""
    n = len(st.players)
    v = [0.0] * n
    hands = st.hands
    scored = st.scored
    pending: dict[int, list[float]] = {}
    for s in range(n):
        for _, val in st.tiles[s]:
            v[s] += val
        heads = [0, 0, 0]
        for card in st.stacks[s]:
            k = CARD_HEAD[card]
            if k >= 0:
                heads[k] += CARD_HEADS[card]
        hand_floors = 0.0
        for card in hands[s]:
            k = CARD_HEAD[card]
            if k >= 0:
                heads[k] += CARD_HEADS[card]
            city = CARD_CITY[card]
            if not scored[city]:
                hand_floors += CARD_ARMS[card] * FLOOR_VALUE[city]
                pend = pending.get(city)
                if pend is None:
                    pend = pending[city] = [0.0] * n
                pend[s] += CARD_ARMS[card]
        exact = st.over
        for h in heads:
            v[s] += h // 3 * 6 + (0.0 if exact else HEAD_PARTIAL[h % 3])
        v[s] += HAND_FLOOR_WEIGHT * hand_floors + SUPPLY_WEIGHT * st.supply[s]
    if st.over:
        return v
    towers = st.towers
    built = st.built
    zero = [0.0] * n
    for c in st.cities:
        if scored[c]:
            continue
        left = FLOORS[c] - built[c]
        ta, tb = towers[2 * c], towers[2 * c + 1]
        high, low = TILES[c]
        p = 0.5 + (len(ta) - len(tb)) / (2.0 * (left + 1))
        p = 0.0 if p < 0.0 else 1.0 if p > 1.0 else p
        pend = pending.get(c)
        if pend is None:
            unknown = float(left)
            pw = zero
        else:
            unknown = max(0.0, left - sum(pend))
            pw = [PENDING_WEIGHT * x for x in pend]
        _tower_share(v, ta, p * high + (1.0 - p) * low, unknown, pw)
        _tower_share(v, tb, (1.0 - p) * high + p * low, unknown, pw)
    return v


def advantage(v: list[float], seat: int) -> float:
    """How far a seat is ahead: its value against a blend of the best and the average opponent."""
    others = [x for i, x in enumerate(v) if i != seat]
    return v[seat] - 0.5 * (max(others) + sum(others) / len(others))


def greedy_indices(st: Any, rng: random.Random) -> Indices:
    """The turn whose resulting position has the best advantage for the seat to move (ties broken by ``rng``)."""
    seat = st.to_move
    best: list[Indices] = []
    best_score = -1e9
    for opt in turn_options(st):
        nxt = st.clone()
        do_turn(nxt, *opt, None)
        a = advantage(values(nxt), seat)
        if a > best_score + 1e-9:
            best_score = a
            best = [opt]
        elif a > best_score - 1e-9:
            best.append(opt)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]
