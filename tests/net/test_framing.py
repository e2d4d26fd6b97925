"""Framing limits (PROTOCOL.md "Framing") on the decoder alone."""

from __future__ import annotations

import msgpack
import pytest

from patrician_qt.net._framing import MAX_MESSAGE, MAX_STRING, FrameError, FrameReader, encode, update_frame


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


#: PROTOCOL.md "Framing": "A single message larger than 64 KiB" is refused. Written out here, not
#: read from the code, so that changing the code's limit fails this test.
PROTOCOL_LIMIT = 65536


def test_exactly_64_kib_passes_one_more_byte_fails() -> None:
    assert MAX_MESSAGE == PROTOCOL_LIMIT
    assert len(feed_all(sized(PROTOCOL_LIMIT), 4096)) == 1
    assert len(feed_all(sized(PROTOCOL_LIMIT) * 3, 65536)) == 3
    assert len(feed_all(sized(PROTOCOL_LIMIT) + sized(PROTOCOL_LIMIT - 1), 1000)) == 2
    for step in (4096, 65536, 200_000):
        with pytest.raises(FrameError, match=r"^message larger than 65536 bytes$"):
            feed_all(sized(PROTOCOL_LIMIT + 1), step)


def test_an_unfinished_message_over_the_limit_is_refused_before_it_ends() -> None:
    """The reader does not wait for the end of a message that is already too large."""
    head = sized(PROTOCOL_LIMIT + 1000)[: PROTOCOL_LIMIT + 500]
    reader = FrameReader()
    with pytest.raises(FrameError, match=r"^message larger than 65536 bytes$"):
        for i in range(0, len(head), 4096):
            list(reader.feed(head[i : i + 4096]))


def test_an_unfinished_message_is_refused_at_exactly_its_65537th_byte() -> None:
    """Up to the limit an unfinished message may still end well; the first byte past it cannot."""
    head = sized(PROTOCOL_LIMIT + 1000)[: PROTOCOL_LIMIT + 1]
    reader = FrameReader()
    assert list(reader.feed(head[: PROTOCOL_LIMIT - 1])) == []
    assert list(reader.feed(head[PROTOCOL_LIMIT - 1 : PROTOCOL_LIMIT])) == []
    with pytest.raises(FrameError, match=r"^message larger than 65536 bytes$"):
        list(reader.feed(head[PROTOCOL_LIMIT:]))


def test_the_limit_of_an_unfinished_message_counts_from_its_own_first_byte() -> None:
    """Bytes of the whole messages before it do not count against the one still arriving."""
    whole = encode({"t": "ping"})
    head = sized(PROTOCOL_LIMIT + 1000)[: PROTOCOL_LIMIT + 1]
    reader = FrameReader()
    assert list(reader.feed(whole + head[:PROTOCOL_LIMIT])) == [{"t": "ping"}]
    with pytest.raises(FrameError, match=r"^message larger than 65536 bytes$"):
        list(reader.feed(head[PROTOCOL_LIMIT:]))


def test_a_smaller_limit_is_kept_too() -> None:
    reader = FrameReader(100)
    assert list(reader.feed(sized(100))) == [msgpack.unpackb(sized(100))]
    assert reader.last_size == 100
    with pytest.raises(FrameError, match=r"^message larger than 100 bytes$"):
        list(FrameReader(100).feed(sized(101)))


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


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (msgpack.packb([1, 2]), "a message must be a map"),
        (msgpack.packb({"x": 1}), "a message needs a string 't'"),
        (msgpack.packb({"t": "x", "b": b""}, use_bin_type=True), "bytes values are not allowed"),
        (msgpack.packb({"t": "x", "b": b"abc"}, use_bin_type=True), "bin values are not allowed"),
        (msgpack.packb({"t": "x", "e": msgpack.ExtType(1, b"")}), "ExtType values are not allowed"),
        (msgpack.packb({"t": "x", "e": msgpack.ExtType(1, b"1")}), "ExtType values are not allowed"),
        (msgpack.packb({b"": "x", "t": "y"}, use_bin_type=True), "map keys must be strings"),
    ],
)
def test_fixed_refusals_say_exactly_why(data: bytes, message: str) -> None:
    with pytest.raises(FrameError) as err:
        feed_all(data)
    assert str(err.value) == message


def test_without_the_deep_check_bin_values_are_still_refused() -> None:
    """A client skips the walk for stray empty ``bin`` values; any other ``bin`` never gets through."""
    for value in (b"a", b"abc"):
        with pytest.raises(FrameError, match=r"^bin values are not allowed$"):
            list(FrameReader(deep_check=False).feed(encode({"t": "x", "b": value})))
    reader = FrameReader(deep_check=False)
    assert list(reader.feed(encode({"t": "x", "b": b""}))) == [{"t": "x", "b": b""}]  # what deep_check is for


def test_encode_keeps_bytes_as_bin_so_no_reader_takes_them_for_text() -> None:
    packed = encode({"t": "x", "b": b"ab"})
    assert b"\xc4\x02ab" in packed  # bin 8, not a str header
    with pytest.raises(FrameError, match=r"^bin values are not allowed$"):
        list(FrameReader().feed(packed))


@pytest.mark.parametrize("seq", [0, 1, 127, 128, 65535, 2**31])
def test_update_frame_is_byte_for_byte_the_packed_update(seq: int) -> None:
    view = {"seat": 1, "hand": ["ROM-2"], "cities": {"Roma": {"towers": [[0], []]}}}
    events = [{"e": "played", "seat": 0, "card": "BOL-1"}]
    frame = update_frame(seq, encode(view), msgpack.packb(events, use_bin_type=True))
    assert frame == encode({"t": "update", "seq": seq, "view": view, "events": events})
    reader = FrameReader()
    assert list(reader.feed(frame)) == [{"t": "update", "seq": seq, "view": view, "events": events}]
    assert reader.last_size == len(frame)


def test_a_new_reader_has_measured_nothing() -> None:
    assert FrameReader().last_size == 0


# docs/protocol.md "Framing", the table of limits: written out here, not read from the code.
PROTOCOL_LIST, PROTOCOL_MAP, PROTOCOL_STRING, PROTOCOL_DEPTH = 64, 32, 4096, 16


def test_lists_maps_and_strings_up_to_the_protocol_limits_pass_one_more_fails() -> None:
    longest = {"t": "x", "l": list(range(PROTOCOL_LIST))}
    widest = {"t": "x", **{f"k{i}": i for i in range(PROTOCOL_MAP - 1)}}
    string = {"t": "x", "s": "é" * (PROTOCOL_STRING // 2)}  # 4,096 bytes of UTF-8
    assert feed_all(encode(longest) + encode(widest) + encode(string)) == [longest, widest, string]
    for too_big in (
        {"t": "x", "l": list(range(PROTOCOL_LIST + 1))},
        {"t": "x", **{f"k{i}": i for i in range(PROTOCOL_MAP)}},
        {"t": "x", "s": "é" * (PROTOCOL_STRING // 2) + "a"},
    ):
        with pytest.raises(FrameError) as err:
            feed_all(encode(too_big))
        assert str(err.value).startswith("too long: ")


def _nested(levels: int) -> dict:
    """A message whose maps and lists nest ``levels`` deep, the message map itself the first."""
    inner: object = 0
    for _ in range(levels - 1):
        inner = [inner]
    return {"t": "x", "d": inner}


def test_nesting_up_to_the_protocol_depth_passes_one_more_fails() -> None:
    assert feed_all(encode(_nested(PROTOCOL_DEPTH))) == [_nested(PROTOCOL_DEPTH)]
    for deep in (_nested(PROTOCOL_DEPTH + 1), {"t": "x", "m": _nested(PROTOCOL_DEPTH)}):
        with pytest.raises(FrameError) as err:
            feed_all(encode(deep))
        assert str(err.value) == "nested more than 16 levels deep"


def test_text_that_is_not_utf_8_is_not_msgpack() -> None:
    with pytest.raises(FrameError) as err:
        feed_all(b"\x81\xa1t\xa2\xff\xfe")
    assert str(err.value).startswith("not msgpack: ")


def test_big_reads_are_fine() -> None:
    msgs = [{"t": "chat", "text": "z" * 4000, "more": ["z" * 4000] * 14}] * 10 + [{"t": "ping", "n": 1}] * 5000
    data = b"".join(encode(m) for m in msgs)
    assert list(FrameReader().feed(data)) == msgs


def test_what_an_unfinished_message_declares_builds_nothing_until_it_is_whole() -> None:
    """Nested headers declaring huge lists are only bytes until the message ends."""
    reader = FrameReader()
    assert list(reader.feed(b"\x81\xa1t" + b"\xdd\x00\x02\x00\x00" * 1000)) == []
    with pytest.raises(FrameError, match="larger"):
        for _ in range(20):
            list(reader.feed(b"\x00" * 4096))
    reader = FrameReader()
    assert list(reader.feed(b"\x81\xa1t\xdc\x00\x41")) == []
    with pytest.raises(FrameError, match="too long"):
        list(reader.feed(b"\x00" * 65))  # whole now, and past MAX_LIST
