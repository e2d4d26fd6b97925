"""Framing limits (PROTOCOL.md "Framing") on the decoder alone."""

from __future__ import annotations

import msgpack
import pytest

from patrician_qt.net._framing import MAX_MESSAGE, MAX_STRING, FrameError, FrameReader, encode


def feed_all(data: bytes, step: int = 65536) -> list[dict]:
    reader = FrameReader()
    out: list[dict] = []
    for i in range(0, len(data), step):
        out.extend(reader.feed(data[i : i + step]))
    return out


def sized(n: int) -> bytes:
    """A valid message of exactly n bytes, made of strings and lists within the limits."""
    chunk = "x" * (MAX_STRING - 100)
    pieces = [chunk] * ((n - 200) // len(encode(chunk)))
    base = len(encode({"t": "chat", "text": "", "more": pieces}))
    for grow in (0, 1, 2):  # fixstr, str8 and str16 headers differ in length
        data = encode({"t": "chat", "text": "x" * (n - base - grow), "more": pieces})
        if len(data) == n:
            return data
    raise AssertionError(n)


def test_messages_split_anywhere_are_reassembled() -> None:
    msgs = [{"t": "ping", "n": i} for i in range(50)] + [{"t": "chat", "text": "é" * 300}]
    data = b"".join(encode(m) for m in msgs)
    for step in (1, 3, 7, 100, 65536):
        assert feed_all(data, step) == msgs


def test_strings_stay_str() -> None:
    assert encode({"t": "x", "s": "a"}) == msgpack.packb({"t": "x", "s": "a"}, use_bin_type=True)
    assert feed_all(encode({"t": "x", "s": "ä"})) == [{"t": "x", "s": "ä"}]


def test_exactly_64_kib_passes_one_more_byte_fails() -> None:
    assert len(feed_all(sized(MAX_MESSAGE), 4096)) == 1
    assert len(feed_all(sized(MAX_MESSAGE) * 3, 65536)) == 3
    with pytest.raises(FrameError, match="larger"):
        feed_all(sized(MAX_MESSAGE + 1), 4096)
    with pytest.raises(FrameError, match="larger"):
        feed_all(sized(MAX_MESSAGE + 1), 65536)


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"\xc1", "not msgpack"),
        (msgpack.packb([1, 2]), "must be a map"),
        (msgpack.packb(7), "must be a map"),
        (msgpack.packb({"x": 1}), "string 't'"),
        (msgpack.packb({"t": 5}), "string 't'"),
        (msgpack.packb({"t": "x", "b": b""}, use_bin_type=True), "bytes"),
        (msgpack.packb({"t": "x", "b": b"abc"}, use_bin_type=True), "bin values"),
        (msgpack.packb({"t": "x", "e": msgpack.ExtType(1, b"")}), "ExtType"),
        (msgpack.packb({"t": "x", "e": msgpack.ExtType(1, b"1")}), "ExtType"),
        (msgpack.packb({1: "x", "t": "y"}), "not msgpack"),
        (msgpack.packb({b"": "x", "t": "y"}, use_bin_type=True), "keys"),
        (b"\x81\xa1t\xa2\xff\xfe", "not msgpack"),
        (b"\x91" * 5000 + b"\x80", "not msgpack"),
        (msgpack.packb({"t": "x", "l": [[0] * 65]}), "too long"),
        (msgpack.packb({"t": "x", "deep": [[[[{"a": b""}]]]]}, use_bin_type=True), "bytes"),
    ],
)
def test_bad_frames_are_refused(data: bytes, why: str) -> None:
    with pytest.raises(FrameError, match=why):
        feed_all(data)


def test_big_reads_are_fine() -> None:
    msgs = [{"t": "chat", "text": "z" * 4000, "more": ["z" * 4000] * 14}] * 10 + [{"t": "ping", "n": 1}] * 5000
    data = b"".join(encode(m) for m in msgs)
    assert list(FrameReader().feed(data)) == msgs


def test_what_an_unfinished_message_declares_builds_nothing_until_it_is_whole() -> None:
    """Issue 13: nested headers declaring huge lists are only bytes until the message ends."""
    reader = FrameReader()
    assert list(reader.feed(b"\x81\xa1t" + b"\xdd\x00\x02\x00\x00" * 1000)) == []
    with pytest.raises(FrameError, match="larger"):
        for _ in range(20):
            list(reader.feed(b"\x00" * 4096))
    reader = FrameReader()
    assert list(reader.feed(b"\x81\xa1t\xdc\x00\x41")) == []
    with pytest.raises(FrameError, match="too long"):
        list(reader.feed(b"\x00" * 65))  # whole now, and past MAX_LIST
