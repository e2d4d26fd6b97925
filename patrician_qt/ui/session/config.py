"""What a new local game is made of: seats (human or bot, name, R3 colour), the table option and a seed.

Why a module of its own: the New game dialog, the tutorial and the app's flow build these without
starting a table; ``LocalSession`` turns them into one.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from patrician_qt.bots.names import PLAYER_LEVELS
from patrician_qt.engine import RULEBOOK, VISIBILITIES, default_colors
from patrician_qt.net.hosted import BOT, HUMAN
from patrician_qt.ui.text.plural import counted

#: the levels a person may choose for a bot seat
BOT_LEVELS = PLAYER_LEVELS
#: the seats' names until a player types their own (the New game dialog, the tutorial's seat)
DEFAULT_NAMES = ("Anna", "Ben", "Cleo", "Dario", "Emma")


def _t(text: str) -> str:
    return QCoreApplication.translate("Session", text)


def _color(color: str) -> str:
    """An R3 colour's name in the app's language (the engine's names are English data)."""
    words = {
        "black": lambda: _t("black"),
        "white": lambda: _t("white"),
        "red": lambda: _t("red"),
        "yellow": lambda: _t("yellow"),
        "blue": lambda: _t("blue"),
    }
    return words[color]() if color in words else color


@dataclass(slots=True)
class SeatConfig:
    """Who sits in a seat: a human or a bot of a level, with a name and an R3 colour."""

    name: str
    color: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether the seat is played by the computer."""
        return self.kind == "bot"


@dataclass(slots=True)
class GameConfig:
    """Everything a new game needs; checked by ``validate`` before a game starts."""

    seats: list[SeatConfig]
    seed: int | None = None
    visibility: str = RULEBOOK  # the rulebook table (R26) or the open table (R26a)

    def validate(self) -> str | None:
        """A message saying what is wrong, or None when the game can start (R3)."""
        n = len(self.seats)
        if not 2 <= n <= 5:
            return _t("Patrician is played by 2 to 5 players, not {n} (R3)").format(n=n)
        names = [s.name.strip() for s in self.seats]
        if any(not name for name in names):
            return _t("every seat needs a name")
        if any(len(name) > 24 for name in names):
            return _t("names are at most 24 characters")
        if len({name.casefold() for name in names}) != n:
            return _t("two seats have the same name")
        colors = [s.color for s in self.seats]
        if len(set(colors)) != n:
            return _t("two seats have the same colour (R3)")
        allowed = set(default_colors(n)) if n <= 3 else set(default_colors(5))
        if not set(colors) <= allowed:
            return counted("Session", "with %n player(s) the colours are {colors} (R3)", n).format(
                colors=", ".join(_color(c) for c in default_colors(5) if c in allowed))
        for s in self.seats:
            if s.kind not in (HUMAN, BOT):
                return _t("seat kind {kind} is neither human nor bot").format(kind=repr(s.kind))
            if s.is_bot and s.level not in BOT_LEVELS:
                return _t("unknown bot level {level}").format(level=repr(s.level))
        if self.visibility not in VISIBILITIES:
            return _t("the table is rulebook or open (R26a), not {table}").format(table=repr(self.visibility))
        if self.seed is not None and not 0 <= self.seed < 2**62:
            return _t("the seed must be a whole number from 0 to 2^62")
        return None
