"""The table: seats, the true game state, bots, per-seat views and autosave (no Qt).

Why: one authority per game (DESIGN.md); `Table` implements
`net.hosted.HostedTable`, so the same object serves the local UI and LAN peers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .saves import SaveError, default_data_dir, discard_save, find_autosaves, read_save
from .seats import BOT_LEVELS, Seat, SeatSpec, parse_seats
from .tokens import hash_token, new_token

if TYPE_CHECKING:
    from .table import BotRunnerLike, Table, TableOptions

_FROM_TABLE = {"BotRunnerLike", "Table", "TableOptions"}


def __getattr__(name: str) -> Any:
    """``Table`` and its options on first use: ``table.py`` imports asyncio, which reading a save
    (the start screen's Continue) does not need."""
    if name in _FROM_TABLE:
        from . import table

        value = globals()[name] = getattr(table, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BOT_LEVELS",
    "BotRunnerLike",
    "SaveError",
    "Seat",
    "SeatSpec",
    "Table",
    "TableOptions",
    "default_data_dir",
    "discard_save",
    "find_autosaves",
    "hash_token",
    "new_token",
    "parse_seats",
    "read_save",
]
