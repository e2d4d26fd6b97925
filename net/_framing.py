"""Streaming msgpack framing with hard limits (PROTOCOL.md "Framing").

Why: every byte a peer sends is untrusted, so the stream is decoded with the
library's streaming `Unpacker` (no hand-rolled length prefixes) and every
frame is checked against the limits before anyone looks at it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgpack

__all__ = ["MAX_MESSAGE", "FrameError", "FrameReader", "encode", "update_frame"]

#: Largest single message in bytes (PROTOCOL.md "Framing": 64 KiB).
MAX_MESSAGE = 64 * 1024

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
    """Raise FrameError unless value is made only of maps with str keys, lists and scalars."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise FrameError("map keys must be strings")
                stack.append(sub)
        elif isinstance(item, list):
            stack.extend(item)
        elif not isinstance(item, _PLAIN_SCALARS):
            raise FrameError(f"{type(item).__name__} values are not allowed")


def _refuse_ext(code: int, data: bytes) -> Any:
    """msgpack extension types are never part of the protocol."""
    raise FrameError("ExtType values are not allowed")


class FrameReader:
    """Turn received chunks into checked message maps, at most MAX_MESSAGE bytes each."""

    __slots__ = ("_deep", "_fed", "_limit", "_mark", "_unpacker", "last_size")

    def __init__(self, limit: int = MAX_MESSAGE, *, deep_check: bool = True) -> None:
        """`deep_check` walks each message for stray `bin` values (an empty `bin` is the only
        one msgpack itself lets through); the host needs it, a client may skip it for speed."""
        self._limit = limit
        self._deep = deep_check
        # The buffer may hold one unfinished message plus one received chunk.
        self._unpacker = msgpack.Unpacker(
            raw=False,
            max_buffer_size=limit + _PIECE + 1,
            max_bin_len=0,
            max_ext_len=0,
            strict_map_key=True,
            ext_hook=_refuse_ext,
        )
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
            self._unpacker.feed(piece)
        except msgpack.BufferFull:
            raise FrameError(f"message larger than {self._limit} bytes") from None
        self._fed += len(piece)
        while True:
            try:
                value = self._unpacker.unpack()
            except msgpack.OutOfData:
                break
            except FrameError:
                raise
            except Exception as exc:  # any decoding failure of untrusted bytes
                raise FrameError(f"not msgpack: {type(exc).__name__}") from None
            end = self._unpacker.tell()
            size, self._mark = end - self._mark, end
            if size > self._limit:
                raise FrameError(f"message larger than {self._limit} bytes")
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
