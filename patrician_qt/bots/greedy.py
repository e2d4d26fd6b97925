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
HEAD_PARTIAL: tuple[float, float, float] = (0.0, 2.0, 4.0)  # credit for 0, 1, 2 heads towards a set of 3
HAND_FLOOR_WEIGHT = 0.35
SUPPLY_WEIGHT = 0.02  # floors left break ties (R25)
TOWER_SHARPNESS = 1.5  # how fast a tower's lead turns into a sure tile as the city fills up
TOP_FLOOR_BONUS = 0.3  # the highest floor wins a tie (R21)
PENDING_WEIGHT = 1.0  # a floor still in a hand counts fully in both towers of its city (its holder picks one)
# Softmax sharpness by floors still to come from unknown cards (0..9).
SHARPNESS_BY_UNKNOWN: tuple[float, ...] = tuple(TOWER_SHARPNESS / math.sqrt(0.5 * u + 0.25) for u in range(12))


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


def values(st: Any) -> list[float]:
    """A heuristic estimate of each seat's final score (exact fame and heads once the game is over)."""
    n = len(st.players)
    v = [0.0] * n
    hands = st.hands
    scored = st.scored
    pending: dict[int, dict[int, float]] = {}
    exact = st.over
    for s in range(n):
        x = SUPPLY_WEIGHT * st.supply[s]
        for _, val in st.tiles[s]:
            x += val
        heads = [0, 0, 0]  # lady, cap, beard: played and still in hand (R24)
        for card in (*st.stacks[s], *hands[s]):
            k = CARD_HEAD[card]
            if k >= 0:
                heads[k] += CARD_HEADS[card]
        lady, cap, beard = heads
        for card in hands[s]:
            city = CARD_CITY[card]
            if not scored[city]:
                x += HAND_FLOOR_WEIGHT * CARD_ARMS[card] * FLOOR_VALUE[city]
                pend = pending.get(city)
                if pend is None:
                    pending[city] = {s: PENDING_WEIGHT * CARD_ARMS[card]}
                else:
                    pend[s] = pend.get(s, 0.0) + PENDING_WEIGHT * CARD_ARMS[card]
        x += (lady // 3 + cap // 3 + beard // 3) * 6
        if not exact:
            x += HEAD_PARTIAL[lady % 3] + HEAD_PARTIAL[cap % 3] + HEAD_PARTIAL[beard % 3]
        v[s] = x
    if exact:
        return v
    towers = st.towers
    built = st.built
    base = 0.0  # the share every seat gets (also those with no floor): added to all at the end
    exp = math.exp
    for c in st.cities:
        if scored[c]:
            continue
        left = FLOORS[c] - built[c]
        ta, tb = towers[2 * c], towers[2 * c + 1]
        high, low = TILES[c]
        p = 0.5 + (len(ta) - len(tb)) / (2.0 * (left + 1))
        p = 0.0 if p < 0.0 else 1.0 if p > 1.0 else p
        pend = pending.get(c)
        unknown = float(left) if pend is None else max(0.0, left - sum(pend.values()) / PENDING_WEIGHT)
        k = SHARPNESS_BY_UNKNOWN[int(unknown + 0.5)]
        for tower, value in ((ta, p * high + (1.0 - p) * low), (tb, (1.0 - p) * high + p * low)):
            counts = {} if pend is None else pend.copy()
            for s in tower:
                counts[s] = counts.get(s, 0.0) + 1.0
            if not counts:
                base += value / n
                continue
            if tower:
                counts[tower[-1]] += TOP_FLOOR_BONUS  # R21: the highest floor wins a tie
            top = max(counts.values())
            w0 = exp(-top * k)
            ws = [(s, exp((x - top) * k)) for s, x in counts.items()]
            total = w0 * (n - len(ws))
            for _, w in ws:
                total += w
            scale = value / total
            base += w0 * scale
            for s, w in ws:
                v[s] += (w - w0) * scale
    if base:
        for s in range(n):
            v[s] += base
    return v


def advantage(v: list[float], seat: int) -> float:
    """How far a seat is ahead: its value against a blend of the best and the average opponent."""
    others = [x for i, x in enumerate(v) if i != seat]
    return v[seat] - 0.5 * (max(others) + sum(others) / len(others))


def greedy_indices(st: Any, rng: random.Random, only: list[Indices] | None = None) -> Indices:
    """The turn whose resulting position has the best advantage for the seat to move (ties broken by ``rng``).

    ``only``: choose among these turns (a hint completing a turn begun), not every legal one."""
    seat = st.to_move
    best: list[Indices] = []
    best_score = -1e9
    for opt in only or turn_options(st):
        nxt = st.clone()
        do_turn(nxt, *opt, None)
        a = advantage(values(nxt), seat)
        if a > best_score + 1e-9:
            best_score = a
            best = [opt]
        elif a > best_score - 1e-9:
            best.append(opt)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]
