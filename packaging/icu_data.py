#!/usr/bin/env python3
"""Shrink Qt's ICU data library (``libicudata.so.NN``) to the parts Qt can reach (Linux bundle).

Why: ``libicudata`` is 31 MiB of the 99 MiB bundle, a third of it. It is nothing but one
array, ``icudtNN_dat``, in ICU's "common data" format: a table of named items (resource
bundles, collation tables, converters, dictionaries). Qt calls only a few ICU services,
all from QtCore (``nm -D --undefined-only libQt6Core.so.6``): case mapping, character
set converters (QStringConverter), collation (QCollator, used by file dialogs), time
zone IDs and names (QTimeZone). The item trees for services Qt never calls go; the rest
is kept whole, for every locale, so Qt behaves exactly as with the full data (the opt-in
packaging test compares the two). Dropped:

- ``brkitr/``: break iterators and their dictionaries (Qt segments text itself);
- ``translit/``, ``rbnf/``: transliteration, spelled-out numbers;
- ``unit/``, ``curr/``, ``lang/``, ``region/``: display names of units, currencies,
  languages and regions (QLocale uses its own CLDR tables for these);
- ``unames.icu`` (character names), ``*.spp`` (StringPrep/IDNA: QUrl has its own),
  ``*.cfu`` (confusables, the spoof checker).

The new library is assembled with binutils (``as``, ``ld``: PyInstaller needs them on
Linux anyway) and exports the same symbol under the same soname.

    python packaging/icu_data.py IN_LIBRARY OUT_LIBRARY     # what the spec does

This file is a script (packaging/ is not a package); the spec and the tests load it by path.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

# Item names inside the data are "icudtNNl/<tree>/<name>" or "icudtNNl/<name>".
DROP_TREES = ("brkitr", "translit", "rbnf", "unit", "curr", "lang", "region")
DROP_NAMES = ("unames.icu",)
DROP_SUFFIXES = (".spp", ".cfu")
SYMBOL = re.compile(rb"icudt\d+_dat")
_ALIGN = 16  # ICU aligns every item to 16 bytes


class IcuDataError(ValueError):
    """The library or its data is not what this script understands."""


def keep(name: str) -> bool:
    """Whether an item (``icudt73l/coll/de.res``) stays."""
    parts = name.split("/")
    inner = parts[1:] if len(parts) > 1 else parts
    if len(inner) > 1 and inner[0] in DROP_TREES:
        return False
    return inner[-1] not in DROP_NAMES and not inner[-1].endswith(DROP_SUFFIXES)


# --- the ELF library ----------------------------------------------------------------------

def _sections(lib: bytes) -> list[tuple[int, ...]]:
    """Section headers (sh_name, sh_type, flags, addr, offset, size, link, info, align, entsize)."""
    if lib[:4] != b"\x7fELF" or lib[4] != 2 or lib[5] != 1:
        raise IcuDataError("not a little-endian 64-bit ELF file")
    shoff, = struct.unpack_from("<Q", lib, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", lib, 0x3A)
    return [struct.unpack_from("<IIQQQQIIQQ", lib, shoff + i * shentsize) for i in range(shnum)]


def _cstr(lib: bytes, at: int) -> bytes:
    return lib[at:lib.index(b"\0", at)]


def read_symbol(lib: bytes) -> tuple[str, bytes]:
    """(name, bytes) of the exported ``icudtNN_dat`` array of a little-endian ELF64 library."""
    sections = _sections(lib)
    for sec in sections:
        if sec[1] != 11:  # SHT_DYNSYM
            continue
        offset, size, link, entsize = sec[4], sec[5], sec[6], sec[9]
        strtab = sections[link][4]
        for k in range(size // entsize):
            st_name, _info, _other, shndx, value, st_size = struct.unpack_from("<IBBHQQ", lib, offset + k * entsize)
            name = _cstr(lib, strtab + st_name)
            if SYMBOL.fullmatch(name) and 0 < shndx < len(sections):
                home = sections[shndx]
                start = home[4] + value - home[3]
                return name.decode(), lib[start:start + st_size]
    raise IcuDataError("no icudtNN_dat symbol")


def soname(lib: bytes) -> str:
    """The DT_SONAME of an ELF64 library."""
    sections = _sections(lib)
    for sec in sections:
        if sec[1] != 6:  # SHT_DYNAMIC
            continue
        strtab = sections[sec[6]][4]
        for k in range(sec[5] // 16):
            tag, value = struct.unpack_from("<qQ", lib, sec[4] + k * 16)
            if tag == 14:  # DT_SONAME
                return _cstr(lib, strtab + value).decode()
    raise IcuDataError("no DT_SONAME")


# --- ICU common data ------------------------------------------------------------------------

def parse_common(data: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The header and the (name, bytes) items of ICU common data ("CmnD", offset TOC)."""
    if len(data) < 32 or data[2:4] != b"\xda\x27" or data[12:16] != b"CmnD" or data[8] != 0:
        raise IcuDataError("not little-endian ICU common data (CmnD)")
    header_size, = struct.unpack_from("<H", data, 0)
    toc = header_size
    count, = struct.unpack_from("<I", data, toc)
    entries = [struct.unpack_from("<II", data, toc + 4 + 8 * i) for i in range(count)]
    items = []
    for i, (name_off, data_off) in enumerate(entries):
        name = data[toc + name_off:data.index(b"\0", toc + name_off)].decode("ascii")
        end = toc + entries[i + 1][1] if i + 1 < count else len(data)
        items.append((name, data[toc + data_off:end]))
    return data[:header_size], items


def build_common(header: bytes, items: list[tuple[str, bytes]]) -> bytes:
    """ICU common data from a header and items (names sorted, as ICU's binary search needs)."""
    names = [n for n, _ in items]
    if names != sorted(names):
        raise IcuDataError("items must be sorted by name")
    count = len(items)
    name_blob = b"".join(n.encode("ascii") + b"\0" for n in names)
    start = 4 + 8 * count + len(name_blob)
    start += -(len(header) + start) % _ALIGN  # the first item at a 16-byte boundary of the whole
    toc = bytearray(struct.pack("<I", count))
    name_off = 4 + 8 * count
    data_off = start
    body = bytearray()
    for name, blob in items:
        toc += struct.pack("<II", name_off, data_off)
        name_off += len(name) + 1
        pad = -len(blob) % _ALIGN
        body += blob + b"\0" * pad
        data_off += len(blob) + pad
    toc += name_blob
    toc += b"\xaa" * (start - len(toc))  # ICU pads with 0xaa
    return bytes(header) + bytes(toc) + bytes(body)


def shrink_data(data: bytes) -> tuple[bytes, list[str]]:
    """The common data without the dropped items, and the dropped names."""
    header, items = parse_common(data)
    kept = [(n, b) for n, b in items if keep(n)]
    return build_common(header, kept), [n for n, _ in items if not keep(n)]


# --- the new library ------------------------------------------------------------------------

def make_library(symbol: str, data: bytes, so_name: str, out: Path) -> None:
    """A shared library exporting ``symbol`` as read-only ``data``, under ``so_name``."""
    for tool in ("as", "ld"):
        if shutil.which(tool) is None:
            raise IcuDataError(f"{tool} is needed to build {so_name} (Debian/Ubuntu: apt-get install binutils)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "icu.dat").write_bytes(data)
        (work / "icu.s").write_text(
            "\t.section .rodata\n"
            f"\t.globl {symbol}\n"
            f"\t.type {symbol}, STT_OBJECT\n"
            "\t.balign 16\n"
            f"{symbol}:\n"
            '\t.incbin "icu.dat"\n'
            f"\t.size {symbol}, . - {symbol}\n", encoding="ascii")
        subprocess.run(["as", "--noexecstack", "-o", "icu.o", "icu.s"], cwd=work, check=True)
        subprocess.run(["ld", "-shared", "-soname", so_name, "-z", "noexecstack", "-o", "lib.so", "icu.o"],
                       cwd=work, check=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(work / "lib.so", out)


def shrink_library(src: Path, out: Path) -> tuple[int, int, list[str]]:
    """Write the shrunk copy of ``src`` to ``out``: (data bytes before, after, dropped items)."""
    lib = src.read_bytes()
    symbol, data = read_symbol(lib)
    new, dropped = shrink_data(data)
    make_library(symbol, new, soname(lib), out)
    return len(data), len(new), dropped


def main(argv: list[str]) -> int:
    """Command line: ``icu_data.py IN OUT``."""
    if len(argv) != 2:
        print(__doc__.split("\n\n")[0] + "\nusage: icu_data.py IN_LIBRARY OUT_LIBRARY", file=sys.stderr)
        return 2
    before, after, dropped = shrink_library(Path(argv[0]), Path(argv[1]))
    mib = 1024 * 1024
    print(f"ICU data {before / mib:.1f} MiB -> {after / mib:.1f} MiB ({len(dropped)} items dropped)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
