"""Small builders of hand-made positions for rule tests."""

from __future__ import annotations

import random

from patrician_qt.engine import GameState, new_game
from patrician_qt.engine.cards import CARD_INDEX, CITY_FLOORS, CITY_INDEX


def fresh(n: int = 3, seed: int = 0) -> GameState:
    """A freshly dealt game."""
    return new_game([f"P{i}" for i in range(n)], random.Random(seed))


def set_towers(st: GameState, city: str, a: list[int], b: list[int]) -> None:
    """Put exactly these floors (seats, bottom first) in a city."""
    c = CITY_INDEX[city]
    st.towers[2 * c] = tuple(a)
    st.towers[2 * c + 1] = tuple(b)
    st.built[c] = len(a) + len(b)
    assert st.built[c] <= CITY_FLOORS[c]


def give(st: GameState, seat: int, *cards: str) -> None:
    """Make ``cards`` the hand of ``seat``, taking them from wherever they were."""
    idx = [CARD_INDEX[c] for c in cards]
    for s in range(st.n_players):
        st.hands[s] = tuple(c for c in st.hands[s] if c not in idx)
    st.board = [-1 if c in idx else c for c in st.board]
    st.deck = tuple(c for c in st.deck[st.deck_pos :] if c not in idx)
    st.deck_pos = 0
    st.hands[seat] = tuple(idx)


def lay(st: GameState, city: str, card: str | None) -> None:
    """Put ``card`` face up at ``city`` (None clears it), taking it from the pile if there."""
    c = CITY_INDEX[city]
    if card is None:
        st.board[c] = -1
        return
    i = CARD_INDEX[card]
    st.deck = tuple(x for x in st.deck[st.deck_pos :] if x != i)
    st.deck_pos = 0
    st.board = [-1 if x == i else x for x in st.board]
    st.board[c] = i


def turn(card: str, build: list[str], relocate: tuple[str, str] | None = None, take: str | None = None) -> dict:
    """A turn map in record form."""
    return {
        "card": card,
        "build": build,
        "relocate": None if relocate is None else {"city": relocate[0], "from": relocate[1]},
        "take": take,
    }


def fill_board(st: GameState) -> None:
    """Lay a card from the pile at every city in play that has none."""
    for c in st.cities:
        if st.board[c] < 0:
            st.board[c] = st.deck[st.deck_pos]
            st.deck_pos += 1


def random_position(seed: int, n: int, depth: int) -> tuple[GameState, random.Random] | None:
    """The state after ``depth`` random turns of a seeded game, or None if it ended sooner."""
    from patrician_qt.engine import apply, random_turn

    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(n)], rng)
    for _ in range(depth):
        if st.over:
            return None
        st, _ = apply(st, random_turn(st, rng))
    return None if st.over else (st, rng)
