"""Finding tables on the LAN with zeroconf / DNS-SD (PROTOCOL.md "Finding a host").

Why: players should see the tables on their network without typing
addresses, yet neither hosting nor quitting may wait for multicast DNS
(registration takes seconds). Joining by `host:port` never needs this module.

Advertising (the host does this itself with `Host(..., advertise=True)`)::

    ad = Advertiser("Anna's table", 47147, bind="0.0.0.0", state="lobby", free=2, total=3)
    ad.start()                       # returns at once; registers in the background
    ad.update(state="playing", free=0, total=3)
    await ad.close()                 # withdraws within `timeout` seconds at most

Browsing (the UI's "join a game" list)::

    browser = Browser()
    await browser.start()
    async for change in browser:     # TableChange(kind="added"|"updated"|"removed", table=...)
        change.table.name, .address, .addresses, .port, .state, .free, .total, .version
    await browser.close()

Service type `_patrician._tcp.local.`, instance name = table name, TXT
`v=1`, `app=patrician`, `state=lobby|playing|over`, `seats=FREE/TOTAL`
(RFC 6763 section 6 key=value strings).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SERVICE_TYPE", "Advertiser", "Browser", "TableAd", "TableChange", "local_addresses"]

log = logging.getLogger("net.discovery")

#: PROTOCOL.md "Finding a host".
SERVICE_TYPE = "_patrician._tcp.local."


def local_addresses(bind: str) -> list[str]:
    """IPv4 addresses to advertise: the bound one, or every non-loopback one (else loopback)."""
    if bind not in ("", "0.0.0.0"):
        return [bind]
    import ifaddr  # a dependency of python-zeroconf

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                found.append(ip.ip)
    return found or ["127.0.0.1"]


def _instance(name: str) -> str:
    """A DNS-SD instance label (RFC 6763 section 4.1.1: at most 63 bytes, no dots)."""
    label = name.replace(".", " ").strip() or "Patrician"
    while len(label.encode("utf-8")) > 63:
        label = label[:-1]
    return label


class Advertiser:
    """Announce one table; every method returns at once or within a bounded time."""

    def __init__(self, name: str, port: int, *, bind: str = "0.0.0.0", state: str = "lobby",
                 free: int = 0, total: int = 0) -> None:
        self.name = _instance(name)
        self.port = port
        self._bind = bind
        self._txt = {"state": state, "free": free, "total": total}
        self._zc: Any = None
        self._info: Any = None
        self._task: asyncio.Task[None] | None = None
        self._registered = False
        self._dirty = False
        self._server = ""
        self._addresses: list[str] = []

    def _properties(self) -> dict[str, str]:
        t = self._txt
        return {"v": "1", "app": "patrician", "state": str(t["state"]),
                "seats": f"{t['free']}/{t['total']}"}

    def start(self) -> None:
        """Begin registering in the background (a failure is logged, never raised)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._register())

    async def _register(self) -> None:
        from zeroconf import IPVersion, ServiceInfo
        from zeroconf.asyncio import AsyncZeroconf

        try:
            interfaces: Any = [self._bind] if self._bind not in ("", "0.0.0.0") else None
            kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
            if interfaces is not None:
                kwargs["interfaces"] = interfaces
            self._zc = AsyncZeroconf(**kwargs)
            host = socket.gethostname().split(".")[0] or "patrician"
            self._server = f"{host}.local."
            self._addresses = local_addresses(self._bind)
            self._info = ServiceInfo(
                SERVICE_TYPE, f"{self.name}.{SERVICE_TYPE}", port=self.port,
                properties=self._properties(), server=self._server,
                parsed_addresses=self._addresses)
            await (await self._zc.async_register_service(self._info, allow_name_change=True))
            self._registered = True
            log.info("advertised as %r", self._info.name)
            while self._dirty:
                self._dirty = False
                await self._push()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # zeroconf trouble must never stop the host
            log.warning("zeroconf advertising failed: %s", exc)

    async def _push(self) -> None:
        from zeroconf import ServiceInfo

        # The registered name may have been changed to avoid a clash: keep it.
        self._info = ServiceInfo(SERVICE_TYPE, self._info.name, port=self.port,
                                 properties=self._properties(), server=self._server,
                                 parsed_addresses=self._addresses)
        await (await self._zc.async_update_service(self._info))

    def update(self, *, state: str, free: int, total: int) -> None:
        """Change the TXT record (state and free seats); sent in the background."""
        new = {"state": state, "free": free, "total": total}
        if new == self._txt:
            return
        self._txt = new
        if not self._registered:
            self._dirty = True
            return
        loop = asyncio.get_running_loop()
        task = loop.create_task(self._push())
        task.add_done_callback(_log_failure)

    async def close(self, timeout: float = 0.5) -> None:
        """Withdraw the advertisement, waiting at most `timeout` seconds for the goodbye."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            async with asyncio.timeout(timeout):
                if self._registered:
                    await (await zc.async_unregister_service(self._info))
        except (TimeoutError, Exception) as exc:
            log.info("zeroconf goodbye not finished: %s", exc or "timeout")
        try:
            async with asyncio.timeout(timeout):
                await zc.async_close()
        except (TimeoutError, Exception):
            zc.zeroconf.close()


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("zeroconf update failed: %s", task.exception())


@dataclass(slots=True)
class TableAd:
    """A table seen on the network."""

    name: str
    addresses: list[str]
    port: int
    state: str
    free: int
    total: int
    version: int
    service: str = ""

    @property
    def address(self) -> str:
        """The address to connect to (the first one advertised)."""
        return self.addresses[0] if self.addresses else ""


@dataclass(slots=True)
class TableChange:
    """One change in the list of tables: "added", "updated" or "removed"."""

    kind: str
    table: TableAd


def _decode_txt(props: dict[bytes, bytes | None]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in props.items():
        with contextlib.suppress(UnicodeDecodeError, AttributeError):
            out[key.decode("utf-8")] = (value or b"").decode("utf-8")
    return out


@dataclass
class Browser:
    """Watch the network for Patrician tables (only `app=patrician` ads are reported)."""

    interfaces: Sequence[str] | None = None
    tables: dict[str, TableAd] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._zc: Any = None
        self._browser: Any = None
        self._queue: asyncio.Queue[TableChange | None] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Start browsing (returns at once; changes arrive through iteration)."""
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

        kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
        if self.interfaces is not None:
            kwargs["interfaces"] = list(self.interfaces)
        self._zc = AsyncZeroconf(**kwargs)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE_TYPE,
                                            handlers=[self._on_change])

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            gone = self.tables.pop(name, None)
            if gone is not None:
                self._queue.put_nowait(TableChange("removed", gone))
            return
        task = asyncio.get_running_loop().create_task(self._resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, name: str) -> None:
        from zeroconf.asyncio import AsyncServiceInfo

        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(self._zc.zeroconf, 3000):
            return
        txt = _decode_txt(info.properties)
        if txt.get("app") != "patrician":
            return
        free, _, total = txt.get("seats", "0/0").partition("/")
        try:
            ad = TableAd(
                name=name[: -len(SERVICE_TYPE) - 1] if name.endswith(SERVICE_TYPE) else name,
                addresses=info.parsed_addresses(), port=int(info.port or 0),
                state=txt.get("state", "?"), free=int(free or 0), total=int(total or 0),
                version=int(txt.get("v", "0")), service=name)
        except ValueError:
            return
        kind = "updated" if name in self.tables else "added"
        if self.tables.get(name) != ad:
            self.tables[name] = ad
            self._queue.put_nowait(TableChange(kind, ad))

    def __aiter__(self) -> Browser:
        return self

    async def __anext__(self) -> TableChange:
        """The next change; iteration ends after close()."""
        change = await self._queue.get()
        if change is None:
            self._queue.put_nowait(None)
            raise StopAsyncIteration
        return change

    async def close(self, timeout: float = 0.5) -> None:
        """Stop browsing."""
        for task in list(self._tasks):
            task.cancel()
        if self._browser is not None:
            with contextlib.suppress(Exception):
                await self._browser.async_cancel()
        if self._zc is not None:
            try:
                async with asyncio.timeout(timeout):
                    await self._zc.async_close()
            except (TimeoutError, Exception):
                self._zc.zeroconf.close()
            self._zc = None
        self._queue.put_nowait(None)
