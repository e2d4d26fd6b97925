"""Checking peer messages and building host messages (PROTOCOL.md "Peer → host", "Host → peer").

Why: the host decides from one place what a well-formed request is, so a
malformed field becomes one clear `error` and never reaches the table.
"""

from __future__ import annotations

from typing import Any

from .hosted import MAX_NAME, clean_name, name_problem, plain_text, takes_label

__all__ = [
    "CHAT_HISTORY",
    "CHAT_HISTORY_LINES",
    "ENDED_NO_RESULT",
    "FEATURES",
    "HISTORY",
    "MAX_CHAT",
    "MAX_NAME",
    "PROTOCOL_VERSION",
    "BadMessage",
    "check_chat",
    "check_features",
    "check_hello",
    "check_ping",
    "check_sit",
    "check_turn",
    "error",
]

#: The protocol version this code speaks (PROTOCOL.md, `hello.v`).
PROTOCOL_VERSION = 1

#: the TCP port a host listens on unless told otherwise (docs/protocol.md)
DEFAULT_PORT = 47147
#: Longest chat line in characters (PROTOCOL.md `chat.text`).
MAX_CHAT = 500

ROLES = ("player", "spectator")

#: Feature (docs/protocol.md "Features"): the `ended` event comes without `result`,
#: which the peer reads from `view.result` of the same update (it is the same map).
ENDED_NO_RESULT = "ended-no-result"
#: Feature (docs/protocol.md "Features"): a peer welcomed during a game first gets the game's
#: story so far (`past` messages, one per earlier update with events), then the `update`.
HISTORY = "history"
#: Feature (docs/protocol.md "Features"): a welcomed peer first gets the table's recent chat lines
#: (`chat` with `earlier: true`), so a player back in a new app reads what was said.
CHAT_HISTORY = "chat-history"
#: Chat lines a `chat-history` peer gets at its welcome (the latest ones).
CHAT_HISTORY_LINES = 50
#: Every feature this host can grant, in the order `welcome.features` lists them.
FEATURES = (ENDED_NO_RESULT, HISTORY, CHAT_HISTORY)
#: Limits of `hello.features`: how many names, and how long each may be.
MAX_FEATURES = 16
MAX_FEATURE_NAME = 32


class BadMessage(Exception):
    """A known message type with a missing or wrong field; `str()` says which."""


def _int(message: dict[str, Any], key: str) -> int:
    """Return an int field (bool is not an int here)."""
    value = message.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadMessage(f"'{key}' must be an integer")
    if not -(2**53) <= value <= 2**53:
        raise BadMessage(f"'{key}' is out of range")
    return value


def _clean_text(text: str, what: str, longest: int, allowed: str = "") -> str:
    """Refuse control characters (except `allowed`) and over-long text."""
    if len(text) > longest:
        raise BadMessage(f"{what} is longer than {longest} characters")
    if any((ord(ch) < 32 and ch not in allowed) or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise BadMessage(f"{what} contains control characters")
    return text


def check_hello(message: dict[str, Any]) -> tuple[int, str, str | None, str]:
    """Return (version, name, token, role) of a `hello`; the version is checked by the caller."""
    version = _int(message, "v")
    name = message.get("name")
    if not isinstance(name, str):
        raise BadMessage("'name' must be a string")
    # Control characters are refused; invisible formatting characters are dropped.
    name = clean_name(_clean_text(name.strip(), "the name", MAX_NAME))
    problem = name_problem(name)
    if problem is not None and not takes_label(name):  # the label is the host's to refuse: name-taken
        raise BadMessage(problem)
    token = message.get("token")
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 200):
        raise BadMessage("'token' must be a non-empty string")
    role = message.get("role", "player")
    if role is None:
        role = "player"
    if role not in ROLES:
        raise BadMessage("'role' must be 'player' or 'spectator'")
    return version, name, token, role


def check_features(message: dict[str, Any]) -> tuple[str, ...] | None:
    """Return the features of a `hello` this host grants (unknown names are ignored).

    None when the peer did not ask (no `features`, or null): it then gets exactly the
    messages of PROTOCOL.md, and its `welcome` has no `features` either.
    """
    asked = message.get("features")
    if asked is None:
        return None
    if not isinstance(asked, list) or len(asked) > MAX_FEATURES:
        raise BadMessage(f"'features' must be a list of at most {MAX_FEATURES} strings")
    for name in asked:
        if not isinstance(name, str) or not 0 < len(name) <= MAX_FEATURE_NAME:
            raise BadMessage(f"each feature must be a string of 1 to {MAX_FEATURE_NAME} characters")
        _clean_text(name, "a feature name", MAX_FEATURE_NAME)
    return tuple(f for f in FEATURES if f in asked)


def check_sit(message: dict[str, Any]) -> int:
    """Return the seat number of a `sit`."""
    return _int(message, "seat")


def check_turn(message: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Return (seq, turn map) of a `turn`; the turn's content is the table's business."""
    seq = _int(message, "seq")
    turn = message.get("turn")
    if not isinstance(turn, dict):
        raise BadMessage("'turn' must be a map")
    return seq, turn


def check_chat(message: dict[str, Any]) -> str:
    """Return the text of a `chat`, as one line of plain text."""
    text = message.get("text")
    if not isinstance(text, str):
        raise BadMessage("'text' must be a string")
    # Line breaks and tabs become spaces: a chat line is one line wherever it is shown or logged.
    text = plain_text(_clean_text(text, "the chat text", MAX_CHAT, "\n\t"))
    if not text.strip():
        raise BadMessage("the chat text must not be empty")
    return text


def check_ping(message: dict[str, Any]) -> int:
    """Return the number of a `ping`."""
    return _int(message, "n")


def error(code: str, message: str) -> dict[str, Any]:
    """Build an `error` message."""
    return {"t": "error", "code": code, "message": message}
