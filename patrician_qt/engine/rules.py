"""What a turn may be and what it does (R8–R19, R23): options, validation, apply, random turns.

Plots are 0 (``A``) and 1 (``B``) inside the engine; cities and cards are indices.
``do_turn`` is the one place a turn changes a state; ``apply`` validates first and
works on a clone, so an illegal turn never changes anything.
"""

from __future__ import annotations

import random
from functools import cache

from .cards import (
    ACT_NONE,
    ACT_RELOCATE,
    ACT_TAKE_ANY,
    CARD_ACTION,
    CARD_ARMS,
    CARD_CITY,
    CARD_IDS,
    CARD_INDEX,
    CITY_FLOORS,
    CITY_INDEX,
    CITY_NAMES,
    PLOTS,
)
from .errors import IllegalTurn
from .scoring import finish, score_city
from .state import GameState
from .turn import Turn
from .wire_types import GameEvent, TurnMap

Events = list[GameEvent]


@cache
def build_options(a_empty: bool, b_empty: bool, left: int, floors: int) -> tuple[tuple[int, ...], ...]:
    """Every plot sequence for ``floors`` floors in a city with ``left`` floors left (R9, R11)."""
    if floors == 0:
        return ((),)
    last = left == 1
    if last and a_empty != b_empty:
        plots: tuple[int, ...] = (0,) if a_empty else (1,)  # R11: the last floor goes on the empty plot
    else:
        plots = (0, 1)
    out: list[tuple[int, ...]] = []
    for p in plots:
        rest = build_options(a_empty and p != 0, b_empty and p != 1, left - 1, floors - 1)
        out.extend((p, *r) for r in rest)
    return tuple(out)


def floors_to_build(st: GameState, seat: int, card: int) -> int:
    """Floors a card really builds: its arms, capped by what the city has left (R10) and the supply (R19)."""
    city = CARD_CITY[card]
    return min(CARD_ARMS[card], CITY_FLOORS[city] - st.built[city], st.supply[seat])


def card_build_options(st: GameState, seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    """The plot sequences a card allows now."""
    city = CARD_CITY[card]
    return build_options(
        not st.towers[2 * city],
        not st.towers[2 * city + 1],
        CITY_FLOORS[city] - st.built[city],
        floors_to_build(st, seat, card),
    )


def relocate_options(st: GameState, seat: int, built_city: int) -> list[tuple[int, int]]:
    """(city, from-plot) pairs a relocate card allows (R13); declining is always allowed too."""
    out = []
    towers = st.towers
    scored = st.scored
    for c in st.cities:
        if scored[c] or c == built_city:
            continue
        ta, tb = towers[2 * c], towers[2 * c + 1]
        if seat in ta:
            out.append((c, 0))
            if tb:
                out.append((c, 1))
        elif seat in tb:
            if ta:
                out.append((c, 0))
            out.append((c, 1))
    return out


def take_options(st: GameState, card: int) -> list[int]:
    """Cities whose face-up card may be taken (R14–R16); ``[-1]`` means no card is left (R17)."""
    city = CARD_CITY[card]
    if CARD_ACTION[card] != ACT_TAKE_ANY and st.board[city] >= 0:
        return [city]
    return face_up_cities(st)


def face_up_cities(st: GameState) -> list[int]:
    """Cities with a face-up card, or ``[-1]`` when none is left (R15–R17)."""
    board = st.board
    return [c for c in st.cities if board[c] >= 0] or [-1]


def next_seat(st: GameState, seat: int) -> int:
    """The next seat in order that still has a card (R19), or -1 when nobody has one (R23)."""
    n = st.n_players
    hands = st.hands
    for k in range(1, n + 1):
        s = (seat + k) % n
        if hands[s]:
            return s
    return -1


def do_turn(
    st: GameState,
    card: int,
    build: tuple[int, ...],
    relocate: tuple[int, int] | None,
    take: int,
    events: Events | None,
) -> None:
    """Carry out a turn that is known to be legal, in place (R8–R18, R23).

    Random playouts call this for every turn, so it grows tuples by ``t + (x,)`` (fewer steps
    than ``(*t, x)``) and asks for events once per kind of step.
    """
    seat = st.to_move
    city = CARD_CITY[card]
    hand = st.hands[seat]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]  # stored once, with the card taken below (R14)
    st.stacks[seat] += (card,)
    towers = st.towers
    base = 2 * city
    for plot in build:  # R9
        towers[base + plot] += (seat,)
    if events is not None:
        events.append({"e": "played", "seat": seat, "card": CARD_IDS[card]})
        events.extend({"e": "built", "seat": seat, "city": CITY_NAMES[city], "plot": PLOTS[p]} for p in build)
    if build:
        n = len(build)
        built = st.built[city] + n
        st.built[city] = built
        st.supply[seat] -= n
        if built == CITY_FLOORS[city]:
            score_city(st, city, events)  # R12
    if relocate is not None:  # R13
        rc, frm = relocate
        src = 2 * rc + frm
        floor = towers[src][-1]
        towers[src] = towers[src][:-1]
        towers[src + 1 - 2 * frm] += (floor,)
        if events is not None:
            events.append(
                {"e": "relocated", "seat": seat, "city": CITY_NAMES[rc], "from": PLOTS[frm], "to": PLOTS[1 - frm]}
            )
    if take >= 0:  # R14–R16
        board = st.board
        taken = board[take]
        hand += (taken,)
        pos = st.deck_pos
        laid = -1
        if pos < len(st.deck):  # R18
            laid = st.deck[pos]
            st.deck_pos = pos + 1
        board[take] = laid
        if events is not None:
            events.append({"e": "took", "seat": seat, "city": CITY_NAMES[take], "card": CARD_IDS[taken]})
            if laid >= 0:
                events.append({"e": "revealed", "city": CITY_NAMES[take], "card": CARD_IDS[laid]})
    st.hands[seat] = hand
    st.turn_number += 1
    nxt = (seat + 1) % len(st.hands)
    if not st.hands[nxt]:
        nxt = next_seat(st, seat)
    if nxt < 0:
        finish(st, events)  # R23
    else:
        st.to_move = nxt


def _check_card(st: GameState, turn: Turn) -> int:
    """The card index of a turn, if the player holds it (R8)."""
    if st.over:
        raise IllegalTurn("R23", "the game is over")
    card = CARD_INDEX.get(turn.card)
    if card is None or card not in st.hands[st.to_move]:
        raise IllegalTurn("R8", f"{turn.card} is not in your hand")
    return card


def _check_build(st: GameState, seat: int, card: int, build: tuple[str, ...]) -> tuple[int, ...]:
    """The plot indices of a turn's build, checked against R9–R11 and R19."""
    city = CARD_CITY[card]
    name = CITY_NAMES[city]
    arms = CARD_ARMS[card]
    left = CITY_FLOORS[city] - st.built[city]
    want = floors_to_build(st, seat, card)
    if len(build) != want:
        if want < arms and st.supply[seat] < min(arms, left):
            raise IllegalTurn("R19", f"you have {st.supply[seat]} floor(s) left, so this card builds {want} in {name}")
        if want < arms:
            raise IllegalTurn("R10", f"{name} has only {left} floor(s) left, so this card builds {want}")
        raise IllegalTurn("R9", f"{turn_card_name(card)} builds {want} floor(s) in {name}, not {len(build)}")
    plots = tuple(PLOTS.index(p) for p in build)
    if plots not in card_build_options(st, seat, card):
        empty = "A" if not st.towers[2 * city] else "B"
        raise IllegalTurn("R11", f"the last floor of {name} must go on the empty plot {empty}")
    return plots


def turn_card_name(card: int) -> str:
    """A card as people call it in messages ("the Bologna card BOL-6")."""
    return f"the {CITY_NAMES[CARD_CITY[card]]} card {CARD_IDS[card]}"


def _check_relocate(st: GameState, seat: int, card: int, relocate: tuple[str, str] | None) -> tuple[int, int] | None:
    """The relocation of a turn, checked against R13."""
    if relocate is None:
        return None
    if CARD_ACTION[card] != ACT_RELOCATE:
        raise IllegalTurn("R13", f"only a relocate card lets you move a floor; {CARD_IDS[card]} is not one")
    name, frm = relocate
    city = CITY_INDEX.get(name)
    if city is None or city not in st.cities:
        raise IllegalTurn("R13", f"{name} is not a city in play")
    if city == CARD_CITY[card]:
        raise IllegalTurn("R13", f"you may not relocate in {name}, the city you just built in")
    if st.scored[city]:
        raise IllegalTurn("R13", f"{name} is already scored")
    if seat not in st.towers[2 * city] and seat not in st.towers[2 * city + 1]:
        raise IllegalTurn("R13", f"you have no floor in {name}")
    plot = PLOTS.index(frm)
    if not st.towers[2 * city + plot]:
        raise IllegalTurn("R13", f"plot {frm} of {name} is empty")
    return city, plot


def _check_take(st: GameState, card: int, take: str | None) -> int:
    """The city index whose card a turn takes, checked against R14–R17."""
    options = take_options(st, card)
    if options == [-1]:
        if take is not None:
            raise IllegalTurn("R17", "no face-up card is left, so nothing can be taken")
        return -1
    if take is None:
        raise IllegalTurn("R14", "you must take a face-up card")
    city = CITY_INDEX.get(take, -1)
    if city in options:
        return city
    built = CITY_NAMES[CARD_CITY[card]]
    if city < 0 or city not in st.cities:
        raise IllegalTurn("R14", f"{take} is not a city in play")
    if CARD_ACTION[card] == ACT_TAKE_ANY or st.board[CARD_CITY[card]] < 0:
        rule = "R15" if CARD_ACTION[card] == ACT_TAKE_ANY else "R16"
        raise IllegalTurn(rule, f"there is no face-up card at {take}")
    raise IllegalTurn(
        "R14", f"you must take the card at {built}, the city you built in (only a take-any card allows another)"
    )


def validate(st: GameState, turn: Turn) -> tuple[int, tuple[int, ...], tuple[int, int] | None, int]:
    """Check a whole turn against the rules and return it as indices, or raise IllegalTurn."""
    card = _check_card(st, turn)
    seat = st.to_move
    build = _check_build(st, seat, card, turn.build)
    relocate = _check_relocate(st, seat, card, turn.relocate)
    take = _check_take(st, card, turn.take)
    return card, build, relocate, take


def apply(st: GameState, turn: Turn | TurnMap) -> tuple[GameState, Events]:
    """Validate a turn and return the new state and its public events; ``st`` is never changed."""
    if not isinstance(turn, Turn):
        turn = Turn.from_map(turn)
    card, build, relocate, take = validate(st, turn)
    new = st.clone()
    events: Events = []
    do_turn(new, card, build, relocate, take, events)
    return new, events


def make_turn(card: int, build: tuple[int, ...], relocate: tuple[int, int] | None, take: int) -> Turn:
    """A Turn value from engine indices."""
    return Turn(
        CARD_IDS[card],
        tuple(PLOTS[p] for p in build),
        None if relocate is None else (CITY_NAMES[relocate[0]], PLOTS[relocate[1]]),
        None if take < 0 else CITY_NAMES[take],
    )


def legal_turns(st: GameState) -> list[Turn]:
    """Every legal turn of the seat to move, in a stable order."""
    if st.over:
        return []
    seat = st.to_move
    out: list[Turn] = []
    for card in st.hands[seat]:
        builds = card_build_options(st, seat, card)
        relocs: list[tuple[int, int] | None] = [None]
        if CARD_ACTION[card] == ACT_RELOCATE:
            relocs.extend(relocate_options(st, seat, CARD_CITY[card]))
        takes = take_options(st, card)
        out.extend(make_turn(card, b, r, t) for b in builds for r in relocs for t in takes)
    return out


# Build options for random playouts, looked up instead of computed, each with its count. A build
# that does not reach the city's last floor may use any plot for each floor (R9); one that does
# depends on which plots are empty (R11): that table is indexed by (A empty) * 2 + (B empty), then
# by the floors left.
_Builds = tuple[int, tuple[tuple[int, ...], ...]]


def _counted(builds: tuple[tuple[int, ...], ...]) -> _Builds:
    return len(builds), builds


# Per card: its city, arms, action and the city's floors, read in one step by random playouts.
_CARD_PLAY: tuple[tuple[int, int, int, int], ...] = tuple(
    (CARD_CITY[c], CARD_ARMS[c], CARD_ACTION[c], CITY_FLOORS[CARD_CITY[c]]) for c in range(len(CARD_IDS))
)
_ANY_PLOTS: tuple[_Builds, ...] = tuple(_counted(build_options(False, False, 3, f)) for f in range(3))
_LAST_PLOTS: tuple[tuple[_Builds, ...], ...] = tuple(
    tuple(_counted(build_options(bool(ab & 2), bool(ab & 1), left, left)) for left in range(3)) for ab in range(4)
)


def random_indices(st: GameState, rng: random.Random) -> tuple[int, tuple[int, ...], tuple[int, int] | None, int]:
    """One uniformly random legal turn as indices, by counting options instead of listing turns.

    Each card in hand weighs as many turns as it allows; one draw picks a card by weight,
    and what is left of the draw picks its take, relocation and build, in that order.
    """
    seat = st.to_move
    towers = st.towers
    built = st.built
    supply = st.supply[seat]
    board = st.board
    choices: list[tuple[int, int, tuple[tuple[int, ...], ...], list[tuple[int, int]] | None, list[int] | None]] = []
    total = 0
    with_card: list[int] | None = None  # cities with a face-up card, listed when first needed
    for card in st.hands[seat]:
        city, f, action, floors = _CARD_PLAY[card]
        left = floors - built[city]
        if supply < f:
            f = supply  # R19
        if f < left:
            weight, builds = _ANY_PLOTS[f]
        else:  # this build places the city's last floor (R10, R11)
            weight, builds = _LAST_PLOTS[(0 if towers[2 * city] else 2) + (0 if towers[2 * city + 1] else 1)][left]
        if action == ACT_NONE and board[city] >= 0:  # the common case: one take, no relocation
            choices.append((weight, card, builds, None, None))
        else:
            relocs = relocate_options(st, seat, city) if action == ACT_RELOCATE else None
            takes: list[int] | None = None  # None: the card of the city built in
            if action == ACT_TAKE_ANY or board[city] < 0:
                if with_card is None:
                    with_card = face_up_cities(st)
                takes = with_card
                weight *= len(takes)
            if relocs is not None:
                weight *= 1 + len(relocs)
            choices.append((weight, card, builds, relocs, takes))
        total += weight
    r = int(rng.random() * total)
    for weight, card, builds, relocs, takes in choices:
        if r >= weight:
            r -= weight
            continue
        if takes is None:
            take = CARD_CITY[card]
        else:
            r, t = divmod(r, len(takes))
            take = takes[t]
        relocate = None
        if relocs is not None:
            r, k = divmod(r, 1 + len(relocs))
            if k:
                relocate = relocs[k - 1]
        return card, builds[r], relocate, take
    raise AssertionError("unreachable: r < total")


def random_turn(st: GameState, rng: random.Random) -> Turn:
    """One uniformly random legal turn of the seat to move."""
    return make_turn(*random_indices(st, rng))


def playout(st: GameState, rng: random.Random) -> GameState:
    """Play uniformly random legal turns in place until the game ends; returns ``st``."""
    while not st.over:
        card, build, relocate, take = random_indices(st, rng)
        do_turn(st, card, build, relocate, take, None)
    return st
