"""Seats of a table: who sits where, human or bot, and how a seat list is written.

Why: the seat list is shared by the lobby, the transport (`lobby` messages),
autosaves and the `--seats` option, so its shapes live in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from patrician_qt.bots.names import LEVELS
from patrician_qt.net.hosted import BOT, HUMAN, SeatEntry, clean_name

__all__ = ["BOT_LEVELS", "Seat", "SeatSpec", "parse_seats"]

#: Levels the bots runner understands (named by the bots, in one place).
BOT_LEVELS = LEVELS


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """How a seat is set up: for a human to take, or a bot of a level."""

    kind: str  # "human" or "bot"
    level: str | None = None
    name: str | None = None


def parse_seats(text: str) -> list[SeatSpec]:
    """Read `human,human,bot:hard,...` (`bot` alone is a medium bot); ValueError says what is wrong."""
    specs: list[SeatSpec] = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        if part == "human":
            specs.append(SeatSpec("human"))
        elif part == "bot" or part.startswith("bot:"):
            level = part[4:] if part.startswith("bot:") else "medium"
            if level not in BOT_LEVELS:
                raise ValueError(f"seat {i + 1}: unknown bot level {level!r} "
                                 f"(one of {', '.join(BOT_LEVELS)})")
            specs.append(SeatSpec("bot", level))
        else:
            raise ValueError(f"seat {i + 1}: {part!r} is neither 'human' nor 'bot[:LEVEL]'")
    if not 2 <= len(specs) <= 5:
        raise ValueError(f"a game has 2 to 5 seats, not {len(specs)} (docs/rules.md R3)")
    return specs


@dataclass(slots=True)
class Seat:
    """One seat as the table keeps it.

    kind: "open" (waiting for a human), "human" or "bot". A human seat whose
    player is gone may be played by a bot (`away` set, `level` the stand-in's
    level) until the token's holder comes back. `host` marks the seat of the
    player who hosts the table (in the app); a headless host has none.
    """

    kind: str
    name: str = ""
    level: str | None = None
    token_hash: str | None = None
    connected: bool = False
    away: bool = False
    host: bool = False

    @property
    def bot_plays(self) -> bool:
        """True when a bot chooses this seat's turns."""
        return self.kind == "bot" or self.away

    def public(self) -> SeatEntry:
        """The PROTOCOL.md `lobby.seats` entry (never the token)."""
        entry: SeatEntry = {
            "name": self.name,
            "kind": "bot" if self.bot_plays else self.kind,
            "connected": self.connected if self.kind == "human" else self.kind == "bot",
        }
        if self.bot_plays:
            entry["level"] = self.level
        if self.away:
            entry["away"] = True
        if self.host:
            entry["host"] = True
        return entry

    def to_meta(self) -> dict[str, Any]:
        """What an autosave keeps of the seat (the token only as its hash)."""
        return {"kind": self.kind, "name": self.name, "level": self.level,
                "token_hash": self.token_hash, "away": self.away, "host": self.host}

    @classmethod
    def from_meta(cls, raw: Any) -> Seat:
        """Read a seat back from an autosave; ValueError when it is not one."""
        if not isinstance(raw, dict):
            raise ValueError("a seat must be a map")
        kind, name, level = raw.get("kind"), raw.get("name"), raw.get("level")
        token_hash, away = raw.get("token_hash"), raw.get("away", False)
        if kind not in (HUMAN, BOT) or not isinstance(name, str) or not clean_name(name):
            raise ValueError("a saved seat needs kind 'human' or 'bot' and a name")
        if level is not None and level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        if kind == "bot" and level is None:
            raise ValueError("a bot seat needs a level")
        if token_hash is not None and not isinstance(token_hash, str):
            raise ValueError("'token_hash' must be a string")
        return cls(kind, clean_name(name)[:64], level, token_hash, False, away is True,
                   raw.get("host") is True and kind == "human")
