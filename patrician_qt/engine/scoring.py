"""Scoring a city (R20–R22) and the end of the game (R23–R25)."""

from __future__ import annotations

from .cards import CARD_HEAD, CARD_HEADS, CITIES, CITY_NAMES, HEAD_KINDS
from .state import GameState
from .wire_types import GameEvent, ResultMap

HEAD_SET = 3  # heads of one kind that make a set (R24)
HEAD_SET_POINTS = 6


def tower_majority(tower: tuple[int, ...]) -> int:
    """The seat with most floors in a tower, ties to the highest floor among the tied (R20–R21); -1 if empty."""
    best, best_n = -1, 0
    for seat in reversed(tower):  # top down: among equal counts the first seen owns the higher floor
        n = tower.count(seat)
        if n > best_n:
            best, best_n = seat, n
    return best


def taller_plot(a_len: int, b_len: int) -> int:
    """Plot index of the taller tower; with equal towers plot A counts as taller (R22)."""
    return 0 if a_len >= b_len else 1


def score_city(st: GameState, city: int, events: list[GameEvent] | None) -> None:
    """Award the city's two fame tiles at once (R12, R20–R22)."""
    ta, tb = st.towers[2 * city], st.towers[2 * city + 1]
    tall = taller_plot(len(ta), len(tb))
    high, low = CITIES[city].tiles
    w_high = tower_majority(ta if tall == 0 else tb)
    w_low = tower_majority(tb if tall == 0 else ta)
    st.scored[city] = True
    st.awards[city] = ((w_high, high), (w_low, low))
    for seat, value in ((w_high, high), (w_low, low)):
        if seat >= 0:
            st.tiles[seat] = (*st.tiles[seat], (city, value))
    if events is not None:
        events.append(
            {
                "e": "scored",
                "city": CITY_NAMES[city],
                "awards": [[None if w_high < 0 else w_high, high], [None if w_low < 0 else w_low, low]],
            }
        )


def head_counts(stack: tuple[int, ...]) -> list[int]:
    """Heads of each kind (lady, cap, beard) on a played stack; a double head counts 2 (R24)."""
    counts = [0, 0, 0]
    for card in stack:
        kind = CARD_HEAD[card]
        if kind >= 0:
            counts[kind] += CARD_HEADS[card]
    return counts


def head_points(stack: tuple[int, ...]) -> int:
    """6 points for every complete set of 3 heads of one kind (R24)."""
    return sum(n // HEAD_SET * HEAD_SET_POINTS for n in head_counts(stack))


def fame(st: GameState, seat: int) -> int:
    """Fame tiles won so far (R25)."""
    return sum(v for _, v in st.tiles[seat])


def score(st: GameState, seat: int) -> int:
    """Fame plus head points: the score so far, and the final score once over (R25)."""
    return fame(st, seat) + head_points(st.stacks[seat])


def winners(st: GameState) -> list[int]:
    """Highest score wins; ties go to more floors left; still tied, all win (R25)."""
    keys = [(score(st, s), st.supply[s]) for s in range(st.n_players)]
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]


def finish(st: GameState, events: list[GameEvent] | None) -> None:
    """End the game (R23): score unfinished cities as they stand (R22), then report the result."""
    for city in st.cities:
        if not st.scored[city]:
            score_city(st, city, events)
    st.over = True
    st.to_move = -1
    if events is not None:
        result = result_of(st)
        assert result is not None  # the game is over
        events.append({"e": "ended", "result": result})


def result_of(st: GameState) -> ResultMap | None:
    """The record ``result`` map (records/README.md), or None while the game goes on."""
    if not st.over:
        return None
    n = st.n_players
    return {
        "scores": [score(st, s) for s in range(n)],
        "fame": [fame(st, s) for s in range(n)],
        "heads": [head_points(st.stacks[s]) for s in range(n)],
        "floors_left": list(st.supply),
        "winners": winners(st),
        "cities": {CITY_NAMES[c]: {"towers": [list(st.towers[2 * c]), list(st.towers[2 * c + 1])]} for c in st.cities},
    }


__all__ = [
    "HEAD_KINDS",
    "fame",
    "finish",
    "head_counts",
    "head_points",
    "result_of",
    "score",
    "score_city",
    "taller_plot",
    "tower_majority",
    "winners",
]
