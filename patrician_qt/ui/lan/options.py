"""Where a window's LAN parts listen and browse, and their timings.

Why a module of its own: the app sets these once on the controller, tests bind everything to
127.0.0.1 and shrink the waits; the parts that open tables and connections read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class LanOptions:
    """Where to listen and browse, and timings; tests bind everything to 127.0.0.1 and shrink waits."""

    bind: str = "0.0.0.0"
    browse_interfaces: list[str] | None = None
    advertise: bool = True
    client_options: dict[str, Any] = field(default_factory=dict)
    host_limits: Any = None  # what a host may send (ui/session/host_budget.HostLimits); None: the defaults
    table_options: Any = None
    host_config: Any = None
    runner: Any = None

