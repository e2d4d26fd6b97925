"""What a player types to reach a host, and what a failed connection is called (the Join dialog, the
direct join and the LAN session share them).

Why a module: the address rules and the headlines for ``net.client``'s errors are words for people,
not part of a session; the translations keep their context ("RemoteSession", where they were first).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from patrician_qt.net import DEFAULT_PORT
from patrician_qt.net.client import (
    AddressError,
    BadToken,
    ConnectTimeout,
    HostGone,
    RefusedError,
    TableFull,
    VersionMismatch,
)


def _t(text: str) -> str:
    return QCoreApplication.translate("RemoteSession", text)


def failure_title(error: BaseException) -> str:
    """A short headline for a connection problem (the error's own text says the details)."""
    if isinstance(error, AddressError):
        return _t("Wrong address")
    if isinstance(error, RefusedError):
        return _t("Nobody answers at this address")
    if isinstance(error, ConnectTimeout):
        return _t("The host does not answer")
    if isinstance(error, VersionMismatch):
        return _t("This table runs another version of Patrician")
    if isinstance(error, TableFull):
        return _t("The table is full")
    if isinstance(error, BadToken):
        return _t("Your seat at this table is gone")
    if isinstance(error, HostGone):
        return _t("The host is gone")
    return _t("Cannot connect")


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` or a bare IPv6 literal → (host, port); ValueError says why."""
    text = text.strip()
    if not text:
        raise ValueError(_t("type the host's address, e.g. 192.168.1.20:47147"))
    host, port_text = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(_t("an IPv6 address in brackets needs the closing ]"))
        host, rest = text[1:end], text[end + 1:]
        if rest and not rest.startswith(":"):
            raise ValueError(_t("after [address] comes :port"))
        port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    if not host.strip():
        raise ValueError(_t("the address has no host name"))
    if not port_text:
        return host.strip(), default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(_t("{port} is not a port number (1–65535)").format(port=port_text))
    return host.strip(), int(port_text)
