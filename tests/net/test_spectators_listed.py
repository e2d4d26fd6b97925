"""The lobby names the spectators (docs/protocol.md `lobby.spectators`): everyone at the table sees who
watches, as they come, sit down and go. Real sockets on 127.0.0.1."""

from __future__ import annotations

from tests.net.helpers import hello, hosting, run, table


def test_the_lobby_lists_spectators_as_they_come_sit_and_go() -> None:
    async def body() -> None:
        t = table("human,human,human", seed=3)
        async with hosting(t) as host:
            anna, _ = await hello(host.port, "Anna")
            lobby = await anna.expect("lobby")
            assert lobby["spectators"] == []
            cleo, welcome = await hello(host.port, "Cleo", role="spectator")
            assert welcome["table"]["spectators"] == ["Cleo"]
            assert (await anna.expect("lobby"))["spectators"] == ["Cleo"]  # Anna hears that Cleo watches
            dan, _ = await hello(host.port, "Dan", role="spectator")
            assert (await anna.expect("lobby"))["spectators"] == ["Cleo", "Dan"]
            await cleo.send({"t": "sit", "seat": 1})  # Cleo sits down: a player now, no longer watching
            while (lobby := await anna.expect("lobby"))["spectators"] != ["Dan"]:
                assert "Cleo" in lobby["spectators"]
            assert [s["name"] for s in lobby["seats"]][:2] == ["Anna", "Cleo"]
            dan.close()
            while (await anna.expect("lobby"))["spectators"] != []:  # (a lobby sent before Dan went may come first)
                pass

    run(body())
