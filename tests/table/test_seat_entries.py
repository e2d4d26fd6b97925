"""The table's `lobby.seats` entries are what net.hosted.SeatEntry says (PROTOCOL.md `lobby`)."""

from __future__ import annotations

from patrician_qt.net.hosted import SeatEntry
from patrician_qt.table import Seat, SeatSpec, Table
from tests.engine.test_wire_types import conforms


def test_every_kind_of_seat_entry_is_as_typed():
    table = Table("T", [SeatSpec("human"), SeatSpec("bot", "hard"), SeatSpec("human")], seed=1)
    entries = table.seats()
    assert [e["kind"] for e in entries] == ["open", "bot", "open"]
    seats = [
        Seat("human", "Anna", None, "hash", True, host=True),
        Seat("human", "Ben", "medium", "hash", False, True),  # gone: a bot plays until Ben is back
        Seat("bot", "Bot 1 (easy)", "easy"),
        Seat("open"),
    ]
    entries += [s.public() for s in seats]
    for entry in entries:
        assert conforms(entry, SeatEntry) == [], entry
    assert entries[3] == {"name": "Anna", "kind": "human", "connected": True, "host": True}
    assert entries[4] == {"name": "Ben", "kind": "bot", "connected": False, "level": "medium", "away": True}
