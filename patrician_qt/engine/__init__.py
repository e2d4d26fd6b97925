"""The rules engine of Patrician (RULES.md): pure Python, no Qt, no I/O, no clock.

Randomness only comes from a ``random.Random`` passed in. ``docs/engine-api.md``
lists this public API.
"""

from .builder import TurnBuilder, total_floors
from .cards import (
    CARD_BY_ID,
    CARDS,
    CITIES,
    CITY_BY_NAME,
    HEAD_KINDS,
    PLAYER_COLORS,
    PLOTS,
    Card,
    City,
    cards_in_play,
    cities_in_play,
    default_colors,
    floors_per_player,
)
from .errors import IllegalTurn, RecordError
from .knowledge import known_stacks, stack_size, state_from_view, tiles_won, unseen_cards
from .records import (
    Record,
    new_record,
    read_record,
    replay,
    replay_result,
    replay_turn,
    saved_mid_game,
    start_state,
    write_record,
)
from .rules import apply, legal_turns, playout, random_turn
from .scoring import head_counts, head_points, result_of, score, tower_majority, winners
from .setup import deal_of, from_deal, new_game, seat_order
from .standing import BuildPreview, TowerStanding, city_standing, preview_build, tower_standing
from .state import OPEN, RULEBOOK, VISIBILITIES, GameState, check_visibility
from .turn import Turn
from .views import public_view, seat_view, shows_all, view_for

__all__ = [
    "CARDS",
    "CARD_BY_ID",
    "CITIES",
    "CITY_BY_NAME",
    "HEAD_KINDS",
    "OPEN",
    "PLAYER_COLORS",
    "PLOTS",
    "RULEBOOK",
    "VISIBILITIES",
    "BuildPreview",
    "Card",
    "City",
    "GameState",
    "IllegalTurn",
    "Record",
    "RecordError",
    "TowerStanding",
    "Turn",
    "TurnBuilder",
    "apply",
    "cards_in_play",
    "check_visibility",
    "cities_in_play",
    "city_standing",
    "deal_of",
    "default_colors",
    "floors_per_player",
    "from_deal",
    "head_counts",
    "head_points",
    "known_stacks",
    "legal_turns",
    "new_game",
    "new_record",
    "playout",
    "preview_build",
    "public_view",
    "random_turn",
    "read_record",
    "replay",
    "replay_result",
    "replay_turn",
    "result_of",
    "saved_mid_game",
    "score",
    "seat_order",
    "seat_view",
    "shows_all",
    "stack_size",
    "start_state",
    "state_from_view",
    "tiles_won",
    "total_floors",
    "tower_majority",
    "tower_standing",
    "unseen_cards",
    "view_for",
    "winners",
    "write_record",
]
