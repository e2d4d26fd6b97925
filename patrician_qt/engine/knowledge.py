"""Rebuilding a state from what one seat sees (R26), for the UI's turn builder and for bots.

A view does not hold other hands or the draw pile; callers that need them (a bot's
determinisation) pass guesses in, everyone else gets empty hands and an empty pile,
which is all the turn builder needs: its options only depend on the seat to move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARD_INDEX, CITIES, CITY_INDEX, cards_in_play, cities_in_play, floors_per_player
from .state import N_CITIES, GameState
from .wire_types import View


def unseen_cards(view: View) -> list[str]:
    """Cards in play that this view does not show: other hands plus the draw pile."""
    seen = set(view["hand"])
    for p in view["players"]:
        seen.update(p["stack"])
    for c in view["cities"].values():
        if c["card"] is not None:
            seen.add(c["card"])
    return [c for c in cards_in_play(len(view["players"])) if c not in seen]


def state_from_view(
    view: View,
    hands: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
) -> GameState:
    """A GameState matching ``view``; other seats' hands and the pile come from ``hands``/``deck``."""
    players = view["players"]
    n = len(players)
    towers: list[tuple[int, ...]] = [()] * (2 * N_CITIES)
    built = [0] * N_CITIES
    scored = [False] * N_CITIES
    board = [-1] * N_CITIES
    awards: list[Any] = [None] * N_CITIES
    for name, city in view["cities"].items():
        c = CITY_INDEX[name]
        towers[2 * c] = tuple(city["towers"][0])
        towers[2 * c + 1] = tuple(city["towers"][1])
        built[c] = len(towers[2 * c]) + len(towers[2 * c + 1])
        scored[c] = bool(city["scored"])
        board[c] = -1 if city["card"] is None else CARD_INDEX[city["card"]]
    tiles: list[tuple[tuple[int, int], ...]] = []
    won: dict[int, list[tuple[int, int]]] = {}
    for seat, p in enumerate(players):
        mine = tuple((CITY_INDEX[city], value) for city, value in p["tiles"])
        tiles.append(mine)
        for c, value in mine:
            won.setdefault(c, []).append((seat, value))
    for c in range(N_CITIES):
        if scored[c]:
            high, low = CITIES[c].tiles
            got = {value: seat for seat, value in won.get(c, [])}
            awards[c] = ((got.get(high, -1), high), (got.get(low, -1), low))
    own = view.get("seat")
    hand_lists: list[tuple[int, ...]] = []
    for seat in range(n):
        if seat == own:
            hand_lists.append(tuple(CARD_INDEX[c] for c in view["hand"]))
        elif hands is not None and seat in hands:
            hand_lists.append(tuple(CARD_INDEX[c] for c in hands[seat]))
        else:
            hand_lists.append(())
    stacks = [tuple(CARD_INDEX[c] for c in p["stack"]) for p in players]
    to_move = view["to_move"]
    return GameState(
        players=tuple(p["name"] for p in players),
        colors=tuple(p["color"] for p in players),
        cities=tuple(CITY_INDEX[c] for c in cities_in_play(n)),
        towers=towers,
        built=built,
        scored=scored,
        awards=awards,
        board=board,
        deck=tuple(CARD_INDEX[c] for c in deck),
        deck_pos=0,
        hands=hand_lists,
        stacks=stacks,
        supply=[p["supply"] for p in players],
        tiles=tiles,
        to_move=-1 if to_move is None else to_move,
        over=bool(view["over"]),
        turn_number=sum(len(s) for s in stacks),
        start_supply=floors_per_player(n),
    )
