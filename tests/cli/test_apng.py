"""The animated PNG writer (the README's moving picture): a reader rebuilt from the APNG spec gets every
frame back pixel for pixel, with its delay."""

from __future__ import annotations

import os
import struct
import zlib

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from patrician_qt.cli.apng import SIGNATURE, _chunk, _chunks, changed_rect, write_apng


def read_apng(data: bytes) -> tuple[list[QImage], list[int]]:
    """Compose the frames as a viewer would (dispose none, blend source), checking CRCs and sequence numbers."""
    assert data.startswith(SIGNATURE)
    i = len(SIGNATURE)
    while i < len(data):  # every chunk's CRC
        (n,) = struct.unpack(">I", data[i:i + 4])
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + n]
        assert struct.unpack(">I", data[i + 8 + n:i + 12 + n])[0] == zlib.crc32(kind + body) & 0xFFFFFFFF
        i += 12 + n
    chunks = _chunks(data)
    ihdr = next(d for k, d in chunks if k == b"IHDR")
    w, h = struct.unpack(">II", ihdr[:8])
    frames_n, _loops = struct.unpack(">II", next(d for k, d in chunks if k == b"acTL"))
    canvas = QImage(w, h, QImage.Format.Format_ARGB32)
    canvas.fill(0)
    frames, delays, seqs = [], [], []
    current: tuple[int, int, int, int] | None = None
    parts: list[bytes] = []

    def flush() -> None:
        fw, fh, fx, fy = current
        png = SIGNATURE + _chunk(b"IHDR", struct.pack(">II", fw, fh) + ihdr[8:]) + _chunk(b"IDAT", b"".join(parts))
        part = QImage.fromData(png + _chunk(b"IEND", b""), "PNG").convertToFormat(QImage.Format.Format_ARGB32)
        p = QPainter(canvas)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        p.drawImage(fx, fy, part)
        p.end()
        frames.append(canvas.copy())

    for kind, body in chunks:
        if kind == b"fcTL":
            if current is not None:
                flush()
            seq, fw, fh, fx, fy, dn, dd, _dispose, _blend = struct.unpack(">IIIIIHHBB", body)
            seqs.append(seq)
            delays.append(round(dn * 1000 / dd))
            current, parts = (fw, fh, fx, fy), []
        elif kind == b"IDAT" and current is not None:
            parts.append(body)
        elif kind == b"fdAT":
            seqs.append(struct.unpack(">I", body[:4])[0])
            parts.append(body[4:])
    flush()
    assert seqs == list(range(len(seqs)))
    assert len(frames) == frames_n
    return frames, delays


def _frame(x: int) -> QImage:
    img = QImage(120, 80, QImage.Format.Format_ARGB32)
    img.fill(QColor("#EFE2C2"))
    p = QPainter(img)
    p.fillRect(QRect(x, 30, 20, 12), QColor("#B03A2E"))
    p.end()
    return img


def test_frames_and_delays_come_back_exactly(tmp_path):
    frames = [_frame(x) for x in (5, 5, 20, 40, 90)]
    delays = [40, 55, 60, 70, 1500]
    path = tmp_path / "clip.png"
    size = write_apng(str(path), frames, delays)
    data = path.read_bytes()
    assert size == len(data)
    got, got_delays = read_apng(data)
    assert got_delays == delays
    for a, b in zip(frames, got, strict=True):
        assert a.convertToFormat(QImage.Format.Format_ARGB32) == b
    assert QImage(str(path)).size() == frames[0].size()  # any PNG reader shows the first frame


def test_only_the_changed_rectangle_is_stored():
    a, b = _frame(20), _frame(40)
    assert changed_rect(a, b) == QRect(20, 30, 40, 12)
    assert changed_rect(a, a.copy()).isEmpty()


def test_a_whole_image_change_is_the_whole_rectangle():
    a = QImage(30, 20, QImage.Format.Format_ARGB32)
    a.fill(Qt.GlobalColor.white)
    b = QImage(30, 20, QImage.Format.Format_ARGB32)
    b.fill(Qt.GlobalColor.black)
    assert changed_rect(a, b) == QRect(0, 0, 30, 20)
