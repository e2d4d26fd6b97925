"""The greedy bot: a one-turn lookahead scored by a heuristic estimate of every player's final score.

The estimate (``values``) is also what ISMCTS uses to cut playouts short, so it must be
cheap: fame tiles won, each open tower's tile shared out by how safe its majority is,
head sets (hand cards count: every card in a hand is played before the end, R23),
and the floors still to come from the cards in hand. ``greedy_indices`` (also the search's playout policy)
scores every turn with ``Lookahead``: the very floats of ``values`` after it, re-scoring only what it changes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection
from typing import Any

from patrician_qt.engine.cards import ACT_RELOCATE, CARD_ACTION, CARD_ARMS, CARD_CITY, CARD_HEAD, CARD_HEADS, CITIES
from patrician_qt.engine.rules import build_options, do_turn, relocate_options, take_options
from patrician_qt.engine.scoring import head_counts

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


# One unscored city's part of ``values``: (seat, addition) pairs in the order ``values`` adds them, seat ``n`` (one past
# the last) standing for the share every seat gets, so that a sum replayed from the parts is the same to the last bit.
CityTerms = tuple[tuple[int, float], ...]
Pending = dict[int, dict[int, float]]


def _seat_value(
    supply: int, tiles: tuple[tuple[int, int], ...], heads: list[int], hand: tuple[int, ...], scored: list[bool]
) -> float:
    """A seat's own terms of ``values`` (supply, tiles, hand floors, heads), summed in the same order."""
    x = SUPPLY_WEIGHT * supply
    for _, val in tiles:
        x += val
    for card in hand:
        city = CARD_CITY[card]
        if not scored[city]:
            x += HAND_FLOOR_WEIGHT * CARD_ARMS[card] * FLOOR_VALUE[city]
    lady, cap, beard = heads
    x += (lady // 3 + cap // 3 + beard // 3) * 6
    x += HEAD_PARTIAL[lady % 3] + HEAD_PARTIAL[cap % 3] + HEAD_PARTIAL[beard % 3]
    return x


def _seat_values(st: Any) -> list[float]:
    """Every seat's own terms of ``values`` in a position (played and held heads alike, R24)."""
    return [
        _seat_value(st.supply[s], st.tiles[s], head_counts(st.stacks[s] + st.hands[s]), st.hands[s], st.scored)
        for s in range(len(st.players))
    ]


def _pending(hands: list[tuple[int, ...]], cities: Collection[int]) -> Pending:
    """Floors each seat still holds for some cities, keyed in seat order as ``values`` builds them."""
    pending: Pending = {}
    for s, hand in enumerate(hands):
        for card in hand:
            city = CARD_CITY[card]
            if city in cities:
                pend = pending.get(city)
                if pend is None:
                    pending[city] = {s: PENDING_WEIGHT * CARD_ARMS[card]}
                else:
                    pend[s] = pend.get(s, 0.0) + PENDING_WEIGHT * CARD_ARMS[card]
    return pending


def _city_terms(
    n: int, c: int, ta: tuple[int, ...], tb: tuple[int, ...], left: int, pend: dict[int, float] | None
) -> CityTerms:
    """One unscored city's shares of its two tiles, computed exactly as ``values`` does."""
    high, low = TILES[c]
    p = 0.5 + (len(ta) - len(tb)) / (2.0 * (left + 1))
    p = 0.0 if p < 0.0 else 1.0 if p > 1.0 else p
    unknown = float(left) if pend is None else max(0.0, left - sum(pend.values()) / PENDING_WEIGHT)
    k = SHARPNESS_BY_UNKNOWN[int(unknown + 0.5)]
    exp = math.exp
    out: list[tuple[int, float]] = []
    for tower, value in ((ta, p * high + (1.0 - p) * low), (tb, (1.0 - p) * high + p * low)):
        counts = {} if pend is None else pend.copy()
        for s in tower:
            counts[s] = counts.get(s, 0.0) + 1.0
        if not counts:
            out.append((n, value / n))
            continue
        if tower:
            counts[tower[-1]] += TOP_FLOOR_BONUS
        top = max(counts.values())
        w0 = exp(-top * k)
        total = w0 * (n - len(counts))
        ws = []
        for x in counts.values():
            w = exp((x - top) * k)
            ws.append(w)
            total += w
        scale = value / total
        out.append((n, w0 * scale))
        for s, w in zip(counts, ws, strict=True):
            out.append((s, (w - w0) * scale))
    return tuple(out)


#: one search's city parts of ``values``, keyed by (city, its two towers, floors left, floors pending per seat)
CityMemo = dict[tuple[int, tuple[int, ...], tuple[int, ...], int, tuple[tuple[int, float], ...] | None], CityTerms]
#: a memo this large is emptied and starts again (a search of Expert's budget fills a few thousand entries)
CITY_MEMO_LIMIT = 200_000


def remembered_values(st: Any, memo: CityMemo) -> list[float]:
    """``values`` to the last bit, each city's part looked up in ``memo`` (one search's, one player count's).

    Within a search the towers are public and change slowly, so about nine city parts in ten recur from earlier
    iterations (measured at 2 players): looking them up instead of scoring them makes a call about 40% cheaper."""
    if st.over:
        return values(st)
    n = len(st.players)
    scored = st.scored
    towers = st.towers
    built = st.built
    open_cities = [c for c in st.cities if not scored[c]]
    pending = _pending(st.hands, open_cities)
    if len(memo) > CITY_MEMO_LIMIT:
        memo.clear()
    v = _seat_values(st)
    v.append(0.0)  # the share every seat gets, added to all at the end as ``values`` does
    for c in open_cities:
        pend = pending.get(c)
        ta, tb, left = towers[2 * c], towers[2 * c + 1], FLOORS[c] - built[c]
        key = (c, ta, tb, left, None if pend is None else tuple(pend.items()))
        terms = memo.get(key)
        if terms is None:
            terms = memo[key] = _city_terms(n, c, ta, tb, left, pend)
        for s, d in terms:
            v[s] += d
    base = v.pop()
    if base:
        for s in range(n):
            v[s] += base
    return v


def _towers_after(
    towers: list[tuple[int, ...]], seat: int, city: int, build: tuple[int, ...], relocate: tuple[int, int] | None
) -> list[tuple[int, ...]]:
    """The towers after a turn's build and relocation, as ``do_turn`` leaves them (R9, R13)."""
    towers = towers[:]
    for plot in build:
        towers[2 * city + plot] += (seat,)
    if relocate is not None:  # the top floor moves onto the other plot of its city
        rc, frm = relocate
        src = 2 * rc + frm
        towers[src + 1 - 2 * frm] += (towers[src][-1],)
        towers[src] = towers[src][:-1]
    return towers


class Lookahead:
    """``values`` after each turn of one position, re-scoring only the cities and seats the turn changes.

    A turn changes the towers of the city built in and of a relocation (R9, R13), the floors in hand of the
    played and the taken card's cities, and the mover's own terms; a turn that scores a city (R12) or ends the
    game (R23) is carried out by the engine on a clone instead."""

    __slots__ = ("heads", "last", "memo", "n", "parts", "seat", "shared", "st", "xs")

    def __init__(self, st: Any, shared: CityMemo | None = None) -> None:
        """Split the position once into seat terms and city parts; with ``shared`` (a memo kept over many positions
        of one player count, as ``remembered_values`` keeps), city parts met before are looked up, not made."""
        self.st = st
        self.n: int = len(st.players)
        self.seat: int = st.to_move
        self.xs: list[float] = _seat_values(st)
        self.heads: list[int] = head_counts(st.stacks[self.seat] + st.hands[self.seat])
        self.last: bool = not any(h for s, h in enumerate(st.hands) if s != self.seat)  # only the mover holds cards
        self.shared = shared
        open_cities = [c for c in st.cities if not st.scored[c]]
        pending = _pending(st.hands, set(open_cities))
        self.parts: list[tuple[int, CityTerms]] = [
            (c, self._terms(c, st.towers[2 * c], st.towers[2 * c + 1], FLOORS[c] - st.built[c], pending.get(c)))
            for c in open_cities
        ]
        self.memo: dict[tuple[int, tuple[int, ...], tuple[int, ...], int, int], CityTerms] = {}

    def _terms(self, c: int, ta: tuple[int, ...], tb: tuple[int, ...], left: int, pend: dict[int, float] | None
               ) -> CityTerms:
        """A city's part, from the shared memo when there is one (the same floats either way)."""
        shared = self.shared
        if shared is None:
            return _city_terms(self.n, c, ta, tb, left, pend)
        key = (c, ta, tb, left, None if pend is None else tuple(pend.items()))
        terms = shared.get(key)
        if terms is None:
            if len(shared) > CITY_MEMO_LIMIT:
                shared.clear()
            terms = shared[key] = _city_terms(self.n, c, ta, tb, left, pend)
        return terms

    def values_after(self, opt: Indices) -> list[float]:
        """``values`` of the position after ``opt``, to the last bit."""
        st = self.st
        seat = self.seat
        card, build, relocate, take = opt
        played = CARD_CITY[card]
        left = FLOORS[played] - st.built[played] - len(build)
        hand = st.hands[seat]
        if (build and left == 0) or (self.last and len(hand) == 1 and take < 0):
            return self._replayed(opt)
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        heads = self.heads
        changed = {played}
        if take >= 0:
            got = st.board[take]
            hand += (got,)
            changed.add(CARD_CITY[got])
            kind = CARD_HEAD[got]
            if kind >= 0:
                heads = heads[:]
                heads[kind] += CARD_HEADS[got]
        towers = _towers_after(st.towers, seat, played, build, relocate)
        if relocate is not None:
            changed.add(relocate[0])
        built = st.built[:]
        built[played] += len(build)
        hands = st.hands[:]
        hands[seat] = hand
        xs = self.xs[:]
        xs[seat] = _seat_value(st.supply[seat] - len(build), st.tiles[seat], heads, hand, st.scored)
        return self._combined(xs, towers, built, st.scored, hands, changed)

    def _replayed(self, opt: Indices) -> list[float]:
        """``values`` after a turn that scores a city or ends the game, carried out by the engine (R12, R23)."""
        nxt = self.st.clone()
        do_turn(nxt, *opt, None)
        if nxt.over:
            return values(nxt)
        card, _, relocate, take = opt
        changed = {CARD_CITY[card]}
        if take >= 0:
            changed.add(CARD_CITY[nxt.hands[self.seat][-1]])
        if relocate is not None:
            changed.add(relocate[0])
        return self._combined(_seat_values(nxt), nxt.towers, nxt.built, nxt.scored, nxt.hands, changed)

    def _combined(
        self,
        xs: list[float],
        towers: list[tuple[int, ...]],
        built: list[int],
        scored: list[bool],
        hands: list[tuple[int, ...]],
        changed: set[int],
    ) -> list[float]:
        """``values`` from seat terms and the parts of each city, those in ``changed`` made anew (or remembered)."""
        memo = self.memo
        mover = hands[self.seat]
        v = xs  # a fresh list: the seat terms, then the share every seat gets
        v.append(0.0)
        for c, part in self.parts:
            if c in changed:
                if scored[c]:
                    continue
                arms = 0  # with the other hands as they were, the mover's floors in hand tell the pending ones
                for card in mover:
                    if CARD_CITY[card] == c:
                        arms += CARD_ARMS[card]
                ta, tb, left = towers[2 * c], towers[2 * c + 1], FLOORS[c] - built[c]
                key = (c, ta, tb, left, arms)
                known = memo.get(key)
                if known is None:
                    known = memo[key] = self._terms(c, ta, tb, left, _pending(hands, (c,)).get(c))
                part = known
            for s, d in part:
                v[s] += d
        base = v.pop()
        if base:
            for s in range(len(v)):
                v[s] += base
        return v


def best_turn(opts: list[Indices], score: Callable[[Indices], float], rng: random.Random) -> Indices:
    """The turn of best score, ties (within 1e-9) broken by ``rng``; a single turn is taken without asking it."""
    best: list[Indices] = []
    best_score = -1e9
    for opt in opts:
        a = score(opt)
        if a > best_score + 1e-9:
            best_score = a
            best = [opt]
        elif a > best_score - 1e-9:
            best.append(opt)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


def greedy_indices(
    st: Any, rng: random.Random, only: list[Indices] | None = None, shared: CityMemo | None = None
) -> Indices:
    """The turn whose resulting position has the best advantage for the seat to move (ties broken by ``rng``).

    ``only``: choose among these turns (a hint completing a turn begun), not every legal one. Each turn is
    scored by ``Lookahead`` (the very floats of ``values`` after it, for a fraction of the work). ``shared``: a
    memo of city parts kept over many positions of one player count (a playout's turns), so the same turn
    sooner."""
    opts = only or turn_options(st)
    if len(opts) == 1:  # ``best_turn`` would take it without scoring anything or asking the rng
        return opts[0]
    seat = st.to_move
    look = Lookahead(st, shared)
    return best_turn(opts, lambda opt: advantage(look.values_after(opt), seat), rng)


def plain_greedy_indices(st: Any, rng: random.Random, only: list[Indices] | None = None) -> Indices:
    """``greedy_indices`` by its definition: every turn applied to a clone and scored by ``values`` from scratch.
    Slow; kept as the reference that tests and ``bench/greedy.py`` hold ``Lookahead`` to."""
    seat = st.to_move

    def score(opt: Indices) -> float:
        nxt = st.clone()
        do_turn(nxt, *opt, None)
        return advantage(values(nxt), seat)

    return best_turn(only or turn_options(st), score, rng)
