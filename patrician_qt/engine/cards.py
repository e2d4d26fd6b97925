"""The cards and cities of docs/rules.md R1–R2, loaded once from ``cards.json`` beside this file.

Keeping the deck in one data file means a corrected card list is a one-file change.
Besides the readable ``Card``/``City`` records, flat index tables (``CARD_CITY`` …)
are built once for the hot paths of the engine and the bots.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

HEAD_KINDS: tuple[str, ...] = ("lady", "cap", "beard")
RELOCATE = "relocate"
TAKE_ANY = "take-any"
PLOTS: tuple[str, str] = ("A", "B")
N_HAND = 3  # cards dealt to each player (R5)


@dataclass(frozen=True, slots=True)
class City:
    """One city (R1): its floor total and its two fame tiles (high, low)."""

    index: int
    name: str
    floors: int
    tiles: tuple[int, int]
    five_players_only: bool


@dataclass(frozen=True, slots=True)
class Card:
    """One building card (R2)."""

    index: int
    id: str
    city: str
    arms: int
    head: str | None
    heads: int
    action: str | None
    star: bool


def _load() -> tuple[tuple[City, ...], tuple[Card, ...]]:
    """Read the data file shipped with the package."""
    raw = json.loads(resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
    cities = tuple(
        City(i, c["name"], c["floors"], (c["tiles"][0], c["tiles"][1]), c["five_players_only"])
        for i, c in enumerate(raw["cities"])
    )
    cards = tuple(
        Card(i, c["id"], c["city"], c["arms"], c["head"], c["heads"], c["action"], c["star"])
        for i, c in enumerate(raw["cards"])
    )
    return cities, cards


CITIES, CARDS = _load()
CITY_BY_NAME: dict[str, City] = {c.name: c for c in CITIES}
CARD_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
CITY_INDEX: dict[str, int] = {c.name: c.index for c in CITIES}
CARD_INDEX: dict[str, int] = {c.id: c.index for c in CARDS}

# Flat tables for the hot paths (indices, not objects).
CARD_CITY: tuple[int, ...] = tuple(CITY_INDEX[c.city] for c in CARDS)
CARD_ARMS: tuple[int, ...] = tuple(c.arms for c in CARDS)
ACT_NONE, ACT_RELOCATE, ACT_TAKE_ANY = 0, 1, 2
CARD_ACTION: tuple[int, ...] = tuple(
    {None: ACT_NONE, RELOCATE: ACT_RELOCATE, TAKE_ANY: ACT_TAKE_ANY}[c.action] for c in CARDS
)
CARD_HEAD: tuple[int, ...] = tuple(-1 if c.head is None else HEAD_KINDS.index(c.head) for c in CARDS)
CARD_HEADS: tuple[int, ...] = tuple(c.heads for c in CARDS)
CITY_FLOORS: tuple[int, ...] = tuple(c.floors for c in CITIES)
CITY_NAMES: tuple[str, ...] = tuple(c.name for c in CITIES)
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)

PLAYER_COLORS: tuple[str, ...] = ("black", "white", "red", "yellow", "blue")
_FLOORS_PER_PLAYER = {2: 39, 3: 29, 4: 21, 5: 21}


def check_players(n_players: int) -> None:
    """Raise ValueError unless 2–5 players (R3)."""
    if n_players not in _FLOORS_PER_PLAYER:
        raise ValueError(f"Patrician is played by 2 to 5 players, not {n_players} (R3)")


def floors_per_player(n_players: int) -> int:
    """Each player's starting supply of floors (R3)."""
    check_players(n_players)
    return _FLOORS_PER_PLAYER[n_players]


def default_colors(n_players: int) -> tuple[str, ...]:
    """The player colours of R3 for this many players, in seat order."""
    check_players(n_players)
    return PLAYER_COLORS[:n_players]


@cache
def cities_in_play(n_players: int) -> tuple[str, ...]:
    """The cities used with this many players (R4), in the canonical order."""
    check_players(n_players)
    return tuple(c.name for c in CITIES if n_players == 5 or not c.five_players_only)


@cache
def cards_in_play(n_players: int) -> tuple[str, ...]:
    """The ids of the cards used with this many players (R4)."""
    names = set(cities_in_play(n_players))
    return tuple(c.id for c in CARDS if c.city in names)
