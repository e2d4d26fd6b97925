"""What a LAN peer knows of a game from the host's messages: its events, and a record of the turns it saw.

Why a module: reading the host's maps by pattern (a malformed one is passed over, never trusted) is
its own job, apart from keeping the connection (``session.remote``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from patrician_qt.engine import VISIBILITIES, Event, Record, RecordTurn, View
from patrician_qt.review.seen import SEEN, game_events, seen_meta


def event_maps(items: Any) -> list[Event]:
    """The host's event maps (PROTOCOL.md "Events"); anything else (not a map, no kind "e") is dropped."""
    return cast(list[Event], [e for e in items or () if isinstance(e, dict) and isinstance(e.get("e"), str)])


def peer_record(players: list[str], events: Sequence[Event], table: str, seat: int | None, result: Any,
                views: Mapping[int, tuple[int, View]] | None = None, visibility: Any = None) -> Record:
    """The turns a peer saw, as a record without the deal (only the host knows it); with ``views`` (turn →
    events before it, its seat's view then) also what that seat saw at each of its turns, for a review; with
    ``visibility`` (the views' word, R26/R26a) the table's kind, so that its history does not call a rulebook
    table open."""
    turns: list[RecordTurn] = []
    for e in events:  # the host's maps: read by pattern, so a malformed one is passed over
        match e:
            case {"e": "played", "seat": int(seat_), "card": str(card)}:
                turns.append({"seat": seat_, "card": card, "build": [], "relocate": None, "take": None})
            case {"e": "built", "plot": str(plot)} if turns:
                turns[-1]["build"].append(plot)
            case {"e": "relocated", "city": str(city), "from": str(plot)} if turns:
                turns[-1]["relocate"] = {"city": city, "from": plot}
            case {"e": "took", "city": str(city)} if turns:
                turns[-1]["take"] = city
    meta: dict[str, Any] = {"table": table, "seen_from_seat": seat,
                            "note": "saved by a LAN peer: only the host knows the deal"}
    if seat is not None and views:
        meta[SEEN] = seen_meta(seat, game_events(events), views)
    return Record(players, {}, turns, meta, result, visibility=visibility if visibility in VISIBILITIES else None)
