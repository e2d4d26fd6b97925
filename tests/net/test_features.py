"""Optional features in hello/welcome (docs/protocol.md "Features"), over real sockets.

"ended-no-result": the final update carries the result once (in the view), not
twice; peers that do not ask still get PROTOCOL.md's `ended {result}`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgpack
import pytest

import patrician_qt.net.client as net_client
from patrician_qt.engine import replay_result
from patrician_qt.net._framing import FrameReader, encode, update_frame
from patrician_qt.net._messages import CHAT_HISTORY, CHAT_HISTORY_LINES, FEATURES
from patrician_qt.net.client import Client
from patrician_qt.net.host import HostConfig
from tests.net.helpers import Raw, hello, hosting, join, play, run, table

LEAN = "ended-no-result"


async def follow(raw: Raw) -> dict[str, Any]:
    """Read a raw peer's updates to the end of the game; returns the final update."""
    while True:
        message = await raw.expect("update", timeout=10)
        if message["view"]["over"]:
            return message


def ended(update: dict[str, Any]) -> dict[str, Any]:
    """The `ended` event of an update."""
    return next(e for e in update["events"] if e["e"] == "ended")


def test_ended_without_result_for_peers_that_ask_and_with_it_for_the_others() -> None:
    async def body() -> None:
        t = table("human,human", seed=3)
        async with hosting(t) as host:
            # Raw peers see the wire as it is.
            lean, welcome = await hello(host.port, "Lean", role="spectator",
                                        features=[LEAN, "from-the-future", LEAN])
            assert welcome["features"] == [LEAN]  # unknown names ignored, each granted once
            plain, welcome = await hello(host.port, "Plain", role="spectator")
            assert "features" not in welcome  # exactly PROTOCOL.md's welcome
            none, welcome = await hello(host.port, "None", role="spectator", features=[])
            assert welcome["features"] == []
            watcher = await join(host, "Watcher", role="spectator")
            assert watcher.features == FEATURES  # the client asks for every feature it knows
            players = [await join(host, "Anna"), await join(host, "Ben", features=())]
            assert players[0].features == FEATURES and players[1].features == ()
            finals = await asyncio.gather(follow(lean), follow(plain), follow(none),
                                          *(play(p, i) for i, p in enumerate(players)))
            expected = replay_result(t.record())
            lean_final, plain_final, none_final = finals[:3]
            assert ended(lean_final) == {"e": "ended"}
            assert lean_final["view"]["result"] == expected
            assert ended(plain_final) == {"e": "ended", "result": expected}
            assert ended(none_final) == {"e": "ended", "result": expected}
            # Apart from that one field the two updates are the same.
            assert {**lean_final, "events": None} == {**plain_final, "events": None}
            # The client restores the result: code above it sees PROTOCOL.md's event.
            async with asyncio.timeout(10):
                async for message in watcher:
                    if message["t"] == "update" and message["view"]["over"]:
                        break
            assert ended(message) == {"e": "ended", "result": expected}
            for raw in (lean, plain, none):
                raw.close()
            for c in (watcher, *players):
                await c.close()

    run(body())


def test_a_plain_peer_never_sees_features_also_after_sit() -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            raw, welcome = await hello(host.port, "Raw", role="spectator")
            await raw.send({"t": "sit", "seat": 1})
            welcome = await raw.expect("welcome", seat=1)
            assert "features" not in welcome
            asking, welcome = await hello(host.port, "Asks", role="spectator", features=[LEAN])
            await asking.send({"t": "sit", "seat": 0})
            assert (await asking.expect("welcome", seat=0))["features"] == [LEAN]
            for r in (raw, asking):
                r.close()

    run(body())


@pytest.mark.parametrize(
    "features",
    [LEAN, {"ended-no-result": True}, 1, True, [1], [""], [None], ["x" * 33], ["a\nb"],
     [LEAN] * 17, [[LEAN]]],
)
def test_a_malformed_features_field_gets_bad_message(features: Any) -> None:
    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            raw = await Raw.open(host.port)
            await raw.send({"t": "hello", "v": 1, "name": "Eve", "features": features})
            error = await raw.expect("error", code="bad-message")
            assert "feature" in error["message"]
            assert t.seats()[0]["kind"] == "open"
            await raw.send({"t": "hello", "v": 1, "name": "Fine"})  # still open, may say hello
            assert "features" not in await raw.expect("welcome", seat=0)
            raw.close()

    run(body())


def test_update_frames_are_packed_like_the_whole_map() -> None:
    for seq in (0, 1, 127, 128, 65536, 2**40):
        message = {"t": "update", "seq": seq, "view": {"over": False, "hand": ["BOL-3"]},
                   "events": [{"e": "ended"}]}
        assert update_frame(seq, encode(message["view"]), encode(message["events"])) \
            == encode(message) == msgpack.packb(message)


#: (bytes, seq) of every `update` frame the clients received
SIZES: list[tuple[int, int]] = []


class Sizing(FrameReader):
    """The client's frame reader, noting the size of every `update` received."""

    __slots__ = ()

    def feed(self, chunk: bytes) -> Any:
        for message in super().feed(chunk):
            if message.get("t") == "update":
                SIZES.append((self.last_size, message["seq"]))
            yield message


def test_every_update_of_a_five_player_game_is_at_most_2_kb(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five players with 24-character names; also the update after rejoining the finished game."""
    SIZES.clear()
    monkeypatch.setattr(net_client, "FrameReader", Sizing)

    async def body() -> None:
        t = table("human,human,human,human,human", seed=11)
        names = [f"{chr(65 + i)}{'x' * 22}{i}" for i in range(5)]
        async with hosting(t) as host:
            players = [await join(host, name) for name in names]
            finals = await asyncio.gather(*(play(p, i) for i, p in enumerate(players)))
            assert all(f["result"] == replay_result(t.record()) for f in finals)
            token = players[0].token
            for p in players:
                await p.close()
            again = await join(host, names[0], token=token)
            rejoin = await again.next_of("update")
            assert rejoin["view"]["over"] and again.features == FEATURES
            await again.close()

    run(body())
    assert len({seq for _, seq in SIZES}) > 40 and len(SIZES) > 5 * 40
    assert max(size for size, _ in SIZES) <= 2048, sorted(SIZES)[-5:]


def test_client_with_features_off_sends_plain_hello() -> None:
    async def body() -> None:
        seen: list[dict[str, Any]] = []

        async def fake_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            unpacker = msgpack.Unpacker(raw=False)
            unpacker.feed(await reader.read(65536))
            seen.extend(unpacker)
            writer.write(encode({"t": "welcome", "v": 1, "seat": 0, "token": "t",
                                 "table": {"name": "x", "seats": []}}))
            await writer.drain()
            await reader.read(65536)

        server = await asyncio.start_server(fake_host, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        for features, asked in (((), None), ((LEAN,), [LEAN])):
            client = Client(reconnect=False, features=features)
            await client.connect("127.0.0.1", port, "Anna")
            assert seen[-1].get("features") == asked
            assert client.features == ()  # this host granted nothing
            await client.close()
        server.close()

    run(body())


def test_chat_history_tells_a_newcomer_what_was_said_and_only_if_asked() -> None:
    async def body() -> None:
        t = table("human,human,human", seed=3)
        chatty = HostConfig(idle_timeout=30.0, hello_timeout=2.0, sweep_interval=0.1, chat_rate=1000.0,
                            chat_burst=1000.0, rate=1000.0, burst=1000.0)
        async with hosting(t, chatty) as host:
            anna, _ = await hello(host.port, "Anna")
            for i in range(CHAT_HISTORY_LINES + 5):  # more than a newcomer gets
                await anna.send({"t": "chat", "text": f"line {i}"})
                await anna.expect("chat", text=f"line {i}")
            ben, welcome = await hello(host.port, "Ben", features=[CHAT_HISTORY])
            assert welcome["features"] == [CHAT_HISTORY]
            earlier = [await ben.expect("chat") for _ in range(CHAT_HISTORY_LINES)]
            assert [m["text"] for m in earlier] == [f"line {i}" for i in range(5, CHAT_HISTORY_LINES + 5)]
            assert all(m["earlier"] is True and m["from"] == "Anna" for m in earlier)
            await anna.send({"t": "chat", "text": "now"})
            now = await ben.expect("chat")
            assert now["text"] == "now" and "earlier" not in now  # a line said now is not an earlier one
            plain, welcome = await hello(host.port, "Cleo", role="spectator")
            kinds = []
            with contextlib.suppress(TimeoutError):
                while (message := await plain.recv(timeout=0.5)) is not None:
                    kinds.append(message["t"])
            assert kinds and "chat" not in kinds  # a peer that did not ask gets PROTOCOL.md's messages only

    run(body())
