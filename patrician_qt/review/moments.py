"""The moments of a record at which one seat chose a turn, each with exactly what that seat could see then.

Why a module of its own: the review's fairness rests here. A moment holds the seat's view (R26, R26a) and the
public events up to the turn, rebuilt from the record's turns *before* it; nothing else from the record (not
the deal's other hands, not the draw pile, not a later turn) reaches the judge. So cutting the record after a
turn, or dealing the cards the seat could not see otherwise, cannot change what the judge is given.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from patrician_qt.engine import Event, Record, RecordError, Turn, View, replay_turn, start_state, view_for
from patrician_qt.engine.cards import CARD_INDEX, CITY_INDEX, PLOTS

#: a turn as engine indices (card, plots, relocation, take), as the bots use them
Indices = tuple[int, tuple[int, ...], tuple[int, int] | None, int]


@dataclass(frozen=True, slots=True)
class Moment:
    """Turn ``index`` (0-based) of the record, played by ``seat``: what it saw, and what it played."""

    index: int
    seat: int
    view: View
    history: tuple[Event, ...]
    played: Turn


def indices_of(turn: Turn) -> Indices:
    """A turn as engine indices (a turn read from a valid record, so every name is known)."""
    reloc = None if turn.relocate is None else (CITY_INDEX[turn.relocate[0]], PLOTS.index(turn.relocate[1]))
    take = -1 if turn.take is None else CITY_INDEX[turn.take]
    return CARD_INDEX[turn.card], tuple(PLOTS.index(p) for p in turn.build), reloc, take


def same_turn(a: Indices, b: Indices) -> bool:
    """Whether two turns end alike: floors A-then-B and B-then-A leave the same towers (R9)."""
    return a[0] == b[0] and sorted(a[1]) == sorted(b[1]) and a[2] == b[2] and a[3] == b[3]


def moments(record: Record, seats: set[int] | None = None) -> Iterator[Moment]:
    """Every turn of ``seats`` (all seats with None), with that seat's view and the public history before it.

    Raises RecordError for a turn that breaks a rule (the turns before it are still given)."""
    state = start_state(record)
    history: list[Event] = []
    for i, raw in enumerate(record.turns):
        seat = state.to_move
        if seats is None or seat in seats:
            try:
                played = Turn.from_map(raw)
            except Exception as exc:  # IllegalTurn: said as the record's error, with the turn's number
                raise RecordError(f"turn {i}: {exc}") from None
            yield Moment(i, seat, view_for(state, seat), tuple(history), played)
        state, events = replay_turn(state, i, raw)
        history.extend(events)


def human_seats(record: Record) -> set[int]:
    """The seats people played, as the record's table says (``meta.table.seats`` kinds); every seat when
    the record does not say (an arena game, a record from elsewhere)."""
    table = (record.meta or {}).get("table")
    seats = table.get("seats") if isinstance(table, dict) else None
    if isinstance(seats, list) and len(seats) == len(record.players):
        people = {i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"}
        if people:
            return people
    return set(range(len(record.players)))


__all__ = ["Indices", "Moment", "human_seats", "indices_of", "moments", "same_turn"]
