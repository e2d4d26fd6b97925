"""Rebuilding a state from what one seat sees (R26, R26a), for the UI's turn builder and for bots.

A view does not hold other hands or the draw pile; callers that need them (a bot's
determinisation) pass guesses in, everyone else gets empty hands and an empty pile,
which is all the turn builder needs: its options only depend on the seat to move.

At a rulebook table (R26) a view shows only the top card of another player's stack, but
every card was seen as it was played (R8), so the public history (`played` events) gives
the rest; whatever a history misses (a peer that joined late) is counted, and a bot guesses
it. Won tiles need no history: a scored city's towers never change again (R12, R13), so who
won which tile follows from the board (R20–R22).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cards import CARD_INDEX, CITIES, CITY_INDEX, cards_in_play, cities_in_play, floors_per_player
from .scoring import taller_plot, tower_majority
from .state import N_CITIES, OPEN, GameState
from .wire_types import Event, PlayerView, View


def stack_size(player: PlayerView) -> int:
    """How many cards a player's stack holds: ``stack_size`` where the view shows part of it, else all of it."""
    size = player.get("stack_size")
    return len(player["stack"]) if size is None else size


def tiles_won(player: PlayerView) -> int:
    """How many fame tiles a player has won: ``tiles_won`` where their values are hidden (R26), else all listed."""
    won = player.get("tiles_won")
    return len(player["tiles"]) if won is None else won


def known_stacks(view: View, history: Iterable[Event] = ()) -> list[list[str]]:
    """Per seat, the stack cards this seat knows, bottom first: the view's, plus what ``history`` saw played.

    A list shorter than the stack's size means the rest is unknown (the history misses turns);
    the known cards are then the most recently played ones, the top card last.
    """
    players = view["players"]
    shown = [list(p["stack"]) for p in players]
    if all(stack_size(p) <= len(cards) for p, cards in zip(players, shown, strict=True)):
        return shown  # every stack shown whole (an open table, R26a, or the end): no history needed
    elsewhere = set(view["hand"])
    elsewhere.update(c["card"] for c in view["cities"].values() if c["card"] is not None)
    for cards in shown:
        elsewhere.update(cards)
    played: list[list[str]] = [[] for _ in players]
    for ev in history:
        match ev:  # by pattern: a history may come from a host, so a malformed event is passed over
            case {"e": "played", "seat": int(seat), "card": str(card)} if 0 <= seat < len(players):
                played[seat].append(card)
    out = []
    for seat, p in enumerate(players):
        cards = shown[seat]
        missing = stack_size(p) - len(cards)
        if missing > 0:
            below: list[str] = []
            for card in reversed(played[seat]):  # newest first: the cards just under the top
                if len(below) == missing:
                    break
                if card in CARD_INDEX and card not in elsewhere and card not in below:
                    below.append(card)
            elsewhere.update(below)
            cards = below[::-1] + cards
        out.append(cards)
    return out


def unseen_cards(
    view: View, history: Iterable[Event] = (), stacks: Sequence[Sequence[str]] | None = None
) -> list[str]:
    """Cards in play this seat has not seen where they are: other hands, the draw pile, and at a rulebook
    table the stack cards that neither the view nor ``history`` shows (``stacks``: known_stacks' answer, if known)."""
    seen = set(view["hand"])
    for cards in known_stacks(view, history) if stacks is None else stacks:
        seen.update(cards)
    for c in view["cities"].values():
        if c["card"] is not None:
            seen.add(c["card"])
    return [c for c in cards_in_play(len(view["players"])) if c not in seen]


def _awards(towers: list[tuple[int, ...]], scored: list[bool]) -> list[Any]:
    """Who won each scored city's tiles, from its towers, as ``score_city`` decided it (R20–R22)."""
    awards: list[Any] = [None] * N_CITIES
    for c in range(N_CITIES):
        if scored[c]:
            ta, tb = towers[2 * c], towers[2 * c + 1]
            high, low = CITIES[c].tiles
            if taller_plot(len(ta), len(tb)) == 0:
                awards[c] = ((tower_majority(ta), high), (tower_majority(tb), low))
            else:
                awards[c] = ((tower_majority(tb), high), (tower_majority(ta), low))
    return awards


def state_from_view(
    view: View,
    hands: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
    stacks: Mapping[int, Sequence[str]] | None = None,
) -> GameState:
    """A GameState matching ``view``; other hands, the pile and hidden stacks come from ``hands``/``deck``/``stacks``.

    Without ``stacks`` a stack holds what the view shows of it (at a rulebook table another
    player's top card only); the turn number counts every card played all the same.
    """
    players = view["players"]
    n = len(players)
    towers: list[tuple[int, ...]] = [()] * (2 * N_CITIES)
    built = [0] * N_CITIES
    scored = [False] * N_CITIES
    board = [-1] * N_CITIES
    for name, city in view["cities"].items():
        c = CITY_INDEX[name]
        towers[2 * c] = tuple(city["towers"][0])
        towers[2 * c + 1] = tuple(city["towers"][1])
        built[c] = len(towers[2 * c]) + len(towers[2 * c + 1])
        scored[c] = bool(city["scored"])
        board[c] = -1 if city["card"] is None else CARD_INDEX[city["card"]]
    awards = _awards(towers, scored)
    won: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for c in range(N_CITIES):
        if awards[c] is not None:
            for seat, value in awards[c]:
                if 0 <= seat < n:
                    won[seat].append((c, value))
    tiles = [tuple(w) for w in won]
    own = view.get("seat")
    hand_lists: list[tuple[int, ...]] = []
    for seat in range(n):
        if seat == own:
            hand_lists.append(tuple(CARD_INDEX[c] for c in view["hand"]))
        elif hands is not None and seat in hands:
            hand_lists.append(tuple(CARD_INDEX[c] for c in hands[seat]))
        else:
            hand_lists.append(())
    stack_lists = [
        tuple(CARD_INDEX[c] for c in (stacks[seat] if stacks is not None and seat in stacks else p["stack"]))
        for seat, p in enumerate(players)
    ]
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
        stacks=stack_lists,
        supply=[p["supply"] for p in players],
        tiles=tiles,
        to_move=-1 if to_move is None else to_move,
        over=bool(view["over"]),
        turn_number=sum(stack_size(p) for p in players),
        start_supply=floors_per_player(n),
        visibility=view.get("visibility", OPEN),
    )
