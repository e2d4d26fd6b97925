"""The bots' level names, in one place for the bots, the table, the command line and the UI.

Why a module of its own: the app's start screen and the table's seat lists need the names
without importing the search code.
"""

from __future__ import annotations

#: Every level the bots runner understands, weakest first ("random" is for tests and the arena).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")

#: The levels a player picks for a computer opponent.
PLAYER_LEVELS: tuple[str, ...] = LEVELS[1:]

#: The levels that look one turn ahead (milliseconds a turn): they may think inside the app's process.
SIMPLE_LEVELS: tuple[str, ...] = LEVELS[:3]

#: How many times a table's usual thinking time the strongest level may take: Expert searches on every
#: core for about 1 s on a free machine and may need up to 6 s on a loaded one (the table's 2 s times 3).
SLOW_LEVELS: dict[str, float] = {"expert": 3.0}
