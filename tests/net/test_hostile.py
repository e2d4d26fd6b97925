"""Hostile peers: every bad input gets PROTOCOL.md's error and changes nothing else."""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any

import msgpack
import pytest

from patrician_qt.net.host import Host, HostConfig
from tests.net.helpers import FAST, Raw, choose, eventually, hello, hosting, join, run, table


async def _game(host: Host) -> tuple[Any, Any]:
    """Two clients seated at a 2-player table; the game has started."""
    a = await join(host, "Anna")
    b = await join(host, "Ben")
    await a.next_of("update")
    await b.next_of("update")
    return a, b


async def _still_serving(host: Host) -> None:
    """A fresh spectator is welcomed and gets the seat list (and the update, if playing) quickly."""
    raw, welcome = await hello(host.port, "Check", role="spectator")
    assert welcome["seat"] is None
    await raw.expect("lobby", timeout=2.0)
    if host.table.phase() != "lobby":
        await raw.expect("update", timeout=2.0)
    raw.close()


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"\xc1\xc1\xc1", "not msgpack"),
        (msgpack.packb([1, 2, 3]), "map"),
        (msgpack.packb({"x": 1}), "'t'"),
        (msgpack.packb({"t": None}), "'t'"),
        (msgpack.packb({"t": "chat", "text": b"hi"}, use_bin_type=True), "not msgpack"),
        (msgpack.packb({"t": "chat", "text": "x" * (10 * 1024 * 1024)}), "larger"),
        (b"\xdf\xff\xff\xff\xff" + b"\xa1a" * 1000, "not msgpack"),
    ],
    ids=["garbage", "list", "no-t", "null-t", "bin", "10MB", "huge-map"],
)
def test_bad_frames_close_only_that_connection(data: bytes, why: str) -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            a, b = await _game(host)
            seq = t.seq
            raw, _ = await hello(host.port, "Eve", role="spectator")
            try:
                await raw.send(data)
            except ConnectionError:
                pass  # the host may close while we are still sending 10 MB
            error = await raw.recv()
            if error is not None:  # the error may be lost if we were still sending
                assert error["t"] in ("error", "lobby", "update")
                if error["t"] == "error":
                    assert error["code"] == "bad-frame" and why in error["message"]
            assert await raw.closed()
            # Also before hello.
            raw2 = await Raw.open(host.port)
            await raw2.send(data[:100000])
            assert await raw2.closed()
            assert t.seq == seq
            await a.send_raw({"t": "ping", "n": 5})
            while (await a.next_of("pong"))["n"] != 5:  # skip the client's own keep-alive pongs
                pass
            await _still_serving(host)
            for c in (a, b):
                await c.close()

    run(body())


def test_unknown_type_keeps_the_connection() -> None:
    async def body() -> None:
        async with hosting(table("human,human")) as host:
            raw, _ = await hello(host.port, role="spectator")
            await raw.send({"t": "teleport", "to": "Roma"})
            await raw.expect("error", code="unknown-type")
            await raw.send({"t": "ping", "n": 1, "extra": [1, 2]})  # unknown keys are ignored
            await raw.expect("pong", n=1)

    run(body())


def test_wrong_version_is_refused_and_closed() -> None:
    async def body() -> None:
        async with hosting(table("human,human")) as host:
            raw = await Raw.open(host.port)
            await raw.send({"t": "hello", "v": 2, "name": "Future"})
            await raw.expect("error", code="version")
            assert await raw.closed()
            assert host.table.seats()[0]["kind"] == "open"

    run(body())


@pytest.mark.parametrize(
    "message",
    [
        {"t": "hello", "v": 1, "name": ""},
        {"t": "hello", "v": 1, "name": "x" * 25},
        {"t": "hello", "v": 1, "name": "a\nb"},
        {"t": "hello", "v": 1},
        {"t": "hello", "v": "1", "name": "A"},
        {"t": "hello", "v": True, "name": "A"},
        {"t": "hello", "v": 1, "name": "A", "role": "god"},
        {"t": "hello", "v": 1, "name": "A", "token": 5},
        {"t": "turn", "seq": 1, "turn": {}},
        {"t": "chat", "text": "hi"},
        {"t": "sit", "seat": 0},
    ],
)
def test_bad_or_early_messages_get_bad_message_and_change_nothing(message: dict) -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            raw = await Raw.open(host.port)
            await raw.send(message)
            await raw.expect("error", code="bad-message")
            assert t.seats()[0]["kind"] == "open"
            await raw.send({"t": "hello", "v": 1, "name": "Fine"})  # still open, may say hello
            await raw.expect("welcome", seat=0)

    run(body())


def test_bad_fields_after_welcome() -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            a, b = await _game(host)
            seq = t.seq
            raw, _ = await hello(host.port, role="spectator")
            for message in [
                {"t": "chat", "text": "x" * 501},
                {"t": "chat", "text": "   "},
                {"t": "chat"},
                {"t": "turn", "seq": "1", "turn": {}},
                {"t": "turn", "seq": 1, "turn": [1]},
                {"t": "sit", "seat": "0"},
                {"t": "ping", "n": 2**60},
                {"t": "hello", "v": 1, "name": "Again"},
            ]:
                await raw.send(message)
                await raw.expect("error", code="bad-message")
            assert t.seq == seq
            for c in (a, b):
                await c.close()

    run(body())


def test_forged_and_wrong_tokens() -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            a, b = await _game(host)
            for token in ["forged", a.token[:-1] + ("A" if a.token[-1] != "A" else "B"), "x" * 200]:
                raw = await Raw.open(host.port)
                await raw.send({"t": "hello", "v": 1, "name": "Eve", "token": token})
                await raw.expect("error", code="bad-token")
                # The connection stays open; without a token it is simply full.
                await raw.send({"t": "hello", "v": 1, "name": "Eve"})
                await raw.expect("error", code="table-full")
                assert await raw.closed()
            assert t.seats()[0] == {"name": "Anna", "kind": "human", "connected": True}
            for c in (a, b):
                await c.close()

    run(body())


def test_no_acting_for_another_seat_nor_with_a_stale_seq() -> None:
    async def body() -> None:
        t = table("human,human", seed=3)
        async with hosting(t) as host:
            a, b = await _game(host)
            view = a.view
            assert view["to_move"] == 0
            seq = a.seq
            # Ben tries to play Anna's turn (even with Anna's cards).
            await b.send_turn(choose(view, 0), seq)
            err = await b.next_of("error")
            assert err["code"] == "not-your-turn"
            # A spectator cannot play either.
            raw, _ = await hello(host.port, role="spectator")
            await raw.send({"t": "turn", "seq": seq, "turn": choose(view, 0)})
            await raw.expect("error", code="not-your-turn")
            # Anna with a seq from the future, from the past, an illegal turn.
            for bad_seq in (seq + 1, seq - 1, -5):
                await a.send_turn(choose(view, 0), bad_seq)
                rejected = await a.next_of("rejected")
                assert rejected["seq"] == bad_seq and "stale" in rejected["reason"]
            await a.send_turn({**choose(view, 0), "card": "ROM-7"}, seq)
            rejected = await a.next_of("rejected")
            assert rejected["rule"] == "R8"
            assert t.seq == seq and t.true_state().turn_number == 0
            await a.send_turn(choose(view, 0), seq)
            update = await b.next_of("update")
            assert update["seq"] == seq + 1 and update["events"][0]["e"] == "played"
            # Replaying the same turn later is stale.
            await a.send_turn(choose(view, 0), seq)
            rejected = await a.next_of("rejected", "error")
            assert rejected["t"] == "error" or "stale" in rejected["reason"]
            assert t.true_state().turn_number == 1
            for c in (a, b):
                await c.close()

    run(body())


def test_flood_is_rate_limited_and_others_are_not_slowed() -> None:
    async def body() -> None:
        config = HostConfig(idle_timeout=5, hello_timeout=5, sweep_interval=0.1, rate=50, burst=50)
        t = table("human,human")
        async with hosting(t, config) as host:
            a, b = await _game(host)
            raw, _ = await hello(host.port, role="spectator")
            flood = b"".join(msgpack.packb({"t": "ping", "n": i}) for i in range(20000))
            started = time.monotonic()
            sender = asyncio.create_task(raw.send(flood))
            # While the flood goes on, every one of Anna's pings is answered, in order.
            for n in range(20):
                await a.send_raw({"t": "ping", "n": 1000 + n})
                while (await a.next_of("pong", timeout=30))["n"] != 1000 + n:
                    pass
            pongs, rate_errors = 0, 0
            while True:
                try:
                    message = await raw.recv(timeout=0.5)
                except TimeoutError:
                    break
                if message is None:
                    break
                if message["t"] == "pong":
                    pongs += 1
                elif message.get("code") == "rate":
                    rate_errors += 1
            elapsed = time.monotonic() - started
            assert rate_errors >= 1
            # the burst plus the rate, no more: an upper bound that a slow machine only loosens
            assert pongs <= 50 + 50 * elapsed + 5
            sender.cancel()
            assert t.seq == 1
            for c in (a, b):
                await c.close()

    run(body())


def test_a_peer_that_never_reads_is_dropped_and_blocks_nobody() -> None:
    async def body() -> None:
        config = HostConfig(idle_timeout=30, hello_timeout=5, sweep_interval=0.1,
                            send_buffer_limit=64 * 1024, socket_send_buffer=16 * 1024)
        t = table("human,human")
        async with hosting(t, config) as host:
            a, b = await _game(host)
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", host.port))
            sock.sendall(msgpack.packb({"t": "hello", "v": 1, "name": "Stall",
                                        "role": "spectator"}))
            assert await eventually(lambda: host.peers == 3)
            got = 0
            for i in range(400):  # 400 × 500 chars ≈ 200 KB to every peer
                t.say("Host", f"{i:03d}" + "y" * 497)
                if i % 20 == 0:
                    await asyncio.sleep(0)
            assert await eventually(lambda: host.peers == 2)  # the staller was dropped
            while got < 400:
                message = await a.next_of("chat", timeout=30)
                assert message["text"].startswith(f"{got:03d}")
                got += 1
            sock.close()
            for c in (a, b):
                await c.close()

    run(body())


def test_silent_and_mute_connections_are_dropped() -> None:
    async def body() -> None:
        config = HostConfig(idle_timeout=0.5, hello_timeout=0.5, sweep_interval=0.05)
        t = table("human,human", takeover_after_s=3.0)
        async with hosting(t, config) as host:
            mute = await Raw.open(host.port)  # never says hello
            silent, _ = await hello(host.port, "Quiet")  # takes seat 0, then never pings
            assert t.seats()[0]["connected"]
            assert await mute.closed(timeout=30)
            assert await silent.closed(timeout=30)
            # the seat is kept, disconnected, for the grace of take-over (3 s), then freed
            states: list[dict] = []

            def seat_is_free() -> bool:
                seat = t.seats()[0]
                if not states or states[-1] != seat:
                    states.append(seat)
                return seat["kind"] == "open"

            assert await eventually(seat_is_free)
            assert {"name": "Quiet", "kind": "human", "connected": False} in states

    run(body())


def test_connection_limit() -> None:
    async def body() -> None:
        config = HostConfig(max_connections=3, max_spectators=2, sweep_interval=0.1, hello_timeout=60)
        async with hosting(table("human,human"), config) as host:
            _s1, _ = await hello(host.port, "S1", role="spectator")
            _s2, _ = await hello(host.port, "S2", role="spectator")
            raw = await Raw.open(host.port)
            await raw.send({"t": "hello", "v": 1, "name": "S3", "role": "spectator"})
            await raw.expect("error", code="table-full")
            assert await raw.closed()
            r1, r2 = await Raw.open(host.port), await Raw.open(host.port)
            # one of the two is the fourth connection: refused at once; the other waits for its hello (60 s)
            waits = [asyncio.create_task(r.closed(timeout=30)) for r in (r1, r2)]
            done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            assert [w.result() for w in done] == [True]
            assert host.peers == 3 and len(pending) == 1
            for w in pending:
                w.cancel()

    run(body())


def test_host_survives_clients_vanishing_mid_message() -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t, FAST) as host:
            for cut in (1, 5, 20):
                raw = await Raw.open(host.port)
                data = msgpack.packb({"t": "hello", "v": 1, "name": "Half", "role": "spectator"})
                await raw.send(data[:cut])
                raw.writer.transport.abort()
            await _still_serving(host)
            assert await eventually(lambda: host.peers == 0)  # the halves are gone, and the check's own peer

    run(body())
