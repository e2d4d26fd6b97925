"""A record of what one seat saw (a LAN guest's, ``meta.seen``) as positions to replay, each as that seat saw it.

Why: such a record has no deal, so the engine cannot replay it, but the seat's game can still be shown: the
public events of every turn and the seat's own hand follow from the rules (``engine.SeenTable``). Each kept
view (the one the seat chose its turn from) must be exactly what the events before it give, so a record that
does not add up is refused with a clear message instead of showing a game that never was. Nothing is guessed:
another seat's hand is a count, a card drawn unseen is not there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from patrician_qt.engine import Event, Record, RecordError, View
from patrician_qt.engine.seen_table import SeenTable

from .seen import SEEN, game_events, seen_moments, seen_seat


@dataclass(frozen=True, slots=True)
class SeenPosition:
    """The game after some turns as the seat saw it, a spectator's view of the same facts, and the events of
    the turn that led here (none at the deal)."""

    view: View
    public: View
    events: tuple[Event, ...]
    mover: int | None


def _turn_events(record: Record, events: list[Event]) -> list[list[Event]]:
    """The events of each turn of the record (each begins with its card played, R8)."""
    chunks: list[list[Event]] = []
    for e in events:
        if e.get("e") == "played":
            chunks.append([])
        elif not chunks:
            raise RecordError("'meta.seen': the events kept begin before the first card was played")
        chunks[-1].append(e)
    if len(chunks) != len(record.turns):
        raise RecordError(f"'meta.seen': the events kept tell {len(chunks)} turns, the record {len(record.turns)}")
    for i, (chunk, turn) in enumerate(zip(chunks, record.turns, strict=True)):
        first: Any = chunk[0]
        if first.get("seat") != turn.get("seat") or first.get("card") != turn.get("card"):
            raise RecordError(f"'meta.seen': turn {i} is not the turn its events tell")
    return chunks


def _same(a: View, b: View) -> bool:
    """Two views of one moment: equal, the hand's order aside (a hand is a set of cards, R5)."""
    hand: Any = b.get("hand")
    if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
        return False
    return {**a, "hand": sorted(a["hand"])} == {**b, "hand": sorted(hand)}


def seen_positions(record: Record) -> list[SeenPosition]:
    """The deal and the position after each turn, as the record's one seat saw them.

    RecordError (saying what is wrong) for a record that keeps no seat's view or one that does not add up."""
    seat = seen_seat(record)
    kept = {m.index: m for m in seen_moments(record)}  # RecordError for a map that is not the app's
    if seat is None or not kept:
        raise RecordError("the record keeps no view of its seat at any of its turns ('meta.seen')")
    chunks = _turn_events(record, game_events((record.meta or {})[SEEN]["events"]))
    first = kept[min(kept)]
    table = SeenTable.at_deal(seat, first.view, first.history)
    turns = record.turns
    positions: list[SeenPosition] = []
    done = 0  # events applied so far
    for i in range(len(turns) + 1):
        if i:
            for e in chunks[i - 1]:
                try:
                    table.apply(e)
                except RecordError as exc:
                    raise RecordError(f"'meta.seen', turn {i - 1}: {exc}") from None
            done += len(chunks[i - 1])
        to_move = turns[i].get("seat") if i < len(turns) else None
        view = table.view(to_move if isinstance(to_move, int) else None)
        moment = kept.get(i)
        if moment is not None and (len(moment.history) != done or not _same(view, moment.view)):
            raise RecordError(f"'meta.seen': the view kept at turn {i} is not what the events before it give")
        positions.append(SeenPosition(view, table.view(view["to_move"], spectator=True),
                                      tuple(chunks[i - 1]) if i else (), turns[i - 1].get("seat") if i else None))
    if table.over and record.result is not None and record.result != table.result:
        raise RecordError("'meta.seen': the record's result is not the one its events end with (R25)")
    return positions


__all__ = ["SeenPosition", "seen_positions"]
