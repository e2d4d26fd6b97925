"""Small pieces of LAN play: typed addresses, the host's seat settings and early start, the peer's record."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from patrician_qt.net.hosted import Refused
from patrician_qt.table import SeatSpec, Table
from patrician_qt.table.tokens import hash_token
from patrician_qt.ui.session.address import parse_address
from patrician_qt.ui.session.remote import RemoteSession
from tests.net.helpers import ViewRunner


@pytest.mark.parametrize(("typed", "expected"), [
    ("192.168.1.20:5000", ("192.168.1.20", 5000)),
    ("192.168.1.20", ("192.168.1.20", 47147)),
    (" anna-laptop.local:47148 ", ("anna-laptop.local", 47148)),
    ("[fe80::1%eth0]:47147", ("fe80::1%eth0", 47147)),
    ("[::1]", ("::1", 47147)),
    ("fe80::1", ("fe80::1", 47147)),  # a bare IPv6 literal: the default port
])
def test_addresses_people_type(typed: str, expected: tuple[str, int]) -> None:
    assert parse_address(typed) == expected


@pytest.mark.parametrize(("typed", "says"), [
    ("", "type the host's address"), ("host:0", "not a port number"), ("host:abc", "not a port number"),
    ("[::1", "closing ]"), ("[::1]x", "after [address] comes :port"), (":47147", "no host name"),
])
def test_address_mistakes_are_explained(typed: str, says: str) -> None:
    with pytest.raises(ValueError, match=says.replace("[", r"\[")):
        parse_address(typed)


def test_host_seat_settings_and_early_start() -> None:
    async def main() -> None:
        t = Table("T", [SeatSpec("human")] * 4, seed=3, runner=ViewRunner())
        t.listen(_Quiet())
        t.sit(0, "Anna", hash_token("a"))
        t.set_seat(1, "bot", "easy")
        assert [s["kind"] for s in t.seats()] == ["human", "bot", "open", "open"]
        with pytest.raises(Refused, match="Anna sits at seat 0"):
            t.set_seat(0, "open")
        with pytest.raises(ValueError, match="unknown bot level"):
            t.set_seat(2, "bot", "godlike")
        t.set_seat(1, "open")
        with pytest.raises(Refused, match="at least two filled seats"):
            t.start_now()
        t.sit(3, "Cleo", hash_token("c"))
        t.start_now()  # seats 1 and 2 are open: removed, Cleo moves from 3 to 1
        await asyncio.sleep(0)
        assert t.phase() == "playing"
        assert [s["name"] for s in t.seats()] == ["Anna", "Cleo"]
        assert t.seat_of(hash_token("c")) == 1
        with pytest.raises(Refused, match="only in the lobby"):
            t.set_seat(1, "open")
        await t.close()

    asyncio.run(main())


class _Quiet:
    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        pass

    def lobby_changed(self) -> None:
        pass

    def chat(self, sender: str, text: str) -> None:
        pass


def test_a_peer_record_holds_the_turns_it_saw_but_no_deal(qtbot: Any) -> None:
    session = RemoteSession()
    try:
        session.lobby = [{"name": "Anna", "kind": "human", "connected": True},
                         {"name": "Ben", "kind": "human", "connected": True}]
        players = [{"name": n, "color": c, "supply": 20, "hand_size": 3, "stack": [], "tiles": [], "score": 0}
                   for n, c in (("Anna", "black"), ("Ben", "white"))]
        view = {"seat": 1, "hand": ["BOL-3"], "to_move": 0, "over": False, "deck_size": 10, "players": players,
                "cities": {}, "result": None}
        session._on_message({"t": "update", "seq": 1, "view": view, "events": []})
        events = [{"e": "played", "seat": 0, "card": "SIE-2"}, {"e": "built", "seat": 0, "city": "Siena", "plot": "A"},
                  {"e": "relocated", "seat": 0, "city": "Lucca", "from": "B", "to": "A"},
                  {"e": "took", "seat": 0, "city": "Siena", "card": "SIE-2"}]
        session._on_message({"t": "update", "seq": 2, "view": {**view, "to_move": 1}, "events": events})
        record = session.record()
        assert record.deal == {} and record.players == ["Anna", "Ben"]
        assert record.turns == [{"seat": 0, "card": "SIE-2", "build": ["A"],
                                 "relocate": {"city": "Lucca", "from": "B"}, "take": "Siena"}]
        # the window gets the spectator-shaped public view and this seat's own; nobody else's
        assert set(session.current().views) == {None, 1}
        assert session.current().view(None)["hand"] == []
        session._on_message({"t": "welcome", "v": 1, "seat": 1, "token": "t", "table": {"name": "T",
                             "seats": session.lobby, "state": "playing"}})
        assert session.local_humans() == [1]
        session._on_message({"t": "lobby", "seats": [session.lobby[0], {**session.lobby[1], "kind": "bot",
                                                                        "level": "medium", "away": True}]})
        assert session.local_humans() == []  # a bot stands in: nothing to play here until the seat is back
        assert session.seat_status(1) == "away 0:00 · a bot plays"
    finally:
        session.close()
