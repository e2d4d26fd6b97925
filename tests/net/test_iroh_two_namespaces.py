"""Two computers, as far as this machine can play them: a host and a guest in two network namespaces
joined by a veth pair, the guest joining by the invitation alone (iroh, direct only, no relay).

The namespaces have nothing but their loopback and the pair between them (no route anywhere else),
so no packet can leave the machine. Needs root and iproute2 (tests/net/namespaces.py).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.namespaces import NamespacePair, veth_pair

ROOT = Path(__file__).resolve().parents[2]

GUEST = r"""
import asyncio, json, sys
from tests.net.helpers import play
from patrician_qt.net._iroh_transport import IrohDialer
from patrician_qt.net.client import Client

async def main():
    way = IrohDialer(sys.argv[1], "direct")
    client = Client(dialer=way, ping_interval=0.5, host_timeout=5.0)
    welcome = await client.connect(way.label, 0, "Far guest")
    route = client.route
    final = await play(client, 3)
    print(json.dumps({"seat": welcome["seat"], "route": route, "over": final["over"],
                      "scores": final["result"]["scores"]}), flush=True)
    await client.close()

asyncio.run(main())
"""


@pytest.fixture
def namespaces() -> Iterator[NamespacePair]:
    """The host in one namespace, the guest in the other, the pair between them and nothing else."""
    pytest.importorskip("iroh")
    with veth_pair("pi") as pair:
        yield pair


def test_a_guest_in_another_namespace_plays_a_whole_game_by_invitation(
        namespaces: NamespacePair, tmp_path: Path) -> None:
    import json

    host_ns, guest_ns, address = namespaces
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(["ip", "netns", "exec", host_ns, sys.executable, "-m", "patrician_qt.cli.host",
                             "--no-zeroconf", "--bind", "0.0.0.0", "--port", "47147", "--internet", "--direct-only",
                             "--seats", "human,bot:random", "--bot-deadline", "0.1", "--once",
                             "--autosave-dir", str(tmp_path), "--name", "Next door"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        invitation = next((line.strip() for line in host.stdout if line.startswith("patrician:")), "")
        assert invitation, host.stderr.read() if host.stderr else "no invitation"
        import iroh

        from patrician_qt.net.invitation import parse_invitation

        named = iroh.EndpointTicket.from_string(parse_invitation(invitation).ticket).endpoint_addr()
        assert f"{address}:47147" in named.direct_addresses()  # the other computer's address is in it
        guest = subprocess.run(["ip", "netns", "exec", guest_ns, sys.executable, "-c", GUEST, invitation],
                               cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert guest.returncode == 0, guest.stderr[-3000:]
        result = json.loads(guest.stdout.strip().splitlines()[-1])
        assert result["seat"] == 0 and result["route"] == "direct" and result["over"]
        assert host.wait(30) == 0  # --once: the game is over and saved
    finally:
        if host.poll() is None:
            host.send_signal(signal.SIGTERM)
            host.wait(10)
