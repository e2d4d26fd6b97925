"""Only the real host is called host: "host" labels only the player who hosts the table, in every lobby: the table marks
the seat of the host's own token (a headless host marks none: tests/table/test_hostile_table.py)."""

from __future__ import annotations

from typing import Any

from patrician_qt.ui.app.flow import AppController

from .conftest import free_port
from .test_lan_drops import join_by_address
from .test_lan_game import TIMEOUT, host_table, lobby_names


def _statuses(app: AppController) -> list[str]:
    return [row["status"].text() for row in app.lan.lobby.rows]


def test_only_the_hosts_seat_is_labelled_host_in_every_lobby(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Salon", "Anna", [0, 0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: lobby_names(anna)[1:2] == ["Ben"] and lobby_names(ben)[1:2] == ["Ben"], timeout=TIMEOUT)
    for app in (anna, ben):
        marked = [i for i, text in enumerate(_statuses(app)) if "host" in text.split(" · ")]
        assert marked == [0], _statuses(app)
    assert anna.lan.session is not None and anna.lan.session.lobby[0].get("host") is True
    assert anna.lan.session.lobby[1].get("host") in (None, False)
