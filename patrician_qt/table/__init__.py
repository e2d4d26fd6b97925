"""The table: seats, the true game state, bots, per-seat views and autosave (no Qt).

Why: one authority per game (DESIGN.md); `Table` implements
`net.hosted.HostedTable`, so the same object serves the local UI and LAN peers.
"""

from .saves import SaveError, default_data_dir, find_autosaves, read_save
from .seats import BOT_LEVELS, Seat, SeatSpec, parse_seats
from .table import BotRunnerLike, Table, TableOptions
from .tokens import hash_token, new_token

__all__ = [
    "BOT_LEVELS",
    "BotRunnerLike",
    "SaveError",
    "Seat",
    "SeatSpec",
    "Table",
    "TableOptions",
    "default_data_dir",
    "find_autosaves",
    "hash_token",
    "new_token",
    "parse_seats",
    "read_save",
]
