"""Network errors and generated bot names in German: every NetError kind, every error code, every level.

The UI tests in tests/ui/lan/test_lan_german.py meet these through real sockets; here each kind is
built as net/client.py builds it (including those a test on 127.0.0.1 cannot provoke, such as an
unreachable network) so none is left without a German sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import patrician_qt.net.client as client
import patrician_qt.table.table as table_module
from patrician_qt.net.client import (
    AddressError,
    BadToken,
    ConnectTimeout,
    HostGone,
    NetError,
    RefusedError,
    TableFull,
)
from patrician_qt.ui.text import language
from patrician_qt.ui.text.net_text import describe, host_error, host_words
from patrician_qt.ui.text.seat_names import display_name


@pytest.fixture
def german(qapp) -> Iterator[None]:
    assert language.install("de")
    yield
    language.install("en")


KINDS = {
    "bad-port": AddressError("x", "bad-port", port=70000),
    "unknown-host": AddressError("x", "unknown-host", host="tisch.invalid", reason="Name or service not known"),
    "unreachable": AddressError("x", "unreachable", host="10.9.9.9", port=47147, reason="Network is unreachable"),
    "refused": RefusedError("x", "refused", host="127.0.0.1", port=47147),
    "timeout": ConnectTimeout("x", "timeout", host="10.9.9.9", port=47147, seconds=5.0),
    "no-welcome": ConnectTimeout("x", "no-welcome", host="127.0.0.1", port=47147, seconds=5.0),
    "version": client.VersionMismatch("x", None, code="version", message="this host speaks protocol version 2, not 1"),
    "table-full": TableFull("x", None, code="table-full", message="no room for more spectators"),
    "bad-token": BadToken("x", None, code="bad-token", message="your seat was reclaimed by a newer connection"),
    "host-refused": NetError("x", "host-refused", code="closed", message="we are closed"),
    "closed-early": HostGone("x", "closed-early", host="127.0.0.1", port=47147),
    "broke": HostGone("x", "broke", host="127.0.0.1", port=47147, reason="Connection reset by peer"),
    "unreadable": HostGone("x", "unreadable", reason="frame too long"),
    "closed": HostGone("x", "closed"),
    "flooded": HostGone("x", "flooded", what="chat", limit=50.0),  # the app hung up (ui/session/host_door.py)
    "gave-up": HostGone("x", "gave-up", cause=RefusedError("x", "refused", host="127.0.0.1", port=47147)),
    "not-connected": HostGone("x", "not-connected"),
    "silent": HostGone("x", "silent", host="127.0.0.1", port=47147, seconds=10.2),
    "name-taken": client.NameTaken("x", None, code="name-taken",
                                   message="someone at this table is already called Anna: choose another name"),
    "table-closed": client.TableClosed("x", None, message="Anna closed the table"),
}

GERMAN = {
    "bad-port": "70000 ist keine Portnummer (1–65535).",
    "unknown-host": "Der Rechner „tisch.invalid“ ist nicht zu finden (Name or service not known).",
    "unreachable": "10.9.9.9:47147 ist nicht erreichbar (Network is unreachable).",
    "refused": "Unter 127.0.0.1:47147 nimmt niemand Verbindungen an. Läuft der Gastgeber, und stimmt der Port?",
    "timeout": "10.9.9.9:47147 hat nicht innerhalb von 5 Sekunden geantwortet.",
    "no-welcome": "127.0.0.1:47147 hat die Verbindung angenommen, diese App aber nicht innerhalb von 5 Sekunden "
                  "an den Tisch gelassen.",
    "version": "An diesem Tisch läuft eine andere Version des Netzwerkprotokolls. Der Gastgeber spricht "
               "Protokollversion 2, diese App Version 1.",
    "table-full": "An diesem Tisch ist kein Platz für dich frei. Für weitere Zuschauer ist kein Platz.",
    "bad-token": "Eine neuere Verbindung hat deinen Platz übernommen (bist du anderswo noch einmal beigetreten?).",
    "host-refused": "Der Gastgeber hat abgelehnt: „we are closed“",
    "closed-early": "127.0.0.1:47147 hat die Verbindung beendet, bevor diese App an den Tisch kam.",
    "broke": "Die Verbindung zum Gastgeber ist abgerissen (Connection reset by peer).",
    "unreadable": "Der Gastgeber hat Daten gesendet, die diese App nicht lesen kann (frame too long).",
    "closed": "Der Gastgeber hat die Verbindung beendet.",
    "gave-up": "Die Verbindung ließ sich zu lange nicht wiederherstellen. Zuletzt: Unter 127.0.0.1:47147 nimmt "
               "niemand Verbindungen an. Läuft der Gastgeber, und stimmt der Port?",
    "not-connected": "Nicht mit dem Gastgeber verbunden.",
    "silent": "Seit 10 Sekunden keine Antwort vom Gastgeber.",
    "name-taken": "An diesem Tisch heißt schon jemand Anna: Wähle einen anderen Namen.",  # said once
    "table-closed": "Der Gastgeber hat den Tisch geschlossen: Die Partie ist für alle zu Ende.",
    "flooded": "Der Gastgeber hat mehr als 50 Chatzeilen pro Sekunde gesendet: Diese App hat die Verbindung beendet.",
}


def test_every_kind_the_client_can_raise_is_listed_here() -> None:
    source = open(client.__file__, encoding="utf-8").read()
    raised = set(re.findall(r'"((?:[a-z]+-)*[a-z]+)", (?:host|port|reason|cause)=', source))
    raised |= {cls.kind for cls in vars(client).values() if isinstance(cls, type) and issubclass(cls, NetError)}
    raised |= set(re.findall(r'HostGone\("[^"]*", "([a-z-]+)"\)', source))
    raised.discard("error")  # NetError's own default: a host's unknown code is raised as "host-refused"
    assert raised <= set(KINDS), raised - set(KINDS)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_net_error_kind_in_german(german, kind: str) -> None:
    assert KINDS[kind].kind == kind
    assert describe(KINDS[kind]) == GERMAN[kind]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_net_error_kind_in_english(qapp, kind: str) -> None:
    text = describe(KINDS[kind])
    assert text[:1].isupper() or text[:1].isdigit()
    assert "A problem with the connection" not in text  # no kind falls through to the generic frame


def test_host_errors_during_play_in_german(german) -> None:
    assert host_error("bad-seat", "seat 2 is taken") == "Der Gastgeber hat den Platz nicht geändert. " \
                                                        "Dieser Platz ist besetzt."
    assert host_error("not-your-turn", "it is Anna's turn (seat 0)") == (
        "Der Gastgeber hat den Zug nicht angenommen: Du bist gerade nicht am Zug. Anna ist am Zug.")
    assert host_error("rate", "more than 20 messages per second; message dropped") == (
        "Diese App hat zu viele Nachrichten auf einmal gesendet; der Gastgeber hat eine verworfen.")
    assert host_error("bad-message", "chat: text is too long") == (
        "Der Gastgeber konnte eine Nachricht dieser App nicht verarbeiten. Der Gastgeber schreibt: "
        "„chat: text is too long“")
    removed = host_error("bad-token", "the host removed you from the table")
    assert removed == "Der Gastgeber hat dich vom Tisch entfernt."
    assert host_error("bad-token", "") == "Der Gastgeber hält an diesem Tisch keinen Platz (mehr) für dich frei."
    # someone else's host, a code we do not know: its words as received, in a German frame
    assert host_error("maintenance", "back at ten") == "Der Gastgeber meldet: „back at ten“"
    long = host_error("maintenance", "x" * 5000)
    assert len(long) < 260 and long.endswith("…“")


def test_generated_bot_names_in_german_and_other_names_untouched(german) -> None:
    assert [display_name(f"Bot {i} ({level})") for i, level in
            enumerate(("random", "easy", "medium", "hard", "expert"), 1)] == [
        "Bot 1 (Zufall)", "Bot 2 (leicht)", "Bot 3 (mittel)", "Bot 4 (schwer)", "Bot 5 (Experte)"]
    for name in ("Anna", "Bot 1 (hardest)", "Bot 1 (hard) ", "Robot 1 (hard)", "Bot · hard"):
        assert display_name(name) == name


# One example of every refusal the table raises with its own words (the engine's refusals come
# with a rule and are retold from it); keep this in step with patrician_qt/table/table.py.
TABLE_REFUSALS = [
    "the game has started and no seat is open",
    "every seat at this table is taken",
    "there is no seat 7 (seats 0 to 2)",
    "seat 1 is taken",
    "the game has not started",
    "the game is over",
    "it is Anna's turn (seat 0)",
    "a bot plays this seat now",
    "stale turn: it answers update 3, but the position is that of update 5",
    "the host could not check this turn",
    "only during a game",
    "there is no seat 9",
    "seat 2 is not a gone player's seat",
    "seats can change only in the lobby",
    "Anna sits at seat 0",
    "the game has already started",
    "a game needs at least two filled seats (R3)",
    "a rematch follows a finished game",
    "a player needs a name",
    "someone at this table is already called Anna: choose another name",
]


def test_every_refusal_of_the_table_is_told_in_german(german) -> None:
    source = (Path(table_module.__file__)).read_text(encoding="utf-8")
    raised = len(re.findall(r"raise Refused\(", source))
    # 26 raises: one passes the engine's rule-numbered text on, two repeat a message listed here
    # ("there is no seat N", "the game has not started"), one chooses between two messages, one
    # ("this token holds no seat at this table") is told by its code's own sentence, and the host's
    # "keep waiting" (hold_seat) repeats three ("only during a game", "there is no seat N", "not a gone
    # player's seat")
    assert raised == len(TABLE_REFUSALS) + 1 + 2 - 1 + 1 + 3, "a new refusal in table.py needs its German here"
    for message in TABLE_REFUSALS:
        words = host_words(message)
        assert words, message
        assert not re.search(r"\b(the|seat|game|turn|host)\b", words), (message, words)
