"""Network namespaces that tests make for themselves, so that no packet of theirs can leave this machine.

Why one home: every test that plays two computers (discovery, an iroh guest by invitation) needs the same
two namespaces joined by a veth pair and nothing else, the same skip reasons where this machine cannot
make them, and the same clean-up, also of what a killed run left behind; the iroh suite needs a namespace
with loopback only. Only the names and whether mDNS needs a multicast route differ.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple

import pytest

#: the pair's addresses exist only inside its two namespaces, so every pair may use the same net
NET = "10.231.{}.{}"


class NamespacePair(NamedTuple):
    """Two namespaces joined by a veth pair: where the host runs, where its peer runs, the host's address."""

    host: str
    peer: str
    host_address: str


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


def _delete(*namespaces: str) -> None:
    for ns in namespaces:
        subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


@contextmanager
def veth_pair(prefix: str, *, multicast: bool = False) -> Iterator[NamespacePair]:
    """Make two namespaces named after `prefix` and this process, joined by a veth pair and with no
    route anywhere else; delete them on the way out. `multicast` routes 224.0.0.0/4 over the pair
    (mDNS discovery needs it). Skips the test, saying why, where this machine cannot."""
    if shutil.which("ip") is None:
        pytest.skip("the 'ip' tool (iproute2) is not installed")
    if os.geteuid() != 0:
        pytest.skip("making network namespaces needs root")
    tag = f"{os.getpid() % 100000}"
    host, peer = f"{prefix}a{tag}", f"{prefix}b{tag}"
    subnet = os.getpid() % 250 + 1
    _delete(host, peer)  # left over by a run that was killed
    try:
        _ip("netns", "add", host)
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"cannot make a network namespace here: {exc}")
    try:
        _ip("netns", "add", peer)
        _ip("link", "add", f"{host}v", "type", "veth", "peer", "name", f"{peer}v")
        for number, ns in enumerate((host, peer), start=1):
            dev = f"{ns}v"
            _ip("link", "set", dev, "netns", ns)
            _ip("-n", ns, "addr", "add", NET.format(subnet, number) + "/24", "dev", dev)
            _ip("-n", ns, "link", "set", "lo", "up")
            _ip("-n", ns, "link", "set", dev, "up")
            if multicast:
                _ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)
    except subprocess.CalledProcessError as exc:
        _delete(host, peer)
        pytest.skip(f"cannot set up the veth pair: {exc.stderr.decode(errors='replace')}")
    try:
        yield NamespacePair(host, peer, NET.format(subnet, 1))
    finally:
        _delete(host, peer)


def loopback_only_command() -> list[str] | None:
    """The command that runs another in a new network namespace (whose `lo` it must still bring up),
    or None where this machine cannot: it needs unshare and ip, and root or user namespaces."""
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if unshare is None or ip is None:
        return None
    command = [unshare, "--net"] if os.geteuid() == 0 else [unshare, "--net", "--map-root-user"]
    probe = subprocess.run([*command, ip, "link", "set", "lo", "up"], capture_output=True, timeout=30)
    return command if probe.returncode == 0 else None
