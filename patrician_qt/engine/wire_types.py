"""The plain maps that cross layers and the wire, as ``TypedDict``s: views, events, turns, records.

Why: a view, an event or a record travels as a plain map (msgpack on the LAN, JSON in files,
dicts inside one process), read by the bots, the table, the LAN code and the UI. These types
name each map's keys once (PROTOCOL.md "The view" and "Events", records/README.md), so a type
checker follows them through every layer. At run time they are ordinary dicts: nothing here
changes a byte of what is sent or saved.

Keys marked ``NotRequired`` are left out of some maps: at a rulebook table a seat does not see
another player's score, whole stack or won tiles during the game (R26), and maps from before the
table option (R26a) have no ``visibility``.
"""

# No `from __future__ import annotations` here: TypedDict tells NotRequired keys from the
# evaluated annotations (__required_keys__), which string annotations hide on Python 3.11.
from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

__all__ = [
    "BuiltEvent",
    "CityResult",
    "CityView",
    "DealMap",
    "EndedEvent",
    "Event",
    "EventKind",
    "GameEvent",
    "JoinedEvent",
    "LeftEvent",
    "PlayedEvent",
    "PlayerView",
    "RecordMap",
    "RecordTurn",
    "RelocateMap",
    "RelocatedEvent",
    "ReplacedEvent",
    "ResultMap",
    "RevealedEvent",
    "ScoredEvent",
    "SeatEvent",
    "TileWon",
    "TookEvent",
    "TurnMap",
    "View",
]

# --- turns (records/README.md; PROTOCOL.md "turn") ---

#: ``{"city": name, "from": "A" | "B"}``: the relocation of a turn (R13). "from" is a keyword, hence this form.
RelocateMap = TypedDict("RelocateMap", {"city": str, "from": str})


class TurnMap(TypedDict):
    """A whole turn (``Turn.to_map()``): what a seat sends and what a bot answers."""

    card: str
    build: list[str]  # plots "A" / "B", one per floor built (R9)
    relocate: RelocateMap | None
    take: str | None  # the city whose face-up card is taken (R14), None when there is none


class RecordTurn(TurnMap):
    """A turn in a game record: the turn map plus the seat that played it."""

    seat: int


# --- the result of a finished game (records/README.md "result") ---


class CityResult(TypedDict):
    """A city at the end: its two towers (plot A, plot B), seats bottom first."""

    towers: list[list[int]]


class ResultMap(TypedDict):
    """Per seat, in seat order: the score (R25) and its parts; who won; every city's towers."""

    scores: list[int]
    fame: list[int]
    heads: list[int]
    floors_left: list[int]
    winners: list[int]
    cities: dict[str, CityResult]


# --- the view (PROTOCOL.md "The view", R26) ---

#: ``[city name, value]``: a fame tile a player won. A list of two kinds of item (it is a JSON and
#: msgpack array), which typing cannot name per position; a tuple type would be untrue at run time.
TileWon: TypeAlias = list[Any]


class CityView(TypedDict):
    """A city on the board as everyone sees it."""

    towers: list[list[int]]  # [plot A, plot B], seats bottom first
    card: str | None  # the face-up card (R6), None once the pile ran out (R18)
    tiles: list[int]  # fame tiles not yet won
    scored: bool


class PlayerView(TypedDict):
    """A player as a seat sees them: never their hand, only its size (R26)."""

    name: str
    color: str
    supply: int  # floors left (R19)
    hand_size: int
    stack: list[str]  # played cards, bottom first; at a rulebook table only the top one of another's (R26)
    tiles: list[TileWon]  # [] for another player at a rulebook table: won tiles lie face down (R26)
    score: NotRequired[int]  # left out for another player at a rulebook table during the game (R26)
    stack_size: NotRequired[int]  # how many cards the stack holds, where ``stack`` shows only the top
    tiles_won: NotRequired[int]  # how many tiles were won, where ``tiles`` shows none


class View(TypedDict):
    """What one seat (None: a spectator) may see of a game: ``view_for(state, seat)``."""

    seat: int | None
    visibility: NotRequired[str]  # the table: "rulebook" (R26) or "open" (R26a); none from hosts before R26a
    hand: list[str]  # the seat's own hand; [] for a spectator
    to_move: int | None  # None once the game is over
    over: bool
    deck_size: int
    players: list[PlayerView]
    cities: dict[str, CityView]  # the cities in play (R4), in their canonical order
    result: ResultMap | None


# --- events (PROTOCOL.md "Events"): what happened, in order, for everyone ---

EventKind = Literal["played", "built", "scored", "relocated", "took", "revealed", "ended", "joined", "left", "replaced"]


class PlayedEvent(TypedDict):
    """A seat played a card onto its stack (R8)."""

    e: Literal["played"]
    seat: int
    card: str


class BuiltEvent(TypedDict):
    """A seat built one floor on a plot (R9); one event per floor."""

    e: Literal["built"]
    seat: int
    city: str
    plot: str


class ScoredEvent(TypedDict):
    """A city's two tiles were awarded (R12, R20–R22): ``[[seat or None, value], ...]``, the high tile first."""

    e: Literal["scored"]
    city: str
    awards: list[list[int | None]]


#: The top floor of a tower moved to the other plot (R13).
RelocatedEvent = TypedDict(
    "RelocatedEvent", {"e": Literal["relocated"], "seat": int, "city": str, "from": str, "to": str}
)


class TookEvent(TypedDict):
    """A seat took a city's face-up card into its hand (R14–R16)."""

    e: Literal["took"]
    seat: int
    city: str
    card: str


class RevealedEvent(TypedDict):
    """The top card of the pile was laid face up in a city (R18)."""

    e: Literal["revealed"]
    city: str
    card: str


class EndedEvent(TypedDict):
    """The game is over (R23)."""

    e: Literal["ended"]
    result: ResultMap


class JoinedEvent(TypedDict):
    """A person sat down at (or came back to) a seat."""

    e: Literal["joined"]
    seat: int
    name: str


class LeftEvent(TypedDict):
    """A seat's person went away; the seat waits for them."""

    e: Literal["left"]
    seat: int
    how: NotRequired[str]  # "left", "closed" or "lost" (docs/protocol.md); none from older hosts


class ReplacedEvent(TypedDict):
    """A seat changed hands: a bot took it over, or a person took it back."""

    e: Literal["replaced"]
    seat: int
    by: Literal["bot", "human"]


#: What a turn does (``apply``): the engine's events.
GameEvent: TypeAlias = PlayedEvent | BuiltEvent | ScoredEvent | RelocatedEvent | TookEvent | RevealedEvent | EndedEvent
#: What people do at a table (the table's events, between turns).
SeatEvent: TypeAlias = JoinedEvent | LeftEvent | ReplacedEvent
#: Any event a table publishes; ``event["e"]`` tells which.
Event: TypeAlias = GameEvent | SeatEvent


# --- game records (records/README.md) ---


class DealMap(TypedDict):
    """The deal before the first turn (R4–R6): hands by seat, the face-up card per city, the pile top first.

    Empty (``{}``) in a record a LAN peer saved: only the host knows the deal, so such a record
    cannot be replayed (``start_state`` says so).
    """

    hands: NotRequired[list[list[str]]]
    board: NotRequired[dict[str, str]]
    deck: NotRequired[list[str]]


class RecordMap(TypedDict):
    """A game record's JSON object (``Record.to_map()``); keys this version does not know are kept beside these."""

    format: str  # "patrician-record"
    version: int
    players: list[str]
    visibility: NotRequired[str]  # the table (R26 "rulebook", R26a "open"); none in records from before R26a
    deal: DealMap
    turns: list[RecordTurn]
    meta: NotRequired[dict[str, Any]]  # who wrote it and how (free-form: the app's own keys)
    result: NotRequired[ResultMap]
