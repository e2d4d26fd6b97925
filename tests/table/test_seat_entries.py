"""The table's `lobby.seats` entries and seat events are what net.hosted.SeatEntry and the engine's SeatEvent say."""

from __future__ import annotations

import asyncio
from typing import Any

from patrician_qt.engine import SeatEvent
from patrician_qt.net.hosted import SeatEntry
from patrician_qt.table import Seat, SeatSpec, Table, TableOptions, hash_token
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


def test_seat_events_are_as_typed():
    """joined, left (with how they went), replaced by a bot and by the person again: net-facing maps."""
    told: list[Any] = []

    class Listener:
        def table_changed(self, seq: int, events: Any) -> None:
            told.extend(events)

        def lobby_changed(self) -> None:
            pass

        def chat(self, sender: str, text: str) -> None:
            pass

    async def play() -> None:
        table = Table("T", [SeatSpec("human"), SeatSpec("human")], seed=3,
                      options=TableOptions(takeover_after_s=60.0))
        table.listen(Listener())
        for seat, name in enumerate(("Anna", "Ben")):
            table.sit(seat, name, hash_token(name))
            table.set_connected(seat, True)
        await asyncio.sleep(0)  # the table starts the game on its loop
        table.set_connected(1, False, "lost")
        table.hand_to_bot(1)
        table.set_connected(1, True)
        await table.close()

    asyncio.run(play())
    kinds = [e["e"] for e in told]
    assert kinds == ["left", "replaced", "joined", "replaced"], told
    assert told[0]["how"] == "lost"
    for event in told:
        assert conforms(event, SeatEvent) == [], event
