"""Checks every message a host sends before the app uses it: the one door of a joined app.

Why: a host is as untrusted as a peer (anyone on the LAN can advertise a table). A view whose
``players`` is not a list, a 64-seat lobby or an unknown card would otherwise raise inside a Qt
slot, half-change what the window shows, or grow the app without bound. ``checked(message)``
walks a message against the TypedDicts of ``engine.wire_types`` (PROTOCOL.md "The view",
"Events") and ``net.hosted.SeatEntry``, then against what a game can hold (2 to 5 seats, known
cards and cities, seats in range), and returns a fresh copy that keeps only the keys this app
reads: names as plain text of at most 24 characters, known card ids as the engine's own strings.
Anything else is ``BadMessage``, whose text says what and where (for "the host sent something
this app cannot read").
"""

from __future__ import annotations

import functools
import types
from typing import Any, Literal, Union, cast, get_args, get_origin, get_type_hints, is_typeddict

from patrician_qt.engine import CARD_BY_ID, CITY_BY_NAME, PLAYER_COLORS, Event, View
from patrician_qt.net.hosted import MAX_NAME, SEAT_KINDS, SPECTATOR_LABEL, SeatEntry, plain_text, shown_name

__all__ = ["MAX_SEATS", "BadMessage", "checked"]

#: A table has 2 to 5 seats (R3); a lobby or a view with more is not a table's.
MIN_SEATS, MAX_SEATS = 2, 5
#: The longest free text kept from a host: a chat line (docs/protocol.md), a reason, a message.
MAX_TEXT = 500
#: Spectators a table holds (net.host.HostConfig.max_spectators): a longer list is no table's.
MAX_SPECTATORS = 16
_INT_RANGE = 2**53


class BadMessage(ValueError):
    """A host's message this app cannot read; ``str()`` says what is wrong and where (English)."""


# -- the generic walk: a value against a type of wire_types --------------------------------------------
@functools.cache
def _hints(hint: Any) -> dict[str, Any]:
    """A TypedDict's keys and their types (worked out once: it costs more than checking a view)."""
    return get_type_hints(hint)


@functools.cache
def _tags(union: Any) -> dict[Any, Any]:
    """For a union of event maps: each kind ("e") and its TypedDict; {} for any other union."""
    return {get_args(_hints(o)["e"])[0]: o for o in get_args(union) if is_typeddict(o) and "e" in o.__annotations__}


def _shape(value: Any, hint: Any, where: str) -> Any:
    """A copy of ``value`` that has the type ``hint`` (unknown map keys left out), else BadMessage."""
    if hint is Any:
        return value
    if hint is type(None):
        if value is not None:
            raise BadMessage(f"{where} must be null")
        return None
    if hint is bool:
        if not isinstance(value, bool):
            raise BadMessage(f"{where} must be true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or not -_INT_RANGE <= value <= _INT_RANGE:
            raise BadMessage(f"{where} must be an integer")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise BadMessage(f"{where} must be text")
        return value
    if is_typeddict(hint):
        if not isinstance(value, dict):
            raise BadMessage(f"{where} must be a map")
        hints = _hints(hint)
        missing = sorted(k for k in hint.__required_keys__ if k not in value)
        if missing:
            raise BadMessage(f"{where} lacks {missing[0]!r}")
        return {k: _shape(value[k], hints[k], f"{where}.{k}") for k in hints if k in value}
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        tagged = _tags(hint)
        if tagged and isinstance(value, dict):  # an event: its "e" picks the member
            kind = value.get("e")
            if not isinstance(kind, str) or kind not in tagged:
                raise BadMessage(f"{where}: no event kind {kind!r}")
            return _shape(value, tagged[kind], where)
        problems = []
        for option in options:
            try:
                return _shape(value, option, where)
            except BadMessage as exc:
                problems.append(str(exc))
        raise BadMessage(min(problems, key=len))
    if origin is Literal:
        if value not in get_args(hint):
            raise BadMessage(f"{where} must be one of {', '.join(map(repr, get_args(hint)))}")
        return value
    if origin is list:
        if not isinstance(value, list):
            raise BadMessage(f"{where} must be a list")
        (item,) = get_args(hint)
        return [_shape(v, item, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            raise BadMessage(f"{where} must be a map")
        key_t, val_t = get_args(hint)
        return {_shape(k, key_t, f"{where} key"): _shape(v, val_t, f"{where}[{k!r}]") for k, v in value.items()}
    raise BadMessage(f"{where}: this app cannot read a {hint!r}")  # a type wire_types does not use


# -- what a game can hold -----------------------------------------------------------------------------
def _card(card: Any, where: str) -> str:
    if not isinstance(card, str) or card not in CARD_BY_ID:
        raise BadMessage(f"{where}: no such card")
    return CARD_BY_ID[card].id  # the engine's own string: a flood of copies costs nothing


def _city(city: Any, where: str) -> str:
    if not isinstance(city, str) or city not in CITY_BY_NAME:
        raise BadMessage(f"{where}: no such city")
    return CITY_BY_NAME[city].name


def _seat(seat: Any, seats: int, where: str, none: bool = False) -> None:
    if seat is None and none:
        return
    if not isinstance(seat, int) or not 0 <= seat < seats:
        raise BadMessage(f"{where}: no seat {seat!r} at a table of {seats}")


def _count(value: int, most: int, where: str) -> None:
    if not 0 <= value <= most:
        raise BadMessage(f"{where}: {value} is out of range")


def _name(name: str, i: int) -> str:
    return shown_name(name) or f"Player {i + 1}"


def check_view(raw: Any) -> View:
    """A host's view, shaped and bounded; BadMessage otherwise."""
    view = cast(View, _shape(raw, View, "view"))
    players = view["players"]
    n = len(players)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise BadMessage(f"view.players: {n} players (a table has {MIN_SEATS} to {MAX_SEATS})")
    _seat(view["seat"], n, "view.seat", none=True)
    _seat(view["to_move"], n, "view.to_move", none=True)
    if view.get("visibility") not in (None, "rulebook", "open"):
        raise BadMessage("view.visibility: no such table")
    _count(view["deck_size"], len(CARD_BY_ID), "view.deck_size")
    view["hand"] = [_card(c, "view.hand") for c in view["hand"]]
    colors = set()
    for i, p in enumerate(players):
        where = f"view.players[{i}]"
        p["name"] = _name(p["name"], i)
        if p["color"] not in PLAYER_COLORS or p["color"] in colors:
            raise BadMessage(f"{where}.color: no such colour, or a second seat of it")
        colors.add(p["color"])
        for key in ("supply", "hand_size", "stack_size", "tiles_won"):
            if key in p:
                _count(p[key], len(CARD_BY_ID), f"{where}.{key}")
        p["stack"] = [_card(c, f"{where}.stack") for c in p["stack"]]
        tiles = []
        for tile in p["tiles"]:
            if not (isinstance(tile, list) and len(tile) == 2 and isinstance(tile[1], int)
                    and not isinstance(tile[1], bool)):
                raise BadMessage(f"{where}.tiles: a tile is [city, value]")
            tiles.append([_city(tile[0], f"{where}.tiles"), tile[1]])
        p["tiles"] = tiles
    cities = {}
    for name, city in view["cities"].items():
        where = f"view.cities[{name!r}]"
        key = _city(name, where)
        if len(city["towers"]) != 2:
            raise BadMessage(f"{where}.towers: a city has two plots")
        for tower in city["towers"]:
            for seat in tower:
                _seat(seat, n, f"{where}.towers")
        if city["card"] is not None:
            city["card"] = _card(city["card"], f"{where}.card")
        cities[key] = city
    view["cities"] = cities
    result = view["result"]
    if result is not None:
        for key in ("scores", "fame", "heads", "floors_left"):
            if len(result[key]) != n:  # type: ignore[literal-required]
                raise BadMessage(f"view.result.{key}: not one per player")
        for seat in result["winners"]:
            _seat(seat, n, "view.result.winners")
        for name in result["cities"]:
            _city(name, "view.result.cities")
    return view


def check_events(raw: Any, seats: int) -> list[Event]:
    """A host's events; an event of a kind this app does not know is passed over (a newer host)."""
    if not isinstance(raw, list):
        raise BadMessage("events must be a list")
    kinds = _tags(Event)
    out: list[Event] = []
    for i, event in enumerate(raw):
        where = f"events[{i}]"
        if not isinstance(event, dict):
            raise BadMessage(f"{where} must be a map")
        if event.get("e") not in kinds:
            continue
        e = cast(dict[str, Any], _shape(event, Event, where))
        if "seat" in e:
            _seat(e["seat"], seats, f"{where}.seat")
        if "card" in e:
            e["card"] = _card(e["card"], f"{where}.card")
        if "city" in e:
            e["city"] = _city(e["city"], f"{where}.city")
        if "name" in e:
            e["name"] = _name(e["name"], e["seat"])
        for award in e.get("awards") or ():
            if len(award) != 2 or award[1] is None:
                raise BadMessage(f"{where}.awards: an award is [seat or null, value]")
            _seat(award[0], seats, f"{where}.awards", none=True)
        out.append(cast(Event, e))
    return out


def check_seats(raw: Any, where: str) -> list[SeatEntry]:
    """A lobby's seat list: 2 to 5 seats of known kinds, names as plain text."""
    seats = cast(list[SeatEntry], _shape(raw, list[SeatEntry], where))
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise BadMessage(f"{where}: {len(seats)} seats (a table has {MIN_SEATS} to {MAX_SEATS})")
    for i, s in enumerate(seats):
        if s["kind"] not in SEAT_KINDS:
            raise BadMessage(f"{where}[{i}].kind: no such kind of seat")
        s["name"] = shown_name(s["name"]) if s["kind"] != "open" else ""
    return seats


def check_spectators(raw: Any, where: str) -> list[str]:
    """The names of those watching (a host has room for 16): plain text, as names are shown."""
    names = cast(list[str], _shape(raw, list[str], where))
    if len(names) > MAX_SPECTATORS:
        raise BadMessage(f"{where}: {len(names)} spectators (a table has room for {MAX_SPECTATORS})")
    return [shown_name(n) or "?" for n in names]


def _text(value: Any, where: str, longest: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise BadMessage(f"{where} must be text")
    text = plain_text(value)
    return text if len(text) <= longest else text[:longest - 1] + "\u2026"


def _int(value: Any, where: str) -> int:
    return cast(int, _shape(value, int, where))


def checked(message: dict[str, Any], seats: int) -> dict[str, Any]:
    """The message as the app may use it (``seats``: how many seats the table has as far as the app
    knows, for events without a view); BadMessage when the host sent something a host cannot mean.

    Messages of a type this app does not know pass as they are (a newer host): nothing reads them.
    """
    kind = message.get("t")
    if kind == "update":
        view = check_view(message.get("view"))
        return {"t": kind, "seq": _int(message.get("seq"), "update.seq"), "view": view,
                "events": check_events(message.get("events"), len(view["players"]))}
    if kind == "past":
        return {"t": kind, "seq": _int(message.get("seq"), "past.seq"),
                "events": check_events(message.get("events"), seats or MAX_SEATS)}
    if kind == "lobby":
        out = {"t": kind, "seats": check_seats(message.get("seats"), "lobby.seats")}
        for key in ("state", "visibility"):
            if key in message:
                out[key] = _text(message[key], f"lobby.{key}", 16)
        if "spectators" in message:
            out["spectators"] = check_spectators(message["spectators"], "lobby.spectators")
        return out
    if kind == "welcome":
        table = message.get("table")
        if not isinstance(table, dict):
            raise BadMessage("welcome.table must be a map")
        shaped = {"name": _text(table.get("name", ""), "welcome.table.name", 63),
                  "seats": check_seats(table.get("seats"), "welcome.table.seats")}
        for key in ("state", "visibility"):
            if key in table:
                shaped[key] = _text(table[key], f"welcome.table.{key}", 16)
        if "spectators" in table:
            shaped["spectators"] = check_spectators(table["spectators"], "welcome.table.spectators")
        out = {**message, "table": shaped}
        seat = message.get("seat")
        _seat(seat, len(shaped["seats"]), "welcome.seat", none=True)
        if "features" in message:
            out["features"] = [f for f in _shape(message["features"], list[str], "welcome.features")]
        return out
    if kind == "chat":
        out = {"t": kind, "from": _text(message.get("from"), "chat.from", MAX_NAME + len(SPECTATOR_LABEL)),
               "text": _text(message.get("text"), "chat.text")}
        if message.get("earlier") is True:  # the feature chat-history: said before this app came
            out["earlier"] = True
        return out
    if kind == "rejected":
        rule = message.get("rule")
        return {"t": kind, "seq": message.get("seq"), "reason": _text(message.get("reason", ""), "rejected.reason"),
                "rule": None if rule is None else _text(rule, "rejected.rule", 8)}
    if kind == "error":
        return {"t": kind, "code": _text(message.get("code"), "error.code", 32),
                "message": _text(message.get("message", ""), "error.message")}
    return message
