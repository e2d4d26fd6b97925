"""Where this app last sat at a LAN table: the settings behind the start screen's Rejoin button.

Why a module of its own: the start screen asks at every start, and that must not import the
LAN controller (its dialogs, the network code and asyncio).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings

REJOIN_KEYS = ("table", "host", "port", "name", "token", "role")


def rejoin_info(settings: QSettings | None) -> dict[str, Any] | None:
    """The table this app last sat at, if its game may still be running."""
    s = settings
    if s is None or not s.value("lan/rejoin/token"):
        return None
    info = {k: s.value(f"lan/rejoin/{k}") for k in REJOIN_KEYS}
    try:
        info["port"] = int(info["port"])
    except (TypeError, ValueError):
        return None
    return info
