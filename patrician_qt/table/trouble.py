"""When the table's background work fails: what failed, told to whoever listens.

Why: a bot that could not start, a lost bot worker that cannot be restarted, or an autosave
that could not be written must never be silent: the game would hang on "Anna is thinking…"
or lose turns on the next crash without anyone knowing. The table keeps the game state as
it is, keeps one ``Trouble`` until it is retried, and tells listeners that have a
``table_trouble(trouble)`` method; the app words it and offers what the player can do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TroubleKind = Literal["bot", "autosave"]

__all__ = ["Trouble", "TroubleKind", "describe_cause"]


@dataclass(frozen=True, slots=True)
class Trouble:
    """Background work of the table that failed; the game state is unchanged by it.

    ``kind`` "bot": the bot playing ``seat`` could not think (its worker could not start or be
    restarted); the game waits until ``Table.retry`` or ``Table.use_simple_bots``.
    ``kind`` "autosave": the autosave could not be written; the game goes on, and
    ``Table.retry`` writes the whole autosave again.
    """

    kind: TroubleKind
    cause: str  # what the system said, e.g. "Too many open files"
    seat: int | None = None
    errno: int | None = None

    def __str__(self) -> str:
        """One line for logs (the app words it for players, see ui/game/trouble.py)."""
        who = f" (seat {self.seat})" if self.seat is not None else ""
        what = "the bot could not play" if self.kind == "bot" else "the autosave could not be written"
        return f"{what}{who}: {self.cause}"


def describe_cause(exc: BaseException) -> str:
    """The cause of a failure in a few words, without a traceback."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror} ({exc.filename})" if exc.filename else exc.strerror
    return str(exc) or exc.__class__.__name__
