"""Streaming msgpack framing with hard limits (PROTOCOL.md "Framing").

Why: every byte a peer sends is untrusted, so the stream is decoded with the
library's streaming `Unpacker` (no hand-rolled length prefixes) and every
frame is checked against the limits before anyone looks at it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgpack

__all__ = [
    "MAX_DEPTH",
    "MAX_LIST",
    "MAX_MAP",
    "MAX_MESSAGE",
    "MAX_STRING",
    "FrameError",
    "FrameReader",
    "encode",
    "update_frame",
]

#: Largest single message in bytes (PROTOCOL.md "Framing": 64 KiB).
MAX_MESSAGE = 64 * 1024
#: Most entries a list may declare. msgpack allocates a list when it reads its header, before
#: any element arrives, so a small frame of nested headers declaring huge lists could cost
#: gigabytes. The longest list of the protocol is a player's stack, at most the
#: deck's 55 cards (a 2-player game reaches about 25); seat lists have 5 entries, events ~12.
MAX_LIST = 64
#: Most entries a map may declare: the largest map is a view's cities (10) or its keys (8).
MAX_MAP = 32
#: Longest string in bytes: a chat line of 500 characters takes at most 2,000 bytes of UTF-8.
MAX_STRING = 4096
#: Deepest nesting of maps and lists in a message: a view's towers are 5 levels down.
MAX_DEPTH = 16

#: Received bytes are fed to the unpacker in pieces of at most this size.
_PIECE = 65536

_PLAIN_SCALARS = (str, int, float, bool, type(None))


class FrameError(Exception):
    """The byte stream broke a framing rule; the connection must be closed."""


def encode(message: object) -> bytes:
    """Pack one message (or a part of one: a view, a list of events); strings as msgpack str, never bin."""
    return msgpack.packb(message, use_bin_type=True)


#: msgpack of a 4-entry map's head, then "t": "update", then the key "seq".
_UPDATE_HEAD = b"\x84\xa1t\xa6update\xa3seq"


def update_frame(seq: int, view: bytes, events: bytes) -> bytes:
    """The bytes of `encode({"t": "update", "seq": seq, "view": ..., "events": ...})` from the
    view and the events list packed beforehand, so a fan-out packs each of them only once."""
    return b"".join((_UPDATE_HEAD, encode(seq), b"\xa4view", view, b"\xa6events", events))


def _check_plain(value: Any) -> None:
    """Raise FrameError unless value is made only of maps with str keys, lists and scalars,
    nested at most MAX_DEPTH deep (code above may then walk a message recursively)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise FrameError(f"nested more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                for key, sub in item.items():
                    if not isinstance(key, str):
                        raise FrameError("map keys must be strings")
                    stack.append((sub, depth + 1))
            else:
                stack.extend((sub, depth + 1) for sub in item)
        elif not isinstance(item, _PLAIN_SCALARS):
            raise FrameError(f"{type(item).__name__} values are not allowed")


def _limit_text(text: str) -> str:
    """The FrameError text for msgpack's ValueError, e.g. "70 exceeds max_array_len(64)"."""
    if "max_bin_len" in text:
        return "bin values are not allowed"
    if "max_ext_len" in text:
        return "ExtType values are not allowed"
    if "exceeds max_" in text:
        return f"too long: {text}"
    return "not msgpack: ValueError"


def _refuse_ext(code: int, data: bytes) -> Any:
    """msgpack extension types are never part of the protocol."""
    raise FrameError("ExtType values are not allowed")


class FrameReader:
    """Turn received chunks into checked message maps, at most MAX_MESSAGE bytes each.

    Both ends use it: a hostile host can attack a joining app as a peer can attack a
    host. A message is decoded only once all its bytes are here: until then msgpack
    merely skips through them (`Unpacker.skip` builds no object), so what an unfinished
    message declares costs nothing but its own bytes (1,000 nested headers each
    declaring 131,072 entries used to cost 67 MB per 5 KB). The buffer holds at most one
    unfinished message plus one received piece. A complete message is decoded with every
    declared length bounded (MAX_LIST, MAX_MAP, MAX_STRING; `bin` and extension values
    not at all), then checked.
    """

    __slots__ = ("_deep", "_fed", "_limit", "_mark", "_pending", "_scanner", "last_size")

    def __init__(self, limit: int = MAX_MESSAGE, *, deep_check: bool = True) -> None:
        """`deep_check` walks each message for stray `bin` values (an empty `bin` is the only
        one msgpack itself lets through) and for nesting deeper than MAX_DEPTH."""
        self._limit = limit
        self._deep = deep_check
        # Finds where each message ends; its buffer starts small and grows only as far as needed.
        self._scanner = msgpack.Unpacker(raw=False, read_size=16 * 1024, max_buffer_size=limit + _PIECE + 1)
        #: the bytes fed since the end of the last whole message
        self._pending = bytearray()
        self._fed = 0
        self._mark = 0
        #: the size in bytes of the message `feed` yielded last (for measuring)
        self.last_size = 0

    def feed(self, chunk: bytes) -> Iterator[dict[str, Any]]:
        """Feed received bytes and yield each complete message; raise FrameError on a bad frame."""
        view = memoryview(chunk)
        for start in range(0, len(view), _PIECE):
            yield from self._feed_piece(view[start : start + _PIECE])

    def _feed_piece(self, piece: memoryview) -> Iterator[dict[str, Any]]:
        try:
            self._scanner.feed(piece)
        except msgpack.BufferFull:
            raise FrameError(f"message larger than {self._limit} bytes") from None
        self._pending += piece
        self._fed += len(piece)
        while True:
            try:
                self._scanner.skip()
            except msgpack.OutOfData:
                break
            except Exception as exc:  # any failure of untrusted bytes (e.g. StackError, FormatError)
                raise FrameError(f"not msgpack: {type(exc).__name__}") from None
            end = self._scanner.tell()
            size, self._mark = end - self._mark, end
            if size > self._limit:
                raise FrameError(f"message larger than {self._limit} bytes")
            frame = bytes(self._pending[:size])
            del self._pending[:size]
            value = _decode(frame)
            if not isinstance(value, dict):
                raise FrameError("a message must be a map")
            if self._deep:
                _check_plain(value)
            if not isinstance(value.get("t"), str):
                raise FrameError("a message needs a string 't'")
            self.last_size = size
            yield value
        if self._fed - self._mark > self._limit:
            raise FrameError(f"message larger than {self._limit} bytes")


def _decode(frame: bytes) -> Any:
    """Decode one whole message with every declared length bounded; FrameError says what is wrong."""
    try:
        return msgpack.unpackb(
            frame,
            raw=False,
            max_str_len=MAX_STRING,
            max_bin_len=0,
            max_array_len=MAX_LIST,
            max_map_len=MAX_MAP,
            max_ext_len=0,
            strict_map_key=True,
            ext_hook=_refuse_ext,
        )
    except FrameError:
        raise
    except ValueError as exc:
        raise FrameError(_limit_text(str(exc))) from None
    except Exception as exc:  # any decoding failure of untrusted bytes
        raise FrameError(f"not msgpack: {type(exc).__name__}") from None
