"""The process's open file descriptors, for tests that check a game or a loop gives them all back."""

from __future__ import annotations

import contextlib
import os


def open_fds() -> set[tuple[str, str]]:
    """Each open file descriptor with what it points at ("socket:[4711]"), so a number reused for another
    file counts as new; compared as sets, a descriptor that something else closes meanwhile (an earlier
    test's socket collected now) can neither hide a leak nor fail the test."""
    fds = set()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # the listing's own descriptor, closed by now
            fds.add((fd, os.readlink(f"/proc/self/fd/{fd}")))
    return fds
