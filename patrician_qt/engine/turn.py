"""A turn as one value (R8–R18): the card, the plots built, an optional relocation, the take.

Its map form is exactly the turn of a game record (records/README.md) without ``seat``,
which is also what PROTOCOL.md sends over the network.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import PLOTS
from .errors import IllegalTurn
from .wire_types import TurnMap


@dataclass(frozen=True, slots=True)
class Turn:
    """One whole turn; ``relocate`` is (city, plot the top floor leaves) or None."""

    card: str
    build: tuple[str, ...]
    relocate: tuple[str, str] | None
    take: str | None

    def to_map(self) -> TurnMap:
        """The record / protocol form."""
        return {
            "card": self.card,
            "build": list(self.build),
            "relocate": None if self.relocate is None else {"city": self.relocate[0], "from": self.relocate[1]},
            "take": self.take,
        }

    @classmethod
    def from_map(cls, m: Any) -> Turn:
        """Read a turn map, raising IllegalTurn (rule None) when it is malformed."""
        if not isinstance(m, dict):
            raise IllegalTurn(None, "a turn must be a map")
        card = m.get("card")
        if not isinstance(card, str):
            raise IllegalTurn(None, "a turn needs 'card', a card id")
        build = m.get("build", [])
        if not isinstance(build, list | tuple) or any(p not in PLOTS for p in build):
            raise IllegalTurn(None, "'build' must be a list of plots 'A' or 'B'")
        if len(build) > 2:
            raise IllegalTurn("R9", "a card builds at most 2 floors")
        reloc = m.get("relocate")
        relocate: tuple[str, str] | None = None
        if reloc is not None:
            if not isinstance(reloc, dict) or not isinstance(reloc.get("city"), str) or reloc.get("from") not in PLOTS:
                raise IllegalTurn(None, "'relocate' must be null or {'city': name, 'from': 'A'|'B'}")
            relocate = (reloc["city"], reloc["from"])
        take = m.get("take")
        if take is not None and not isinstance(take, str):
            raise IllegalTurn(None, "'take' must be a city name or null")
        return cls(card, tuple(build), relocate, take)
