"""The German app tells every network problem in German, and generated bot names too.

Everything real on 127.0.0.1: a wrong name, a port nobody listens on, raw TCP servers that answer
what a host (ours or someone else's) might answer, and real tables hosted by the app itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
from pytestqt.exceptions import TimeoutError as WaitTimeout

from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.text import language

from .conftest import RawHost, free_port
from .test_lan_drops import in_game, join_by_address
from .test_lan_failures import banner_shows, shown_error
from .test_lan_game import TIMEOUT, host_table, start_game

ENGLISH_BITS = ("host", "connection", "seat", "table", "refused", "answer", "cannot", "the ")


@pytest.fixture(autouse=True)
def german(qapp: Any) -> Iterator[None]:
    """The app runs in German (as after View ▸ Language ▸ Deutsch)."""
    assert language.install("de")
    yield
    language.install("en")


def german_sentence(text: str, *keep: str) -> None:
    """German words, no English sentence left (``keep``: parts shown as received, e.g. an address)."""
    rest = text
    for part in keep:
        rest = rest.replace(part, "")
    low = rest.casefold()
    assert not [w for w in ENGLISH_BITS if w in low], text
    assert any(w in low for w in ("der ", "die ", "das ", "ist", "nicht", "kein", "unter ", "an diesem")), text


def _error(code: str, message: str) -> bytes:
    return bytes(msgpack.packb({"t": "error", "code": code, "message": message}))


RAW = {
    # our own host's words: told wholly in German
    "version": (_error("version", "this host speaks protocol version 2, not 1"),
                "An diesem Tisch läuft eine andere Version von Patrizier",
                "Der Gastgeber spricht Protokollversion 2, diese App Version 1."),
    "table-full": (_error("table-full", "every seat at this table is taken"),
                   "Der Tisch ist voll", "Jeder Platz an diesem Tisch ist besetzt."),
    "bad-token": (_error("bad-token", "this token does not hold a seat at this table"),
                  "Dein Platz an diesem Tisch ist weg", "keinen Platz (mehr) für dich frei"),
    # someone else's host: its free text as received, in a German frame
    "host-refused": (_error("maintenance", "closed for cleaning until 22:00"),
                     "Verbindung nicht möglich", "Der Gastgeber hat abgelehnt: „closed for cleaning until 22:00“"),
    "table-full-foreign": (_error("table-full", "Tisch voll, komm später"),
                           "Der Tisch ist voll", "Der Gastgeber schreibt: „Tisch voll, komm später“"),
    "closed-early": (b"", "Der Gastgeber ist weg", "hat die Verbindung beendet, bevor diese App an den Tisch kam"),
    "unreadable": (b"\xc1" * 8, "Der Gastgeber ist weg", "Daten gesendet, die diese App nicht lesen kann"),
    "no-welcome": (None, "Der Gastgeber antwortet nicht",
                   "hat die Verbindung angenommen, diese App aber nicht innerhalb von 1 Sekunde an"),
}


@pytest.mark.parametrize("case", sorted(RAW))
def test_every_host_answer_is_told_in_german(qtbot: Any, make_app: Any, case: str) -> None:
    answer, title_is, text_has = RAW[case]
    host = RawHost(answer)
    try:
        app = make_app("ben", connect_timeout=1.0)
        join_by_address(qtbot, app, f"127.0.0.1:{host.port}", "Ben")
        title, text = shown_error(qtbot, app)
    finally:
        host.close()
    assert title == title_is
    assert text_has in text
    keep = ["closed for cleaning until 22:00"] if case == "host-refused" else []
    german_sentence(text, f"127.0.0.1:{host.port}", *keep)


def test_wrong_name_and_refused_port_in_german(qtbot: Any, make_app: Any) -> None:
    app = make_app("ben")
    join_by_address(qtbot, app, "no-such-host.invalid:47147", "Ben")
    title, text = shown_error(qtbot, app)
    assert title == "Falsche Adresse"
    assert text.startswith("Der Rechner „no-such-host.invalid“ ist nicht zu finden (")
    port = free_port()
    join_by_address(qtbot, app, f"127.0.0.1:{port}", "Ben")
    title, text = shown_error(qtbot, app)
    assert title == "Unter dieser Adresse antwortet niemand"
    assert text == (f"Unter 127.0.0.1:{port} nimmt niemand Verbindungen an. "
                    "Läuft der Gastgeber, und stimmt der Port?")


def test_full_table_bad_token_and_a_taken_seat_from_our_own_host(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben, cleo = make_app("anna"), make_app("ben"), make_app("cleo")
    host_table(qtbot, anna, "Voller Tisch", "Anna", [0], port)  # Anna and one open seat: the lobby
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(ben), timeout=TIMEOUT)
    join_by_address(qtbot, cleo, f"127.0.0.1:{port}", "Cleo")
    title, text = shown_error(qtbot, cleo)
    assert (title, text) == ("Der Tisch ist voll",
                             "An diesem Tisch ist kein Platz für dich frei. Das Spiel läuft schon, und kein Platz "
                             "ist frei.")
    s = cleo.settings
    for key, value in {"table": "Voller Tisch", "host": "127.0.0.1", "port": port, "name": "Cleo",
                       "token": "not-the-token-of-any-seat", "role": "player"}.items():
        s.setValue(f"lan/rejoin/{key}", value)
    cleo.lan.rejoin()
    title, text = shown_error(qtbot, cleo)
    assert (title, text) == ("Dein Platz an diesem Tisch ist weg",
                             "Der Gastgeber hält an diesem Tisch keinen Platz (mehr) für dich frei.")
    # during the game the host refuses Ben's move to another seat: its error is told in German
    ben.lan.session.sit(0)
    said = "An diesem Tisch ist kein Platz für dich frei. Das Spiel läuft schon, und kein Platz ist frei."
    qtbot.waitUntil(lambda: ben.window.turn_bar.message_text == said, timeout=TIMEOUT)


def test_host_gone_banner_in_german(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    # Ben tries again for 8 s, not the suite's usual 3: the host's app closes in this same process, and on a
    # busy machine its closing alone may take the 3 s, so that Ben gives up before anything could refuse him
    anna, ben = make_app("anna"), make_app("ben", give_up_after=8.0)
    host_table(qtbot, anna, "Weg", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(ben), timeout=TIMEOUT)
    banner = ben.lan.banner
    shown = banner_shows(banner)
    anna.window.close()  # the host's app quits: the table is not open until it is opened again
    gone = "„Weg“ ist nicht mehr geöffnet"
    try:
        qtbot.waitUntil(lambda: any(s[:3] == ("reconnecting", True, gone) for s in shown), timeout=TIMEOUT)
    except WaitTimeout as exc:
        raise AssertionError(f"the banner showed {shown}") from exc
    detail = next(s[3] for s in shown if s[:3] == ("reconnecting", True, gone))
    assert detail.startswith(f"Unter 127.0.0.1:{port} antwortet niemand: Die App des Gastgebers "
                             "läuft nicht (sie wurde geschlossen oder ist abgestürzt). Der Gastgeber "
                             "muss den Tisch wieder eröffnen")
    assert ". Versuch, " in detail
    german_sentence(detail, "127.0.0.1:" + str(port))
    qtbot.waitUntil(lambda: banner.mode == "gone", timeout=TIMEOUT)
    assert banner.title.text() == "„Weg“ ist nicht erreichbar"
    assert banner.detail.text().startswith(f"Diese App versucht es nicht mehr. Unter 127.0.0.1:{port} antwortet "
                                           "niemand: Die App des Gastgebers läuft nicht. Sobald der Gastgeber")
    assert banner.retry_button.text() == "Erneut versuchen"
    german_sentence(banner.detail.text(), "127.0.0.1:" + str(port))


def _player_names(app: AppController) -> list[str]:
    model = app.window.players_model
    return [str(model.index(i, 0).data(PlayersModel.NameRole)) for i in range(model.rowCount())]


def test_bot_seats_in_german_in_the_lobby_and_the_players_panel(qtbot: Any, make_app: Any) -> None:
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Bottisch", "Anna", [0, 2, 0], port)  # Anna, open, Medium bot, open
    lobby = anna.lan.lobby
    qtbot.waitUntil(lambda: len(lobby.rows) == 4 and lobby.rows[2]["name"].text() == "Bot 1 (mittel)",
                    timeout=TIMEOUT)
    assert lobby.rows[2]["status"].text() == "Bot · Mittel"
    anna.lan.lobby.setSeat.emit(3, "bot", "hard")  # the host's seat menu: make seat 4 a Hard bot
    qtbot.waitUntil(lambda: lobby.rows[3]["name"].text() == "Bot 4 (schwer)", timeout=TIMEOUT)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: in_game(a), timeout=TIMEOUT)
        assert _player_names(app) == ["Anna", "Ben", "Bot 1 (mittel)", "Bot 4 (schwer)"]
    # the name itself is not translated: the record keeps the host's generated name for everybody
    assert ben.lan.session.record().players == ["Anna", "Ben", "Bot 1 (medium)", "Bot 4 (hard)"]
    # a live switch to English shows the English name again
    language.switch("en")
    qtbot.waitUntil(lambda: _player_names(ben)[2] == "Bot 1 (medium)", timeout=TIMEOUT)


def test_seat_taken_over_elsewhere_forgets_the_rejoin_in_german_too(qtbot: Any, make_app: Any) -> None:
    """Ben rejoins from a second computer: the first app learns its seat is gone and stops offering Rejoin."""
    port = free_port()
    anna, ben, ben_elsewhere = make_app("anna"), make_app("ben"), make_app("ben-elsewhere")
    host_table(qtbot, anna, "Zwei Rechner", "Anna", [0], port)
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    start_game(qtbot, anna)
    qtbot.waitUntil(lambda: in_game(ben), timeout=TIMEOUT)
    info = ben.lan.rejoin_info()
    assert info is not None
    for key, value in info.items():
        ben_elsewhere.settings.setValue(f"lan/rejoin/{key}", value)
    ben_elsewhere.lan.rejoin()
    qtbot.waitUntil(lambda: in_game(ben_elsewhere), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: ben.lan.rejoin_info() is None, timeout=TIMEOUT)
    assert ben_elsewhere.lan.rejoin_info() is not None


def test_the_hosts_lobby_refusals_in_german(qtbot: Any, make_app: Any) -> None:
    """A seat change the table refuses (Ben sat down meanwhile) is told in the host's language."""
    port = free_port()
    anna, ben = make_app("anna"), make_app("ben")
    host_table(qtbot, anna, "Im Salon", "Anna", [0, 0], port)  # Anna and two open seats: the lobby
    join_by_address(qtbot, ben, f"127.0.0.1:{port}", "Ben")
    qtbot.waitUntil(lambda: any(s.get("name") == "Ben" for s in anna.lan.lobby.seats), timeout=TIMEOUT)
    seat = next(i for i, s in enumerate(anna.lan.lobby.seats) if s.get("name") == "Ben")
    anna.lan.lobby.setSeat.emit(seat, "bot", "easy")  # as a seat row still showing "open" would send it
    # the table answers from its loop: the refusal arrives a moment later
    qtbot.waitUntil(lambda: anna.lan.lobby.message.text() == "An diesem Platz sitzt Ben.", timeout=TIMEOUT)
