"""packaging/icu_data.py: reading, filtering and rewriting ICU common data, and the new library (fast)."""

from __future__ import annotations

import importlib.util
import shutil
import struct
from pathlib import Path
from types import ModuleType

import pytest

from .helpers import PACKAGING


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("patrician_icu_data", PACKAGING / "icu_data.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


icu = _load()


def _item(payload: bytes) -> bytes:
    """A tiny data item with an ICU-style header (only its bytes matter here)."""
    return struct.pack("<HBB", 32, 0xDA, 0x27) + payload.ljust(28, b"\0")


def _common(names: list[str]) -> bytes:
    header = struct.pack("<HBBHHBBBB4s4s4s", 32, 0xDA, 0x27, 20, 0, 0, 0, 2, 0, b"CmnD", b"\1\0\0\0", b"\3\0\0\0")
    header = header.ljust(32, b"\0")
    return icu.build_common(header, [(n, _item(n.encode())) for n in names])


def _installed_icudata() -> Path | None:
    try:
        import PySide6
    except ImportError:
        return None
    found = sorted((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    return found[0] if found else None


def test_keep_drops_only_the_trees_qt_never_reads():
    for name in ("icudt73l/coll/de.res", "icudt73l/zone/de.res", "icudt73l/de.res", "icudt73l/ibm-1252_P100-2000.cnv",
                 "icudt73l/coll/ucadata.icu", "icudt73l/zoneinfo64.res", "icudt73l/metaZones.res", "icudt73l/nfc.nrm",
                 "icudt73l/pnames.icu", "icudt73l/root.res"):
        assert icu.keep(name), name
    for name in ("icudt73l/brkitr/cjdict.dict", "icudt73l/translit/root.res", "icudt73l/rbnf/de.res",
                 "icudt73l/unit/de.res", "icudt73l/curr/pool.res", "icudt73l/lang/de.res", "icudt73l/region/de.res",
                 "icudt73l/unames.icu", "icudt73l/rfc3491.spp", "icudt73l/confusables.cfu"):
        assert not icu.keep(name), name


def test_common_data_round_trips_and_shrinks():
    names = sorted(["icudt73l/coll/de.res", "icudt73l/brkitr/word.brk", "icudt73l/de.res", "icudt73l/unames.icu",
                    "icudt73l/zone/de.res"])
    data = _common(names)
    header, items = icu.parse_common(data)
    assert [n for n, _ in items] == names
    assert icu.build_common(header, items) == data
    small, dropped = icu.shrink_data(data)
    assert dropped == ["icudt73l/brkitr/word.brk", "icudt73l/unames.icu"]
    _h, kept = icu.parse_common(small)
    assert [n for n, _ in kept] == ["icudt73l/coll/de.res", "icudt73l/de.res", "icudt73l/zone/de.res"]
    assert all(blob.startswith(_item(n.encode())) for n, blob in kept)
    toc = len(header)
    count = struct.unpack_from("<I", small, toc)[0]
    assert all((toc + struct.unpack_from("<II", small, toc + 4 + 8 * i)[1]) % 16 == 0 for i in range(count))


def test_rejects_what_it_does_not_understand():
    with pytest.raises(icu.IcuDataError):
        icu.parse_common(b"\0" * 64)
    with pytest.raises(icu.IcuDataError):
        icu.read_symbol(b"not an ELF file at all")
    with pytest.raises(icu.IcuDataError):
        icu.build_common(b"\0" * 32, [("b", b""), ("a", b"")])


@pytest.mark.skipif(shutil.which("as") is None or shutil.which("ld") is None, reason="needs binutils")
@pytest.mark.skipif(_installed_icudata() is None, reason="needs PySide6's ICU (Linux wheel)")
def test_the_real_data_round_trips_and_the_new_library_exports_it(tmp_path):
    lib = _installed_icudata()
    assert lib is not None
    raw = lib.read_bytes()
    symbol, data = icu.read_symbol(raw)
    assert symbol.startswith("icudt") and len(data) > 20 * 1024 * 1024
    header, items = icu.parse_common(data)
    assert icu.build_common(header, items) == data  # byte for byte, padding included
    out = tmp_path / lib.name
    before, after, dropped = icu.shrink_library(lib, out)
    assert before == len(data) and after < before * 0.6 and dropped
    new = out.read_bytes()
    assert icu.soname(new) == icu.soname(raw) == lib.name
    new_symbol, new_data = icu.read_symbol(new)
    assert new_symbol == symbol
    old_kept = [(n, b) for n, b in items if icu.keep(n)]
    new_items = icu.parse_common(new_data)[1]
    assert [n for n, _ in new_items] == [n for n, _ in old_kept]
    for (_n, old), (_m, blob) in zip(old_kept, new_items, strict=True):
        assert blob.startswith(old) and len(blob) - len(old) < 16  # the same bytes, at most padded
