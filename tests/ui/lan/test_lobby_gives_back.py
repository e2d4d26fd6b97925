"""The lobby's seat rows are rebuilt on every change; rebuilding them gives back what they took.

`QLayout.takeAt` hands the layout's item to the caller, and a Python caller that drops it leaks the C++
item (about 90 bytes per widget, five to twenty per rebuild, every lobby of every LAN game: heaptrack
found it as the only growing allocation of `bench/soak.py --kinds lan`). Python's counts cannot see it,
so this test reads the C heap's bytes in use (glibc's `mallinfo2`).
"""

from __future__ import annotations

import ctypes
import gc
import sys
from typing import Any

import pytest

from patrician_qt.ui.lan.lobby_view import LobbyView


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                     "fsmblks", "uordblks", "fordblks", "keepcost")]


def _c_heap_in_use() -> int:
    libc = ctypes.CDLL(None)
    libc.mallinfo2.restype = _MallInfo2
    return int(libc.mallinfo2().uordblks)


def _has_mallinfo2() -> bool:
    try:
        return sys.platform.startswith("linux") and hasattr(ctypes.CDLL(None), "mallinfo2")
    except OSError:
        return False


SEATS: list[Any] = [
    {"name": "Anna", "kind": "human", "connected": True},
    {"name": "Ben", "kind": "human", "connected": True},
    {"name": None, "kind": "open"},
    {"name": None, "kind": "bot", "level": "hard"},
    {"name": None, "kind": "bot", "level": "easy"},
]


@pytest.mark.skipif(not _has_mallinfo2(), reason="reads glibc's heap figures")
def test_rebuilding_the_seat_rows_leaves_no_layout_items_behind(qtbot: Any) -> None:
    lobby = LobbyView()
    qtbot.addWidget(lobby)
    lobby.is_host = True

    def rebuild(times: int) -> None:
        for k in range(times):
            lobby.set_seats(SEATS, 0)
            if k % 50 == 49:
                qtbot.wait(1)  # the old rows' deleteLater
        qtbot.wait(1)
        gc.collect()

    rebuild(200)  # warm-up: fonts, styles, the combo boxes' first use
    before = _c_heap_in_use()
    rebuild(1000)  # 19 widgets a rebuild: a leaked item each would be ~1.7 MB
    grown = _c_heap_in_use() - before
    assert grown < 400_000, f"the C heap grew by {grown:,} bytes over 1,000 rebuilds of the seat rows"
    assert len(lobby.rows) == len(SEATS)
