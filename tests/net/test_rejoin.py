"""Dropped peers: keep-alive detection, rejoin with the token, bot take-over, host SIGKILL + resume."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from patrician_qt.engine import replay_result, stack_size
from patrician_qt.net.client import BadToken, Client, HostGone
from patrician_qt.net.host import HostConfig
from patrician_qt.table import Table, hash_token, read_save
from tests.net.helpers import (
    ViewRunner,
    eventually,
    hello,
    hosting,
    join,
    play,
    policy,
    run,
    table,
    until_event,
)

ROOT = Path(__file__).resolve().parents[2]


def _cut(client: Client) -> None:
    """Break the client's connection as a network failure would (no goodbye)."""
    assert client._writer is not None
    client._writer.transport.abort()


@pytest.mark.parametrize("phase",
                         ["lobby", "my-turn", "their-turn", "bot-thinking", "mid-game", "over"])
def test_rejoin_with_token_at_every_phase(phase: str) -> None:
    async def body() -> None:
        runner = ViewRunner(delay=0.3 if phase == "bot-thinking" else 0.0)
        t = table("human,human,bot:random", seed=17, runner=runner)
        async with hosting(t) as host:
            a = await join(host, "Anna")
            if phase == "lobby":
                token = a.token
                _cut(a)
                await a.next_of("connection")  # reconnecting
                back = await a.next_of("connection")
                assert back["state"] == "connected" and a.token == token and a.seat == 0
            b = await join(host, "Ben")
            if phase == "my-turn":
                assert (await a.next_of("update"))["view"]["to_move"] == 0
            if phase in ("their-turn", "bot-thinking"):
                m = await a.next_of("update")
                await a.send_turn(policy(m["view"]), m["seq"])
                while m["view"]["to_move"] != 1:
                    m = await a.next_of("update")
            if phase == "bot-thinking":
                m = await b.next_of("update")
                while m["view"]["to_move"] != 1 or m["seq"] != b.seq:
                    m = await b.next_of("update")
                await b.send_turn(policy(m["view"], 1), m["seq"])
                while m["view"]["to_move"] != 2:
                    m = await a.next_of("update")  # now the bot thinks for 0.3 s
            if phase in ("mid-game", "over"):
                stop_after = 10 if phase == "mid-game" else None

                async def partial(c: Client, seed: int) -> None:
                    async for m in c:
                        if m["t"] == "update":
                            v = m["view"]
                            if v["over"] or (stop_after and t.true_state().turn_number >= stop_after):
                                return
                            if v["to_move"] == c.seat and m["seq"] == c.seq:
                                await c.send_turn(policy(v, seed), m["seq"])

                await asyncio.gather(partial(a, 0), partial(b, 1))
            seq_before = t.seq
            _cut(a)
            assert (await a.next_of("connection"))["state"] == "reconnecting"
            assert (await a.next_of("connection"))["state"] == "connected"
            if phase == "bot-thinking":
                assert t.true_state().to_move == 2  # back while the bot still thinks
            runner.delay = 0.0
            if phase != "over":
                assert (await a.next_of("welcome"))["seat"] == 0
                update = await a.next_of("update")  # the current view at once
                assert update["view"]["seat"] == 0 and update["seq"] >= seq_before
                assert update["view"]["hand"] == t.current(0)[1]["hand"]
                finals = await asyncio.gather(play(a, 0), play(b, 1))
                assert finals[0]["result"] == finals[1]["result"] == replay_result(t.record())
            else:
                update = await a.next_of("update")
                assert update["view"]["over"]
            assert t.seats()[0]["kind"] == "human"
            for c in (a, b):
                await c.close()

    run(body(), timeout=15)


def test_keepalive_detects_a_silent_peer_and_the_token_reclaims_the_seat() -> None:
    async def body() -> None:
        config = HostConfig(idle_timeout=0.6, hello_timeout=2, sweep_interval=0.05)
        t = table("human,human", takeover_after_s=30)
        async with hosting(t, config) as host:
            a = await join(host, "Anna")
            silent, welcome = await hello(host.port, "Ben")  # never pings again
            await a.next_of("update")
            assert await eventually(lambda: not t.seats()[1]["connected"])
            await until_event(a, {"e": "left", "seat": 1, "how": "lost"})  # silent: the host says the line was lost
            assert await silent.closed()
            ben = await join(host, "Ben again", token=welcome["token"])
            assert ben.seat == 1
            await until_event(a, {"e": "joined", "seat": 1, "name": "Ben"})
            assert t.seats()[1] == {"name": "Ben", "kind": "human", "connected": True}
            await asyncio.gather(play(a, 0), play(ben, 1))
            for c in (a, ben):
                await c.close()

    run(body(), timeout=15)


def test_a_bot_takes_over_after_the_grace_and_the_player_comes_back() -> None:
    async def body() -> None:
        t = table("human,human", seed=8, takeover_after_s=0.3, takeover_level="easy")
        async with hosting(t) as host:
            a = await join(host, "Anna")
            b = await join(host, "Ben")
            token = b.token
            await b.close()
            replaced = None
            async for m in a:
                if m["t"] == "update":
                    if {"e": "replaced", "seat": 1, "by": "bot"} in m["events"]:
                        replaced = m
                    v = m["view"]
                    if v["to_move"] == 0 and m["seq"] == a.seq and not v["over"]:
                        await a.send_turn(policy(v), m["seq"])
                    if replaced and t.true_state().turn_number >= 6:
                        break
            assert replaced is not None
            assert t.seats()[1]["kind"] == "bot" and t.seats()[1]["away"]
            ben = await join(host, "Ben", token=token)
            assert ben.seat == 1
            assert t.seats()[1] == {"name": "Ben", "kind": "human", "connected": True}
            finals = await asyncio.gather(play(a, 0), play(ben, 1))
            assert finals[0]["result"] == replay_result(t.record())
            assert t.seats()[1] == {"name": "Ben", "kind": "human", "connected": True}
            for c in (a, ben):
                await c.close()
            with pytest.raises(BadToken):
                await join(host, "Eve", token="forged-token")

    run(body(), timeout=15)


def test_the_host_can_hand_a_gone_seat_to_a_bot_at_once() -> None:
    async def body() -> None:
        t = table("human,human", takeover_after_s=60)
        async with hosting(t) as host:
            a = await join(host, "Anna")
            b = await join(host, "Ben")
            await b.close()
            assert await eventually(lambda: not t.seats()[1]["connected"])
            t.hand_to_bot(1, "random")
            assert t.seats()[1]["level"] == "random"
            final = await play(a, 0)
            assert final["over"]
            await a.close()

    run(body(), timeout=15)


# --- host killed with SIGKILL, restarted with --resume ------------------------------

def _start_host(args: list[str]) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "patrician_qt.cli.host", "--no-zeroconf", "--bind", "127.0.0.1",
         "--idle-timeout", "3", *args],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    lines = []
    while not (match := re.search(r"listening on \S+ port (\d+)", lines[-1] if lines else "")):
        lines.append(proc.stderr.readline())
        assert lines[-1], "".join(lines)
    # Keep reading the log so the pipe never fills.
    asyncio.get_running_loop().run_in_executor(None, proc.stderr.read)
    return proc, int(match.group(1))


async def _reference(seed: int, names: list[str]) -> list[dict[str, Any]]:
    """The same seeded game played in-process without interruption."""
    t = table(",".join(["human"] * len(names)), seed=seed)
    t.listen(type("L", (), {"table_changed": lambda *a: None, "lobby_changed": lambda *a: None,
                            "chat": lambda *a: None})())
    for name in names:
        seat = t.sit(None, name, hash_token(name))
        t.set_connected(seat, True)
    await asyncio.sleep(0)
    while t.phase() == "playing":
        seat = t.true_state().to_move
        seq, view = t.current(seat)
        t.submit(seat, seq, policy(view, seat))
    await t.close()
    return t.record().turns


def test_host_sigkill_and_resume_finishes_the_same_game(tmp_path: Path) -> None:
    async def body() -> None:
        seed = 4242
        names = ["Anna", "Ben", "Cleo"]
        proc, port = _start_host(["--port", "0", "--seats", "human,human,human", "--seed",
                                  str(seed), "--autosave-dir", str(tmp_path), "--name", "Kill"])
        rng = random.Random(1)
        clients = []
        for name in names:
            c = Client(ping_interval=0.2, host_timeout=2.0, backoff=(0.05, 0.1, 0.2),
                       give_up_after=20)
            await c.connect("127.0.0.1", port, name)
            clients.append(c)
        kills = 0
        at_kill: list[int] = []

        async def player(c: Client) -> dict[str, Any]:
            async for m in c:
                if m["t"] == "update":
                    v = m["view"]
                    if v["over"]:
                        return v
                    if v["to_move"] == c.seat:
                        await asyncio.sleep(rng.random() * 0.004)
                        with contextlib.suppress(HostGone):  # the host was just killed
                            await c.send_turn(policy(v, c.seat), m["seq"])
                elif m["t"] == "rejected":
                    assert "stale" in m["reason"], m
            raise AssertionError(c.error)

        def played() -> int:
            """The most turns any player has seen played."""
            return max((sum(stack_size(p) for p in c.view["players"]) for c in clients if c.view), default=0)

        async def killer() -> None:
            nonlocal proc, kills
            for _ in range(2):
                # kill once the game has gone on a few turns since the start or the last resume
                since = at_kill[-1] if at_kill else 0
                assert await eventually(lambda since=since: played() >= since + 5, timeout=60)
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
                autosave = tmp_path / "autosave-Kill.patrician.json"
                at_kill.append(len(read_save(autosave).record.turns))
                proc, _ = _start_host(["--port", str(port), "--resume", str(autosave),
                                       "--once"])

        finals = await asyncio.gather(*(player(c) for c in clients), killer())
        assert kills == 2
        assert all(0 < n < 48 for n in at_kill) and at_kill[0] < at_kill[1], at_kill
        assert await asyncio.get_running_loop().run_in_executor(None, proc.wait, 20) == 0
        for c in clients:
            await c.close()
        saved = Table.resume(tmp_path / "autosave-Kill.patrician.json", runner=ViewRunner())
        record = saved.record()
        assert record.turns == await _reference(seed, names)
        assert finals[0]["result"] == finals[2]["result"] == replay_result(record)

    run(body(), timeout=90)


def test_a_client_whose_seat_went_to_a_newer_connection_stops_instead_of_taking_it_back() -> None:
    """Ben rejoined from his laptop: the old client ends with BadToken, no tug of war over the seat."""

    async def body() -> None:
        t = table("human,human", takeover_after_s=30)
        async with hosting(t) as host:
            a = await join(host, "Anna")
            old = await join(host, "Ben")
            assert old.token is not None
            new = await join(host, "Ben (laptop)", token=old.token)
            assert new.seat == 1
            async with asyncio.timeout(5):
                async for message in old:
                    if message["t"] == "connection":
                        assert message["state"] == "closed", message  # never "reconnecting"
            assert isinstance(old.error, BadToken) and old.state == "closed"
            await asyncio.sleep(0.5)  # several backoff steps: the old client stays away
            await new.chat("still here")
            while (message := await a.next_of("chat"))["text"] != "still here":
                pass
            assert message["from"] == "Ben" and t.seats()[1]["connected"]
            for c in (a, new, old):
                await c.close()

    run(body(), timeout=15)


def test_a_newer_connection_with_the_token_replaces_a_half_dead_one() -> None:
    async def body() -> None:
        t = table("human,human", takeover_after_s=30)
        async with hosting(t) as host:
            a = await join(host, "Anna")
            old, welcome = await hello(host.port, "Ben")  # still "connected"
            await a.next_of("update")
            new = await join(host, "Ben (laptop)", token=welcome["token"])
            assert new.seat == 1
            error = await old.expect("error")
            assert error["code"] == "bad-token" and "newer connection" in error["message"]
            assert await old.closed()
            lobby = await new.next_of("lobby")
            assert lobby["seats"][1] == {"name": "Ben", "kind": "human", "connected": True}
            await until_event(a, {"e": "joined", "seat": 1, "name": "Ben"})
            await new.chat("back")
            assert (await a.next_of("chat"))["from"] == "Ben"
            for c in (a, new):
                await c.close()

    run(body(), timeout=15)



def test_a_player_the_host_removes_in_the_lobby_gets_bad_token_and_is_closed() -> None:
    """The host frees Ben's seat: Ben's client stops (no reconnect), the others see the open seat."""

    async def body() -> None:
        t = table("human,human,human,human,human", takeover_after_s=30)
        async with hosting(t) as host:
            a = await join(host, "Anna")
            ben = await join(host, "Ben")
            dan, _ = await hello(host.port, "Dan")  # a raw peer: what the host sends, byte for byte
            cleo = await join(host, "Cleo")  # seat 3: renumbered to 2 when the host starts early
            assert (ben.seat, cleo.seat) == (1, 3)
            old_token = ben.token
            assert old_token is not None
            t.set_seat(2, "open", remove="Dan")
            error = await dan.expect("error")
            assert error == {"t": "error", "code": "bad-token", "message": "the host removed you from the table"}
            assert await dan.closed()  # no lobby after the error: the connection ends
            t.set_seat(1, "open", remove="Ben")
            async with asyncio.timeout(5):
                async for message in ben:
                    if message["t"] == "connection":
                        assert message["state"] == "closed", message  # never "reconnecting"
            assert isinstance(ben.error, BadToken) and ben.state == "closed"
            assert ben.error.params["message"] == "the host removed you from the table"
            expected = ["human", "open", "open", "human", "open"]  # Dan's and Ben's seats are open
            while [s["kind"] for s in (await a.next_of("lobby"))["seats"]] != expected:
                pass
            assert host.peers == 2 and t.seats()[0]["connected"] and t.seats()[3]["connected"]
            await asyncio.sleep(0.5)  # several backoff steps: the removed client stays away
            assert host.peers == 2 and t.seats()[1]["kind"] == "open"
            # the old token holds no seat; as a new player Ben may sit again
            with pytest.raises(BadToken):
                await join(host, "Ben", token=old_token)
            ben_again = await join(host, "Ben")
            assert ben_again.seat == 1 and ben_again.token != old_token
            # starting early renumbers Cleo (3 → 2): nobody is closed for that
            t.start_now()
            host.renumber_seats()
            while (await cleo.next_of("welcome"))["seat"] != 2:
                pass
            await cleo.next_of("update")
            assert host.peers == 3 and cleo.state == "connected"
            for c in (a, ben_again, cleo):
                await c.close()

    run(body(), timeout=20)
