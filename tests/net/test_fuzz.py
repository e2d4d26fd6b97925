"""Fuzzing a live host (hypothesis): random and mutated frames while a game goes on.

The host runs on its own loop in a thread; the fuzzer uses plain sockets on
127.0.0.1. Afterwards the game must be exactly the one played without the fuzzer.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import socket
import threading
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patrician_qt.net.host import Host, HostConfig
from patrician_qt.table import hash_token
from tests.net.helpers import join, play, policy, table

SEATS = "human,bot:random,bot:random"
SEED = 77
CONFIG = HostConfig(idle_timeout=5, hello_timeout=2, sweep_interval=0.2)


class LiveHost:
    """A host with a game in progress, on a loop in another thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.table = table(SEATS, seed=SEED, bot_min_delay_s=0.2)
        self.host = Host(self.table, "127.0.0.1", 0, config=CONFIG)
        self.call(self.host.start())
        self.port = self.host.port
        self.player = self.call(join(self.host, "Legit"))
        self.game: concurrent.futures.Future[dict[str, Any]] | None = None
        self.turns_seen: list[int] = []  # turn numbers while fuzzing

    def play_on(self) -> None:
        """Let the legitimate player begin (once). The game waits for its first turn until the fuzzer's first
        example, so that a slow start of hypothesis on a busy machine cannot let the game end unfuzzed."""
        if self.game is None:
            self.game = asyncio.run_coroutine_threadsafe(play(self.player, 0), self.loop)

    def call(self, coro: Any, timeout: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        """Close the player, host and table, end the game task, then stop and close the loop."""
        if self.game is not None:
            self.game.cancel()
        self.call(self.player.close())
        self.call(self.host.close())
        self.call(self.table.close())
        self.call(self._cancel_the_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()  # a stopped loop left open keeps its fds, and its pending tasks die noisily

    @staticmethod
    async def _cancel_the_rest() -> None:
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _talk(port: int, frames: list[bytes]) -> None:
    """Send frames on a fresh connection, read briefly, hang up."""
    with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
        sock.settimeout(0.02)
        for frame in frames:
            try:
                sock.sendall(frame)
            except OSError:
                return  # the host closed on us: fine
        try:
            while sock.recv(65536):
                pass
        except OSError:
            pass


_scalars = (st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1)
            | st.floats(allow_nan=True) | st.text(max_size=20))
_values = st.recursive(_scalars, lambda c: st.lists(c, max_size=4)
                       | st.dictionaries(st.text(max_size=6), c, max_size=4), max_leaves=12)
_keys = st.sampled_from(["t", "v", "name", "token", "role", "seat", "seq", "turn", "text", "n",
                         "features"])
_types = st.sampled_from(["hello", "sit", "turn", "chat", "ping", "welcome", "update", "error"])
_maps = st.builds(lambda t, rest: {**rest, "t": t}, _types | st.text(max_size=8),
                  st.dictionaries(_keys, _values, max_size=5))
_turns = st.fixed_dictionaries({
    "card": st.sampled_from(["BOL-1", "ROM-2", "VER-4", "XXX", ""]),
    "build": st.lists(st.sampled_from(["A", "B", "C"]), max_size=3),
    "relocate": st.none() | st.fixed_dictionaries({"city": st.text(max_size=8),
                                                   "from": st.sampled_from(["A", "B"])}),
    "take": st.none() | st.sampled_from(["Bologna", "Roma", "Atlantis"])})
_valid = st.one_of(
    st.builds(lambda r, tok, f: {"t": "hello", "v": 1, "name": "Fuzz", "role": r, "token": tok,
                                 "features": f},
              st.sampled_from(["player", "spectator"]), st.none() | st.text(max_size=40),
              st.none() | st.lists(st.sampled_from(["ended-no-result", "x"]) | st.text(max_size=40),
                                   max_size=20)),
    st.builds(lambda seq, turn: {"t": "turn", "seq": seq, "turn": turn},
              st.integers(-3, 200), _turns),
    st.builds(lambda s: {"t": "sit", "seat": s}, st.integers(-2, 6)),
    st.builds(lambda text: {"t": "chat", "text": text}, st.text(max_size=600)))


@st.composite
def _mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(msgpack.packb(draw(_valid)))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, max(0, len(data) - 1)))
        op = draw(st.sampled_from(["flip", "cut", "dup", "insert"]))
        if op == "flip" and data:
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "cut":
            data = data[:i]
        elif op == "dup":
            data = data[:i] + data[i:] + data[i:]
        else:
            data[i:i] = draw(st.binary(min_size=1, max_size=4))
    return bytes(data)


_frame = st.one_of(
    st.binary(max_size=300),
    _maps.map(msgpack.packb),
    _valid.map(msgpack.packb),
    _mutated(),
)


def test_fuzzed_frames_never_touch_the_game() -> None:
    """Random and mutated frames from many connections while a game goes on; then the game must be exactly
    the one played without the fuzzer, and the host must still serve."""
    live = LiveHost()
    try:

        @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
        @given(hello_first=st.sampled_from([None, "player", "spectator"]),
               frames=st.lists(_frame, min_size=1, max_size=6))
        def fuzz(hello_first: str | None, frames: list[bytes]) -> None:
            live.play_on()
            live.turns_seen.append(live.table.true_state().turn_number)
            if hello_first:
                frames = [msgpack.packb({"t": "hello", "v": 1, "name": "F", "role": hello_first}), *frames]
            _talk(live.port, frames)

        fuzz()
        _check_the_game_is_the_unfuzzed_game(live)
    finally:
        live.close()


def _check_the_game_is_the_unfuzzed_game(live: LiveHost) -> None:
    assert live.game is not None
    final = live.game.result(60)
    assert final["over"]
    # The game really went on while the fuzzer was at it.
    assert live.turns_seen[-1] - live.turns_seen[0] >= 5, live.turns_seen
    record = live.table.record()

    async def reference() -> list[dict[str, Any]]:
        t = table(SEATS, seed=SEED)
        t.listen(type("L", (), {"table_changed": lambda *a: None,
                                "lobby_changed": lambda *a: None, "chat": lambda *a: None})())
        t.set_connected(t.sit(None, "Legit", hash_token("x")), True)
        while t.phase() != "over":
            await asyncio.sleep(0)
            state = t.true_state()
            if state is not None and state.to_move == 0 and t.phase() == "playing":
                seq, view = t.current(0)
                t.submit(0, seq, policy(view, 0))
        await t.close()
        return t.record().turns

    assert record.turns == asyncio.run(reference())
    assert final["result"] == record.result
    # The host still answers.
    spectator = live.call(join(live.host, "After", role="spectator"))
    assert live.call(spectator.next_of("update"))["view"]["over"]
    live.call(spectator.close())
