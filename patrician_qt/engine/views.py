"""What one seat may see (R26), as the plain map of PROTOCOL.md "The view"."""

from __future__ import annotations

from .cards import CARD_IDS, CITIES, CITY_NAMES
from .scoring import result_of, score
from .state import GameState
from .wire_types import CityView, View


def view_for(st: GameState, seat: int | None) -> View:
    """The view of ``seat`` (None: a spectator); never another hand or the draw pile's cards."""
    if seat is not None and not 0 <= seat < st.n_players:
        raise ValueError(f"no seat {seat} in a {st.n_players}-player game")
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
        "seat": seat,
        "hand": [] if seat is None else [CARD_IDS[c] for c in st.hands[seat]],
        "to_move": None if st.over else st.to_move,
        "over": st.over,
        "deck_size": st.deck_size,
        "players": [
            {
                "name": st.players[s],
                "color": st.colors[s],
                "supply": st.supply[s],
                "hand_size": len(st.hands[s]),
                "stack": [CARD_IDS[c] for c in st.stacks[s]],
                "tiles": [[CITY_NAMES[c], v] for c, v in st.tiles[s]],
                "score": score(st, s),
            }
            for s in range(st.n_players)
        ],
        "cities": cities,
        "result": result_of(st),
    }
