"""Table after table, the LAN controller's long-lived parts gain nothing from the sessions that came and went.

PySide 6.11 keeps a weak reference (and its receiver record) for every connection of a signal to a bound
method of a plain Python object until that object dies, even after the sender is deleted or disconnected.
The LAN controller's parts live as long as the window, so each session wired to them straight left about
a dozen such records behind: the Python objects `bench/soak.py --kinds lan` saw grow by 38 a game.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

from .conftest import free_port
from .test_lan_drops import in_game
from .test_lan_game import TIMEOUT, host_table, start_game


def _weakrefs_to(parts: list[object]) -> int:
    gc.collect()
    ids = {id(p) for p in parts}
    return sum(1 for o in gc.get_objects() if type(o) is weakref.ReferenceType and id(o()) in ids)


def test_hosting_and_closing_tables_leaves_no_receivers_behind(qtbot: Any, make_app: Any) -> None:
    anna = make_app("anna")
    lan = anna.lan
    parts = [lan.game, lan.chat_link, lan.joining, lan.menu, lan.lobby_link, lan.hosting, lan.clock]

    def one_table(k: int) -> None:
        host_table(qtbot, anna, f"Table {k}", "Anna", [2], free_port())  # Anna and an Easy bot
        start_game(qtbot, anna)
        qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
        lan.leave()  # "Close the table"
        qtbot.waitUntil(lambda: anna.window.current_page() is anna.start, timeout=TIMEOUT)
        qtbot.wait(20)

    one_table(0)
    after_first = _weakrefs_to(parts)
    for k in range(1, 4):
        one_table(k)
    assert _weakrefs_to(parts) == after_first
