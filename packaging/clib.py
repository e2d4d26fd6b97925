"""The C library stays the user's: no part of glibc in the Linux bundle, no symbol version newer than the oldest system.

Why: glibc's parts (libc, libm, libmvec, the loader, libpthread, the NSS modules, ...) are one
unit that must match the loader the user's system runs; a copied libmvec.so.1 from the build
machine once used glibc's private ``_rtld_global_ro``, which made ``dpkg-shlibdeps`` pin the
.deb to exactly the build machine's glibc (it installed on Debian 12 only) and made the
``.tar.xz`` load a foreign part of the C library on every other system. And a binary that
needs a newer symbol version (``GLIBC_2.36``) than a user's glibc has does not start there at
all. build.py runs :func:`check` over the bundle and fails on either; the packaging tests
run it again over what was shipped.

Loaded by path (packaging/ is never a package); standard library and binutils' ``readelf``.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

# The oldest system packaging/README.md names: Ubuntu 22.04 (glibc 2.35, libstdc++ of GCC 12).
# Debian 12 has glibc 2.36 and GCC 12's libstdc++ too, so these bounds cover both.
OLDEST_SYSTEM = "Ubuntu 22.04"
OLDEST_GLIBC = (2, 35)
OLDEST_GLIBCXX = (3, 4, 30)

# File names of glibc's libraries (glibc's own list of shared objects, Debian's libc6 package).
C_LIBRARY = re.compile(
    r"^(?:ld-linux[-\w.]*\.so|ld64\.so|ld\.so"
    r"|(?:libc|libm|libmvec|libpthread|libdl|librt|libutil|libresolv|libanl|libnsl|libBrokenLocale"
    r"|libthread_db|libc_malloc_debug|libmemusage|libpcprofile|libSegFault|libcidn|libnss_\w+)\.so)(?:\.|$)"
)
_NEED = re.compile(r"Name: (GLIBC|GLIBCXX)_(\d+(?:\.\d+)+)")
_PRIVATE = re.compile(r"Name: GLIBC_PRIVATE\b")


def version_text(version: tuple[int, ...]) -> str:
    """(2, 35) -> '2.35'."""
    return ".".join(map(str, version))


def is_c_library(name: str) -> bool:
    """Whether a file name is one of glibc's libraries (libmvec.so.1, ld-linux-x86-64.so.2, libnss_dns.so.2 ...)."""
    return bool(C_LIBRARY.match(name))


def c_library_parts(bundle: Path) -> list[Path]:
    """Every file or link in the bundle named like a part of glibc."""
    return sorted(p for p in bundle.rglob("*") if is_c_library(p.name))


def _version_needs(path: Path) -> str:
    """The 'Version needs' part of ``readelf --version-info``: what the file needs, not what it defines."""
    out = subprocess.run(["readelf", "--version-info", "--wide", str(path)], capture_output=True, text=True,
                         check=True).stdout
    return out.partition("Version needs section")[2]


def needs_glibc_private(path: Path) -> bool:
    """Whether an ELF file uses glibc's private interface (only glibc's own parts may: libmvec did)."""
    return bool(_PRIVATE.search(_version_needs(path)))


def symbol_versions(path: Path) -> dict[str, set[tuple[int, ...]]]:
    """The GLIBC_x.y and GLIBCXX_x.y.z versions an ELF file needs ('Version needs' of ``readelf -V``).

    Only what the file *needs* counts: the versions a library *defines* are its own business.
    """
    needs: dict[str, set[tuple[int, ...]]] = {"GLIBC": set(), "GLIBCXX": set()}
    for kind, text in _NEED.findall(_version_needs(path)):
        needs[kind].add(tuple(int(n) for n in text.split(".")))
    return needs


@dataclass
class Findings:
    """What :func:`scan` found in a bundle."""

    c_library: list[str] = field(default_factory=list)  # shipped parts of glibc, relative paths
    newest: dict[str, tuple[int, ...]] = field(default_factory=dict)  # GLIBC/GLIBCXX -> newest needed
    newest_file: dict[str, str] = field(default_factory=dict)  # ... and one file that needs it
    too_new: dict[str, str] = field(default_factory=dict)  # relative path -> e.g. "GLIBC_2.36"
    private: list[str] = field(default_factory=list)  # files needing GLIBC_PRIVATE
    elf_files: int = 0

    def problems(self) -> list[str]:
        """One line per reason the bundle must not ship; empty when it may."""
        lines = []
        if self.c_library:
            lines.append("parts of the C library are in the bundle (the user's own must be used): "
                         + ", ".join(self.c_library))
        if self.private:
            lines.append("these use glibc's private interface (GLIBC_PRIVATE), which changes with every glibc: "
                         + ", ".join(self.private))
        for rel, need in sorted(self.too_new.items()):
            lines.append(f"{rel} needs {need}, newer than {OLDEST_SYSTEM} has")
        return lines

    def report(self) -> dict[str, object]:
        """For build-report.json."""
        return {f"max_{kind.lower()}": version_text(v) for kind, v in self.newest.items()} | {
            f"max_{kind.lower()}_file": f for kind, f in self.newest_file.items()} | {
            "oldest_glibc_allowed": version_text(OLDEST_GLIBC), "elf_files_checked": self.elf_files}


def scan(bundle: Path, elf_files: list[Path]) -> Findings:
    """Check the given ELF files of a bundle against :data:`OLDEST_GLIBC` and :data:`OLDEST_GLIBCXX`."""
    limits = {"GLIBC": OLDEST_GLIBC, "GLIBCXX": OLDEST_GLIBCXX}
    found = Findings(c_library=[p.relative_to(bundle).as_posix() for p in c_library_parts(bundle)],
                     elf_files=len(elf_files))
    for path in elf_files:
        rel = path.relative_to(bundle).as_posix()
        if needs_glibc_private(path):
            found.private.append(rel)
        for kind, versions in symbol_versions(path).items():
            if not versions:
                continue
            top = max(versions)
            if top > found.newest.get(kind, ()):
                found.newest[kind], found.newest_file[kind] = top, rel
            if top > limits[kind]:
                found.too_new[rel] = f"{kind}_{version_text(top)}"
    return found
