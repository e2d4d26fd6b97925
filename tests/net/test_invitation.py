"""Invitations as people paste them, the host's lasting key file and the relay setting (no network)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

iroh = pytest.importorskip("iroh")

from patrician_qt.net.invitation import (  # noqa: E402
    DEFAULT_RELAY,
    DIRECT_ONLY,
    KEY_FILE,
    InvitationError,
    KeyFileError,
    check_relay,
    load_or_create_key,
    parse_invitation,
)


def ticket(key: bytes | None = None) -> str:
    """iroh's ticket for a made-up host at a loopback address (nothing is bound or sent)."""
    secret = iroh.SecretKey.from_bytes(key) if key else iroh.SecretKey.generate()
    addr = iroh.EndpointAddr(secret.public(), None, ["127.0.0.1:47147"])
    return str(iroh.EndpointTicket.from_addr(addr))


def test_the_ticket_and_the_link_name_the_same_host() -> None:
    text = ticket()
    invitation = parse_invitation(text)
    assert invitation.ticket == text and len(invitation.host_id) == 64
    assert invitation.link.startswith("patrician:") and " " not in invitation.link
    assert parse_invitation(invitation.link) == invitation
    assert invitation.short_id == invitation.host_id[:10]


@pytest.mark.parametrize("mangle", [
    lambda s: f"  {s}\n",  # copied with its line
    lambda s: f"<{s}>",  # mail clients
    lambda s: f"“{s}”.",  # quoted, then a full stop
    lambda s: s[:40] + "\n" + s[40:],  # wrapped by a chat window
    lambda s: s[:30] + "\u200b" + s[30:],  # a zero-width space
    lambda s: s[0].upper() + s[1:],  # a phone's capital letter
    lambda s: s.replace("patrician:", "patrician://"),
])
def test_what_chats_and_mail_do_to_a_pasted_invitation_does_not_matter(mangle) -> None:  # type: ignore[no-untyped-def]
    invitation = parse_invitation(ticket())
    assert parse_invitation(mangle(invitation.link)) == invitation


@pytest.mark.parametrize(("text", "words"), [
    ("", "no invitation"),
    ("   ", "no invitation"),
    ("192.168.1.20:47147", "not a Patrician invitation"),
    ("https://example.org/join", "not a Patrician invitation"),
    ("patrician:hello-world_1", "not a Patrician invitation"),
    ("patrician:hello world!", "cut short or mistyped"),
])
def test_text_that_is_no_invitation_says_so(text: str, words: str) -> None:
    with pytest.raises(InvitationError, match=words):
        parse_invitation(text)


def test_a_cut_or_mistyped_invitation_says_to_copy_it_again() -> None:
    link = parse_invitation(ticket()).link
    swapped = link[:30] + link[31] + link[30] + link[32:] if link[30] != link[31] else link[:30] + "22" + link[32:]
    for broken in (link[:-12], link[:25], link + "aa", link[:-1], swapped, ticket()[:-12]):
        with pytest.raises(InvitationError, match="cut short or mistyped"):
            parse_invitation(broken)


def test_the_host_key_is_made_once_for_the_user_alone_and_then_kept(tmp_path: Path) -> None:
    first = load_or_create_key(tmp_path / "data")
    assert len(first) == 32
    path = tmp_path / "data" / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create_key(tmp_path / "data") == first
    assert parse_invitation(ticket(first)).host_id == str(iroh.SecretKey.from_bytes(first).public())


def test_a_damaged_key_file_is_not_replaced_silently(tmp_path: Path) -> None:
    (tmp_path / KEY_FILE).write_bytes(b"short")
    with pytest.raises(KeyFileError, match="not a host key"):
        load_or_create_key(tmp_path)
    assert (tmp_path / KEY_FILE).read_bytes() == b"short"


def test_the_relay_setting() -> None:
    assert check_relay("default") == check_relay("") == DEFAULT_RELAY
    assert check_relay("direct") == check_relay("Direct-Only") == DIRECT_ONLY
    assert check_relay(" https://relay.example.org ") == "https://relay.example.org"
    for bad in ("relay.example.org", "ftp://x", "https://"):
        with pytest.raises(ValueError, match="is not a relay"):
            check_relay(bad)
