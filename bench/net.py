"""LAN figures: update latency and size with 5 peers, host start-to-accept with zeroconf.

Run by hand: `python bench/net.py [--turns 2000] [--write docs/figures.md]` (``--write``: rows ``net.latency``,
``net.update_size`` and ``net.host_start`` of the figures table). Everything stays on 127.0.0.1,
or inside a private network namespace for the zeroconf start-up figure. The
last line printed is one JSON object.

- latency: from a turn arriving at the host (the table's `submit` is called) to
  the last of 5 peers having decoded its update; host and peers are separate
  processes, times are CLOCK_MONOTONIC, which both share.
- bytes per update: the size of each `update` frame as a peer received it. Peers
  0-2 ask for the protocol feature "ended-no-result" (as the app does), peers
  3-4 do not (as a client written to PROTOCOL.md alone): both are reported.
  A few more games with 24-character names (ASCII, and 4-byte UTF-8 characters,
  the most bytes a name may have) give the largest updates, including the one a
  player gets on rejoining the finished game.
- host fan-out: from that arrival to the host having written all five updates
  (the host's own work; the rest is the kernel and the peers' decoding).
- start-to-accept: `Host.start()` with zeroconf advertising to a welcomed
  peer, and how long zeroconf registration itself took meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402

import patrician_qt.net.client as net_client  # noqa: E402
from bench.figures_table import Row, when, write_rows  # noqa: E402
from bench.lockstep import OnMessage, bench_table, host_to_the_end, latency_spread, play_in_lockstep, reach_ms  # noqa: E402
from patrician_qt.engine import legal_turns, state_from_view  # noqa: E402
from patrician_qt.net._framing import FrameReader  # noqa: E402
from patrician_qt.net.client import Client  # noqa: E402
from patrician_qt.net.host import Host  # noqa: E402
from patrician_qt.table import Table, parse_seats  # noqa: E402

PLAYERS = 5
#: the table option of every bench table (docs/rules.md R26 "rulebook", R26a "open"); set by --table
VISIBILITY = ["rulebook"]
#: the first LEAN peers ask for "ended-no-result"; the others speak plain PROTOCOL.md
LEAN = 3


class _Sizing(FrameReader):
    """A client's frame reader that notes the size of each `update` frame it reads."""

    __slots__ = ("_into",)
    #: where the next reader made records its sizes (set before each connect)
    into: ClassVar[list[int]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._into = _Sizing.into

    def feed(self, chunk: bytes) -> Any:
        for message in super().feed(chunk):
            if message["t"] == "update":
                self._into.append(self.last_size)
            yield message


net_client.FrameReader = _Sizing  # type: ignore[misc]  # the bench's peers measure what they read


class _SentStamp:
    """A listener registered after the host's: its call marks the end of the host's fan-out."""

    def __init__(self) -> None:
        self.sent: dict[int, int] = {}

    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        self.sent[seq] = time.perf_counter_ns()

    def lobby_changed(self) -> None:
        pass

    def chat(self, sender: str, text: str) -> None:
        pass


def _serve(games: int, ports: Any, results: Any) -> None:
    """The host process: one table after another, reporting arrival times."""

    async def main() -> None:
        arrivals: dict[str, int] = {}
        fanout: list[int] = []
        for game in range(games):
            table = bench_table(game, PLAYERS, visibility=VISIBILITY[0])
            host = Host(table, "127.0.0.1", 0)
            await host.start()
            stamp = _SentStamp()
            table.listen(stamp)  # called after the host has written every update
            ports.put(host.port)
            arrivals.update(await host_to_the_end(game, table, host))
            fanout.extend(stamp.sent[seq] - t for seq, t in table.arrivals.items())
        results.put((arrivals, fanout))

    asyncio.run(main())


async def _play(game: int, port: int, decoded: dict[str, list[int]],
                sizes: dict[str, list[int]]) -> int:
    """Five peers play one game in lockstep; the first LEAN ask for "ended-no-result", each notes its sizes."""

    async def connect(i: int, on_message: OnMessage) -> Client:
        lean = i < LEAN
        _Sizing.into = sizes.setdefault("lean" if lean else "plain", [])
        c = Client(on_message=on_message, reconnect=False, **({} if lean else {"features": ()}))
        await c.connect("127.0.0.1", port, f"P{i}")
        return c

    return await play_in_lockstep(game, PLAYERS, connect, decoded)


async def _long_names(games: int = 3) -> dict[str, Any]:
    """Largest update bytes with 24-character names: per game 4 asking peers, 1 plain one,
    and the update a player gets on rejoining the finished game."""
    out: dict[str, Any] = {}
    for label, first in (("ascii", "A"), ("utf8_4byte", "\U0001F600")):
        names = [chr(ord(first) + i) * 24 for i in range(PLAYERS)]
        sizes: dict[str, list[int]] = {"lean": [], "plain": [], "rejoin": []}
        for game in range(games):
            table = Table("Long names", parse_seats(",".join(["human"] * PLAYERS)), seed=game,
                          visibility=VISIBILITY[0])
            host = Host(table, "127.0.0.1", 0)
            await host.start()
            clients = []
            for i, name in enumerate(names):
                _Sizing.into = sizes["lean" if i else "plain"]
                c = Client(reconnect=False, **({} if i else {"features": ()}))
                await c.connect("127.0.0.1", host.port, name)
                clients.append(c)
            last = 0
            while True:
                while (clients[0].seq or 0) <= last:
                    await clients[0].next_of("update")
                last, view = clients[0].seq or 0, clients[0].view
                assert view is not None
                if view["over"]:
                    break
                mover = clients[view["to_move"]]
                while mover.seq != last:
                    await mover.next_of("update")
                assert mover.view is not None
                await mover.send_turn(legal_turns(state_from_view(mover.view))[0].to_map(), last)
            await asyncio.sleep(0.05)
            token = clients[1].token
            for c in clients:
                await c.close()
            _Sizing.into = sizes["rejoin"]
            again = Client(reconnect=False)
            await again.connect("127.0.0.1", host.port, names[1], token=token)
            await again.next_of("update")
            await again.close()
            await host.close()
            await table.close()
        out.update({f"long_names_{label}_update_bytes_max": max(sizes["lean"]),
                    f"long_names_{label}_update_bytes_max_plain": max(sizes["plain"]),
                    f"long_names_{label}_rejoin_update_bytes": max(sizes["rejoin"])})
    return out


async def _raw_round_trip(n: int = 2000) -> float:
    """Median ms of a msgpack map sent to an echoing peer and decoded back (for scale)."""

    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(65536):
            writer.write(data)

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    reader, writer = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
    unpacker = msgpack.Unpacker(raw=False)
    times = []
    for i in range(n):
        t = time.perf_counter_ns()
        writer.write(msgpack.packb({"t": "ping", "n": i}))
        got: list[Any] = []
        while not got:
            unpacker.feed(await reader.read(65536))
            got = list(unpacker)
        times.append(time.perf_counter_ns() - t)
    writer.close()
    await writer.wait_closed()
    server.close()
    await server.wait_closed()
    return statistics.median(times) / 1e6


def latency(turns: int) -> dict[str, Any]:
    """Play enough 5-player games for `turns` turns; latency percentiles and update sizes."""
    games = -(-turns // 55)
    ctx = multiprocessing.get_context("fork")
    ports, results = ctx.Queue(), ctx.Queue()
    proc = ctx.Process(target=_serve, args=(games, ports, results))
    proc.start()
    decoded: dict[str, list[int]] = {}
    sizes: dict[str, list[int]] = {}

    async def peers() -> int:
        total = 0
        for game in range(games):
            port = ports.get(timeout=30)
            total += await _play(game, port, decoded, sizes)
        return total

    played = asyncio.run(peers())
    arrivals, fanout = results.get(timeout=60)
    fanout = sorted(fanout)
    proc.join(10)
    reach = reach_ms(arrivals, decoded, PLAYERS, turns)
    if os.environ.get("BENCH_DEBUG"):
        worst = sorted(reach.items(), key=lambda item: -item[1])[:30]
        print([(k, round(ms, 2)) for k, ms in worst], file=sys.stderr)
    raw = asyncio.run(_raw_round_trip())
    return {
        "turns": len(reach),
        "games": games,
        "played": played,
        **latency_spread(reach.values()),
        "host_fanout_p50_ms": round(statistics.median(fanout) / 1e6, 3),
        "host_fanout_p99_ms": round(fanout[int(len(fanout) * 0.99) - 1] / 1e6, 3),
        "update_bytes_mean": round(statistics.mean(sizes["lean"])),
        "update_bytes_max": max(sizes["lean"]),
        "update_bytes_mean_plain": round(statistics.mean(sizes["plain"])),
        "update_bytes_max_plain": max(sizes["plain"]),
        **asyncio.run(_long_names()),
        "raw_msgpack_round_trip_ms": round(raw, 3),
    }


async def _startup() -> dict[str, Any]:
    """Time Host.start() with zeroconf to a welcomed peer, and zeroconf's own registration."""
    table = Table("Start-up bench", parse_seats("human,human"), seed=1)
    t0 = time.perf_counter()
    host = Host(table, "0.0.0.0", 0, advertise=True)
    await host.start()
    started = time.perf_counter() - t0
    client = Client(reconnect=False)
    await client.connect("127.0.0.1", host.port, "Probe")
    accepted = time.perf_counter() - t0
    advertiser = host._advertiser
    while not advertiser._registered and time.perf_counter() - t0 < 10:
        await asyncio.sleep(0.01)
    registered = time.perf_counter() - t0 if advertiser._registered else None
    await client.close()
    t1 = time.perf_counter()
    await host.close()
    closed = time.perf_counter() - t1
    await table.close()
    return {"start_returns_s": round(started, 4), "start_to_accept_s": round(accepted, 4),
            "zeroconf_registered_s": None if registered is None else round(registered, 3),
            "close_s": round(closed, 3)}


def startup() -> dict[str, Any]:
    """Run the start-up figure inside a private namespace (so mDNS leaves no trace), if possible."""
    ns = f"ptbench{os.getpid()}"
    if shutil.which("ip") and os.geteuid() == 0:
        made = subprocess.run(["ip", "netns", "add", ns], capture_output=True).returncode == 0
        if made:
            try:
                for cmd in (["link", "set", "lo", "up"],
                            ["link", "add", "bv0", "type", "veth", "peer", "name", "bv1"],
                            ["addr", "add", "10.232.0.1/24", "dev", "bv0"],
                            ["link", "set", "bv0", "up"],
                            ["link", "set", "bv1", "up"],
                            ["route", "add", "224.0.0.0/4", "dev", "bv0"]):
                    subprocess.run(["ip", "-n", ns, *cmd], check=True, capture_output=True)
                out = subprocess.run(["ip", "netns", "exec", ns, sys.executable, __file__,
                                      "--startup-only"], check=True, capture_output=True,
                                     text=True, timeout=60).stdout
                return {**json.loads(out.strip().splitlines()[-1]), "where": "netns"}
            finally:
                subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    return {"start_to_accept_s": None, "where": "skipped: no network namespace (needs root)"}


def rows(figures: dict[str, Any], start: dict[str, Any], turns: int, stamp: str) -> list[Row]:
    """The figures table's rows of this bench."""
    how = f"`bench/net.py --turns {turns}`, {stamp}"
    out = [
        Row("net.latency", f"LAN update latency, {PLAYERS} peers on 127.0.0.1, {figures['turns']:,} turns",
            f"p50 {figures['latency_p50_ms']} ms, p99 {figures['latency_p99_ms']} ms", "p50 ≤ 1 ms, p99 ≤ 5 ms", how),
        Row("net.update_size", f"LAN update size, {PLAYERS} players",
            f"mean {figures['update_bytes_mean']:,.0f} B, max {figures['update_bytes_max']:,} B (24-character names: "
            f"{figures['long_names_ascii_update_bytes_max']:,} B; every character 4 bytes: "
            f"{figures['long_names_utf8_4byte_update_bytes_max']:,} B); a peer not asking for `ended-no-result` "
            f"(docs/protocol.md): max {figures['update_bytes_max_plain']:,} B", "≤ 2 KB", how),
    ]
    if start.get("start_to_accept_s") is not None:
        out.append(Row(
            "net.host_start", "host start to accepting (zeroconf registers in the background, "
            f"{start.get('zeroconf_registered_s')} s)", f"{start['start_to_accept_s']} s", "≤ 0.5 s", how))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the rows there")
    parser.add_argument("--table", choices=("rulebook", "open"), default="rulebook",
                        help="the table option of the bench games (default rulebook, R26)")
    parser.add_argument("--startup-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    VISIBILITY[0] = args.table
    if args.startup_only:
        print(json.dumps(asyncio.run(_startup())))
        return
    figures = latency(args.turns)
    print(f"update latency over {figures['turns']} turns, 5 peers: "
          f"p50 {figures['latency_p50_ms']} ms, p99 {figures['latency_p99_ms']} ms; "
          f"update {figures['update_bytes_mean']} bytes, max {figures['update_bytes_max']} "
          f"(a peer not asking for \"ended-no-result\": {figures['update_bytes_mean_plain']}, "
          f"max {figures['update_bytes_max_plain']}); 24-character names: max "
          f"{figures['long_names_ascii_update_bytes_max']} (ASCII), "
          f"{figures['long_names_utf8_4byte_update_bytes_max']} (4-byte characters), "
          f"rejoining the finished game {figures['long_names_ascii_rejoin_update_bytes']} / "
          f"{figures['long_names_utf8_4byte_rejoin_update_bytes']}")
    start = startup()
    print(f"host start to accepting with zeroconf: {start.get('start_to_accept_s')} s "
          f"(zeroconf registration {start.get('zeroconf_registered_s')} s) [{start['where']}]")
    print(json.dumps({"table": args.table, **figures, **{f"startup_{k}": v for k, v in start.items()}}))
    if args.write:
        write_rows(args.write, rows(figures, start, args.turns, when()))


if __name__ == "__main__":
    main()
