"""What one seat saw of a game it did not host, kept in its record so that its turns can be reviewed.

Why: a LAN guest never knows the deal (only the host does), so its record cannot be replayed from the start.
It can keep what its seat was shown instead: at each of its turns the view it chose from (R26, R26a: its own
hand, never another's) and the public events before it. A moment rebuilt from these is the very moment the
host's record gives (``moments``), so the review of that seat is the same, and nothing hidden is in the record.

The record's ``meta.seen`` (records/README.md): ``{"seat": s, "events": [public events],
"turns": [{"turn": i, "events": n, "view": view}]}`` with ``n`` the number of events before turn ``i``.
Read with care: the record came from a file or a peer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, cast

from patrician_qt.engine import Event, Record, RecordError, Turn, View

from .moments import Moment, human_seats, moments

SEEN = "seen"
#: events that are about the table, not the game (a seat joined, left, was taken over): no moment needs them
TABLE_EVENTS = ("joined", "left", "replaced")


def game_events(events: Iterable[Event]) -> list[Event]:
    """The events of the game itself among what a peer was told."""
    return [e for e in events if e.get("e") not in TABLE_EVENTS]


def seen_meta(seat: int, events: Iterable[Event], views: Mapping[int, tuple[int, View]]) -> dict[str, Any]:
    """The ``meta.seen`` map: ``views`` maps a turn index to (events before it, the view at that turn)."""
    return {"seat": seat, "events": list(events),
            "turns": [{"turn": t, "events": n, "view": v} for t, (n, v) in sorted(views.items())]}


def seen_seat(record: Record) -> int | None:
    """The seat whose view the record kept, if it is a record of what one seat saw."""
    seen = (record.meta or {}).get(SEEN)
    seat = seen.get("seat") if isinstance(seen, dict) else None
    return seat if isinstance(seat, int) and 0 <= seat < len(record.players) else None


def seen_moments(record: Record) -> Iterator[Moment]:
    """Each turn of the seat that saw the game, with its view and the public events before it.

    RecordError for a kept map that is not what this module writes (the record came from outside)."""
    seat = seen_seat(record)
    seen = (record.meta or {}).get(SEEN)
    if seat is None or not isinstance(seen, dict):
        raise RecordError("the record keeps no seat's view of the game ('meta.seen')")
    events, turns = seen.get("events"), seen.get("turns")
    if not isinstance(events, list) or not isinstance(turns, list) or not all(isinstance(e, dict) for e in events):
        raise RecordError("'meta.seen' must hold a list of events and a list of turns")
    for entry in turns:
        i = entry.get("turn") if isinstance(entry, dict) else None
        n = entry.get("events") if isinstance(entry, dict) else None
        view = entry.get("view") if isinstance(entry, dict) else None
        if not (isinstance(i, int) and isinstance(n, int) and isinstance(view, dict)) \
                or not 0 <= i < len(record.turns) or not 0 <= n <= len(events):
            raise RecordError("'meta.seen': each turn needs its index, its number of events and its view")
        if view.get("seat") != seat or record.turns[i].get("seat") != seat or view.get("to_move") != seat \
                or not isinstance(view.get("players"), list) or not isinstance(view.get("hand"), list):
            raise RecordError(f"'meta.seen': turn {i} is not a turn of seat {seat} as it saw it")
        try:
            played = Turn.from_map(record.turns[i])
        except Exception as exc:  # IllegalTurn: said as the record's error, with the turn's number
            raise RecordError(f"turn {i}: {exc}") from None
        yield Moment(i, seat, cast(View, view), tuple(cast(list[Event], events[:n])), played)


def game_moments(record: Record, seats: set[int] | None = None) -> Iterator[Moment]:
    """The moments of ``seats`` in a record: replayed from its deal, or as its one seat saw them."""
    if record.deal:
        yield from moments(record, seats)
        return
    yield from (m for m in seen_moments(record) if seats is None or m.seat in seats)


def reviewed_seats(record: Record) -> set[int]:
    """The seats a review judges by default: the people at the table, or the one seat that saw the game."""
    seat = seen_seat(record)
    if not record.deal and seat is not None:
        return {seat}
    return human_seats(record)


def reviewable(record: Record) -> bool:
    """Whether a review can judge the record: it has the deal, or one seat's views."""
    return bool(record.deal) or seen_seat(record) is not None


__all__ = ["SEEN", "TABLE_EVENTS", "game_events", "game_moments", "reviewable", "reviewed_seats", "seen_meta",
           "seen_moments", "seen_seat"]
