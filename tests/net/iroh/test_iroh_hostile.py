"""Over iroh: hostile frames are held as on TCP, and a guest without the right invitation gets nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import iroh
import msgpack
import pytest

from patrician_qt.net._iroh_transport import IrohDialer, endpoint_options
from patrician_qt.net.client import AddressError, ConnectTimeout, NetError
from patrician_qt.net.invitation import ALPN, DIRECT_ONLY, InvitationError, parse_invitation
from tests.net.helpers import Raw, eventually, run, table
from tests.net.iroh.helpers import BIND, dialer, hosting, join


async def raw(invitation: object) -> Raw:
    """A bare peer over iroh: sends any bytes, decodes whatever comes back."""
    reader, writer = await dialer(invitation).open(1 << 20, 5.0)  # type: ignore[arg-type]
    return Raw(reader, writer)


def test_garbage_an_oversized_frame_and_a_flood_cost_only_their_sender(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human", seed=3)
        async with hosting(t, tmp_path) as (host, invitation):
            anna = await join(invitation, "Anna")
            junk = await raw(invitation)
            await junk.send(b"\xc1" * 16)  # 0xc1 is never used by msgpack
            assert (await junk.expect("error"))["code"] == "bad-frame"
            assert await junk.closed()
            big = await raw(invitation)
            await big.send(msgpack.packb({"t": "chat", "text": "x" * (70 * 1024)}))
            assert (await big.expect("error"))["code"] == "bad-frame"
            assert await big.closed()
            flood = await raw(invitation)
            await flood.send({"t": "hello", "v": 1, "name": "Eve", "role": "spectator"})
            await flood.expect("welcome")
            await flood.send(b"".join(msgpack.packb({"t": "ping", "n": i}) for i in range(200)))
            assert (await flood.expect("error"))["code"] == "rate"
            await anna.chat("still here")
            assert (await anna.next_of("chat"))["text"] == "still here"
            assert anna.state == "connected"
            assert await eventually(lambda: host.peers == 2)  # Anna and the flooder; the two others are gone
            flood.close()
            await anna.close()

    run(body())


def test_a_connection_that_never_opens_its_stream_is_closed_and_keeps_nobody_out(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t, tmp_path) as (host, invitation):
            host._listeners[0]._handshake_timeout = 0.5
            lurker = await iroh.Endpoint.bind(endpoint_options(DIRECT_ONLY, None, BIND))
            addr = iroh.EndpointTicket.from_string(invitation.ticket).endpoint_addr()
            connection = await lurker.connect(addr, ALPN)  # handshake done, but no stream, no hello
            reason = await asyncio.wait_for(connection.closed(), 5.0)
            assert reason  # the host hung up
            anna = await join(invitation, "Anna")
            assert anna.seat == 0 and host.peers == 1
            await anna.close()
            await lurker.close()

    run(body())


def test_another_protocol_name_is_refused_in_the_handshake(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t, tmp_path) as (host, invitation):
            other = await iroh.Endpoint.bind(endpoint_options(DIRECT_ONLY, None, BIND))
            addr = iroh.EndpointTicket.from_string(invitation.ticket).endpoint_addr()
            with pytest.raises(iroh.IrohError):
                await asyncio.wait_for(other.connect(addr, b"patrician/msgpack/0"), 5.0)
            assert host.peers == 0
            await other.close()

    run(body())


def test_an_invitation_naming_another_key_reaches_nothing_and_reads_nothing(tmp_path: Path) -> None:
    """The host's address without its key is worthless: the handshake checks the key, so a guest
    (or anyone in between) with a wrong invitation gets no connection, no welcome and no byte."""

    async def body() -> None:
        t = table("human,human")
        async with hosting(t, tmp_path) as (host, invitation):
            real = iroh.EndpointTicket.from_string(invitation.ticket).endpoint_addr()
            impostor = iroh.SecretKey.generate().public()
            forged = iroh.EndpointAddr(impostor, None, real.direct_addresses())
            forged_text = str(iroh.EndpointTicket.from_addr(forged))
            way = IrohDialer(forged_text, DIRECT_ONLY, bind=BIND)
            with pytest.raises((AddressError, ConnectTimeout)) as caught:
                await way.open(1 << 20, 3.0)
            assert "(by invitation)" in str(caught.value) and "does not hold the host's key" in str(caught.value)
            assert host.peers == 0 and all(s["kind"] == "open" for s in t.seats())
            anna = await join(invitation, "Anna")  # the real invitation still works
            assert anna.seat == 0
            await anna.close()

    run(body())


def test_a_garbled_invitation_is_refused_before_dialling_with_a_clear_sentence(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t, tmp_path) as (_host, invitation):
            cut = invitation.link[:-20]
            with pytest.raises(InvitationError, match="cut short or mistyped"):
                parse_invitation(cut)
            from patrician_qt.net.client import Client

            with pytest.raises(InvitationError):
                Client(dialer=IrohDialer(cut, DIRECT_ONLY, bind=BIND))
            # a valid invitation to a host that is not running: a NetError that says what may be wrong
            await _host.close()
            late = Client(dialer=dialer(invitation), connect_timeout=1.5, reconnect=False)
            with pytest.raises(NetError) as caught:
                await late.connect("the host", 0, "Anna")
            assert caught.value.kind in ("timeout", "unreachable")

    run(body())
