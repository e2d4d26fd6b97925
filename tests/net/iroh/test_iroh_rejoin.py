"""Over iroh: a dropped guest comes back to its seat, and a host opened again keeps its key and invitation."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from patrician_qt.engine import replay_result, stack_size
from patrician_qt.net.client import Client, HostGone
from patrician_qt.net.host import Host
from patrician_qt.net.invitation import KEY_FILE, Invitation, parse_invitation
from patrician_qt.table import Table, read_save
from tests.net.helpers import FAST, ViewRunner, eventually, play, policy, run, table
from tests.net.iroh.helpers import hosting, join, listener

ROOT = Path(__file__).resolve().parents[3]


def addresses(invitation: Invitation) -> list[str]:
    """The direct addresses an invitation names, IPv4 first."""
    import iroh

    found = iroh.EndpointTicket.from_string(invitation.ticket).endpoint_addr().direct_addresses()
    return sorted(found, key=lambda a: a.startswith("["))


def free_udp_port() -> int:
    """A UDP port on 127.0.0.1 that nothing uses now."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def states(client: Client, *wanted: str, timeout: float = 15.0) -> list[str]:
    """The connection states the client reports until the last of `wanted`."""
    seen: list[str] = []
    async with asyncio.timeout(timeout):
        async for message in client:
            if message["t"] == "connection":
                seen.append(message["state"])
                if seen[-len(wanted):] == list(wanted):
                    return seen
    raise AssertionError(f"ended with {seen}: {client.error}")


def test_a_cut_connection_comes_back_to_the_same_seat_and_the_game_goes_on(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human", seed=5)
        async with hosting(t, tmp_path) as (host, invitation):
            anna = await join(invitation, "Anna")
            ben = await join(invitation, "Ben")
            await anna.next_of("update")
            seat, token = anna.seat, anna.token
            anna.abort_connection()
            assert await states(anna, "reconnecting", "connected")
            assert anna.seat == seat and anna.token == token
            ben.stop_reading()  # as a pulled cable looks: nothing arrives, nothing is closed
            assert await states(ben, "reconnecting", "connected")
            finals = await asyncio.gather(play(anna, 1), play(ben, 2))
            assert finals[0]["result"] == finals[1]["result"] == replay_result(t.record())
            assert host.peers == 2
            await anna.close()
            await ben.close()

    run(body())


def test_a_host_opened_again_keeps_its_key_its_invitation_and_its_guests(tmp_path: Path) -> None:
    async def body() -> None:
        port = free_udp_port()
        t = table("human,human", seed=9)
        first = listener(tmp_path, bind_port=port)
        host = Host(t, "127.0.0.1", 0, config=FAST, listeners=[first])
        await host.start()
        invitation = first.invitation
        anna = await join(invitation, "Anna", give_up_after=30)
        ben = await join(invitation.link, "Ben", give_up_after=30)
        await anna.next_of("update")
        await host.close()  # as a crash looks to the guests: no `closed`, the table lives on
        assert (await anna.next_of("connection"))["state"] == "reconnecting"
        again = listener(tmp_path, bind_port=port)
        host = Host(t, "127.0.0.1", 0, config=FAST, listeners=[again])
        await host.start()
        # the same key at the same port (iroh's extra IPv6 socket takes a new port each time)
        assert again.invitation.host_id == invitation.host_id
        assert f"127.0.0.1:{port}" in addresses(invitation) and f"127.0.0.1:{port}" in addresses(again.invitation)
        assert await states(anna, "connected") and await states(ben, "connected")
        finals = await asyncio.gather(play(anna, 3), play(ben, 4))
        assert finals[0]["result"] == replay_result(t.record())
        assert (tmp_path / KEY_FILE).stat().st_mode & 0o077 == 0  # the secret key is the user's alone
        await anna.close()
        await ben.close()
        await host.close()
        await t.close()

    run(body())


def _start_host(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    """`patrician host --internet --direct-only` on loopback; returns it and the invitation it printed."""
    proc = subprocess.Popen([sys.executable, "-m", "patrician_qt.cli.host", "--no-zeroconf", "--bind", "127.0.0.1",
                             "--internet", "--direct-only", "--bot-deadline", "0.2", *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("patrician:"):
            return proc, line.strip()
    raise AssertionError(proc.stderr.read() if proc.stderr else "no invitation printed")


def test_the_host_command_prints_an_invitation_and_resume_after_kill_keeps_it(tmp_path: Path) -> None:
    async def body() -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        port = free_udp_port()
        common = ["--port", str(port), "--autosave-dir", str(tmp_path)]
        proc, invitation = _start_host([*common, "--seats", "human,bot:random,human", "--seed", "21",
                                        "--name", "Far"], env)
        assert re.fullmatch(r"patrician:[a-z2-7]+", invitation)
        rng = random.Random(3)
        clients = [await join(invitation, name, give_up_after=30) for name in ("Anna", "Ben")]

        async def player(c: Client) -> dict[str, Any]:
            async for m in c:
                if m["t"] == "update":
                    v = m["view"]
                    if v["over"]:
                        return v
                    if v["to_move"] == c.seat:
                        await asyncio.sleep(rng.random() * 0.004)
                        try:
                            await c.send_turn(policy(v, c.seat), m["seq"])
                        except HostGone:  # the host was just killed
                            pass
            raise AssertionError(c.error)

        async def killer() -> None:
            nonlocal proc
            assert await eventually(lambda: max(
                (sum(stack_size(p) for p in c.view["players"]) for c in clients if c.view), default=0) >= 6)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            autosave = tmp_path / "autosave-Far.patrician.json"
            proc, again = _start_host([*common, "--resume", str(autosave), "--once"], env)
            assert parse_invitation(again).host_id == parse_invitation(invitation).host_id
            assert addresses(parse_invitation(again))[0] == addresses(parse_invitation(invitation))[0]

        finals = await asyncio.gather(*(player(c) for c in clients), killer())
        assert await asyncio.get_running_loop().run_in_executor(None, proc.wait, 30) == 0
        for c in clients:
            await c.close()
        record = read_save(tmp_path / "autosave-Far.patrician.json").record
        assert finals[0]["result"] == finals[1]["result"] == replay_result(record)
        assert Table.resume(tmp_path / "autosave-Far.patrician.json", runner=ViewRunner()).record().result

    run(body(), timeout=120)
