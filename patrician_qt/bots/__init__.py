"""Computer opponents: they choose a turn from a seat's view, never the true state.

``choose_turn`` (synchronous), ``hint`` ("what would Hard play here?") and, for the
table, ``patrician_qt.bots.runner.BotRunner`` (search in a worker process).
"""

from .hint import hint
from .levels import LEVELS, choose_turn

__all__ = ["LEVELS", "choose_turn", "hint"]
