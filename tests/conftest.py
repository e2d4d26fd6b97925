"""Test-wide settings: Qt renders offscreen (no display on CI), and a clean, fast exit."""

import os
import sys

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_status: list[int] = []


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Remember pytest's verdict for the exit below."""
    _status.append(int(exitstatus))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Leave with pytest's status once everything is reported, skipping interpreter teardown.

    Why: the tests leave daemon threads behind (asyncio loops of sessions, zeroconf, Qt), and
    CPython's finalisation racing them has aborted a finished run after its summary; the
    verdict is pytest's, so nothing after this point can change it.
    """
    if _status:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_status[-1])
