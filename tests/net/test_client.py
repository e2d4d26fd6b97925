"""The client's errors people read, and its reconnecting (real sockets on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import socket

import msgpack
import pytest

from patrician_qt.net.client import (
    AddressError,
    BadToken,
    Client,
    ConnectTimeout,
    HostGone,
    RefusedError,
    TableFull,
    VersionMismatch,
)
from patrician_qt.net.host import Host
from tests.net.helpers import FAST, hosting, join, run, table


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_bad_port_is_an_address_error() -> None:
    async def body() -> None:
        for port in (0, 70000, "47147"):
            with pytest.raises(AddressError, match="port") as info:
                await Client().connect("127.0.0.1", port, "Anna")  # type: ignore[arg-type]
            assert info.value.kind == "bad-port" and info.value.params == {"port": port}

    run(body())


def test_nobody_listening_is_refused() -> None:
    async def body() -> None:
        port = _free_port()
        with pytest.raises(RefusedError, match="is the host running") as info:
            await Client().connect("127.0.0.1", port, "Anna")
        assert info.value.kind == "refused" and info.value.params == {"host": "127.0.0.1", "port": port}

    run(body())


def test_a_host_that_never_answers_times_out() -> None:
    async def body() -> None:
        # the host keeps each connection (its writer) open and says nothing: since Python 3.12 a writer that is
        # garbage-collected closes its connection, which the client would rightly call a host that left
        kept: list[asyncio.StreamWriter] = []
        server = await asyncio.start_server(lambda r, w: kept.append(w), "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        with pytest.raises(ConnectTimeout, match="did not welcome") as info:
            await Client(connect_timeout=0.3).connect("127.0.0.1", port, "Anna")
        assert info.value.kind == "no-welcome" and info.value.params["seconds"] == 0.3
        server.close()

    run(body())


def test_version_mismatch_full_table_and_bad_token() -> None:
    async def body() -> None:
        async def future_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(100)
            writer.write(msgpack.packb({"t": "error", "code": "version",
                                        "message": "this host speaks protocol version 2"}))
            writer.close()

        server = await asyncio.start_server(future_host, "127.0.0.1", 0)
        with pytest.raises(VersionMismatch, match="version 2") as info:
            await Client().connect("127.0.0.1", server.sockets[0].getsockname()[1], "Anna")
        assert info.value.kind == "version"
        assert info.value.params == {"code": "version", "message": "this host speaks protocol version 2"}
        server.close()
        async with hosting(table("human,human")) as host:
            a, b = await join(host, "A"), await join(host, "B")
            with pytest.raises(TableFull, match="no seat is open") as full:
                await join(host, "C")
            with pytest.raises(BadToken, match="token") as bad:
                await join(host, "C", token="not-a-token")
            assert (full.value.kind, full.value.params["code"]) == ("table-full", "table-full")
            assert (bad.value.kind, bad.value.params["code"]) == ("bad-token", "bad-token")
            await a.close()
            await b.close()

    run(body())


def test_host_gone_without_reconnect() -> None:
    async def body() -> None:
        async with hosting(table("human,human")) as host:
            a = await join(host, "A", reconnect=False)
        closed = await a.next_of("connection")
        assert closed["state"] == "closed" and "closed the connection" in closed["error"]
        assert closed["cause"] is a.error and a.error.kind == "closed"
        assert isinstance(a.error, HostGone) and a.state == "closed"
        with pytest.raises(HostGone) as gone:
            await a.chat("anyone?")
        assert gone.value.kind == "not-connected"
        assert [m async for m in a] == []  # iteration has ended

    run(body())


def test_reconnects_with_backoff_to_a_restarted_host() -> None:
    async def body() -> None:
        t = table("human,human", takeover_after_s=30)
        host = Host(t, "127.0.0.1", 0, config=FAST)
        await host.start()
        port = host.port
        a = await join(host, "Anna")
        b = await join(host, "Ben")
        await host.close()  # the host goes away, the table stays
        assert (await a.next_of("connection"))["state"] == "reconnecting"
        await asyncio.sleep(0.3)  # a few failed attempts (refused) meanwhile
        host = Host(t, "127.0.0.1", port, config=FAST)
        await host.start()
        back = await a.next_of("connection", timeout=5)
        assert back["state"] == "connected" and a.seat == 0
        update = await a.next_of("update")
        assert update["view"]["seat"] == 0
        for c in (a, b):
            await c.close()
        await host.close()
        await t.close()

    run(body())


def test_host_silent_counts_as_gone() -> None:
    async def body() -> None:
        async def mute_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(100)
            writer.write(msgpack.packb({"t": "welcome", "v": 1, "seat": None, "token": "t",
                                        "table": {"name": "Mute", "seats": []}}))
            await asyncio.sleep(10)

        server = await asyncio.start_server(mute_host, "127.0.0.1", 0)
        client = Client(ping_interval=0.1, host_timeout=0.4, reconnect=False)
        await client.connect("127.0.0.1", server.sockets[0].getsockname()[1], "A", role="spectator")
        closed = await client.next_of("connection", timeout=3)
        assert closed["state"] == "closed"
        server.close()

    run(body())


def test_a_spectator_comes_back_as_a_spectator() -> None:
    async def body() -> None:
        t = table("human,human")
        host = Host(t, "127.0.0.1", 0, config=FAST)
        await host.start()
        port = host.port
        s = await join(host, "Sam", role="spectator")
        await host.close()
        assert (await s.next_of("connection"))["state"] == "reconnecting"
        host = Host(t, "127.0.0.1", port, config=FAST)
        await host.start()
        assert (await s.next_of("connection", timeout=5))["state"] == "connected"
        assert (await s.next_of("welcome"))["seat"] is None
        with pytest.raises(ValueError, match="no update"):
            await s.send_turn({"card": "BOL-1"})
        await s.close()
        await host.close()
        await t.close()

    run(body())
