"""Network trouble told in the app's language: a NetError's kind and params, or a host's ``error``.

``net/`` stays free of Qt and of the UI (DESIGN.md): its errors carry an English sentence as
``str()``, plus a machine-readable ``kind`` and ``params`` (host, port, reason, the host's code
and text). Here each kind gets a translated sentence (context "NetText"), the way
``engine_text`` re-tells the engine's refusals. What a host writes is free text: the sentences
our own host sends are recognised and told in the app's language; anything else (a host made by
someone else, a newer version) is shown as received, inside a translated frame sentence.
The operating system's reasons (``reason``) are shown as they came, in brackets.

Usage: ``describe(exc)`` for a NetError (or any exception while talking to a host),
``host_error(code, message)`` for an ``error`` message the host sent during play.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from patrician_qt.ui.text.plural import counted

#: longest host text shown (a host could send anything up to the frame limit)
MAX_HOST_TEXT = 200


def _t(text: str) -> str:
    return QCoreApplication.translate("NetText", text)


# What our own host (net/host.py, net/_peer.py, patrician_qt/table) writes in `error.message`,
# matched exactly → the same news in the app's language.
_HOST_TEXTS: list[tuple[re.Pattern[str], Callable[[], str]]] = [
    (re.compile(r"^this host speaks protocol version (?P<theirs>\d+), not (?P<ours>\d+)$"),
     lambda: _t("The host speaks protocol version {theirs}, this app version {ours}.")),
    (re.compile(r"^the game has started and no seat is open$"),
     lambda: _t("The game has started and no seat is open.")),
    (re.compile(r"^every seat at this table is taken$"), lambda: _t("Every seat at this table is taken.")),
    (re.compile(r"^no room for more spectators$"), lambda: _t("There is no room for more spectators.")),
    (re.compile(r"^too many connections to this host$"), lambda: _t("Too many are connected to this host.")),
    (re.compile(r"^this token does not hold a seat at this table$"), lambda: ""),
    (re.compile(r"^your seat was reclaimed by a newer connection$"),
     lambda: _t("Your seat was taken over by a newer connection (did you join again from elsewhere?).")),
    (re.compile(r"^the host removed you from the table$"), lambda: _t("The host removed you from the table.")),
    (re.compile(r"^seat \d+ is taken$"), lambda: _t("That seat is taken.")),
    (re.compile(r"^there is no seat \d+.*$"), lambda: _t("That seat does not exist.")),
    (re.compile(r"^the game has already started$"), lambda: _t("The game has already started.")),
    (re.compile(r"^seats can change only in the lobby$"), lambda: _t("Seats can change only in the lobby.")),
    (re.compile(r"^the game has not started$"), lambda: _t("The game has not started yet.")),
    (re.compile(r"^the game is over$"), lambda: _t("The game is over.")),
    (re.compile(r"^it is (?P<name>.+)'s turn \(seat \d+\)$"), lambda: _t("It is {name}'s turn.")),
    (re.compile(r"^a bot plays this seat now$"), lambda: _t("A bot plays this seat now.")),
    (re.compile(r"^spectators cannot play$"), lambda: _t("Spectators cannot play.")),
    (re.compile(r"^stale turn: it answers update \d+, but the position is that of update \d+$"),
     lambda: _t("This turn answers an earlier position; the game has moved on.")),
    (re.compile(r"^the host could not check this turn$"), lambda: _t("The host could not check this turn.")),
    (re.compile(r"^only during a game$"), lambda: _t("That is possible only during a game.")),
    (re.compile(r"^seat \d+ is not a gone player's seat$"), lambda: _t("The player of that seat has not left.")),
    (re.compile(r"^(?P<name>.+) sits at seat \d+$"), lambda: _t("{name} sits at that seat.")),
    (re.compile(r"^a rematch follows a finished game$"), lambda: _t("A rematch can follow only a finished game.")),
    (re.compile(r"^a game needs at least two filled seats \(R3\)$"),
     lambda: _t("A game needs at least two filled seats (R3).")),
    (re.compile(r"^more than [\d.]+ messages per second; message dropped$"), lambda: ""),
    (re.compile(r"^a player needs a name$"), lambda: _t("A player needs a name.")),
    (re.compile(r"^someone at this table is already called (?P<name>.+): choose another name$"),
     lambda: _t("Someone at this table is already called {name}: choose another name.")),
    (re.compile(r"^this token holds no seat at this table$"), lambda: ""),
]


def host_words(message: str) -> str | None:
    """Our own host's sentence in the app's language ("" when the code's sentence says it all); None: unknown."""
    for pattern, template in _HOST_TEXTS:
        m = pattern.match(message.strip())
        if m:
            return template().format(**m.groupdict())
    return None


def _quoted(message: str) -> str:
    text = " ".join(message.split())
    if len(text) > MAX_HOST_TEXT:
        text = text[:MAX_HOST_TEXT - 1] + "…"
    return text


def _with_host_words(sentence: str, code: str, message: str) -> str:
    """The code's sentence, then what the host wrote: told in our words when known, else as received."""
    message = message.strip()
    if not message or message == code:
        return sentence
    words = host_words(message)
    if words and code in ("bad-token", "name-taken"):
        return words  # our host says why (removed, taken over; which name is taken): that says it all
    if words is None:
        words = _t("The host says: “{message}”").format(message=_quoted(message))
    return f"{sentence} {words}".strip()


def _code_sentence(code: str) -> str | None:
    """A translated sentence for each `error` code of the protocol (docs/protocol.md "Errors")."""
    sentences = {
        "version": lambda: _t("This table runs another version of the game's network protocol."),
        "table-full": lambda: _t("There is no room for you at this table."),
        "bad-token": lambda: _t("The host holds no seat for you at this table (any more)."),
        "bad-seat": lambda: _t("The host did not change the seat."),
        "not-your-turn": lambda: _t("The host did not take the turn: it is not yours to play now."),
        "rate": lambda: _t("This app sent too many messages at once; the host dropped one."),
        "bad-message": lambda: _t("The host could not handle a message from this app."),
        "unknown-type": lambda: _t("The host does not know a message this app sent."),
        "bad-frame": lambda: _t("The host could not read what this app sent."),
        "name-taken": lambda: _t("Someone at this table already has that name."),
        "bad-name": lambda: _t("The host did not accept that name."),
        "busy": lambda: _t("The host is busy with too many connections from this computer; trying again."),
    }
    fn = sentences.get(code)
    return fn() if fn is not None else None


def host_error(code: str, message: str) -> str:
    """An ``error`` the host sent (a sentence in the app's language; free text kept as received)."""
    sentence = _code_sentence(code)
    if sentence is None:
        words = host_words(message)
        if words:
            return words
        return _t("The host reports: “{message}”").format(message=_quoted(message or code))
    return _with_host_words(sentence, code, message)


def _seconds(value: Any) -> int:
    """Whole seconds (a fraction rounds up) for a count; the client's time-outs are numbers."""
    try:
        return max(1, math.ceil(float(value)))
    except (TypeError, ValueError, OverflowError):
        return 0


def describe(error: BaseException) -> str:
    """A connection problem as a sentence in the app's language."""
    kind = getattr(error, "kind", None)
    p: dict[str, Any] = dict(getattr(error, "params", None) or {})
    host, port, reason = p.get("host", ""), p.get("port", ""), p.get("reason", "")
    if p.get("invitation"):  # a host reached by invitation has a key, not an address
        return _describe_invitation(error)
    if kind == "bad-port":
        return _t("{port} is not a port number (1–65535).").format(port=port)
    if kind == "unknown-host":
        return _t("Cannot find the computer “{host}” ({reason}).").format(host=host, reason=reason)
    if kind == "unreachable":
        return _t("Cannot reach {host}:{port} ({reason}).").format(host=host, port=port, reason=reason)
    if kind == "refused":
        return _t("Nothing accepts connections at {host}:{port}. Is the host running, and is the port right?"
                  ).format(host=host, port=port)
    if kind == "timeout":
        return counted("NetText", "{host}:{port} did not answer within %n second(s).", _seconds(p.get("seconds"))
                       ).format(host=host, port=port)
    if kind == "no-welcome":
        return counted("NetText", "{host}:{port} accepted the connection but did not let this app in within "
                       "%n second(s).", _seconds(p.get("seconds"))).format(host=host, port=port)
    if kind == "table-closed":
        return _t("The host closed the table: the game is over for everyone.")
    if kind in ("version", "table-full", "bad-token", "name-taken", "host-refused"):
        code, message = str(p.get("code") or kind), str(p.get("message") or "")
        if kind == "host-refused":
            words = host_words(message)
            return words or _t("The host refused: “{message}”").format(message=_quoted(message or code))
        return _with_host_words(_code_sentence(kind) or "", code, message)
    if kind == "closed-early":
        return _t("{host}:{port} closed the connection before letting this app in.").format(host=host, port=port)
    if kind == "broke":
        return _t("The connection to the host broke ({reason}).").format(reason=reason)
    if kind == "flooded":  # this app hung up: the host sent more than docs/protocol.md allows
        what, limit = p.get("what"), float(p.get("limit") or 0)
        if what == "chat":
            return _t("The host sent more than {n} chat lines a second: this app hung up on it.").format(
                n=f"{limit:g}")
        if what == "bytes":
            return _t("The host sent more than {n} KB a second: this app hung up on it.").format(
                n=f"{limit / 1024:g}")
        return _t("The host sent more than {n} messages a second: this app hung up on it.").format(n=f"{limit:g}")
    if kind == "unreadable":
        return _t("The host sent data this app cannot read ({reason}).").format(reason=reason)
    if kind == "closed":
        return _t("The host closed the connection.")
    if kind == "silent":  # this app hung up: nothing came for that long (a pulled cable, a sleeping host)
        return counted("NetText", "No answer from the host for %n second(s).", max(1, int(float(p.get("seconds")
                                                                                          or 0))))
    if kind == "gave-up":
        cause = p.get("cause")
        last = describe(cause) if isinstance(cause, BaseException) else ""
        return _t("Reconnecting did not work for too long. The last problem: {cause}").format(cause=last).strip()
    if kind == "not-connected":
        return _t("Not connected to the host.")
    if isinstance(error, ValueError) and "no update" in str(error):
        return _t("The game has not started yet: there is no turn to answer.")
    text = str(error).strip() or error.__class__.__name__
    return _t("A problem with the connection: {text}").format(text=_quoted(text))


def _trying(retry: dict[str, Any] | None) -> str:
    """"Trying again (attempt 3, 12 s)…" from the client's latest failed attempt."""
    if not retry:
        return _t("Trying again…")
    return _t("Trying again (attempt {n}, {s} s)…").format(n=int(retry.get("attempt") or 0) + 1,
                                                         s=int(float(retry.get("since") or 0.0)))


def connection_story(state: str, table: str, first: BaseException | None, retry: dict[str, Any] | None,
                     kind: str, error: str) -> tuple[str, str]:
    """(title, detail) saying what is known about the connection to a table, and only that.

    Why: "the host closed the connection" was said for a pulled cable, and "your seat is kept" while
    the host's app was dead. What broke the line (``first``) and what the latest attempt met
    (``retry["cause"]``) tell the cases apart: nothing heard for a while (the network or a sleeping
    computer), the host's app hanging up (closed or crashed), nobody listening any more (the host's
    app is not running: it must open the table again), the host closing the table on purpose.
    """
    first_kind = str(getattr(first, "kind", "") or "")
    cause = (retry or {}).get("cause") or first
    cause_kind = str(getattr(cause, "kind", "") or "")
    params: dict[str, Any] = dict(getattr(cause, "params", None) or {})
    where = f"{params.get('host', '')}:{params.get('port', '')}".strip(":")
    if state == "reconnecting":
        trying = _trying(retry)
        if cause_kind == "refused":
            return (_t("{table} is not open any more").format(table=table), " ".join((
                _t("Nothing answers at {where}: the host's app is not running (it was closed or it crashed)."
                   ).format(where=where),
                _t("The host must open the table again (on the start screen: Host … again); your seat waits in "
                   "its saved game."), trying)))
        if cause_kind in ("timeout", "no-welcome", "unreachable") or first_kind == "silent":
            seconds = getattr(first, "params", {}).get("seconds") if first_kind == "silent" else None
            lost = (counted("NetText", "No answer from the host for %n second(s): the network may be down, or the "
                            "host's computer asleep.", max(1, int(float(seconds))))
                    if seconds is not None and retry is None
                    else _t("{where} does not answer: the network may be down, or the host's computer asleep or "
                            "off.").format(where=where or table))
            return (_t("Lost the connection to {table}").format(table=table),
                    " ".join((lost, trying, _t("The host keeps your seat while its app runs."))))
        if first_kind == "closed" and retry is None:
            return (_t("{table} hung up").format(table=table), " ".join((
                _t("The host's app closed the connection without a word: it was closed or crashed, or its "
                   "computer restarted."), trying)))
        detail = describe(cause) if isinstance(cause, BaseException) else error
        return _t("Reconnecting to {table}…").format(table=table), " ".join(p for p in (detail, trying) if p)
    if state == "closed":
        if kind == "table-closed":
            return (_t("The host closed {table}").format(table=table),
                    _t("The game is over: the host ended it for everyone. You can save what you saw."))
        if kind == "gave-up":
            if cause_kind == "refused":  # the port worked all along: nothing listens there any more
                gone = _t("Nothing answers at {where}: the host's app is not running.").format(where=where)
            else:
                gone = describe(cause) if isinstance(cause, BaseException) else error
            return (_t("{table} cannot be reached").format(table=table), " ".join((
                _t("This app stopped trying."), gone,
                _t("Once the host has opened the table again, press Retry (or Rejoin on the start screen): your "
                   "seat waits in its saved game."))))
        return _t("The connection to {table} has ended").format(table=table), error
    return "", ""


def _ti(text: str) -> str:
    return QCoreApplication.translate("Internet", text)


def _describe_invitation(error: BaseException) -> str:
    """A failed connection by invitation in the app's language: a host reached by invitation has a key, not an
    address, so what went wrong is said differently."""
    p: dict[str, Any] = dict(getattr(error, "params", None) or {})
    host = str(p.get("host", ""))
    kind = getattr(error, "kind", "")
    if kind == "timeout":
        return _ti("{host} did not answer: the host's app may not be running, the invitation may be from an older "
                   "table, or one side has no internet.").format(host=host)
    if "certificate" in str(p.get("reason", "")) or "handshake" in str(p.get("reason", "")):
        return _ti("The computer at the invitation's addresses is not that host (its key does not match): the "
                   "invitation may be mistyped or from an older table.")
    return _ti("Cannot reach {host} ({reason}).").format(host=host, reason=p.get("reason", ""))


def route_words(route: str) -> str:
    """How a connection by invitation travels, for people: direct, or through a relay (which sees only
    encrypted packets); "" while it is not connected."""
    if route == "direct":
        return _ti("Over the internet, directly and end-to-end encrypted.")
    if route == "relay":
        return _ti("Over the internet through a relay, end-to-end encrypted: the relay passes on packets it "
                   "cannot read. A direct path may follow.")
    return ""
