"""A peer that comes back (its token, or a host resumed from its autosave) gets each `update` with a
`seq` above the one before: never the same number twice (docs/protocol.md "`seq` and stale turns")."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

from patrician_qt.net.client import Client
from patrician_qt.net.host import Host
from patrician_qt.table import Table
from tests.net.helpers import FAST, ViewRunner, hosting, join, policy, run, table


def _seqs(client: Client) -> list[int]:
    """Collects the seq of every update the client delivers from now on (a list that keeps growing)."""
    seen: list[int] = []
    original = client._deliver

    def deliver(message: dict) -> None:  # type: ignore[type-arg]
        if message.get("t") == "update":
            seen.append(message["seq"])
        original(message)

    client._deliver = deliver  # type: ignore[method-assign]
    return seen


async def _two_turns(a: Client, b: Client) -> None:
    for _ in range(2):
        for c in (a, b):
            while c.view is None or c.view["to_move"] != c.seat:
                await c.next_of("update")
            await c.send_turn(policy(c.view, c.seat), c.seq)
            await c.next_of("update")


def test_a_token_rejoin_gets_one_update_per_seq() -> None:
    async def body() -> None:
        async with hosting(table("human,human", seed=5)) as host:
            a, b = await join(host, "Anna"), await join(host, "Ben")
            await _two_turns(a, b)
            again = Client(ping_interval=0.3, host_timeout=3.0)
            seen = _seqs(again)
            await b.close()
            await a.next_of("update")  # Ben's `left`
            await again.connect("127.0.0.1", host.port, "Ben", token=b.token)
            await asyncio.sleep(0.5)
            assert seen, "no update after the rejoin"
            assert all(x < y for x, y in itertools.pairwise(seen)), seen
            for c in (a, again):
                await c.close()

    run(body())


def test_after_a_resume_returning_peers_get_one_update_per_seq(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human", seed=9, autosave_dir=tmp_path)
        host = Host(t, "127.0.0.1", 0, config=FAST)
        await host.start()
        port = host.port
        a, b = await join(host, "Anna", give_up_after=20), await join(host, "Ben", give_up_after=20)
        await _two_turns(a, b)
        seen_a, seen_b = _seqs(a), _seqs(b)
        save = t.autosave_file
        assert save is not None
        await host.close()
        await t.close()
        resumed = Table.resume(save, runner=ViewRunner())
        host = Host(resumed, "127.0.0.1", port, config=FAST)
        await host.start()
        try:
            while not (seen_a and seen_b):  # both are back
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            assert a.state == b.state == "connected"
            for seen in (seen_a, seen_b):
                assert all(x < y for x, y in itertools.pairwise(seen)), seen
            for c in (a, b):
                await c.close()
        finally:
            await host.close()
            await resumed.close()

    run(body())
