"""The whole joined app against a host that sends a malformed view or lobby: one clear message in the
banner, no traceback in any Qt slot (pytest-qt fails a test on one), the board as it was. And names
with bidi overrides or control characters from a host's views are shown as plain text."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from patrician_qt.net._framing import encode
from patrician_qt.ui.lan.join_dialog import JoinRequest
from tests.ui.session.scripted_host import ScriptedHost, first_view, opening, seats

from .test_lan_drops import in_game
from .test_lan_game import TIMEOUT

BIDI = "\u202e\u2066\u200f\x1b"


def _send(host: ScriptedHost, message: dict[str, Any]) -> None:
    async def send() -> None:
        for w in host._writers:
            w.write(encode(message))
            await w.drain()

    asyncio.run_coroutine_threadsafe(send(), host.thread.loop).result(5)


BAD = {
    "players-not-a-list": {"t": "update", "seq": 2, "view": {**first_view(), "players": "Anna"}, "events": []},
    "view-types": {"t": "update", "seq": 2, "view": {**first_view(), "deck_size": "many", "over": 0},
                   "events": [{"e": "played", "seat": 0, "card": 5}]},
    "64-seat-lobby": {"t": "lobby", "seats": seats(tuple(f"P{i}" for i in range(64))), "state": "playing"},
}


@pytest.mark.parametrize("bad", sorted(BAD))
def test_a_malformed_message_in_a_game_is_one_banner_and_the_board_stays(qtbot: Any, make_app: Any,
                                                                         bad: str) -> None:
    host = ScriptedHost(opening())
    try:
        anna = make_app("anna")
        anna.lan.join(JoinRequest("127.0.0.1", host.port, "Anna"))
        qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
        shown = anna.window._shown
        players = [anna.window.players_model.index(i, 0).data() for i in range(anna.window.players_model.rowCount())]
        _send(host, BAD[bad])
        session = anna.lan.session
        qtbot.waitUntil(lambda: session.state == "closed", timeout=TIMEOUT)
        qtbot.wait(300)
        assert anna.window._shown is shown
        assert [anna.window.players_model.index(i, 0).data()
                for i in range(anna.window.players_model.rowCount())] == players
        banner = anna.lan.banner
        assert banner.mode == "gone", banner.mode
        assert "cannot read" in banner.title.text() + banner.detail.text(), (banner.title.text(), banner.detail.text())
        assert host.connections == 1  # no reconnecting to a host that sends what it cannot mean
    finally:
        host.close()


def test_bidi_and_control_characters_in_a_hosts_names_never_reach_the_screen(qtbot: Any, make_app: Any) -> None:
    names = (f"Anna{BIDI}x", f"{BIDI}Ben" + "n" * 40)
    script = opening()
    script[0]["table"]["seats"] = script[1]["seats"] = seats(names)
    script[2]["view"] = first_view(players=names)
    host = ScriptedHost(script)
    try:
        anna = make_app("anna")
        anna.lan.join(JoinRequest("127.0.0.1", host.port, "Anna"))
        qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
        _send(host, {"t": "chat", "from": f"Ben{BIDI}", "text": f"hi{BIDI} all"})
        qtbot.waitUntil(lambda: bool(anna.lan.chat.lines), timeout=TIMEOUT)
        shown = [s.name for s in anna.lan.session.seats()] + [t for line in anna.lan.chat.lines for t in line]
        shown.append(anna.lan.chat.view.toPlainText())
        assert not any(ch in text for text in shown for ch in BIDI), shown
        assert shown[0] == "Annax" and len(shown[1]) <= 24
    finally:
        host.close()


@pytest.mark.parametrize("at_once", [False, True])
def test_a_host_flooding_the_chat_is_hung_up_on_with_one_clear_message(qtbot: Any, make_app: Any,
                                                                         at_once: bool) -> None:
    """Beyond docs/protocol.md's rate the app hangs up: a banner over the game, or (a flood before the
    table was even shown) the same message as any failure to connect; never a Connecting… left open."""
    async def flood(writer: Any) -> None:
        if not at_once:
            await asyncio.sleep(1.0)  # the game is on screen first
        for i in range(20_000):
            writer.write(encode({"t": "chat", "from": "Ben", "text": f"{i} spam"}))
            if i % 64 == 0:
                await writer.drain()

    host = ScriptedHost(opening(), flood)
    try:
        anna = make_app("anna")
        anna.lan.join(JoinRequest("127.0.0.1", host.port, "Anna"))
        said = "The host sent more than 50 chat lines a second: this app hung up on it."
        if at_once:
            qtbot.waitUntil(lambda: anna.lan.last_error is not None, timeout=TIMEOUT)
            assert anna.lan.last_error[1] == said and anna.lan.progress is None and anna.lan.session is None
        else:
            qtbot.waitUntil(lambda: in_game(anna), timeout=TIMEOUT)
            qtbot.waitUntil(lambda: anna.lan.banner.mode == "gone", timeout=TIMEOUT)
            assert anna.lan.banner.detail.text() == said
            assert len(anna.lan.chat.lines) < 300
        qtbot.wait(300)
        assert host.connections == 1
    finally:
        host.close()
