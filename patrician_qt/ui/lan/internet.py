"""Joining a table by invitation over the internet: the app's side of net/_iroh_transport.py.

Why a module: the Join flow keeps reaching a table as it always did (a `JoinRequest`, a
`RemoteSession`, the same lobby and game); an invitation only changes how the bytes travel.
A request whose port is 0 names an invitation in its host field, and the session's client then
dials the host's key through iroh instead of a TCP address. The relay setting ("internet/relay":
"default" for n0's public relays, "direct", or a relay's URL) lives in the app's settings.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

from patrician_qt.net.invitation import DEFAULT_RELAY, Invitation, InvitationError, check_relay, parse_invitation

#: the settings key of the relay setting
RELAY_KEY = "internet/relay"
#: the settings key that remembers whether the last hosted table was open for the internet too
HOST_KEY = "internet/host"
#: a JoinRequest's port that says its host field holds an invitation (no TCP port is 0)
INVITATION_PORT = 0


def _t(text: str) -> str:
    return QCoreApplication.translate("Internet", text)


def looks_like_invitation(text: str) -> bool:
    """True for text meant as an invitation ("patrician:…" or iroh's "endpoint…"), even a broken one."""
    word = text.strip().strip("<>\"'`“”").lower()
    return word.startswith(("patrician:", "endpoint")) and len(word) > 20


def relay_setting(settings: QSettings | None) -> str:
    """The relay setting as saved (a broken value counts as the default)."""
    value = str(settings.value(RELAY_KEY, DEFAULT_RELAY)) if settings is not None else DEFAULT_RELAY
    try:
        return check_relay(value)
    except ValueError:
        return DEFAULT_RELAY


def hosting_internet(settings: QSettings | None) -> str | None:
    """The relay setting if the last table this app hosted was open for the internet too, else None."""
    if settings is None or str(settings.value(HOST_KEY, "false")).lower() != "true":
        return None
    return relay_setting(settings)


def client_options(request_host: str, settings: QSettings | None, options: dict[str, Any]) -> dict[str, Any]:
    """The client's options for a request by invitation: a dialer to the invitation's host."""
    from patrician_qt.net._iroh_transport import IrohDialer

    return {**options, "dialer": IrohDialer(request_host, relay_setting(settings))}


def problem_title() -> str:
    """The title of the message saying why an invitation cannot be used."""
    return _t("Cannot join by this invitation")


def check(text: str, name: str = "-") -> Invitation:
    """The invitation in `text` (and a player's name); ValueError with a sentence in the app's language."""
    if not name.strip():
        raise ValueError(_t("Give your name too: patrician join INVITATION --name NAME"))
    try:
        return parse_invitation(text)
    except InvitationError as exc:
        if "cut short" in str(exc):
            raise ValueError(_t("This invitation is cut short or mistyped: ask the host to send it again, and "
                                "copy the whole of it.")) from None
        raise ValueError(_t("This is not a Patrician invitation: it begins with “patrician:” and is one long "
                            "word of letters and digits. Copy it again, whole.")) from None
    except ImportError:
        raise ValueError(_t("This app cannot play over the internet on this computer (the iroh library is "
                            "missing).")) from None
