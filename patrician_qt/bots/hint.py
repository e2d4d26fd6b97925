"""A hint for a human seat: "what would Hard play here?", from that seat's view and the history only."""

from __future__ import annotations

from patrician_qt.engine import TurnMap, View

from .base import History, check_inputs, own_seat
from .begun import Begun
from .levels import choose_turn

HINT_LEVEL = "hard"


def hint(view: View, history: History, seed: int, begun: Begun | None = None) -> TurnMap:
    """The turn map Hard would play for the view's seat (same seed, same answer), completing ``begun``."""
    check_inputs(view, history)
    return choose_turn(HINT_LEVEL, own_seat(view), view, history, seed, begun=begun)
