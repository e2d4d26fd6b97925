"""The Debian/Ubuntu package: the Linux one-folder bundle under /usr/lib/patrician, packed by dpkg-deb.

Loaded by build.py (``--target deb``) and the packaging tests, by path (packaging/ is never a
package). Layout (packaging/README.md, "Debian package"):

    /usr/bin/patrician, /usr/games/patrician -> ../lib/patrician/patrician
    /usr/lib/patrician/                 the PyInstaller bundle (patrician, _internal/)
    /usr/share/applications/, metainfo/, icons/hicolor/   menu entry, AppStream, icons
    /usr/share/man/man6/patrician.6.gz, /usr/share/doc/patrician/{copyright,changelog.gz}
    /usr/share/lintian/overrides/patrician   two of lintian's findings that do not apply (reasons inside)

``Depends`` comes from dpkg-shlibdeps over every ELF file of the bundle (the system libraries
it does not carry: glibc, fontconfig, libxkbcommon, ...). Files are root-owned, shared libraries
0644, programs 0755; the package is checked with lintian by the opt-in tests.
"""

from __future__ import annotations

import datetime
import gzip
import hashlib
import io
import re
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP_ID = "io.github.patrician.Patrician"
# Debian packages the .deb build needs beyond binutils (named in error messages and .ci/run).
DEBIAN_TOOLS = {"dpkg-deb": "dpkg", "dpkg-shlibdeps": "dpkg-dev"}
MAINTAINER = "Patrician developers <patrician@users.noreply.github.com>"


class DebBuildError(SystemExit):
    """A step of the .deb build failed; the message says what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"build.py --target deb: {message}")


def deb_architecture() -> str:
    """dpkg's name for this machine's architecture (amd64, arm64, ...)."""
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def _gzip_n(data: bytes) -> bytes:
    """gzip -9n: no name and no time stamp in the header (reproducible; lintian checks it)."""
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as f:
        f.write(data)
    return buf.getvalue()


def _is_shared_library(path: Path) -> bool:
    """A .so (Python extension module or library), not the program."""
    return ".so" in path.name and path.name != "patrician"


def stage(package_dir: Path, root: Path, version: str, homepage: str | None = None) -> None:
    """The package's file tree under ``root`` from the staged Linux package folder."""
    if root.exists():
        shutil.rmtree(root)
    lib = root / "usr" / "lib" / "patrician"
    lib.mkdir(parents=True)
    shutil.copy2(package_dir / "patrician", lib / "patrician")
    shutil.copytree(package_dir / "_internal", lib / "_internal", symlinks=True)
    # /usr/games is where Debian puts games (policy 11.11); /usr/bin too, because root's PATH and
    # many minimal ones lack /usr/games. Both are links to the one program.
    for bindir in ("bin", "games"):
        (root / "usr" / bindir).mkdir(parents=True)
        (root / "usr" / bindir / "patrician").symlink_to("../lib/patrician/patrician")
    share = root / "usr" / "share"
    shutil.copytree(package_dir / "share", share)
    doc = share / "doc" / "patrician"
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_text(homepage), encoding="utf-8")
    when = datetime.datetime.now(datetime.UTC).strftime("%a, %d %b %Y %H:%M:%S +0000")
    changelog = (f"patrician ({version}) unstable; urgency=medium\n\n"
                 "  * Built from the Patrician repository by packaging/build.py --target deb.\n"
                 "    Changes: the project's git history.\n\n"
                 f" -- {MAINTAINER}  {when}\n")
    (doc / "changelog.gz").write_bytes(_gzip_n(changelog.encode("utf-8")))
    overrides = share / "lintian" / "overrides"
    overrides.mkdir(parents=True)
    shutil.copy2(HERE / "linux" / "lintian-overrides", overrides / "patrician")
    man = share / "man" / "man6"
    man.mkdir(parents=True)
    page = (HERE / "linux" / "patrician.6").read_text(encoding="utf-8").replace("@VERSION@", version)
    (man / "patrician.6.gz").write_bytes(_gzip_n(page.encode("utf-8")))
    normalise_modes(root)


def normalise_modes(root: Path) -> None:
    """Folders 0755, the program 0755, everything else 0644 (shared libraries are not programs)."""
    for p in root.rglob("*"):
        if p.is_symlink():
            continue
        if p.is_dir():
            p.chmod(0o755)
        elif p.name == "patrician" and p.parent.name == "patrician":
            p.chmod(0o755)
        else:
            p.chmod(0o644)


def copyright_text(homepage: str | None = None) -> str:
    """debian/copyright (machine-readable format): our code, and what the bundle carries."""
    source = homepage or "the Patrician source repository this package was built from (no public address yet)"
    mit = (HERE.parent / "LICENSE").read_text(encoding="utf-8").strip()
    mit_body = "\n".join(" " + (line if line.strip() else ".") for line in mit.splitlines())
    return f"""Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: patrician
Source: {source}
Comment: The program is a PyInstaller bundle: it carries CPython, Qt 6 and PySide6, msgpack,
 zeroconf and ifaddr; their licence files are beside them in
 /usr/lib/patrician/_internal/*.dist-info/ and in the source repository's LICENSES/.

Files: *
Copyright: 2026 Patrician developers
License: MIT

Files: usr/lib/patrician/_internal/libpython* usr/lib/patrician/_internal/python3*
 usr/lib/patrician/_internal/base_library.zip
Copyright: 2001-2024 Python Software Foundation
License: PSF-2.0
 See https://docs.python.org/3/license.html (the PSF License Agreement for Python).

Files: usr/lib/patrician/_internal/PySide6/* usr/lib/patrician/_internal/shiboken6/*
Copyright: The Qt Company Ltd. and other contributors
License: LGPL-3
 On Debian systems, the complete text of the GNU Lesser General Public License version 3
 can be found in /usr/share/common-licenses/LGPL-3 (it builds on the GNU GPL version 3 in
 /usr/share/common-licenses/GPL-3).

Files: usr/lib/patrician/_internal/msgpack/*
Copyright: 2008-2011 INADA Naoki
License: Apache-2.0
 On Debian systems, the complete text of the Apache License version 2.0 can be found in
 /usr/share/common-licenses/Apache-2.0.

Files: usr/lib/patrician/_internal/zeroconf/*
Copyright: 2003-2005 Paul Scott-Murphy, 2014 William McBrine, python-zeroconf contributors
License: LGPL-2.1+
 On Debian systems, the complete text of the GNU Lesser General Public License version 2.1
 can be found in /usr/share/common-licenses/LGPL-2.1.

License: MIT
{mit_body}
"""


# libX11-xcb's whole interface is two functions that libX11 has had since 1.2 (2009); Debian's
# shlibs file for it asks for the build machine's own version (2:1.8.4 on Debian 12), which
# Ubuntu 22.04 (2:1.7.5) does not have. debian/shlibs.local states the real need.
SHLIBS_LOCAL = "libX11-xcb 1 libx11-xcb1\n"


def soname(path: Path) -> str | None:
    """An ELF file's SONAME (``readelf -d``), None for files without one (programs, Python modules)."""
    out = subprocess.run(["readelf", "-d", "-W", str(path)], capture_output=True, text=True).stdout
    m = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", out)
    return m.group(1) if m else None


def shlibs_entry(name: str) -> tuple[str, str] | None:
    """A SONAME as deb-shlibs(5) spells it: libfoo.so.6 -> (libfoo, 6); libfoo-1.2.so -> (libfoo, 1.2)."""
    m = re.fullmatch(r"(.+)\.so\.(\d[\w.]*)", name) or re.fullmatch(r"(.+)-(\d[\w.]*)\.so", name)
    return (m.group(1), m.group(2)) if m else None


def own_shlibs(root: Path, elves: list[Path]) -> str:
    """deb-shlibs lines naming every library the package carries as this package's own.

    Why: dpkg-shlibdeps finds the bundle's libraries (libzstd, libffi, the xcb helpers, ...) in
    the package, but without shlibs information for them it goes on to the build machine's
    copies and adds *their* packages and versions to Depends (libzstd1 (>= 1.5.2), which Ubuntu
    22.04 lacks). Declared as ours, and ``-x`` dropping the self-dependency, they add nothing.
    """
    lines = set()
    for p in elves:
        if _is_shared_library(p) and (name := soname(p)) and (entry := shlibs_entry(name)):
            lines.add(f"{entry[0]} {entry[1]} patrician\n")
    return "".join(sorted(lines))


def shlib_depends(root: Path) -> str:
    """``Depends`` for the package's ELF files, from dpkg-shlibdeps: only what the user's system must provide.

    The bundle's own libraries are found through -l and declared the package's own (a
    DEBIAN/shlibs that exists only while dpkg-shlibdeps runs); the rest resolve to the Debian
    packages that hold them on the build machine, with the lowest versions their symbols need.
    """
    elves = [p for p in root.rglob("*") if p.is_file() and not p.is_symlink() and _elf(p)]
    libdirs = sorted({str(p.parent) for p in elves if _is_shared_library(p)})
    work = root.parent.parent
    (work / "debian" / "control").write_text(
        "Source: patrician\n\nPackage: patrician\nArchitecture: any\n", encoding="utf-8")
    (work / "debian" / "shlibs.local").write_text(SHLIBS_LOCAL, encoding="utf-8")
    shlibs = root / "DEBIAN" / "shlibs"
    shlibs.write_text(own_shlibs(root, elves), encoding="utf-8")
    cmd = ["dpkg-shlibdeps", "-O", "--ignore-missing-info", "-xpatrician", *(f"-l{d}" for d in libdirs),
           *(f"-e{p}" for p in elves)]
    try:
        proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
    finally:
        shlibs.unlink()
    if proc.returncode != 0:
        libs = sorted(set(re.findall(r"cannot find library (\S+)", proc.stderr)))
        hint = (f"\n    This machine lacks {', '.join(libs)}, which the bundle takes from the user's system: "
                "install the Debian packages that have them (e.g. libwayland-cursor0)" if libs else "")
        raise DebBuildError(f"dpkg-shlibdeps failed:\n{proc.stderr[-3000:]}{hint}")
    m = re.search(r"^shlibs:Depends=(.*)$", proc.stdout, re.M)
    if not m or not m.group(1).strip():
        raise DebBuildError(f"dpkg-shlibdeps found no dependencies:\n{proc.stdout}\n{proc.stderr[-2000:]}")
    return m.group(1).strip()


def _elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


# The oldest glibc a supported system has (Ubuntu 22.04's 2.35): clib.py checks the bundle against it.
OLDEST_LIBC6 = (2, 35)


def relations(depends: str) -> list[list[tuple[str, str, str]]]:
    """A Depends field as groups of alternatives, each (package, operator, version); no version: ('', '')."""
    groups = []
    for group in depends.split(","):
        alternatives = []
        for alt in group.split("|"):
            m = re.fullmatch(r"\s*([a-z0-9][a-z0-9+.-]*)(?::\w+)?\s*(?:\(\s*(<<|<=|=|>=|>>)\s*([^)\s]+)\s*\))?\s*",
                             alt)
            if not m:
                raise ValueError(f"not a Debian relation: {alt!r}")
            alternatives.append((m.group(1), m.group(2) or "", m.group(3) or ""))
        groups.append(alternatives)
    return groups


def _upstream(version: str) -> tuple[int, ...]:
    """The leading numbers of a Debian version: '2.36-9+deb12u4' -> (2, 36)."""
    m = re.match(r"(?:\d+:)?(\d+(?:\.\d+)*)", version)
    return tuple(int(n) for n in m.group(1).split(".")) if m else ()


def depends_problems(depends: str) -> list[str]:
    """Why a Depends field would keep the package off a system README names; empty when it would not.

    An upper bound or an exact version on anything (dpkg-shlibdeps writes ``libc6 (<< 2.37)`` when
    a shipped part of glibc uses its private interface) ties the package to one release; a libc6
    lower bound above the oldest system's glibc keeps it off that system.
    """
    problems = []
    for group in relations(depends):
        for name, op, version in group:
            if op in ("<<", "<=", "="):
                problems.append(f"{name} ({op} {version}): an upper bound ties the package to one release")
            if name == "libc6" and op in (">=", ">>") and _upstream(version) > OLDEST_LIBC6:
                problems.append(f"{name} ({op} {version}): newer than the oldest supported glibc "
                                f"{'.'.join(map(str, OLDEST_LIBC6))}")
    return problems


def control(version: str, arch: str, depends: str, installed_kib: int, homepage: str | None = None) -> str:
    """DEBIAN/control; a Homepage only when the build knows the project's public address."""
    home = f"Homepage: {homepage}\n" if homepage else ""
    return f"""Package: patrician
Version: {version}
Architecture: {arch}
Maintainer: {MAINTAINER}
Installed-Size: {installed_kib}
Depends: {depends}
Section: games
Priority: optional
{home}Description: board game of building towers in Renaissance Italy
 A desktop version of the board game Patrician (Patrizier): play cards to add
 floors to the towers of Italy's cities, win the majorities and score the most
 prestige. Hot-seat games on one computer, games against computer players of
 several levels, and LAN games found automatically on the local network.
 .
 This is an unofficial fan implementation, not affiliated with or endorsed by
 Amigo Spiele or the game's authors. The program carries its own Python and Qt.
"""


def md5sums(root: Path) -> str:
    """DEBIAN/md5sums: every regular file outside DEBIAN/."""
    lines = []
    for p in sorted(root.rglob("*")):
        if p.is_file() and not p.is_symlink() and "DEBIAN" not in p.relative_to(root).parts:
            lines.append(f"{hashlib.md5(p.read_bytes()).hexdigest()}  {p.relative_to(root).as_posix()}")
    return "\n".join(lines) + "\n"


def build(package_dir: Path, version: str, work: Path, out: Path, homepage: str | None = None) -> dict[str, object]:
    """packaging/dist/patrician_<version>_<arch>.deb from the staged Linux package folder."""
    missing = sorted({pkg for tool, pkg in DEBIAN_TOOLS.items() if shutil.which(tool) is None})
    if missing:
        raise DebBuildError(f"apt-get install {' '.join(missing)}")
    arch = deb_architecture()
    root = work / "debian" / "patrician"  # where dpkg-shlibdeps expects a package's build tree
    stage(package_dir, root, version, homepage)
    (root / "DEBIAN").mkdir()
    depends = shlib_depends(root)
    if problems := depends_problems(depends):
        raise DebBuildError("Depends would keep the package off supported systems:\n    " + "\n    ".join(problems)
                            + f"\n    (Depends: {depends})")
    size = sum(p.stat().st_size for p in root.rglob("*")
               if p.is_file() and not p.is_symlink() and "DEBIAN" not in p.relative_to(root).parts)
    (root / "DEBIAN" / "control").write_text(control(version, arch, depends, (size + 1023) // 1024, homepage),
                                            encoding="utf-8")
    (root / "DEBIAN" / "md5sums").write_text(md5sums(root), encoding="utf-8")
    for name in ("control", "md5sums"):
        (root / "DEBIAN" / name).chmod(0o644)
    (root / "DEBIAN").chmod(0o755)
    deb = out / f"patrician_{version}_{arch}.deb"
    out.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(["nice", "-n", "10", "dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root),
                           str(deb)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise DebBuildError(f"dpkg-deb failed:\n{proc.stderr[-3000:]}")
    return {"target": "deb", "deb": str(deb), "deb_bytes": deb.stat().st_size, "installed_bytes": size,
            "depends": depends, "architecture": arch}
