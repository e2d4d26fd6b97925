"""Invitations to an internet table, the host's lasting key and the relay setting.

Why: a friend in another house reaches the host by the host's public key, not by an
address (a home router hides it). The invitation is iroh's ticket (the key, the
host's relay and its direct addresses), which a guest pastes; whoever answers must
prove it holds that key, so nobody in between can pass for the host. The host's
secret key is kept in the app's data folder, so a host that opens the table again
("Host again", --resume) is the same host and its invitations stay valid.

Everything here only parses and formats text and reads one small file; the iroh
library (a large native module) is imported when a ticket is checked, not before.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ALPN",
    "DEFAULT_RELAY",
    "DIRECT_ONLY",
    "KEY_FILE",
    "Invitation",
    "InvitationError",
    "KeyFileError",
    "check_relay",
    "load_or_create_key",
    "parse_invitation",
]

#: the protocol name both ends must name in the QUIC handshake: a peer speaking anything else is refused
ALPN = b"patrician/msgpack/1"

#: the relay setting that uses iroh's public relays, run by n0 (they only ever see encrypted traffic)
DEFAULT_RELAY = "default"
#: the relay setting that uses no relay and no address lookup: only direct addresses in the invitation
DIRECT_ONLY = "direct"

#: the file in the data folder holding the host's 32-byte secret key
KEY_FILE = "internet-host.key"

#: how iroh's tickets begin; the rest is lower-case base32
_TICKET_PREFIX = "endpoint"
#: the link-like form this app prints, which chat apps keep as one word
_LINK_PREFIX = "patrician:"
#: characters a chat app or a mail client may add around or inside a pasted word
_STRAY = re.compile(r"[\s\u200b\u200c\u200d\u2060\ufeff\u00ad]+")
_BASE32 = re.compile(r"[a-z2-7]+")
_CHECK_LENGTH = 8
_NOT_ONE = ("this is not a Patrician invitation: it begins with “patrician:” (or iroh's “endpoint”) and "
            "is one long word of letters and digits; copy it again, whole")
_MISTYPED = ("this invitation is cut short or mistyped: ask the host to send it again, and copy the "
             "whole of it")


class InvitationError(ValueError):
    """The text is not an invitation this app can use; `str()` says what to do, for people."""


class KeyFileError(OSError):
    """The host's key file exists but cannot be used (it would otherwise be replaced silently)."""


@dataclass(frozen=True, slots=True)
class Invitation:
    """A checked invitation: iroh's ticket and the host's public key it names."""

    #: iroh's ticket text ("endpoint…"), as iroh prints and parses it
    ticket: str
    #: the host's public key (64 hex digits): the one thing the guest trusts
    host_id: str

    @property
    def link(self) -> str:
        """The same invitation as one link-like word ("patrician:…") a chat app will not break, with
        a check at its end so a character lost or changed on the way is found before dialling."""
        body = self.ticket[len(_TICKET_PREFIX):]
        return _LINK_PREFIX + body + _check(body)

    @property
    def short_id(self) -> str:
        """The host's key, shortened to be read aloud and compared by people."""
        return self.host_id[:10]

    @classmethod
    def from_ticket(cls, ticket: object) -> Invitation:
        """The Invitation for a parsed `iroh.EndpointTicket` (its text is iroh's own)."""
        addr = ticket.endpoint_addr()  # type: ignore[attr-defined]
        return cls(str(ticket), str(addr.id()))


def _check(body: str) -> str:
    """The link's last 8 characters: 40 bits of SHA-256 of the rest, in the same base32 letters."""
    return base64.b32encode(hashlib.sha256(body.encode("ascii")).digest()[:5]).decode("ascii").lower()


def _clean(text: str) -> str:
    """The invitation's one word, with what chats and mail add taken away: line breaks and
    spaces inside it, zero-width marks, quotes or brackets around it, a full stop after it,
    a capital first letter (phones capitalise)."""
    word = _STRAY.sub("", text).strip("<>\"'`()[]{}«»“”‘’").rstrip(".,;:!?")
    word = word.strip("<>\"'`()[]{}«»“”‘’").lower()
    if word.startswith(_LINK_PREFIX):
        body = word[len(_LINK_PREFIX):].lstrip("/")
        if not _BASE32.fullmatch(body):
            raise InvitationError(_NOT_ONE)
        if len(body) <= _CHECK_LENGTH or _check(body[:-_CHECK_LENGTH]) != body[-_CHECK_LENGTH:]:
            raise InvitationError(_MISTYPED)
        word = _TICKET_PREFIX + body[:-_CHECK_LENGTH]
    return word


def parse_invitation(text: str) -> Invitation:
    """Check an invitation as pasted (ticket or link form); InvitationError says what is wrong."""
    word = _clean(text)
    if not word:
        raise InvitationError("no invitation: paste the whole invitation the host sent you")
    if not word.startswith(_TICKET_PREFIX) or not _BASE32.fullmatch(word[len(_TICKET_PREFIX):]):
        raise InvitationError(_NOT_ONE)
    from iroh import EndpointTicket, IrohError

    try:
        ticket = EndpointTicket.from_string(word)
    except IrohError:
        raise InvitationError(_MISTYPED) from None
    return Invitation.from_ticket(ticket)


def check_relay(setting: str) -> str:
    """The relay setting as used: DEFAULT_RELAY, DIRECT_ONLY or an https/http URL; ValueError says why not."""
    value = setting.strip()
    if value.lower() in (DEFAULT_RELAY, ""):
        return DEFAULT_RELAY
    if value.lower() in (DIRECT_ONLY, "direct-only", "none", "off"):
        return DIRECT_ONLY
    if not re.fullmatch(r"https?://[^\s/?#]+(?:[/?#]\S*)?", value):
        raise ValueError(f"{value!r} is not a relay: give the relay's URL (https://relay.example.org), "
                         f"'default' or 'direct'")
    return value


def load_or_create_key(directory: Path) -> bytes:
    """The host's secret key from `directory`/KEY_FILE, made (readable by the user only) on first use.

    A key file of the wrong size raises KeyFileError rather than being replaced: a new key
    would silently make every invitation sent so far useless.
    """
    path = Path(directory) / KEY_FILE
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    else:
        if len(data) != 32:
            raise KeyFileError(f"{path} is not a host key (it has {len(data)} bytes, not 32): move it "
                               f"away to make a new key; invitations sent before will no longer work")
        return data
    path.parent.mkdir(parents=True, exist_ok=True)
    data = secrets.token_bytes(32)
    tmp = path.with_name(path.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    return data
