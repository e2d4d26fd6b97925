"""A failed connection by invitation is told in the app's words: what may be wrong, never "host:port"."""

from __future__ import annotations

from typing import Any

from patrician_qt.net.client import AddressError, ConnectTimeout
from patrician_qt.ui.text.net_text import describe, route_words


def test_no_answer_by_invitation_names_the_likely_causes(qapp: Any) -> None:
    error = ConnectTimeout("…", "timeout", host="the host ab12cd34ef (by invitation)", port="", seconds=5.0,
                           invitation="ab12cd34ef")
    words = describe(error)
    assert words.startswith("the host ab12cd34ef (by invitation) did not answer")
    assert "app may not be running" in words and "older table" in words and "internet" in words
    assert ":" not in words.split("did not answer")[0]  # no "host:port" for a host reached by its key


def test_a_key_that_does_not_match_says_so(qapp: Any) -> None:
    error = AddressError("…", "unreachable", host="the host ab12cd34ef (by invitation)", port="",
                         reason="the cryptographic handshake failed: invalid peer certificate: UnknownIssuer",
                         invitation="ab12cd34ef")
    assert "is not that host (its key does not match)" in describe(error)


def test_a_lan_address_is_told_as_before(qapp: Any) -> None:
    error = AddressError("…", "unreachable", host="192.168.1.20", port=47147, reason="No route to host")
    assert describe(error) == "Cannot reach 192.168.1.20:47147 (No route to host)."


def test_the_route_is_told_in_words_and_a_relay_is_said_to_read_nothing(qapp: Any) -> None:
    assert route_words("direct") == "Over the internet, directly and end-to-end encrypted."
    relay = route_words("relay")
    assert "through a relay" in relay and "cannot read" in relay and relay.endswith(".")
    assert route_words("") == ""  # not connected: the line goes
