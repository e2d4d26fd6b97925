"""Internet-transport figures: a turn reaching 4 peers over iroh on 127.0.0.1, beside the same over TCP.

Run by hand: `python bench/net_iroh.py [--turns 1000]`. It runs itself in a network
namespace of its own with loopback only (`unshare --net`, as root or with user
namespaces), so no packet can leave the machine whatever iroh tries; iroh's endpoints
are direct only (no relay, no address lookup) and bound to 127.0.0.1. The last line
printed is one JSON object.

- latency: from a turn arriving at the host (the table's `submit` is called) to the
  last of 4 peers having decoded its update; the host is a separate process, times
  are CLOCK_MONOTONIC, which both share. The same games are played over TCP and over
  iroh (QUIC, encrypted), one transport after the other.
- iroh's own threads hand every received packet to Python through a callback, which
  must take the GIL: while the interpreter is busy (here four peers decode in one
  process) that waits up to the switch interval (5 ms by default; `--switch-interval`).
- `--processes`: each peer in a process of its own (as each player's app is); a peer plays
  its seat whenever its own update says so, and the host stamps each turn's arrival.
- connect: from a guest starting to dial (binding its endpoint, for iroh) to its
  `welcome` decoded.

`--write docs/figures.md` writes the row ``net_iroh.latency`` of the run (bench/figures_table.py).
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
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures_table import Row, when, write_rows  # noqa: E402
from bench.lockstep import OnMessage, bench_table, host_to_the_end, latency_spread, play_in_lockstep, reach_ms, turn_key  # noqa: E402
from patrician_qt.engine import legal_turns, state_from_view  # noqa: E402
from patrician_qt.net._iroh_transport import IrohDialer, IrohListener  # noqa: E402
from patrician_qt.net.client import Client  # noqa: E402
from patrician_qt.net.host import Host  # noqa: E402
from patrician_qt.net.invitation import DIRECT_ONLY, load_or_create_key  # noqa: E402

PLAYERS = 4
BIND = "127.0.0.1:0"


def _serve(transport: str, games: int, where: Any, results: Any, switch: float | None) -> None:
    """The host process: one table after another over one transport, reporting arrival times."""

    if switch:
        sys.setswitchinterval(switch)

    async def main() -> None:
        arrivals: dict[str, int] = {}
        key = load_or_create_key(Path(tempfile.mkdtemp(prefix="bench-iroh-")))
        for game in range(games):
            table = bench_table(game, PLAYERS)
            listeners = [IrohListener(key, DIRECT_ONLY, bind=BIND)] if transport == "iroh" else []
            host = Host(table, "127.0.0.1", 0, listeners=listeners)
            await host.start()
            where.put(listeners[0].invitation.link if listeners else host.port)
            arrivals.update(await host_to_the_end(game, table, host))
        results.put(arrivals)

    asyncio.run(main())


async def _connect(where: str | int, name: str, on_message: OnMessage) -> Client:
    """A peer joins the bench table: by its invitation over iroh, or by its port over TCP."""
    if isinstance(where, str):
        dialer = IrohDialer(where, DIRECT_ONLY, bind=BIND)
        c = Client(on_message=on_message, reconnect=False, dialer=dialer)
        await c.connect(dialer.label, 0, name)
    else:
        c = Client(on_message=on_message, reconnect=False)
        await c.connect("127.0.0.1", where, name)
    return c


async def _play(game: int, where: str | int, decoded: dict[str, list[int]], connects: list[float]) -> int:
    """Four peers play one game in lockstep; each one's time to connect is noted."""

    async def connect(i: int, on_message: OnMessage) -> Client:
        t = time.perf_counter()
        c = await _connect(where, f"P{i}", on_message)
        connects.append((time.perf_counter() - t) * 1e3)
        return c

    return await play_in_lockstep(game, PLAYERS, connect, decoded)


def _peer_process(where: Any, index: int, games: Any, out: Any, switch: float) -> None:
    """One peer in a process of its own (as each player's app is): plays its seat whenever its own
    update says so, and reports when it decoded each update."""
    sys.setswitchinterval(switch)

    async def main() -> None:
        decoded: dict[str, int] = {}
        for game in range(games):
            target = where.get(timeout=60)
            done, changed = asyncio.Event(), asyncio.Event()

            def on_message(m: dict[str, Any], game: int = game, done: asyncio.Event = done,
                           changed: asyncio.Event = changed) -> None:
                if m.get("t") == "update":
                    decoded[turn_key(game, m["seq"])] = time.perf_counter_ns()
                    changed.set()
                    if m["view"]["over"]:
                        done.set()

            c = await _connect(target, f"P{index}", on_message)
            answered = -1
            while not done.is_set():
                view, seq = c.view, c.seq
                if view is not None and seq is not None and not view["over"] and view["to_move"] == c.seat \
                        and seq != answered:
                    answered = seq
                    await c.send_turn(legal_turns(state_from_view(view))[0].to_map(), seq)
                if not done.is_set():
                    await changed.wait()  # the next update
                    changed.clear()
            await asyncio.sleep(0.1)
            await c.close()
        out.put(decoded)

    asyncio.run(main())


def latency_processes(transport: str, turns: int) -> dict[str, Any]:
    """The same figure with each of the 4 peers in a process of its own."""
    games = -(-turns // 48)
    ctx = multiprocessing.get_context("spawn")
    where, results, out = ctx.Queue(), ctx.Queue(), ctx.Queue()
    host = ctx.Process(target=_serve, args=(transport, games, where, results, sys.getswitchinterval()))
    host.start()
    relays = [ctx.Queue() for _ in range(PLAYERS)]
    peers = [ctx.Process(target=_peer_process, args=(relays[i], i, games, out, sys.getswitchinterval()))
             for i in range(PLAYERS)]
    for p in peers:
        p.start()
    for _ in range(games):
        target = where.get(timeout=120)
        for q in relays:
            q.put(target)
    decoded = [out.get(timeout=600) for _ in peers]
    arrivals = results.get(timeout=60)
    for p in (host, *peers):
        p.join(10)
    everywhere = {k: [d[k] for d in decoded] for k in arrivals if all(k in d for d in decoded)}
    reach = reach_ms({k: arrivals[k] for k in everywhere}, everywhere, PLAYERS, turns)
    return {"turns": len(reach), "games": games, **latency_spread(reach.values())}


def latency(transport: str, turns: int) -> dict[str, Any]:
    """Play enough 4-player games over one transport for `turns` turns; percentiles in ms."""
    games = -(-turns // 48)
    ctx = multiprocessing.get_context("spawn")  # no iroh runtime threads are forked
    where, results = ctx.Queue(), ctx.Queue()
    proc = ctx.Process(target=_serve, args=(transport, games, where, results, sys.getswitchinterval()))
    proc.start()
    decoded: dict[str, list[int]] = {}
    connects: list[float] = []

    async def peers() -> int:
        return sum([await _play(game, where.get(timeout=60), decoded, connects) for game in range(games)])

    played = asyncio.run(peers())
    arrivals = results.get(timeout=60)
    proc.join(10)
    reach = reach_ms(arrivals, decoded, PLAYERS, turns)
    return {
        "turns": len(reach), "games": games, "played": played, **latency_spread(reach.values()),
        "connect_p50_ms": round(statistics.median(connects), 2),
        "connect_max_ms": round(max(connects), 2),
    }


def _only_loopback() -> bool:
    lines = Path("/proc/net/dev").read_text().splitlines()[2:]
    return [line.split(":", 1)[0].strip() for line in lines] == ["lo"]


def _in_namespace(argv: list[str]) -> int:
    """Run this script again inside a new network namespace whose one interface is lo, brought up."""
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if unshare is None or ip is None:
        sys.exit("bench/net_iroh.py needs unshare and ip (util-linux, iproute2) to run in a namespace")
    command = [unshare, "--net"] if os.geteuid() == 0 else [unshare, "--net", "--map-root-user"]
    script = f"{ip} link set lo up && exec {sys.executable} {Path(__file__).resolve()} {' '.join(argv)}"
    return subprocess.call([*command, "sh", "-c", script])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--processes", action="store_true",
                        help="each peer in a process of its own, as each player's app is (the peers then do "
                             "not share one interpreter's GIL)")
    parser.add_argument("--switch-interval", type=float, default=None, metavar="MS",
                        help="Python's GIL switch interval in both processes (default 5 ms): iroh's threads "
                             "hand each packet to Python through the GIL, so a busy interpreter delays them")
    parser.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the row there")
    args = parser.parse_args()
    loads = [os.getloadavg()[0]]
    if not _only_loopback():
        sys.exit(_in_namespace(sys.argv[1:]))
    if args.switch_interval:
        sys.setswitchinterval(args.switch_interval / 1000)
    measure = latency_processes if args.processes else latency
    figures = {transport: measure(transport, args.turns) for transport in ("tcp", "iroh")}
    for transport, f in figures.items():
        print(f"{transport}: a turn reaches {PLAYERS} peers in p50 {f['latency_p50_ms']} ms, p99 "
              f"{f['latency_p99_ms']} ms, max {f['latency_max_ms']} ms over {f['turns']} turns"
              + (f"; connect p50 {f['connect_p50_ms']} ms" if "connect_p50_ms" in f else ""))
    print(json.dumps({"switch_interval_ms": sys.getswitchinterval() * 1000, **figures}))
    if args.write:
        options = [a for a in sys.argv[1:] if a not in ("--write", str(args.write)) and not a.startswith("--write=")]
        loads.append(os.getloadavg()[0])
        write_rows(args.write, [row(figures, f"`bench/net_iroh.py {' '.join(options)}`".replace(" `", "`"),
                                    when(loads), args.processes)])


def row(figures: dict[str, dict[str, Any]], command: str, stamp: str, processes: bool) -> Row:
    """The figures table's row: iroh's latency beside TCP's of the same run."""
    iroh, tcp = figures["iroh"], figures["tcp"]
    peers = "each peer its own process" if processes else "peers in one process"
    connect = f"; connecting by invitation p50 {iroh['connect_p50_ms']} ms" if "connect_p50_ms" in iroh else ""
    return Row("net_iroh.latency", f"internet (iroh, QUIC): a turn reaching {PLAYERS} peers on 127.0.0.1, "
               f"{iroh['turns']:,} turns, beside TCP in the same run, in a network namespace with loopback only",
               f"{peers}: iroh p50 {iroh['latency_p50_ms']} ms, p99 {iroh['latency_p99_ms']} ms (TCP "
               f"{tcp['latency_p50_ms']} / {tcp['latency_p99_ms']} ms){connect}", "p50 ≤ 2 ms, p99 ≤ 10 ms",
               f"{command}, {stamp}")


if __name__ == "__main__":
    main()
