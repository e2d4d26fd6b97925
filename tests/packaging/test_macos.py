"""What can be checked of the macOS build on Linux: Info.plist, Bonjour service, .icns, pins.

The .app itself is built on macOS (packaging/README.md). The plist and .icns checks always run
(fast, offline); resolving the pinned wheels for macOS needs PyPI: PATRICIAN_PACKAGING_TESTS=macos.
"""

from __future__ import annotations

import json
import plistlib
import re
import subprocess
import sys
from pathlib import Path

from .conftest import needs_target
from .helpers import PACKAGING, REPO, load_build_script

PLIST = PACKAGING / "macos" / "Info.plist"


def _service_type() -> str:
    """The zeroconf service type the LAN code advertises (read from its source, wherever net/ lives)."""
    for path in list(REPO.glob("net/discovery.py")) + list(REPO.glob("patrician_qt/net/discovery.py")):
        m = re.search(r'^SERVICE_TYPE\s*=\s*"([^"]+)"', path.read_text(encoding="utf-8"), re.M)
        if m:
            return m.group(1)
    raise AssertionError("no SERVICE_TYPE in net/discovery.py")


def test_info_plist_round_trips_and_names_the_lan_service():
    raw = PLIST.read_bytes().replace(b"@VERSION@", b"9.8.7")
    plist = plistlib.loads(raw)
    assert plistlib.loads(plistlib.dumps(plist)) == plist
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "9.8.7"
    assert plist["LSApplicationCategoryType"] == "public.app-category.board-games"
    assert plist["NSLocalNetworkUsageDescription"]
    # macOS lets the app browse only the Bonjour types it lists: "_patrician._tcp" for "_patrician._tcp.local."
    assert plist["NSBonjourServices"] == [_service_type().removesuffix(".local.").removesuffix(".")]


def test_spec_takes_its_info_plist_from_the_checked_file():
    spec = (PACKAGING / "patrician.spec").read_text(encoding="utf-8")
    assert 'HERE / "macos" / "Info.plist"' in spec and "info_plist=plistlib.loads(" in spec


def _png(size: int) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + b"\x10\x20\x30\xff" * size for _ in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_icns_and_ico_are_made_with_every_size(tmp_path: Path):
    build = load_build_script()
    pngs = {}
    for size in set(build.ICNS_TYPES.values()) | set(build.ICO_SIZES):
        pngs[size] = tmp_path / f"p{size}.png"
        pngs[size].write_bytes(_png(size))
    icns = tmp_path / "a.icns"
    build.write_icns({k: pngs[n] for k, n in build.ICNS_TYPES.items()}, icns)
    data = icns.read_bytes()
    assert data[:4] == b"icns" and int.from_bytes(data[4:8], "big") == len(data)
    at, seen = 8, {}
    while at < len(data):
        kind, length = data[at:at + 4].decode(), int.from_bytes(data[at + 4:at + 8], "big")
        seen[kind] = build._png_size_bytes(data[at + 8:at + length])
        at += length
    assert at == len(data)
    assert seen == {k: (n, n) for k, n in build.ICNS_TYPES.items()}
    ico = tmp_path / "a.ico"
    build.write_ico([pngs[n] for n in build.ICO_SIZES], ico)
    data = ico.read_bytes()
    count = int.from_bytes(data[4:6], "little")
    assert data[:4] == b"\0\0\1\0" and count == len(build.ICO_SIZES)
    for i, size in enumerate(build.ICO_SIZES):
        entry = data[6 + 16 * i:22 + 16 * i]
        length, offset = int.from_bytes(entry[8:12], "little"), int.from_bytes(entry[12:16], "little")
        assert entry[0] == size % 256 and data[offset:offset + length] == pngs[size].read_bytes()


def _pins() -> list[str]:
    """The pinned build tools and the app's pinned dependencies, as macOS would install them."""
    pins = []
    for req in ("requirements-build.txt", "requirements-windows.txt"):
        text = (PACKAGING / req).read_text(encoding="utf-8")
        for m in re.finditer(r"^([A-Za-z0-9_.-]+==[^\s;\\]+)(.*)$", text, re.M):
            marker = m.group(2)
            if "linux" in marker:
                continue
            pins.append(m.group(1))
    windows_only = ("pefile==", "pywin32-ctypes==")
    # pip evaluates markers for the running system even with --platform: PyInstaller's macOS-only
    # requirement (macholib) is named here, as pefile is for Windows.
    return [p for p in dict.fromkeys(pins) if not p.startswith(windows_only)] + ["macholib"]


@needs_target("macos")
def test_pip_resolves_every_pinned_package_for_macos_arm64(tmp_path):
    report = tmp_path / "report.json"
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
                           "--target", str(tmp_path / "t"), "--only-binary=:all:", "--platform", "macosx_14_0_arm64",
                           "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311",
                           "--report", str(report), *_pins()], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    installs = json.loads(report.read_text())["install"]
    got = {i["metadata"]["name"].lower().replace("_", "-"): i["metadata"]["version"] for i in installs}
    for pin in _pins():
        if "==" in pin:
            name, version = pin.split("==")
            assert got.get(name.lower()) == version, (pin, got)
    assert "macholib" in got
    wheels = [i["download_info"]["url"].rsplit("/", 1)[1] for i in installs]
    macos = [tuple(map(int, m.groups())) for w in wheels for m in [re.search(r"macosx_(\d+)_(\d+)_", w)] if m]
    floor = plistlib.loads(PLIST.read_bytes())["LSMinimumSystemVersion"]
    assert tuple(map(int, floor.split("."))) >= max(macos), (floor, max(macos))
