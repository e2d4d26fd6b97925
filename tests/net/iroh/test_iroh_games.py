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
