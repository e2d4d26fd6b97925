"""Runs tests/net/iroh in a network namespace of its own, where only loopback exists.

Why: the iroh tests must not be able to send a packet anywhere but this machine, whatever
the library might try (relays, address lookup, port mapping on the router); in a fresh
namespace with `lo` as its one interface there is nowhere else. Needs root (CI runs as
root) or unprivileged user namespaces; skipped, saying why, where neither works.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.namespaces import loopback_only_command

ROOT = Path(__file__).resolve().parents[2]
SUITE = "tests/net/iroh tests/ui/lan/test_join_by_invitation.py tests/ui/lan/test_host_for_the_internet.py"


def test_the_iroh_suite_passes_in_a_namespace_with_loopback_only() -> None:
    pytest.importorskip("iroh")
    command = loopback_only_command()
    if command is None:
        pytest.skip("cannot make a network namespace here (needs root or user namespaces, unshare and ip)")
    script = (f"{shutil.which('ip')} link set lo up && exec {sys.executable} -m pytest -p no:randomly "
              f"-p no:cacheprovider -q -rs {SUITE}")
    done = subprocess.run([*command, "sh", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert " passed" in output and "skipped" not in output, output
