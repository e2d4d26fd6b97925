"""Discovery across two network namespaces joined by a veth pair.

Only addresses inside the namespaces are used: the host advertises in one,
the browser looks from the other, then joins by the advertised address.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.namespaces import NamespacePair, veth_pair

ROOT = Path(__file__).resolve().parents[2]

BROWSE = r"""
import asyncio, json, sys
from patrician_qt.net.client import Client
from patrician_qt.net.discovery import Browser

def say(**kw):
    print(json.dumps(kw), flush=True)

async def main():
    browser = Browser()
    await browser.start()
    client = None
    async with asyncio.timeout(25):
        async for change in browser:
            ad = change.table
            if ad.name != sys.argv[1]:
                continue
            say(kind=change.kind, address=ad.address, port=ad.port, state=ad.state,
                free=ad.free, total=ad.total, version=ad.version)
            if change.kind == "added" and client is None:
                client = Client(reconnect=False)
                welcome = await client.connect(ad.address, ad.port, "Browser")
                say(kind="welcome", seat=welcome["seat"])
            if change.kind == "removed":
                break
    if client is not None:
        await client.close()
    await browser.close()

asyncio.run(main())
"""


@pytest.fixture
def namespaces() -> Iterator[NamespacePair]:
    """The host advertises in one namespace, the browser looks from the other (mDNS needs the multicast route)."""
    with veth_pair("pt", multicast=True) as pair:
        yield pair


def test_advertise_in_one_namespace_browse_and_join_from_the_other(
        namespaces: NamespacePair, tmp_path: Path) -> None:
    a, b, address = namespaces
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(
        ["ip", "netns", "exec", a, sys.executable, "-m", "patrician_qt.cli.host",
         "--name", "Namespace table", "--port", "0", "--seats", "human,bot:random",
         "--autosave-dir", str(tmp_path), "--bot-deadline", "0.1", "--takeover-after", "30"],
        cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        listening = host.stderr.readline()
        assert "listening" in listening, listening
        browser = subprocess.Popen(
            ["ip", "netns", "exec", b, sys.executable, "-c", BROWSE, "Namespace table"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        seen: list[dict] = []
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                line = browser.stdout.readline()
                if not line:
                    break
                seen.append(json.loads(line))
                if seen[-1]["kind"] == "updated" and seen[-1]["state"] == "playing":
                    host.send_signal(signal.SIGTERM)
                if seen[-1]["kind"] == "removed":
                    break
            browser.wait(timeout=10)
        finally:
            if browser.poll() is None:
                browser.kill()
        kinds = [s["kind"] for s in seen]
        assert kinds[:2] == ["added", "welcome"], (seen, browser.stderr.read())
        added = seen[0]
        assert added["address"] == address and added["version"] == 1
        assert (added["state"], added["free"], added["total"]) == ("lobby", 1, 2)
        assert seen[1]["seat"] == 0
        playing = [s for s in seen if s["kind"] == "updated" and s["state"] == "playing"]
        assert playing and playing[0]["free"] == 0
        assert kinds[-1] == "removed"
        assert host.wait(timeout=10) == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


STARTUP = r"""
import asyncio, json
from patrician_qt.net.client import Client
from patrician_qt.net.host import Host
from patrician_qt.table import Table, parse_seats

async def main():
    table = Table("Quick", parse_seats("human,human"), seed=1)
    host = Host(table, "0.0.0.0", 0, advertise=True)
    await host.start()
    client = Client(reconnect=False)
    await client.connect("127.0.0.1", host.port, "Probe")
    advertiser = host._advertiser
    registering_at_accept = not advertiser._registered
    await client.close()
    registering_at_close = not advertiser._registered
    await host.close()
    await table.close()
    print(json.dumps({"registering_at_accept": registering_at_accept, "registering_at_close": registering_at_close,
                      "registration_cancelled": advertiser._task.cancelled(), "registered": advertiser._registered,
                      "withdrawn": host._advertiser is None}))

asyncio.run(main())
"""


def test_zeroconf_never_delays_start_or_stop(namespaces: NamespacePair) -> None:
    """A peer is accepted while zeroconf is still registering (which takes seconds), and closing the host
    cuts the registration off instead of waiting for it."""
    a, _, _ = namespaces
    out = subprocess.run(["ip", "netns", "exec", a, sys.executable, "-c", STARTUP],
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["registering_at_accept"], figures  # the peer was in before zeroconf was done
    assert figures["registering_at_close"], figures
    assert figures["registration_cancelled"] and not figures["registered"], figures
    assert figures["withdrawn"], figures
