"""Whole games over TCP: one host, 2–5 peers, bots and spectators."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from patrician_qt.engine import replay_result
from patrician_qt.net.client import Client
from tests.net.helpers import hosting, join, play, run, table


async def watch(client: Client) -> dict[str, Any]:
    """Follow a game as a spectator; checks seq order; returns the final view."""
    last = None
    async for message in client:
        if message["t"] == "update":
            assert last is None or message["seq"] > last
            last = message["seq"]
            assert message["view"]["hand"] == [] and message["view"]["seat"] is None
            if message["view"]["over"]:
                return message["view"]
    raise AssertionError(f"connection ended: {client.error}")


@pytest.mark.parametrize(
    ("seats", "spectators"),
    [
        ("human,human", 1),
        ("human,bot:random,human", 1),
        ("human,human,bot:easy,human", 2),
        ("human,human,human,human,human", 1),
        ("bot:random,human,bot:hard,bot:random,human", 2),
    ],
)
def test_whole_game_over_tcp(seats: str, spectators: int) -> None:
    async def body() -> None:
        t = table(seats, seed=len(seats))
        async with hosting(t) as host:
            watchers = [await join(host, f"Spec{i}", role="spectator") for i in range(spectators)]
            humans = seats.split(",").count("human")
            players = [await join(host, f"P{i}") for i in range(humans)]
            assert sorted(p.seat for p in players) == [
                i for i, kind in enumerate(seats.split(",")) if kind == "human"]
            finals = await asyncio.gather(*(play(p, i) for i, p in enumerate(players)),
                                          *(watch(w) for w in watchers))
            record = t.record()
            expected = replay_result(record)
            assert record.result == expected
            for view in finals:
                assert view["over"] and view["result"] == expected
                assert [p["score"] for p in view["players"]] == expected["scores"]
            for c in players + watchers:
                await c.close()

    run(body())


def test_lobby_sit_chat_and_spectator_taking_a_seat() -> None:
    async def body() -> None:
        t = table("human,human,human")
        async with hosting(t) as host:
            a = await join(host, "Anna")
            assert a.seat == 0
            assert (await a.next_of("welcome"))["seat"] == 0  # the stream starts with it too
            await a.sit(2)
            welcome = await a.next_of("welcome")
            assert welcome["seat"] == 2 and welcome["token"] == a.token and a.seat == 2
            assert [s["kind"] for s in a.seats] == ["open", "open", "human"]
            await a.sit(1)
            welcome = await a.next_of("welcome")
            await a.sit(7)
            assert (await a.next_of("error"))["code"] == "bad-seat"
            s = await join(host, "Sam", role="spectator")
            assert s.seat is None
            await s.next_of("welcome")
            await s.sit(1)
            assert (await s.next_of("error"))["code"] == "bad-seat"  # Anna sits there
            await s.sit(0)
            assert (await s.next_of("welcome"))["seat"] == 0
            await s.chat("ciao a tutti")
            chat = await a.next_of("chat")
            assert chat == {"t": "chat", "from": "Sam", "text": "ciao a tutti"}
            b = await join(host, "Ben")
            assert b.seat == 2
            for c in (a, s, b):
                assert (await c.next_of("update"))["seq"] == 1
            spectator = await join(host, "Late", role="spectator")
            await spectator.chat("hi")
            assert (await a.next_of("chat"))["from"] == "Late (spectator)"
            for c in (a, s, b, spectator):
                await c.close()

    run(body())


def test_game_with_the_real_bots_runner() -> None:
    """The bots package's worker-process runner plays the bot seats (random and easy levels)."""

    async def body() -> None:
        t = table("human,bot:random,bot:easy", seed=99, runner="real", bot_deadline_s=1.0)
        async with hosting(t) as host:
            a = await join(host, "Anna")
            s = await join(host, "Spec", role="spectator")
            finals = await asyncio.gather(play(a, 0), watch(s))
            record = t.record()
            assert finals[0]["result"] == finals[1]["result"] == replay_result(record)
            runner = t._bots.runner
            assert runner is not None and runner.fallbacks <= 2  # the worker answered
            for c in (a, s):
                await c.close()
        assert t._bots.runner is None  # closed with the table, which owned it

    run(body(), timeout=60)
