"""Setting up a game (R3–R7), from a seeded random source or from a record's deal."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .cards import (
    CARD_BY_ID,
    CARD_INDEX,
    CARDS,
    CITY_INDEX,
    CITY_NAMES,
    N_HAND,
    cards_in_play,
    check_players,
    cities_in_play,
    default_colors,
    floors_per_player,
)
from .errors import RecordError
from .state import N_CITIES, RULEBOOK, GameState, check_visibility
from .wire_types import DealMap


def shuffle(items: list[int], rng: random.Random) -> None:
    """Shuffle in place exactly as ``random.shuffle`` of CPython 3.11 does, only faster.

    Why our own: dealing is a tenth of a random playout's cost, and this inlines
    ``_randbelow`` (same Fisher–Yates, same ``getrandbits`` calls, so every seeded deal
    stays as it was). It also keeps seeded deals fixed should a later Python change
    ``random.shuffle``; only ``getrandbits`` is relied on.
    """
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def seat_order(names: Sequence[str], rng: random.Random) -> list[str]:
    """Choose the starting player at random and rotate them into seat 0 (R7)."""
    start = rng.randrange(len(names))
    return list(names[start:]) + list(names[:start])


def _check_names(players: Sequence[str], colors: Sequence[str] | None) -> tuple[str, ...]:
    check_players(len(players))
    if colors is None:
        return default_colors(len(players))
    if len(colors) != len(players) or len(set(colors)) != len(colors):
        raise ValueError("each player needs a colour of their own (R3)")
    return tuple(colors)


def _state(
    players: Sequence[str],
    colors: tuple[str, ...],
    hands: list[tuple[int, ...]],
    board: dict[int, int],
    deck: tuple[int, ...],
    visibility: str,
) -> GameState:
    n = len(players)
    board_list = [-1] * N_CITIES
    for city, card in board.items():
        board_list[city] = card
    supply = floors_per_player(n)
    return GameState(
        players=tuple(players),
        colors=colors,
        cities=tuple(CITY_INDEX[c] for c in cities_in_play(n)),
        towers=[()] * (2 * N_CITIES),
        built=[0] * N_CITIES,
        scored=[False] * N_CITIES,
        awards=[None] * N_CITIES,
        board=board_list,
        deck=deck,
        deck_pos=0,
        hands=hands,
        stacks=[()] * n,
        supply=[supply] * n,
        tiles=[()] * n,
        to_move=0,
        over=False,
        turn_number=0,
        start_supply=supply,
        visibility=visibility,
    )


@cache
def _deck_parts(n_players: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Starting cards, other cards and cities in play, as indices (R4, R5)."""
    ids = cards_in_play(n_players)
    return (
        tuple(CARD_INDEX[i] for i in ids if CARD_BY_ID[i].star),
        tuple(CARD_INDEX[i] for i in ids if not CARD_BY_ID[i].star),
        tuple(CITY_INDEX[c] for c in cities_in_play(n_players)),
    )


def new_game(
    players: Sequence[str], rng: random.Random, colors: Sequence[str] | None = None, visibility: str = RULEBOOK
) -> GameState:
    """Deal a new game (R4–R6) at a rulebook or open table (R26, R26a); seat 0 moves first (R7)."""
    visibility = check_visibility(visibility)
    cols = _check_names(players, colors)
    n = len(players)
    star_cards, plain_cards, cities = _deck_parts(n)
    stars = list(star_cards)
    shuffle(stars, rng)
    hands = [tuple(stars[k * N_HAND : (k + 1) * N_HAND]) for k in range(n)]
    pile = stars[n * N_HAND :] + list(plain_cards)
    shuffle(pile, rng)
    board = {c: pile[k] for k, c in enumerate(cities)}
    return _state(players, cols, hands, board, tuple(pile[len(cities) :]), visibility)


def deal_of(state: GameState) -> DealMap:
    """The record's ``deal`` map of a game that has not started yet."""
    if state.turn_number:
        raise ValueError("deal_of needs the state before the first turn")
    return {
        "hands": [[CARDS[c].id for c in h] for h in state.hands],
        "board": {CITY_NAMES[c]: CARDS[state.board[c]].id for c in state.cities},
        "deck": [CARDS[c].id for c in state.deck[state.deck_pos :]],
    }


def from_deal(
    players: Sequence[str],
    deal: Mapping[str, Any],
    colors: Sequence[str] | None = None,
    visibility: str = RULEBOOK,
) -> GameState:
    """Set up from an explicit deal, checking it is one R4–R6 allow (RecordError if not)."""
    try:
        visibility = check_visibility(visibility)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise RecordError("'players' must be a list of names")
    n = len(players)
    if not 2 <= n <= 5:
        raise RecordError(f"a game has 2 to 5 players, this record has {n} (R3)")
    cols = _check_names(players, colors)
    if not isinstance(deal, Mapping):
        raise RecordError("'deal' must be a map with 'hands', 'board' and 'deck'")
    hands_raw, board_raw, deck_raw = deal.get("hands"), deal.get("board"), deal.get("deck")
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise RecordError(f"deal: 'hands' must list one hand per player ({n})")
    if not isinstance(board_raw, dict) or not isinstance(deck_raw, list):
        raise RecordError("deal: 'board' must be a map and 'deck' a list")
    in_play = set(cards_in_play(n))
    seen: set[str] = set()

    def card(cid: Any, where: str) -> int:
        if not isinstance(cid, str) or cid not in CARD_BY_ID:
            raise RecordError(f"deal: {where} holds {cid!r}, which is not a card id")
        if cid not in in_play:
            raise RecordError(f"deal: {where} holds {cid}, which is not in play with {n} players (R4)")
        if cid in seen:
            raise RecordError(f"deal: {cid} is dealt twice")
        seen.add(cid)
        return CARD_INDEX[cid]

    hands: list[tuple[int, ...]] = []
    for seat, hand in enumerate(hands_raw):
        if not isinstance(hand, list) or len(hand) != N_HAND:
            raise RecordError(f"deal: the hand of seat {seat} must hold {N_HAND} cards (R5)")
        ids = tuple(card(c, f"the hand of seat {seat}") for c in hand)
        for c in ids:
            if not CARDS[c].star:
                raise RecordError(f"deal: the hand of seat {seat} holds {CARDS[c].id}, not a starting card (R5)")
        hands.append(ids)
    cities = cities_in_play(n)
    if set(board_raw) != set(cities):
        raise RecordError(f"deal: 'board' must have one card for each city in play: {', '.join(cities)} (R6)")
    board = {CITY_INDEX[city]: card(board_raw[city], f"the board at {city}") for city in cities}
    deck = tuple(card(c, "the deck") for c in deck_raw)
    missing = in_play - seen
    if missing:
        raise RecordError(f"deal: cards missing from the deal: {', '.join(sorted(missing))}")
    return _state(players, cols, hands, board, deck, visibility)
