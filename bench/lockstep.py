"""How the network benches measure a turn's latency, whatever carries it (TCP on the LAN, iroh on the internet).

Why one home: bench/net.py and bench/net_iroh.py must measure the same thing for their figures to stand side by
side: the host stamps each turn as it arrives, the peers play in lockstep (the mover sends its next turn only once
every peer has decoded the last update, so each turn is timed alone), and a turn's latency is the time to the last
peer's decode, summed up in the same percentiles. Only how a peer connects differs.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from patrician_qt.engine import legal_turns, state_from_view
from patrician_qt.net.client import Client
from patrician_qt.net.host import Host
from patrician_qt.table import Table, parse_seats

#: a peer's message handler, as a Client takes it
OnMessage = Callable[[dict[str, Any]], None]
#: connects peer number i with that handler
Connect = Callable[[int, OnMessage], Awaitable[Client]]


class TimedTable(Table):
    """A table that notes when each turn arrived (keyed by the seq of the update it makes)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals: dict[int, int] = {}

    def submit(self, seat: int, seq: int, turn: dict[str, Any]) -> None:
        t = time.perf_counter_ns()
        super().submit(seat, seq, turn)
        self.arrivals[self.seq] = t


def turn_key(game: int, seq: int) -> str:
    """How a turn is named across a bench's games: the game's number and the seq of the update it made."""
    return f"{game}:{seq}"


def bench_table(game: int, players: int, **options: Any) -> TimedTable:
    """The bench's game number `game`: a seat for each of `players` peers, dealt by the game's number."""
    return TimedTable(f"Bench {game}", parse_seats(",".join(["human"] * players)), seed=game, **options)


async def host_to_the_end(game: int, table: TimedTable, host: Host) -> dict[str, int]:
    """Wait for the game to end, give its last update time to reach every peer, close host and table; when
    each turn arrived, by turn key."""
    await table.wait_over()
    await asyncio.sleep(0.2)  # let the last update reach everyone
    await host.close()
    await table.close()
    return {turn_key(game, seq): t for seq, t in table.arrivals.items()}


async def play_in_lockstep(game: int, players: int, connect: Connect, decoded: dict[str, list[int]]) -> int:
    """`players` peers play one game, the mover waiting for every peer's decode before its next turn; notes
    each decode's time under its turn key in `decoded` and returns the number of turns played."""
    done: dict[int, int] = {}
    ready: dict[int, asyncio.Event] = {}
    clients: list[Client] = []

    def on_message(m: dict[str, Any]) -> None:
        if m.get("t") != "update":
            return
        stamp = time.perf_counter_ns()
        seq = m["seq"]
        decoded.setdefault(turn_key(game, seq), []).append(stamp)
        done[seq] = done.get(seq, 0) + 1
        if done[seq] == players:
            ready.setdefault(seq, asyncio.Event()).set()

    for i in range(players):
        clients.append(await connect(i, on_message))
    turns = 0
    await asyncio.wait_for(ready.setdefault(1, asyncio.Event()).wait(), 10)  # the deal
    while True:
        seq = max(done)
        view = clients[0].view
        assert view is not None
        if view["over"]:
            break
        mover = clients[view["to_move"]]
        assert mover.view is not None and mover.seq == seq
        await mover.send_turn(legal_turns(state_from_view(mover.view))[0].to_map(), seq)
        ready.setdefault(seq + 1, asyncio.Event())
        await asyncio.wait_for(ready[seq + 1].wait(), 10)
        turns += 1
    await asyncio.sleep(0.05)  # the last update reaches every peer
    for c in clients:
        await c.close()
    return turns


def reach_ms(arrivals: dict[str, int], decoded: dict[str, list[int]], peers: int, turns: int) -> dict[str, float]:
    """For the first `turns` turns in the order played (by turn key): ms from the turn's arrival at the host
    to the last of `peers` peers having decoded its update."""
    keys = sorted(arrivals, key=lambda k: tuple(map(int, k.split(":"))))[:turns]
    assert all(len(decoded.get(k, ())) == peers for k in keys)
    return {k: (max(decoded[k]) - arrivals[k]) / 1e6 for k in keys}


def latency_spread(ms: Iterable[float]) -> dict[str, float]:
    """The percentiles every network bench reports of its latencies."""
    lat = sorted(ms)
    return {"latency_p50_ms": round(statistics.median(lat), 3),
            "latency_p99_ms": round(lat[int(len(lat) * 0.99) - 1], 3),
            "latency_max_ms": round(lat[-1], 3)}
