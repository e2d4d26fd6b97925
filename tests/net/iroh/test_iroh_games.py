"""Lobby, chat and whole games over iroh (127.0.0.1, relays off), with the LAN's messages unchanged."""

from __future__ import annotations

import asyncio
from pathlib import Path

from patrician_qt.engine import replay_result
from tests.net.helpers import play, run, table
from tests.net.iroh.helpers import hosting, join


def test_lobby_chat_and_a_whole_game_by_invitation_with_a_bot(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,bot:random,human", seed=11)
        async with hosting(t, tmp_path) as (_host, invitation):
            anna = await join(invitation.ticket, "Anna")
            ben = await join(invitation.link, "Ben")
            assert {anna.seat, ben.seat} == {0, 2}
            assert anna.route == "direct"
            await anna.chat("hello from far away")
            line = await ben.next_of("chat")
            assert line["from"] == "Anna" and line["text"] == "hello from far away"
            finals = await asyncio.gather(play(anna, 1), play(ben, 2))
            expected = replay_result(t.record())
            for view in finals:
                assert view["over"] and view["result"] == expected
            await anna.close()
            await ben.close()

    run(body())


def test_a_rematch_by_invitation_with_a_spectator_and_a_guest_from_the_lan(tmp_path: Path) -> None:
    """The same table over iroh and TCP at once: a friend far away, one on the LAN, one watching."""

    async def body() -> None:
        from tests.net.helpers import join as join_lan

        t = table("human,human,bot:easy", auto_start=False)
        async with hosting(t, tmp_path) as (host, invitation):
            anna = await join(invitation, "Anna")
            ben = await join_lan(host, "Ben")  # the LAN way in stays as it was
            sam = await join(invitation, "Sam", role="spectator")
            await asyncio.sleep(0.1)
            t.start_now()
            await asyncio.gather(play(anna, 0), play(ben, 1))
            first_deal, first_seq = t.record().deal, t.seq
            t.rematch()
            lobby = await anna.next_of("lobby")
            while lobby.get("state") != "lobby":
                lobby = await anna.next_of("lobby")
            assert [s["name"] for s in lobby["seats"]] == ["Anna", "Ben", "Bot 1 (easy)"]
            t.start_now()
            for c in (anna, ben):  # the new deal's first update (the last one seen is the first game's end)
                while (await c.next_of("update"))["seq"] <= first_seq:
                    pass
            second = await asyncio.gather(play(anna, 2), play(ben, 3))
            assert t.phase() == "over" and t.games == 2 and t.record().deal != first_deal
            async with asyncio.timeout(10):  # the spectator sees the second game to its end too
                final = await sam.next_of("update")
                while final["seq"] <= first_seq or not final["view"]["over"]:
                    final = await sam.next_of("update")
            assert final["view"]["hand"] == [] and final["view"]["result"] == second[0]["result"]
            for c in (anna, ben, sam):
                await c.close()

    run(body())


def test_a_table_closed_on_purpose_is_told_to_guests_by_invitation_who_do_not_reconnect(tmp_path: Path) -> None:
    async def body() -> None:
        from patrician_qt.net.client import TableClosed

        t = table("human,human", seed=2)
        async with hosting(t, tmp_path) as (host, invitation):
            anna = await join(invitation, "Anna")
            await anna.next_of("lobby")
            await host.close_table()  # the last message, then the endpoint closes
            closed = await anna.next_of("closed")
            assert closed["reason"] == "table-closed"
            final = await anna.next_of("connection")
            assert final["state"] == "closed" and isinstance(final["cause"], TableClosed)

    run(body())
