"""What the host needs from a table: the only link between transport and rules.

Why: `net.host` serves any object that has these methods, so the transport
never imports the engine (DESIGN.md "Layers"). `patrician_qt.table.Table`
implements it; tests may implement it too. All methods are called on the
event loop's thread and must return at once (no blocking, no awaiting).
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypedDict, TypeVar, runtime_checkable

__all__ = [
    "BOT",
    "HUMAN",
    "MAX_NAME",
    "OPEN",
    "SEAT_KINDS",
    "SPECTATOR_LABEL",
    "HostedTable",
    "Refused",
    "SeatEntry",
    "TableListener",
    "clean_name",
    "hash_token",
    "name_key",
    "name_problem",
    "new_token",
    "plain_text",
    "shown_name",
    "takes_label",
]

#: Longest player name in characters (PROTOCOL.md `hello.name`).
MAX_NAME = 24
#: What the chat adds to a spectator's name (`chat.from`); no name may end in it.
SPECTATOR_LABEL = " (spectator)"


#: The kinds of seat (PROTOCOL.md `lobby.seats`), named once for the table, the transport and the app:
#: a person's, a bot's (also a gone player's seat a bot plays), or open for anyone to take.
HUMAN, BOT, OPEN = "human", "bot", "open"
SEAT_KINDS: tuple[str, ...] = (HUMAN, BOT, OPEN)


class _SeatKeys(TypedDict):
    name: str
    kind: str  # "human", "bot" (also a gone player's seat a bot plays) or "open"
    connected: bool


class SeatEntry(_SeatKeys, total=False):
    """One seat of PROTOCOL.md `lobby.seats`, as everyone at the table may see it (never a token).

    (The keys a seat may lack are declared with ``total=False``, not ``NotRequired``: under this
    module's string annotations Python 3.11 could not tell them at run time.)
    """

    level: str | None  # the bot's level, when a bot plays the seat
    away: bool  # a gone player's seat that a bot plays until they come back
    host: bool  # the seat of the player whose app hosts the table


#: Zero-width joiner: a format character that emoji sequences need, kept in shown text.
_ZWJ = "\u200d"


def plain_text(text: str) -> str:
    """Text as it may be shown or logged: one line, no control or invisible formatting characters.

    Why: a chat line with a newline wrote a forged line into the host's log, and
    bidi overrides or zero-width characters let a name look like another. Line breaks, tabs
    and other whitespace controls become a space; other control (Cc), format (Cf, except the
    zero-width joiner of emoji), surrogate (Cs) and line/paragraph separator characters go.
    """
    if text.isascii() and text.isprintable():
        return text
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Zl", "Zp"):
            if ch.isspace():
                out.append(" ")
        elif category in ("Cf", "Cs") and ch != _ZWJ:
            continue
        else:
            out.append(ch)
    return "".join(out)


def clean_name(name: str) -> str:
    """A player's name as a table keeps it: plain text, runs of spaces as one, no spaces at the ends."""
    return " ".join(plain_text(name).split())


def name_key(name: str) -> str:
    """What makes two names the same at a table: case, spaces at the ends and in runs, width
    variants (NFKC) and invisible characters do not count ("Anna", " anna ", "ＡＮＮＡ")."""
    folded = unicodedata.normalize("NFKC", clean_name(name).replace(_ZWJ, ""))
    return " ".join(folded.casefold().split())


def name_problem(name: str) -> str | None:
    """Why this name cannot be a player's name (English), or None when it can.

    One rule for every way a name reaches a table (a `hello`, a save being resumed, a name
    typed for a screenshot): after `clean_name` it is 1 to MAX_NAME characters, has no
    control characters, and does not end in the spectator label, so nobody can sit as
    "Alice (spectator)" and pass for a spectator in the chat.
    """
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return "the name contains control characters"
    cleaned = clean_name(name)
    if not cleaned:
        return "the name must not be empty"
    if len(cleaned) > MAX_NAME:
        return f"the name is longer than {MAX_NAME} characters"
    if takes_label(cleaned):
        return f"a name cannot end in \u201c{SPECTATOR_LABEL.strip()}\u201d: the chat marks spectators so"
    return None


def takes_label(name: str) -> bool:
    """Whether the name ends in the spectator label (any case, width or spacing): "Alice (spectator)"."""
    return name_key(name).endswith(name_key(SPECTATOR_LABEL))


def shown_name(name: str, longest: int = MAX_NAME) -> str:
    """A name from outside (a host's view, a file) as it may be shown: plain text on one line, at most
    `longest` characters (cut with an ellipsis), so no bidi override reverses the rest of a line."""
    cleaned = clean_name(name)
    return cleaned if len(cleaned) <= longest else cleaned[:longest - 1] + "\u2026"


def new_token() -> str:
    """A fresh secret seat token (192 random bits, URL-safe text)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The only form in which a table keeps a token (hex SHA-256; tokens are random, so no salt)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Refused(Exception):
    """The table refused a request; `code` is a PROTOCOL.md error code or "rejected".

    Codes: "rejected" (an illegal turn or a stale `seq`: answered with a
    `rejected` message naming `rule`), "not-your-turn", "table-full",
    "bad-seat", "bad-token".
    """

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


#: The events a listener takes: plain maps here (the transport reads only `e` and `result`);
#: a table may ask its listeners to take its own, narrower event type.
EventT_contra = TypeVar("EventT_contra", bound=Mapping[str, Any], contravariant=True)


class TableListener(Protocol[EventT_contra]):
    """Receives a table's changes, synchronously, on the loop thread."""

    def table_changed(self, seq: int, events: Sequence[EventT_contra]) -> None:
        """A new position (or seat event) exists: ask `HostedTable.current` for each seat's view."""

    def lobby_changed(self) -> None:
        """The seat list, a seat's connection or the phase changed."""

    def chat(self, sender: str, text: str) -> None:
        """Someone at the table said something."""


@runtime_checkable
class HostedTable(Protocol):
    """A table as the transport sees it: seats, tokens (as hashes), turns as plain maps."""

    @property
    def name(self) -> str:
        """The table's name (DNS-SD instance name, `welcome.table.name`)."""

    def phase(self) -> str:
        """"lobby", "playing" or "over"."""

    def seats(self) -> list[SeatEntry]:
        """PROTOCOL.md `lobby.seats`: one `{name, kind, connected, ...}` per seat."""

    def seat_of(self, token_hash: str) -> int | None:
        """The seat issued for this token hash, or None."""

    def game_options(self) -> dict[str, Any]:
        """Options of the game everyone may know in the lobby (`visibility`), sent in `lobby` and `welcome.table`."""

    def sit(self, seat: int | None, name: str, token_hash: str) -> int:
        """Give an open seat (None: the first open one) to this token; raise Refused."""

    def set_connected(self, seat: int, connected: bool, how: str = "closed") -> None:
        """A seat's player came or went (the table may hand a gone seat to a bot).

        `how` a player went: "left" (said `leave`), "closed" (closed without it), "lost" (silent).
        """

    def current(self, seat: int | None) -> tuple[int, Mapping[str, Any]] | None:
        """(seq, view) for a seat (None: spectator), or None before the game starts."""

    def submit(self, seat: int, seq: int, turn: dict[str, Any]) -> None:
        """Apply a seat's whole turn answering update `seq`; raise Refused when not applied."""

    def say(self, sender: str, text: str) -> None:
        """Pass a chat line to every listener."""

    def listen(self, listener: TableListener[Mapping[str, Any]]) -> Callable[[], None]:
        """Register a listener; returns the function that removes it."""
