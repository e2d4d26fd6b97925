"""Shipped binaries: find ELF and PE files in a bundle, read an ELF's RPATH/RUNPATH, drop build paths.

Why: PyInstaller copies the build machine's libpython and extension modules as they are,
and those of a pyenv (or any non-system) Python carry ``RUNPATH=/root/.pyenv/.../lib``: a
user's machine would search a folder of the build machine first (lintian:
custom-library-search-path). build.py removes every search-path entry that is not relative
to the library itself (``$ORIGIN``), and the packaging tests scan each bundle with the same
reader. Loaded by path (packaging/ is never a package); standard library only.
"""

from __future__ import annotations

import struct
import subprocess
from collections.abc import Iterator
from pathlib import Path

DT_NULL, DT_STRTAB, DT_RPATH, DT_RUNPATH = 0, 5, 15, 29
PT_DYNAMIC, PT_LOAD = 2, 1


def is_elf(path: Path) -> bool:
    """An ELF file (executable or shared library)."""
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def is_pe(path: Path) -> bool:
    """A Windows PE file (.exe, .dll, .pyd): 'MZ' header pointing at a 'PE\\0\\0' signature."""
    with path.open("rb") as f:
        head = f.read(64)
        if len(head) < 64 or head[:2] != b"MZ":
            return False
        (offset,) = struct.unpack_from("<I", head, 0x3C)
        f.seek(offset)
        return f.read(4) == b"PE\0\0"


def binaries(bundle: Path) -> Iterator[Path]:
    """Every regular (non-link) ELF or PE file under a bundle folder."""
    for p in sorted(bundle.rglob("*")):
        if p.is_file() and not p.is_symlink() and (is_elf(p) or is_pe(p)):
            yield p


def elf_search_paths(path: Path) -> dict[str, list[str]]:
    """{'RPATH': [...], 'RUNPATH': [...]} of an ELF file (64- or 32-bit, either byte order)."""
    data = path.read_bytes()
    if data[:4] != b"\x7fELF":
        raise ValueError(f"not an ELF file: {path}")
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if is64:
        phoff, = struct.unpack_from(end + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x36)
    else:
        phoff, = struct.unpack_from(end + "I", data, 0x1C)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x2A)
    loads: list[tuple[int, int, int]] = []  # (vaddr, offset, filesz)
    dynamic: tuple[int, int] | None = None
    for i in range(phnum):
        at = phoff + i * phentsize
        if is64:
            p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz = struct.unpack_from(end + "IIQQQQ", data, at)
        else:
            p_type, p_offset, p_vaddr, _paddr, p_filesz = struct.unpack_from(end + "IIIII", data, at)
        if p_type == PT_LOAD:
            loads.append((p_vaddr, p_offset, p_filesz))
        elif p_type == PT_DYNAMIC:
            dynamic = (p_offset, p_filesz)
    found: dict[str, list[str]] = {"RPATH": [], "RUNPATH": []}
    if dynamic is None:
        return found
    entry = struct.Struct(end + ("qQ" if is64 else "iI"))
    strtab = None
    wanted: list[tuple[str, int]] = []
    for at in range(dynamic[0], dynamic[0] + dynamic[1], entry.size):
        tag, value = entry.unpack_from(data, at)
        if tag == DT_NULL:
            break
        if tag == DT_STRTAB:
            strtab = value
        elif tag in (DT_RPATH, DT_RUNPATH):
            wanted.append(("RPATH" if tag == DT_RPATH else "RUNPATH", value))
    if strtab is None:
        return found
    base = next((off + strtab - va for va, off, size in loads if va <= strtab < va + size), None)
    if base is None:
        return found
    for kind, offset in wanted:
        start = base + offset
        text = data[start:data.index(b"\0", start)].decode("utf-8", errors="replace")
        found[kind] = [p for p in text.split(":") if p]
    return found


def foreign_search_paths(path: Path) -> list[str]:
    """The RPATH/RUNPATH entries of an ELF file that are not relative to the file ($ORIGIN)."""
    paths = elf_search_paths(path)
    return [p for p in paths["RPATH"] + paths["RUNPATH"] if not p.startswith(("$ORIGIN", "${ORIGIN}"))]


def scrub_search_paths(bundle: Path, patchelf: str) -> list[Path]:
    """Remove every search-path entry that is not under $ORIGIN from the bundle's ELF files.

    Libraries whose only entries were foreign lose RUNPATH altogether (they find their
    neighbours through the loader's normal rules and PyInstaller's preloading); $ORIGIN
    entries stay. Returns the files changed.
    """
    changed = []
    for path in binaries(bundle):
        if not is_elf(path) or not foreign_search_paths(path):
            continue
        paths = elf_search_paths(path)
        keep = [p for p in paths["RPATH"] + paths["RUNPATH"] if p.startswith(("$ORIGIN", "${ORIGIN}"))]
        mode = path.stat().st_mode
        path.chmod(mode | 0o200)
        if keep:
            cmd = [patchelf, "--set-rpath", ":".join(dict.fromkeys(keep)), str(path)]
        else:
            cmd = [patchelf, "--remove-rpath", str(path)]
        subprocess.run(cmd, check=True, capture_output=True)
        path.chmod(mode)
        changed.append(path)
    return changed


def mentions(path: Path, needles: list[str]) -> list[str]:
    """Which of the given strings (build-machine paths) occur in a file, as UTF-8 or UTF-16-LE bytes."""
    data = path.read_bytes()
    hits = []
    for needle in needles:
        if needle.encode("utf-8") in data or needle.encode("utf-16-le") in data:
            hits.append(needle)
    return hits
