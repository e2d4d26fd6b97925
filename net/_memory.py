"""Giving freed memory back to the operating system once an attack is over.

Why: CPython frees what a closed connection held, but glibc's allocator keeps the
freed heap pages mapped, so after a flood of hostile connections the host's resident
size would stay tens of megabytes above its idle size although nothing is in use
(bench/hostile.py). `malloc_trim(0)` hands those pages back. Elsewhere (macOS,
Windows, musl) there is no such call and nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections.abc import Callable

__all__ = ["release_free_memory"]

_trim: Callable[[int], int] | None = None
_looked = False


def _find_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_free_memory() -> bool:
    """Return freed heap pages to the system (glibc); False where the C library cannot."""
    global _trim, _looked
    if not _looked:
        _trim, _looked = _find_trim(), True
    if _trim is None:
        return False
    _trim(0)
    return True
