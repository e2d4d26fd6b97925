"""Lobby, chat and whole games over iroh (127.0.0.1, relays off), with the LAN's messages unchanged."""

from __future__ import annotations

import asyncio
from pathlib import Path

from patrician_qt.engine import replay_result
from tests.net.helpers import eventually, play, run, table
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
            first_deal = t.record().deal
            t.rematch()
            lobby = await anna.next_of("lobby")
            while lobby.get("state") != "lobby":
                lobby = await anna.next_of("lobby")
            assert [s["name"] for s in lobby["seats"]] == ["Anna", "Ben", "Bot 1 (easy)"]
            t.start_now()
            second = await asyncio.gather(play(anna, 2), play(ben, 3))
            assert second[0]["over"] and t.record().deal != first_deal
            assert await eventually(lambda: sam.seq == t.seq)  # the spectator saw the last update too
            final = sam.view
            assert final is not None and final["over"] and final["hand"] == []
            for c in (anna, ben, sam):
                await c.close()

    run(body())
