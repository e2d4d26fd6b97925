"""Hosts and guests over iroh for the tests: endpoints on 127.0.0.1, relays and lookups off."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from patrician_qt.net._iroh_transport import IrohDialer, IrohListener
from patrician_qt.net.client import Client
from patrician_qt.net.host import Host, HostConfig
from patrician_qt.net.invitation import DIRECT_ONLY, Invitation, load_or_create_key
from patrician_qt.table import Table
from tests.net.helpers import FAST

#: where every endpoint of the tests binds: loopback, one free UDP port each
BIND = "127.0.0.1:0"


def listener(key_dir: Path, bind_port: int = 0, **kw: Any) -> IrohListener:
    """A host's endpoint with the lasting key of `key_dir`, direct only, on loopback (a free UDP port
    unless `bind_port` names one)."""
    return IrohListener(load_or_create_key(key_dir), DIRECT_ONLY, bind=f"127.0.0.1:{bind_port}", **kw)


@contextlib.asynccontextmanager
async def hosting(t: Table, key_dir: Path, config: HostConfig = FAST) -> AsyncIterator[tuple[Host, Invitation]]:
    """A started host open on TCP (127.0.0.1) and on iroh; yields it and its invitation."""
    way_in = listener(key_dir)
    host = Host(t, "127.0.0.1", 0, config=config, listeners=[way_in])
    await host.start()
    try:
        yield host, way_in.invitation
    finally:
        await host.close()
        await t.close()


def dialer(invitation: Invitation | str) -> IrohDialer:
    """A guest's way to the host of an invitation, direct only, from loopback."""
    return IrohDialer(invitation, DIRECT_ONLY, bind=BIND)


async def join(invitation: Invitation | str, name: str, token: str | None = None, role: str = "player",
               **kw: Any) -> Client:
    """A client connected by invitation (fast keep-alive and backoff for tests)."""
    options: dict[str, Any] = {"ping_interval": 0.3, "host_timeout": 3.0, "backoff": (0.05, 0.1, 0.2)}
    options.update(kw)
    way = dialer(invitation)
    client = Client(dialer=way, **options)
    await client.connect(way.label, 0, name, token=token, role=role)
    return client
