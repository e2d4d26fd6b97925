"""The build's C-library check (packaging/clib.py) and the .deb's Depends rules (packaging/deb.py), without a build.

The libraries checked are made here with binutils' ``as`` and ``ld`` against this machine's
libc (a function of glibc 2.36 and one of 2.2.5), and the machine's own libmvec.so.1 stands for
the copy PyInstaller once shipped.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import load_build_script, load_packaging_script

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("readelf") is None
                                or shutil.which("ld") is None, reason="Linux with binutils")

LIBC = Path("/lib/x86_64-linux-gnu/libc.so.6")
LIBMVEC = Path("/lib/x86_64-linux-gnu/libmvec.so.1")
# the .deb's Depends as dpkg-shlibdeps wrote them while the build machine's libmvec.so.1 was shipped
PINNED_DEPENDS = ("libc6 (>= 2.35), libc6 (>> 2.36), libc6 (<< 2.37), libdbus-1-3 (>= 1.9.14), libegl1, "
                  "libfontconfig1 (>= 2.12.6), libgl1, libzstd1 (>= 1.5.2), zlib1g (>= 1:1.2.3.4)")


def clib():
    return load_packaging_script("clib")


def shared_library(folder: Path, name: str, calls: str) -> Path:
    """A one-function shared library that calls ``calls`` in this machine's libc (so it needs that symbol's version)."""
    folder.mkdir(parents=True, exist_ok=True)
    src = folder / f"{name}.s"
    src.write_text(f".text\n.globl f\nf:\n  jmp {calls}@PLT\n", encoding="ascii")
    subprocess.run(["as", str(src), "-o", str(folder / f"{name}.o")], check=True)
    out = folder / name
    subprocess.run(["ld", "-shared", str(folder / f"{name}.o"), "-o", str(out), str(LIBC)], check=True)
    (folder / f"{name}.o").unlink()
    src.unlink()
    return out


def scan(bundle: Path):
    return clib().scan(bundle, sorted(p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()))


@pytest.mark.parametrize("name", ["libc.so.6", "libm.so.6", "libmvec.so.1", "ld-linux-x86-64.so.2", "libpthread.so.0",
                                  "libdl.so.2", "librt.so.1", "libutil.so.1", "libresolv.so.2", "libnss_dns.so.2",
                                  "libnss_files.so.2", "libanl.so.1", "libthread_db.so.1", "libBrokenLocale.so.1"])
def test_every_part_of_glibc_is_recognised(name):
    assert clib().is_c_library(name)


@pytest.mark.parametrize("name", ["libmount.so.1", "libmd.so.0", "libmagic.so.1", "libcrypt.so.1", "libcap.so.2",
                                  "libQt6Core.so.6", "libdbus-1.so.3", "math.cpython-311-x86_64-linux-gnu.so",
                                  "libmvec_helper.so", "libzstd.so.1"])
def test_other_libraries_are_not_taken_for_glibc(name):
    assert not clib().is_c_library(name)


@pytest.mark.skipif(not LIBMVEC.is_file(), reason="this machine's libmvec.so.1")
def test_a_shipped_libmvec_fails_the_check(tmp_path):
    """libmvec.so.1 (as PyInstaller copied it for miniaudio) is a part of glibc and uses its private interface."""
    bundle = tmp_path / "bundle"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copy2(LIBMVEC, bundle / "_internal" / "libmvec.so.1")
    shared_library(bundle / "_internal", "ok.so", "puts")
    found = scan(bundle)
    assert found.c_library == ["_internal/libmvec.so.1"]
    assert found.private == ["_internal/libmvec.so.1"]
    problems = found.problems()
    assert "libmvec.so.1" in problems[0] and "GLIBC_PRIVATE" in problems[1]
    # a newer glibc's libmvec (Debian 13's 2.41 needs GLIBC_2.39) is also too new: ask the copy this system has
    newest = max(clib().symbol_versions(LIBMVEC)["GLIBC"])
    too_new = [f"_internal/libmvec.so.1 needs GLIBC_{clib().version_text(newest)}, newer than Ubuntu 22.04 has"]
    assert problems[2:] == (too_new if newest > clib().OLDEST_GLIBC else [])


def test_a_library_needing_a_newer_glibc_than_ubuntu_22_04_fails_the_check(tmp_path):
    bundle = tmp_path / "bundle"
    shared_library(bundle, "old.so", "puts")  # GLIBC_2.2.5
    new = clib().symbol_versions(shared_library(tmp_path / "probe", "new.so", "arc4random"))
    if max(new["GLIBC"]) <= (2, 35):
        pytest.skip("this machine's glibc is older than 2.36: no arc4random@GLIBC_2.36 to link against")
    assert scan(bundle).problems() == []
    assert scan(bundle).newest["GLIBC"] == (2, 2, 5)
    shared_library(bundle, "new.so", "arc4random")  # GLIBC_2.36
    found = scan(bundle)
    assert found.too_new == {"new.so": "GLIBC_2.36"}
    assert found.report()["max_glibc"] == "2.36" and found.report()["max_glibc_file"] == "new.so"
    assert found.problems() == ["new.so needs GLIBC_2.36, newer than Ubuntu 22.04 has"]


@pytest.mark.skipif(not LIBMVEC.is_file(), reason="this machine's libmvec.so.1")
def test_build_fails_when_the_bundle_ships_part_of_the_c_library(tmp_path):
    build = load_build_script()
    bundle = tmp_path / "bundle"
    shared_library(bundle, "ok.so", "puts")
    assert build.check_c_library(bundle)["max_glibc"] == "2.2.5"
    shutil.copy2(LIBMVEC, bundle / "libmvec.so.1")
    with pytest.raises(SystemExit, match=r"libmvec\.so\.1"):
        build.check_c_library(bundle)


def test_the_pinned_libc6_of_the_old_package_is_refused():
    """dpkg-shlibdeps' libc6 (>> 2.36), libc6 (<< 2.37) kept the .deb off every release but Debian 12."""
    deb = load_packaging_script("deb")
    problems = deb.depends_problems(PINNED_DEPENDS)
    assert problems == ["libc6 (>> 2.36): newer than the oldest supported glibc 2.35",
                        "libc6 (<< 2.37): an upper bound ties the package to one release"]
    assert deb.depends_problems("libc6 (>= 2.35), libx11-6, libfoo1 (>= 1.0) | libfoo1t64, zlib1g (>= 1:1.2.3.4)") == []
    assert deb.depends_problems("libc6 (>= 2.36)") and deb.depends_problems("libfoo (= 1.0)")
    assert deb.depends_problems("libfoo (<= 2)")


def test_depends_are_parsed_into_alternatives():
    deb = load_packaging_script("deb")
    assert deb.relations("libc6 (>= 2.35), libfoo1 | libfoo1t64 (>= 1:2.0~rc1), libbar:any") == [
        [("libc6", ">=", "2.35")], [("libfoo1", "", ""), ("libfoo1t64", ">=", "1:2.0~rc1")], [("libbar", "", "")]]
    with pytest.raises(ValueError):
        deb.relations("libc6 (~ 2)")


def test_shlibs_names_follow_deb_shlibs():
    """The bundle's own libraries are declared by their SONAME as dpkg-shlibdeps looks them up."""
    deb = load_packaging_script("deb")
    assert deb.shlibs_entry("libzstd.so.1") == ("libzstd", "1")
    assert deb.shlibs_entry("libpython3.11.so.1.0") == ("libpython3.11", "1.0")
    assert deb.shlibs_entry("libpyside6.abi3.so.6.11") == ("libpyside6.abi3", "6.11")
    assert deb.shlibs_entry("libfoo-1.2.so") == ("libfoo", "1.2")
    assert deb.shlibs_entry("plugin.so") is None
