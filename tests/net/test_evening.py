"""Two friends, one evening: the lobby waits for the host's Start, a rematch at the same table,
honest words for a drop (left, closed, lost; a silent host), and the story of the game for a returning peer."""

from __future__ import annotations

import asyncio
from typing import Any

from patrician_qt.net._messages import HISTORY
from patrician_qt.net.client import Client
from tests.net.helpers import FAST, Raw, hello, hosting, join, play, run, table, until_event


async def next_kind(raw: Raw, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The next message of one of these types from a raw peer."""
    while True:
        message = await raw.recv(5.0)
        assert message is not None, f"closed while waiting for {kinds}"
        if message.get("t") in kinds:
            return message


def test_the_lobby_waits_for_start_now_when_auto_start_is_off() -> None:
    async def body() -> None:
        t = table("human,human,bot:easy", auto_start=False)
        async with hosting(t) as host:
            a, b = await join(host, "Anna"), await join(host, "Ben")
            lobby = await b.next_of("lobby")
            while any(s["kind"] == "open" for s in lobby["seats"]):
                lobby = await b.next_of("lobby")
            assert lobby["state"] == "lobby"  # every seat is filled and nobody started
            await asyncio.sleep(0.2)
            assert t.phase() == "lobby" and t.current(0) is None
            t.start_now()  # the host presses Start
            first = await a.next_of("update")
            assert first["seq"] >= 1 and not first["view"]["over"]
            assert [s["kind"] for s in t.seats()] == ["human", "human", "bot"]
            await asyncio.gather(play(a, 0), play(b, 1))
            for c in (a, b):
                await c.close()

    run(body())


def test_a_rematch_keeps_the_seats_and_tokens_deals_anew_and_seq_only_grows() -> None:
    async def body() -> None:
        t = table("human,human,bot:easy", auto_start=False)
        async with hosting(t) as host:
            a, b = await join(host, "Anna"), await join(host, "Ben")
            await asyncio.sleep(0.1)
            t.start_now()
            await asyncio.gather(play(a, 0), play(b, 1))
            first_record = t.record()
            last_seq = t.seq
            assert t.phase() == "over" and t.games == 1
            t.rematch()
            assert t.phase() == "lobby" and t.current(0) is None and t.games == 2
            # each peer reads on to the rematch's lobby: play() stops as soon as the client's newest view is
            # over, and the first game's last updates may still wait in its queue (they came before that lobby)
            for peer in (b, a):
                lobby = await peer.next_of("lobby")
                while lobby.get("state") != "lobby":
                    lobby = await peer.next_of("lobby")
            assert [s["name"] for s in lobby["seats"]] == ["Anna", "Ben", "Bot 1 (easy)"]
            assert a.seat == 0 and b.seat == 1  # nobody left the table
            t.start_now()
            first = await b.next_of("update")
            await a.next_of("update")
            assert first["seq"] > last_seq and not first["view"]["over"]
            assert first["view"]["players"][1]["stack"] == []
            second = await asyncio.gather(play(a, 2), play(b, 3))
            assert second[0]["over"]
            assert t.record().deal != first_record.deal  # a new deal
            # the tokens still hold the seats: Ben's app comes back with his
            token = b.token
            await b.close()
            again = await join(host, "Ben", token=token)
            assert again.seat == 1
            for c in (a, again):
                await c.close()

    run(body())


def test_left_says_how_a_player_went_left_closed_or_lost() -> None:
    async def body() -> None:
        config = type(FAST)(idle_timeout=0.6, hello_timeout=2.0, sweep_interval=0.05)
        t = table("human,human,human,human", takeover_after_s=30)
        async with hosting(t, config) as host:
            anna = await join(host, "Anna")
            ben = await join(host, "Ben")
            cleo, _ = await hello(host.port, "Cleo")
            dario, _ = await hello(host.port, "Dario")
            await anna.next_of("update")
            await ben.close()  # Ben leaves: his app says goodbye
            await until_event(anna, {"e": "left", "seat": 1, "how": "left"})
            cleo.close()  # Cleo's app is gone without a word (closed or crashed)
            await until_event(anna, {"e": "left", "seat": 2, "how": "closed"})
            # Dario says nothing any more (a pulled cable): the host drops him as lost
            await until_event(anna, {"e": "left", "seat": 3, "how": "lost"}, timeout=5)
            dario.close()
            await anna.close()

    run(body())


def test_a_peer_that_asks_gets_the_story_so_far_before_the_update() -> None:
    async def body() -> None:
        t = table("human,human,bot:easy")
        async with hosting(t) as host:
            a, b = await join(host, "Anna"), await join(host, "Ben")
            assert HISTORY in a.features
            await asyncio.gather(play(a, 0), play(b, 1))
            # a newcomer (spectator) that asks for the history is told every event of the game, in order
            watcher, _ = await hello(host.port, "Watcher", role="spectator", features=[HISTORY])
            past: list[tuple[int, list[dict[str, Any]]]] = []
            while True:
                m = await next_kind(watcher, ("past", "update"))
                if m["t"] == "past":
                    past.append((m["seq"], m["events"]))
                else:
                    update = m
                    break
            assert [seq for seq, _ in past] == sorted(seq for seq, _ in past)
            assert all(seq <= update["seq"] for seq, _ in past)
            told = [e for _, events in past for e in events]
            assert told == t.history() and told[0]["e"] == "played"
            # one that does not ask gets just the update (PROTOCOL.md)
            plain, _ = await hello(host.port, "Plain", role="spectator")
            assert (await next_kind(plain, ("past", "update")))["t"] == "update"
            for raw in (watcher, plain):
                raw.close()
            for c in (a, b):
                await c.close()

    run(body())


def test_a_silent_host_is_told_as_silent_and_a_refused_retry_says_nobody_listens() -> None:
    async def body() -> None:
        # A host that welcomes and then says nothing more (a pulled cable seen from the peer)
        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            from patrician_qt.net._framing import encode

            await reader.read(1000)
            writer.write(encode({"t": "welcome", "v": 1, "seat": 0, "token": "t0k3n",
                                 "table": {"name": "Quiet", "seats": [], "state": "lobby"}}))
            await asyncio.sleep(30)

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        got: list[dict[str, Any]] = []
        client = Client(on_message=got.append, ping_interval=0.1, host_timeout=0.4,
                        backoff=(0.05,), give_up_after=5.0)
        await client.connect("127.0.0.1", port, "Anna")
        while not any(m["t"] == "connection" and m["state"] == "reconnecting" for m in got):
            await asyncio.sleep(0.02)
        dropped = next(m for m in got if m["t"] == "connection")
        assert dropped["cause"].kind == "silent" and dropped["cause"].params["seconds"] >= 0.4
        server.close()
        await server.wait_closed()
        while not any(m["t"] == "retry" and m["cause"].kind == "refused" for m in got):
            await asyncio.sleep(0.02)
        retry = next(m for m in got if m["t"] == "retry" and m["cause"].kind == "refused")
        assert retry["attempt"] >= 1 and retry["since"] >= 0 and retry["first"].kind == "silent"
        await client.close()

    run(body())


def test_leave_is_a_known_message_and_a_host_with_a_plain_table_still_serves() -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            raw, _ = await hello(host.port, "Anna")
            await raw.send({"t": "leave"})
            assert await raw.closed()
            assert t.seats()[0]["kind"] == "human" and not t.seats()[0]["connected"]

    run(body())




def test_the_host_sees_who_is_away_for_how_long_and_can_hold_or_start_the_bot() -> None:
    async def body() -> None:
        t = table("human,human", takeover_after_s=30)
        async with hosting(t) as host:
            a, b = await join(host, "Anna"), await join(host, "Ben")
            await a.next_of("update")
            assert t.absences() == []
            await b.close()
            await until_event(a, {"e": "left", "seat": 1, "how": "left"})
            (away,) = t.absences()
            assert away["seat"] == 1 and away["name"] == "Ben" and not away["bot"] and not away["held"]
            assert 0 <= away["gone_for"] < 5 and 25 < away["takeover_in"] <= 30
            t.hold_seat(1)  # the host: keep waiting for Ben, no bot
            (away,) = t.absences()
            assert away["held"] and away["takeover_in"] is None
            t.hold_seat(1, False)  # the countdown again, from the start
            assert 25 < t.absences()[0]["takeover_in"] <= 30
            t.hand_to_bot(1)  # or now
            await until_event(a, {"e": "replaced", "seat": 1, "by": "bot"})
            (away,) = t.absences()
            assert away["bot"] and away["takeover_in"] is None
            await a.close()

    run(body())
