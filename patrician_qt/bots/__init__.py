"""Computer opponents: they choose a turn from a seat's view, never the true state.

``choose_turn`` (synchronous), ``patrician_qt.bots.hint.hint`` ("what would Hard play here?") and,
for the table, ``patrician_qt.bots.runner.BotRunner`` (search in a worker process). The level names
are in ``patrician_qt.bots.names``.
"""

from __future__ import annotations

from typing import Any

from .names import LEVELS, PLAYER_LEVELS

__all__ = ["LEVELS", "PLAYER_LEVELS", "choose_turn"]


def __getattr__(name: str) -> Any:
    """Load the search code on first use, so that naming a level costs no import of it."""
    if name == "choose_turn":
        from .levels import choose_turn

        return choose_turn
    raise AttributeError(name)
