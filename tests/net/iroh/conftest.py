"""The iroh tests run only inside a network namespace that has nothing but loopback.

Why: an iroh endpoint may look for its router (port mapping) or for relays unless told
not to; these tests tell it not to, and run where no packet could leave the machine
anyway. `tests/net/test_iroh_namespace.py` starts them in such a namespace (`unshare
--net`, then `lo` up); collected anywhere else, they are skipped with that reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.iroh.namespace import SKIP_REASON, only_loopback


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip every test here unless this process sits in a namespace with loopback only."""
    if only_loopback():
        return
    skip = pytest.mark.skip(reason=SKIP_REASON)
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(skip)
