"""A joined app against a host that sends what no host should: each malformed message is one clear
"cannot read" for the player, never a traceback in a Qt slot, and what the app shows stays as it was.
Floods of valid messages (updates, seat events, the story) stay within what one game can hold.

Real sockets on 127.0.0.1 only (``ScriptedHost``), the real ``RemoteSession``.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from patrician_qt.engine import CARDS, apply, new_game, random_turn, view_for
from patrician_qt.ui.session.host_budget import HostLimits
from patrician_qt.ui.session.host_door import MAX_SEAT_EVENTS, MAX_TURNS
from patrician_qt.ui.session.remote import RemoteSession
from patrician_qt.ui.session.wire_check import BadMessage, checked

from .scripted_host import ScriptedHost, first_view, opening, seats, welcome

FAST = {"ping_interval": 0.3, "host_timeout": 3.0, "connect_timeout": 3.0, "backoff": (0.05, 0.1),
        "give_up_after": 3.0}


def _bad_view(change: str) -> dict[str, Any]:
    view = first_view()
    match change:
        case "players-not-a-list":
            view["players"] = {"Anna": 1}
        case "name-not-text":
            view["players"][0]["name"] = 7
        case "one-player":
            view["players"] = view["players"][:1]
        case "unknown-card":
            view["hand"] = ["NOPE-1"]
        case "seat-out-of-range":
            next(iter(view["cities"].values()))["towers"] = [[9], []]
        case "to-move-text":
            view["to_move"] = "0"
        case "deck-negative":
            view["deck_size"] = -1
        case "cities-a-list":
            view["cities"] = []
    return {"t": "update", "seq": 2, "view": view, "events": []}


BAD = {
    **{f"view:{c}": _bad_view(c) for c in ("players-not-a-list", "name-not-text", "one-player", "unknown-card",
                                          "seat-out-of-range", "to-move-text", "deck-negative", "cities-a-list")},
    "lobby:64-seats": {"t": "lobby", "seats": seats(tuple(f"P{i}" for i in range(64))), "state": "playing"},
    "lobby:seats-not-a-list": {"t": "lobby", "seats": "Anna", "state": "playing"},
    "lobby:kind-unknown": {"t": "lobby", "seats": [{"name": "A", "kind": "dragon", "connected": True}] * 2},
    "update:events-a-map": {"t": "update", "seq": 2, "view": first_view(), "events": {"e": "played"}},
    "update:played-unknown-seat": {"t": "update", "seq": 2, "view": first_view(),
                                   "events": [{"e": "played", "seat": 7, "card": CARDS[0].id}]},
    "update:seq-text": {"t": "update", "seq": "2", "view": first_view(), "events": []},
    "chat:from-a-list": {"t": "chat", "from": ["Anna"], "text": "hi"},
    "past:events-text": {"t": "past", "seq": 1, "events": "played"},
}


@pytest.fixture
def session(qtbot: Any) -> Iterator[RemoteSession]:
    s = RemoteSession(client_options=FAST)
    yield s
    s.close()


def _opened(session: RemoteSession, host: ScriptedHost) -> list[tuple[str, str]]:
    """Join ``host`` and note every state and error; a hang-up before the welcome was shown (the start screen
    then says why it could not join) is noted as ("closed", its words) too."""
    states: list[tuple[str, str]] = []
    session.connectionChanged.connect(lambda state, error: states.append((state, error)))
    session.connectFailed.connect(lambda _title, text: states.append(("closed", text)))
    session.open("127.0.0.1", host.port, "Anna")
    return states


def _joined(qtbot: Any, session: RemoteSession, host: ScriptedHost) -> list[tuple[str, str]]:
    states: list[tuple[str, str]] = []
    session.connectionChanged.connect(lambda state, error: states.append((state, error)))
    with qtbot.waitSignal(session.started, timeout=10_000):
        session.open("127.0.0.1", host.port, "Anna")
    return states


@pytest.mark.parametrize("bad", sorted(BAD))
def test_a_malformed_message_is_one_clear_message_and_changes_nothing(qtbot: Any, session: RemoteSession,
                                                                      bad: str) -> None:
    host = ScriptedHost([*opening()])
    try:
        states = _joined(qtbot, session, host)
        shown = session.current()
        lobby = copy.deepcopy(session.lobby)
        assert shown is not None and shown.seq == 1
        host.script = []  # the connection already open gets the bad message now
        bad_message = BAD[bad]

        async def send(writer: Any) -> None:
            from patrician_qt.net._framing import encode
            writer.write(encode(bad_message))
            await writer.drain()

        import asyncio
        for w in host._writers:
            asyncio.run_coroutine_threadsafe(send(w), host.thread.loop).result(5)
        qtbot.waitUntil(lambda: session.state == "closed", timeout=10_000)
        qtbot.wait(300)
        assert states == [("closed", states[-1][1])], states  # one message, no reconnecting
        assert "cannot read" in states[0][1]
        assert session.current() is shown and session.lobby == lobby  # nothing shown changed
        assert host.connections == 1
    finally:
        host.close()


def test_a_malformed_welcome_is_a_failure_to_connect(qtbot: Any, session: RemoteSession) -> None:
    bad = welcome()
    bad["table"]["seats"] = seats(tuple(f"P{i}" for i in range(64)))
    host = ScriptedHost([bad])
    try:
        with qtbot.waitSignal(session.connectFailed, timeout=10_000) as failed:
            session.open("127.0.0.1", host.port, "Anna")
        assert "cannot read" in failed.args[1]
        assert session.welcome is None
    finally:
        host.close()


def test_names_from_a_host_are_plain_short_text() -> None:
    view = first_view(players=("Anna\u202eevil", "B" * 5000))
    view["players"][1]["name"] = "Ben\x1b[2J\u2066"
    message = checked({"t": "update", "seq": 1, "view": view, "events": [
        {"e": "joined", "seat": 1, "name": "Eve\u202e" + "x" * 100}]}, 2)
    assert [p["name"] for p in message["view"]["players"]] == ["Annaevil", "Ben[2J"]
    assert message["events"][0]["name"] == "Eve" + "x" * 20 + "\u2026"
    lobby = checked({"t": "lobby", "seats": seats(("\u202eAnna", "Ben (spectator)\u200f"))}, 2)
    assert [s["name"] for s in lobby["seats"]] == ["Anna", "Ben (spectator)"]
    chat = checked({"t": "chat", "from": "Anna\u202e", "text": "hi\u202e there" + "!" * 2000}, 2)
    assert chat["from"] == "Anna" and chat["text"].startswith("hi there") and len(chat["text"]) == 500
    with pytest.raises(BadMessage):
        checked({"t": "update", "seq": 1, "view": {**view, "players": None}, "events": []}, 2)


def _turn_updates(count: int) -> list[dict[str, Any]]:
    """Valid updates of a real game, then more of the same last position with new played events."""
    import random
    rng = random.Random(4)
    state = new_game(["Anna", "Ben"], rng)
    out = []
    seq = 1
    while not state.over and len(out) < count:
        state, events = apply(state, random_turn(state, rng))
        seq += 1
        out.append({"t": "update", "seq": seq, "view": dict(view_for(state, 0)), "events": list(events)})
    return out


def test_more_turns_than_a_game_has_end_the_connection(qtbot: Any, session: RemoteSession) -> None:
    real = _turn_updates(10)
    view = real[-1]["view"]
    fake = [{"t": "update", "seq": 100 + i, "view": view,
             "events": [{"e": "played", "seat": i % 2, "card": CARDS[i % len(CARDS)].id}]}
            for i in range(MAX_TURNS + 5)]
    host = ScriptedHost([*opening(), *real, *fake])
    try:
        states = _opened(session, host)
        qtbot.waitUntil(lambda: session.state == "closed", timeout=10_000)
        assert states and "turns" in states[-1][1]
        assert len(session.history()) < MAX_TURNS * 64
    finally:
        host.close()


def test_seat_events_beyond_what_a_log_keeps_are_not_kept(qtbot: Any, session: RemoteSession) -> None:
    flood = [{"t": "update", "seq": 2 + i, "view": first_view(),
              "events": [{"e": "left", "seat": 1, "how": "lost"}, {"e": "joined", "seat": 1, "name": "Ben"}]}
             for i in range(2 * MAX_SEAT_EVENTS)]
    host = ScriptedHost([*opening(), *flood])
    try:
        shown: list[Any] = []
        session.updated.connect(shown.append)
        session.open("127.0.0.1", host.port, "Anna")
        qtbot.waitUntil(lambda: session.current() is not None and session.current().seq == 1 + 2 * MAX_SEAT_EVENTS,
                        timeout=20_000)
        assert len(session.history()) == MAX_SEAT_EVENTS
        assert len(shown) <= MAX_SEAT_EVENTS // 2 + 1
        assert session.state == "connected"
    finally:
        host.close()


def test_a_flood_waits_in_tcp_while_the_window_is_busy(qtbot: Any) -> None:
    """The UI thread handles nothing for 2 s (a slow machine, a modal dialog's layout): the client stops
    reading once INBOX_HIGH messages wait, so the host cannot push its flood into this app's memory.
    (The host's rate limits are lifted here: this is about the hold, which also serves a host within them.)"""
    import time

    unlimited = HostLimits(chat_rate=1e9, chat_burst=1e9, message_rate=1e9, message_burst=1e9, byte_rate=1e12,
                           byte_burst=1e12)
    session = RemoteSession(client_options=FAST, host_limits=unlimited)

    from patrician_qt.net._framing import encode
    from patrician_qt.ui.session.host_door import INBOX_HIGH

    pushed = [0]
    line = encode({"t": "chat", "from": "Ben", "text": "x" * 500})

    async def flood(writer: Any) -> None:
        while True:
            writer.write(line * 64)
            await writer.drain()
            pushed[0] += 64 * len(line)

    host = ScriptedHost(opening(), flood)
    try:
        with qtbot.waitSignal(session.started, timeout=10_000):
            session.open("127.0.0.1", host.port, "Anna")
        time.sleep(2.0)  # the UI thread is busy: nothing is handled
        assert pushed[0] < 12 * 2**20, pushed[0]  # what TCP's buffers take, not the flood
        waiting = len(session._door)
        assert waiting <= INBOX_HIGH + 200, waiting  # at most one read's worth above the mark
        qtbot.wait(500)
        assert session.state == "connected"  # the keep-alive did not count our own pause as the host's silence
    finally:
        session.close()
        host.close()


def _chat_line(i: int) -> bytes:
    from patrician_qt.net._framing import encode

    return encode({"t": "chat", "from": "Ben", "text": f"{i} " + "x" * 490})


def test_a_host_flooding_the_chat_is_hung_up_on_with_one_clear_message(qtbot: Any, session: RemoteSession) -> None:
    limits = HostLimits()

    async def flood(writer: Any) -> None:
        for i in range(100_000):
            writer.write(_chat_line(i))
            if i % 64 == 0:
                await writer.drain()

    host = ScriptedHost(opening(), flood)
    try:
        heard: list[str] = []
        session.chatReceived.connect(lambda _who, text: heard.append(text))
        states = _opened(session, host)
        qtbot.waitUntil(lambda: session.state == "closed", timeout=10_000)
        assert states[-1] == ("closed", "The host sent more than 50 chat lines a second: this app hung up on it.")
        assert session.error_kind == "flooded"
        assert len(heard) <= limits.chat_burst + limits.chat_rate * 10  # hung up within the burst, give or take
        qtbot.wait(300)
        assert host.connections == 1  # no reconnecting to a host that floods
    finally:
        host.close()


def test_a_host_sending_huge_updates_without_end_is_hung_up_on(qtbot: Any, session: RemoteSession) -> None:
    from patrician_qt.net._framing import encode

    view = first_view()
    long = "N" * 4000
    big = {**view, "players": [{**p, "name": long} for p in view["players"]]}  # every update near 20 KB

    async def flood(writer: Any) -> None:
        for seq in range(2, 100_000):
            writer.write(encode({"t": "update", "seq": seq, "view": big, "events": []}))
            if seq % 16 == 0:
                await writer.drain()

    host = ScriptedHost(opening(), flood)
    try:
        # Not _joined: the flood follows the welcome at once, and the app may hang up before its UI thread has
        # shown the welcome (the start screen then says why it could not join); either way it hangs up, saying why
        states = _opened(session, host)
        qtbot.waitUntil(lambda: session.state == "closed", timeout=10_000)
        assert states[-1] == ("closed", "The host sent more than 256 KB a second: this app hung up on it.")
    finally:
        host.close()


def test_an_honest_hosts_pace_of_chat_keeps_the_connection(qtbot: Any, session: RemoteSession) -> None:
    """21 people at the host's own chat limit (2 lines a second each, bursts of 8) never reach the app's."""
    import asyncio

    async def busy_evening(writer: Any) -> None:
        for i in range(21 * 8):  # everyone's burst at once
            writer.write(_chat_line(i))
        await writer.drain()
        for i in range(60):  # then 42 lines a second for 1.5 s
            writer.write(_chat_line(1000 + i))
            await writer.drain()
            await asyncio.sleep(1 / 42)

    host = ScriptedHost(opening(), busy_evening)
    try:
        heard: list[str] = []
        session.chatReceived.connect(lambda _who, text: heard.append(text))
        _joined(qtbot, session, host)
        qtbot.waitUntil(lambda: len(heard) == 21 * 8 + 60, timeout=10_000)
        assert session.state == "connected"
    finally:
        host.close()


def test_a_game_told_again_and_again_does_not_grow_the_log_without_end(qtbot: Any, session: RemoteSession) -> None:
    """Each welcome starts the story again, so a host could welcome the app over and over, each time
    with a game's worth of turns: the log still holds at most one game."""
    from patrician_qt.engine import CITIES
    from patrician_qt.ui.session.host_door import MAX_GAME_EVENTS

    view = first_view()
    city = CITIES[0].name
    script: list[dict[str, Any]] = [*opening()]
    seq = 1
    for _round in range(6):
        script.append(welcome())
        for i in range(20):
            seq += 1
            events = [{"e": "played", "seat": i % 2, "card": CARDS[i].id}]
            events += [{"e": "revealed", "city": city, "card": CARDS[i + 1].id}] * 63
            script.append({"t": "update", "seq": seq, "view": view, "events": events})
    host = ScriptedHost(script)
    try:
        states = _opened(session, host)
        qtbot.waitUntil(lambda: session.state == "closed", timeout=20_000)
        assert "turns" in states[-1][1]
        assert len(session.history()) <= MAX_GAME_EVENTS + MAX_SEAT_EVENTS
    finally:
        host.close()


def test_a_malformed_welcome_on_coming_back_ends_the_game_s_connection_not_a_connect(
        qtbot: Any, session: RemoteSession) -> None:
    host = ScriptedHost(opening())
    try:
        states = _joined(qtbot, session, host)
        failed: list[Any] = []
        session.connectFailed.connect(lambda *a: failed.append(a))
        bad = welcome()
        bad["seat"] = 9
        host.script = [bad]
        session.drop_connection()
        qtbot.waitUntil(lambda: session.state == "closed", timeout=10_000)
        assert not failed
        assert states[0][0] == "reconnecting" and states[-1][0] == "closed" and "cannot read" in states[-1][1]
        assert session.current() is not None and session.current().seq == 1
    finally:
        host.close()
