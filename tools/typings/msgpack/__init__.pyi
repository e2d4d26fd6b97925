# Type information for the part of msgpack (1.x) the project uses: msgpack ships none.
# Signatures follow msgpack/fallback.py and msgpack/__init__.py; keep them to what is called.
from collections.abc import Callable, Iterator
from typing import Any

from _typeshed import ReadableBuffer

class UnpackException(Exception): ...
class BufferFull(UnpackException): ...
class OutOfData(UnpackException): ...
class FormatError(ValueError, UnpackException): ...
class StackError(ValueError, UnpackException): ...

class ExtType:
    code: int
    data: bytes
    def __init__(self, code: int, data: bytes) -> None: ...

class Unpacker:
    def __init__(
        self,
        file_like: Any = None,
        *,
        read_size: int = 0,
        use_list: bool = True,
        raw: bool = False,
        timestamp: int = 0,
        strict_map_key: bool = True,
        object_hook: Callable[[dict[Any, Any]], Any] | None = None,
        object_pairs_hook: Callable[[list[tuple[Any, Any]]], Any] | None = None,
        list_hook: Callable[[list[Any]], Any] | None = None,
        unicode_errors: str | None = None,
        max_buffer_size: int = ...,
        ext_hook: Callable[[int, bytes], Any] = ...,
        max_str_len: int = -1,
        max_bin_len: int = -1,
        max_array_len: int = -1,
        max_map_len: int = -1,
        max_ext_len: int = -1,
    ) -> None: ...
    def feed(self, next_bytes: ReadableBuffer) -> None: ...
    def unpack(self) -> Any: ...
    def skip(self) -> None: ...
    def tell(self) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __next__(self) -> Any: ...

def packb(
    o: object,
    *,
    default: Callable[[Any], Any] | None = None,
    use_single_float: bool = False,
    autoreset: bool = True,
    use_bin_type: bool = True,
    strict_types: bool = False,
    datetime: bool = False,
    unicode_errors: str | None = None,
) -> bytes: ...
def unpackb(
    packed: ReadableBuffer,
    *,
    use_list: bool = True,
    raw: bool = False,
    timestamp: int = 0,
    strict_map_key: bool = True,
    object_hook: Callable[[dict[Any, Any]], Any] | None = None,
    object_pairs_hook: Callable[[list[tuple[Any, Any]]], Any] | None = None,
    list_hook: Callable[[list[Any]], Any] | None = None,
    unicode_errors: str | None = None,
    ext_hook: Callable[[int, bytes], Any] = ...,
    max_str_len: int = -1,
    max_bin_len: int = -1,
    max_array_len: int = -1,
    max_map_len: int = -1,
    max_ext_len: int = -1,
) -> Any: ...
