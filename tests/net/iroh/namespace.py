"""Whether this process runs in a network namespace with loopback only (where the iroh tests may run)."""

from __future__ import annotations

from pathlib import Path


def interfaces() -> list[str]:
    """The network interfaces of this process's namespace (/proc/net/dev is per namespace)."""
    lines = Path("/proc/net/dev").read_text().splitlines()[2:]
    return [line.split(":", 1)[0].strip() for line in lines]


def only_loopback() -> bool:
    """True in a namespace whose one interface is `lo`."""
    try:
        return interfaces() == ["lo"]
    except OSError:
        return False


#: why a test that needs such a namespace is skipped anywhere else
SKIP_REASON = ("iroh tests run only in a namespace with loopback only: tests/net/test_iroh_namespace.py "
               "runs them there")
