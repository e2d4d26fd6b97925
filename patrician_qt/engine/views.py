"""What one seat may see (R26, R26a), as the plain map of docs/protocol.md "The view".

A rulebook table (R26) shows others only the top card and the size of a player's stack and how
many fame tiles they won; a player's whole stack, tile values and score only to that player.
An open table (R26a) and any finished game show everything to everyone. Hands and the draw
pile are never shown.
"""

from __future__ import annotations

from .cards import CARD_IDS, CITIES, CITY_NAMES
from .scoring import result_of, score
from .state import OPEN, GameState
from .wire_types import CityView, PlayerView, View


def shows_all(st: GameState) -> bool:
    """Whether every stack, tile and score is open to everyone now (R26a; R26 "at the end")."""
    return st.over or st.visibility == OPEN


def player_view(st: GameState, s: int, full: bool) -> PlayerView:
    """Seat ``s`` whole (to its owner, at an open table, at the end) or as others see it at a rulebook table.

    A whole entry has ``score`` and lists every card and tile; a partial one has no ``score``,
    only the top card in ``stack`` and no tile in ``tiles``, and says how many there are in
    ``stack_size`` and ``tiles_won`` (so an open table's views are no bigger than before R26a).
    """
    stack = st.stacks[s]
    if full:
        return {
            "name": st.players[s],
            "color": st.colors[s],
            "supply": st.supply[s],
            "hand_size": len(st.hands[s]),
            "stack": [CARD_IDS[c] for c in stack],
            "tiles": [[CITY_NAMES[c], v] for c, v in st.tiles[s]],
            "score": score(st, s),
        }
    return {
        "name": st.players[s],
        "color": st.colors[s],
        "supply": st.supply[s],
        "hand_size": len(st.hands[s]),
        "stack": [CARD_IDS[c] for c in stack[-1:]],  # others see the top card (R8)
        "stack_size": len(stack),
        "tiles": [],  # won tiles lie face down: others see how many (R26)
        "tiles_won": len(st.tiles[s]),
    }


def public_view(st: GameState) -> View:
    """A spectator's view: what a player sees, without any hand or own stack (R26)."""
    full = shows_all(st)
    cities: dict[str, CityView] = {}
    for c in st.cities:
        awards = st.awards[c]
        if awards is None:
            left = list(CITIES[c].tiles)
        else:
            left = [value for winner, value in awards if winner < 0]
        card = st.board[c]
        cities[CITY_NAMES[c]] = {
            "towers": [list(st.towers[2 * c]), list(st.towers[2 * c + 1])],
            "card": None if card < 0 else CARD_IDS[card],
            "tiles": left,
            "scored": st.scored[c],
        }
    return {
        "seat": None,
        "visibility": st.visibility,
        "hand": [],
        "to_move": None if st.over else st.to_move,
        "over": st.over,
        "deck_size": st.deck_size,
        "players": [player_view(st, s, full) for s in range(st.n_players)],
        "cities": cities,
        "result": result_of(st),
    }


def seat_view(st: GameState, seat: int | None, public: View) -> View:
    """The view of ``seat`` from ``public_view(st)`` (shared, not changed): its hand and its own player entry."""
    if seat is None:
        return public
    players = public["players"]
    if not shows_all(st):
        players = list(players)
        players[seat] = player_view(st, seat, True)
    return {**public, "seat": seat, "hand": [CARD_IDS[c] for c in st.hands[seat]], "players": players}


def view_for(st: GameState, seat: int | None) -> View:
    """The view of ``seat`` (None: a spectator); never another hand or the draw pile's cards."""
    if seat is not None and not 0 <= seat < st.n_players:
        raise ValueError(f"no seat {seat} in a {st.n_players}-player game")
    return seat_view(st, seat, public_view(st))
