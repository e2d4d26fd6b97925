"""A slow, obviously-correct reference of the rules, written from docs/rules.md alone, for tests to compare against.

Why: property tests that compare two users of one engine helper cannot find a bug in the helper.
This file uses none of the engine's rule code (only the card data and the state's fields): it lists
turns by brute force (every card × every plot sequence × every relocation × every take, keeping those
the rules allow), carries a turn out on plain lists, and scores cities and players by the definitions.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from patrician_qt.engine import CARDS, CITIES, GameState, Turn

NONE = -1  # the state's marker for "no card here" and "no owner"; card index 0 (BOL-1) is a real card
INDEX = {card.id: i for i, card in enumerate(CARDS)}
CITY = {city.name: city for city in CITIES}


def city_of(card_index: int) -> Any:
    """The City record of a card."""
    return CITY[CARDS[card_index].city]


def towers(st: GameState, c: int) -> tuple[list[int], list[int]]:
    """Plot A and plot B of city index ``c``, bottom first."""
    return list(st.towers[2 * c]), list(st.towers[2 * c + 1])


def face_up(st: GameState) -> list[str]:
    """Names of the cities in play with a face-up card."""
    return [CITIES[c].name for c in st.cities if st.board[c] != NONE]


def builds(st: GameState, seat: int, card_index: int) -> list[tuple[str, ...]]:
    """Plot sequences of a card (R9–R11, R19), by trying every sequence of A and B."""
    card = CARDS[card_index]
    city = city_of(card_index)
    a, b = towers(st, city.index)
    left = city.floors - len(a) - len(b)
    n = min(card.arms, left, st.supply[seat])  # R9 one floor per arms, R10 what is left, R19 the supply
    out = []
    for plots in itertools.product("AB", repeat=n):
        height_a = len(a) + plots.count("A")
        height_b = len(b) + plots.count("B")
        complete = height_a + height_b == city.floors
        if complete and (height_a == 0 or height_b == 0):
            continue  # R11: each tower ends with at least one floor
        out.append(plots)
    return out


def relocations(st: GameState, seat: int, card_index: int) -> list[tuple[str, str] | None]:
    """None (declining) and every (city, from-plot) a relocate card allows (R13)."""
    if CARDS[card_index].action != "relocate":
        return [None]
    out: list[tuple[str, str] | None] = [None]
    for c in st.cities:
        name = CITIES[c].name
        if name == CARDS[card_index].city or st.scored[c]:
            continue
        a, b = towers(st, c)
        if seat not in a + b:
            continue
        for plot, tower in (("A", a), ("B", b)):
            if tower:
                out.append((name, plot))
    return out


def takes(st: GameState, card_index: int) -> list[str | None]:
    """The cities whose card the turn may take (R14–R17); [None] when no card is left."""
    up = face_up(st)
    if not up:
        return [None]  # R17
    card = CARDS[card_index]
    if card.action == "take-any":
        return up  # R15
    if card.city in up:
        return [card.city]  # R14
    return up  # R16


def legal_turns(st: GameState) -> set[Turn]:
    """Every legal turn of the seat to move."""
    if st.over:
        return set()
    seat = st.to_move
    return {
        Turn(CARDS[ci].id, plots, reloc, take)
        for ci in st.hands[seat]
        for plots in builds(st, seat, ci)
        for reloc in relocations(st, seat, ci)
        for take in takes(st, ci)
    }


def majority(tower: list[int] | tuple[int, ...]) -> int:
    """The seat with most floors, a tie to the tied seat owning the highest floor (R20, R21); NONE if empty."""
    if not tower:
        return NONE
    counts = Counter(tower)
    most = max(counts.values())
    tied = {seat for seat, n in counts.items() if n == most}
    for seat in reversed(tower):  # from the top floor down
        if seat in tied:
            return seat
    raise AssertionError("unreachable")


def awards(a: list[int] | tuple[int, ...], b: list[int] | tuple[int, ...], city: Any) -> tuple[tuple[int, int], ...]:
    """((seat, high tile), (seat, low tile)) of a city; equal towers: A counts as taller (R20–R22)."""
    high, low = city.tiles
    tall, short = (a, b) if len(a) >= len(b) else (b, a)
    return (majority(tall), high), (majority(short), low)


def head_points(stack: tuple[int, ...] | list[int]) -> int:
    """6 per complete set of 3 heads of one kind; a double head counts 2 (R24)."""
    heads: Counter[str] = Counter()
    for ci in stack:
        if CARDS[ci].head is not None:
            heads[CARDS[ci].head] += CARDS[ci].heads
    return sum(6 * (n // 3) for n in heads.values())


def scores(st: GameState) -> list[int]:
    """Fame tiles won (from the awards) plus head points, per seat (R25)."""
    out = []
    for seat in range(st.n_players):
        fame = 0
        for c in st.cities:
            if st.awards[c] is not None:
                fame += sum(value for owner, value in st.awards[c] if owner == seat)
        out.append(fame + head_points(st.stacks[seat]))
    return out


def winners(st: GameState) -> list[int]:
    """Highest score; ties to more floors left; still tied, all of them (R25)."""
    keys = list(zip(scores(st), st.supply, strict=True))
    return [seat for seat, key in enumerate(keys) if key == max(keys)]


def carry_out(st: GameState, t: Turn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What a legal turn leaves behind, as plain fields, and the events it announces (R8–R25, PROTOCOL.md)."""
    n = st.n_players
    seat = st.to_move
    ci = INDEX[t.card]
    city = city_of(ci)
    c = city.index
    tw = [list(x) for x in st.towers]
    hands = [list(h) for h in st.hands]
    stacks = [list(s) for s in st.stacks]
    board = list(st.board)
    pile = list(st.deck[st.deck_pos :])
    supply = list(st.supply)
    scored = list(st.scored)
    aw = list(st.awards)
    events: list[dict[str, Any]] = [{"e": "played", "seat": seat, "card": t.card}]

    def score(city_index: int) -> None:
        scored[city_index] = True
        aw[city_index] = awards(tw[2 * city_index], tw[2 * city_index + 1], CITIES[city_index])
        (w_high, high), (w_low, low) = aw[city_index]
        events.append(
            {
                "e": "scored",
                "city": CITIES[city_index].name,
                "awards": [[None if w_high == NONE else w_high, high], [None if w_low == NONE else w_low, low]],
            }
        )

    hands[seat].remove(ci)  # R8
    stacks[seat].append(ci)
    for plot in t.build:  # R9
        tw[2 * c + "AB".index(plot)].append(seat)
        supply[seat] -= 1
        events.append({"e": "built", "seat": seat, "city": city.name, "plot": plot})
    if t.build and len(tw[2 * c]) + len(tw[2 * c + 1]) == city.floors:
        score(c)  # R12
    if t.relocate is not None:  # R13
        name, frm = t.relocate
        rc = CITY[name].index
        src = 2 * rc + "AB".index(frm)
        dst = 2 * rc + 1 - "AB".index(frm)
        tw[dst].append(tw[src].pop())
        events.append({"e": "relocated", "seat": seat, "city": name, "from": frm, "to": "B" if frm == "A" else "A"})
    if t.take is not None:  # R14–R16, R18
        tc = CITY[t.take].index
        hands[seat].append(board[tc])
        events.append({"e": "took", "seat": seat, "city": t.take, "card": CARDS[board[tc]].id})
        board[tc] = pile.pop(0) if pile else NONE
        if board[tc] != NONE:
            events.append({"e": "revealed", "city": t.take, "card": CARDS[board[tc]].id})
    following = [(seat + k) % n for k in range(1, n + 1)]
    to_move = next((s for s in following if hands[s]), NONE)  # R19: an empty hand is skipped
    if to_move == NONE:  # R23
        for cc in st.cities:
            if not scored[cc]:
                score(cc)  # R22: as it stands
    fields = {
        "towers": [tuple(x) for x in tw],
        "hands": [tuple(h) for h in hands],
        "stacks": [tuple(s) for s in stacks],
        "board": board,
        "pile": tuple(pile),
        "supply": supply,
        "scored": scored,
        "awards": aw,
        "to_move": to_move,
        "over": to_move == NONE,
        "turn_number": st.turn_number + 1,
    }
    return fields, events


def fields_of(st: GameState) -> dict[str, Any]:
    """The same plain fields, read from an engine state."""
    return {
        "towers": list(st.towers),
        "hands": list(st.hands),
        "stacks": list(st.stacks),
        "board": list(st.board),
        "pile": tuple(st.deck[st.deck_pos :]),
        "supply": list(st.supply),
        "scored": list(st.scored),
        "awards": list(st.awards),
        "to_move": st.to_move,
        "over": st.over,
        "turn_number": st.turn_number,
    }


def tiles_of(st: GameState) -> list[list[tuple[int, int]]]:
    """The fame tiles each seat has won, from the awards: what ``st.tiles`` must hold (in any order)."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(st.n_players)]
    for c in st.cities:
        if st.awards[c] is not None:
            for owner, value in st.awards[c]:
                if owner != NONE:
                    out[owner].append((c, value))
    return [sorted(x) for x in out]
