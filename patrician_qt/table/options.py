"""A table's timings and the contract of the bots runner it asks for turns.

Why a module: the table (table.py) and its bot scheduling and take-over timers (scheduling.py)
both read them; here neither imports the other for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from patrician_qt.engine import Event, TurnMap, View


class BotRunnerLike(Protocol):
    """The bots runner contract (`patrician_qt.bots.runner.BotRunner`)."""

    async def choose(self, level: str, seat: int, view: View,
                     history: Sequence[Event], seed: int,
                     deadline_s: float) -> TurnMap:
        """A turn map for the seat to move, from its view only."""

    async def close(self) -> None:
        """Stop the worker processes."""


@dataclass(slots=True)
class TableOptions:
    """Timings of a table; tests shrink them."""

    #: a human seat whose player is gone this long is handed to a bot
    takeover_after_s: float = 60.0
    #: the level of the bot that stands in for a gone player
    takeover_level: str = "medium"
    #: how long a bot may think per turn (Expert: times its factor in ``bots/names.py:SLOW_LEVELS``)
    bot_deadline_s: float = 2.0
    #: a bot's turn is never applied sooner than this after the previous change
    bot_min_delay_s: float = 0.0
    #: past its deadline plus this, a bot's answer is given up for a random legal turn
    bot_grace_s: float = 5.0
    #: start the game by itself once no seat is open (the headless host); False: only `start_now`
    #: starts it (the app's host presses Start, so the players meet in the lobby first)
    auto_start: bool = True
