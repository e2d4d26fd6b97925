"""Write an animated PNG (APNG) from QImages: Qt reads GIF but writes neither GIF nor APNG.

Why by hand: APNG is PNG plus three chunk types (acTL, fcTL, fdAT), so each frame is encoded by Qt as
an ordinary PNG and its image data is re-wrapped. Only the rectangle that changed since the last
frame is stored (a piece flying over a still board), which keeps the file small.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect
from PySide6.QtGui import QImage

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """(type, data) of each chunk of a PNG file."""
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    out, i = [], len(SIGNATURE)
    while i < len(png):
        (n,) = struct.unpack(">I", png[i:i + 4])
        out.append((png[i + 4:i + 8], png[i + 8:i + 8 + n]))
        i += 12 + n
    return out


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6 takes the format as str at run time (bytes raises), while its stubs name bytes
    if not image.save(buf, "PNG"):  # type: ignore[call-overload]
        raise ValueError("Qt could not encode a frame as PNG")
    buf.close()
    return bytes(data.data())


def changed_rect(a: QImage, b: QImage) -> QRect:
    """The smallest rectangle outside which ``a`` and ``b`` are equal (empty when they are the same)."""
    w, h, bpl = a.width(), a.height(), a.bytesPerLine()
    da, db = bytes(a.constBits())[: bpl * h], bytes(b.constBits())[: bpl * h]
    rows = [y for y in range(h) if da[y * bpl:(y + 1) * bpl] != db[y * bpl:(y + 1) * bpl]]
    if not rows:
        return QRect()
    left, right = w, -1
    px = 4  # 32-bit formats only (record() converts)
    for y in rows:
        ra, rb = da[y * bpl:y * bpl + w * px], db[y * bpl:y * bpl + w * px]
        lo, hi = 0, w  # first differing pixel: grow a common prefix by halving
        while lo < hi:
            mid = (lo + hi) // 2
            if ra[:(mid + 1) * px] == rb[:(mid + 1) * px]:
                lo = mid + 1
            else:
                hi = mid
        left = min(left, lo)
        lo, hi = 0, w  # last differing pixel: the same from the end
        while lo < hi:
            mid = (lo + hi) // 2
            if ra[(w - mid - 1) * px:] == rb[(w - mid - 1) * px:]:
                lo = mid + 1
            else:
                hi = mid
        right = max(right, w - 1 - lo)
    return QRect(left, rows[0], right - left + 1, rows[-1] - rows[0] + 1)


def write_apng(path: str, frames: Sequence[QImage], delays_ms: Sequence[int], loops: int = 0) -> int:
    """Write the frames (same size) with their delays; returns the file's size in bytes."""
    if not frames or len(frames) != len(delays_ms):
        raise ValueError("one delay per frame, at least one frame")
    images = [f.convertToFormat(QImage.Format.Format_ARGB32) for f in frames]
    w, h = images[0].width(), images[0].height()
    first = _chunks(_png(images[0]))
    ihdr = next(d for k, d in first if k == b"IHDR")
    out = [SIGNATURE, _chunk(b"IHDR", ihdr), _chunk(b"acTL", struct.pack(">II", len(images), loops))]
    seq = 0
    prev: QImage | None = None
    for image, delay in zip(images, delays_ms, strict=True):
        rect = QRect(0, 0, w, h) if prev is None else changed_rect(prev, image)
        if rect.isEmpty():
            rect = QRect(0, 0, 1, 1)
        part = image.copy(rect)
        data = b"".join(d for k, d in _chunks(_png(part)) if k == b"IDAT")
        out.append(_chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, rect.width(), rect.height(), rect.x(), rect.y(),
                                                max(1, int(delay)), 1000, 0, 0)))  # dispose none, blend source
        seq += 1
        if prev is None:
            out.append(_chunk(b"IDAT", data))
        else:
            out.append(_chunk(b"fdAT", struct.pack(">I", seq) + data))
            seq += 1
        prev = image
    out.append(_chunk(b"IEND", b""))
    blob = b"".join(out)
    with open(path, "wb") as f:
        f.write(blob)
    return len(blob)
