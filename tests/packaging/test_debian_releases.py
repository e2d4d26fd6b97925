"""The .deb and the .tar.xz in freshly bootstrapped minimal Debian 12 and 13 (PATRICIAN_PACKAGING_TESTS=deb).

A player's machine is not the build machine: here each release is a fresh ``debootstrap
--variant=minbase`` root (tests/packaging/debian_root.py: cached as a tarball, its
dependencies fetched from the Debian mirror this machine's apt names). In each: ``apt-get
install ./patrician_*.deb`` pulls the dependencies, ``patrician --self-test`` plays a game,
``apt-get purge`` leaves nothing; the .tar.xz runs its self-test too, and its loader log
(``LD_DEBUG=libs``) shows that libc, libm and libmvec are the system's, not the bundle's.
Nothing but apt's download step has a network.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from . import debian_root
from .conftest import debian_roots_ready, needs_target
from .helpers import load_packaging_script

pytestmark = [needs_target("deb"),
              pytest.mark.skipif(debian_root.usable() is not None, reason=str(debian_root.usable()))]

SELF_TEST = "QT_QPA_PLATFORM=offscreen HOME=/tmp/home sh -c 'mkdir -p $HOME && exec \"$@\"' - "
# Where dpkg, apt and the tests themselves write in the root: not the package's leftovers.
NOT_LEFTOVERS = ("var/lib/dpkg/", "var/lib/apt/", "var/cache/", "var/log/", "tmp/", "root/", "run/", "proc/",
                 "dev/", "etc/ld.so.cache", "etc/alternatives/", "var/lib/ucf/")


@pytest.fixture(scope="module")
def deb(build_reports) -> dict:
    return build_reports["deb"]


@pytest.fixture(scope="session")
def roots(tmp_path_factory) -> dict[str, debian_root.DebianRoot]:
    """One fresh root per release for the session, unpacked on first use; apt's lists refreshed."""
    debian_roots_ready()
    made: dict[str, debian_root.DebianRoot] = {}
    mirror = debian_root.debian_mirror()
    work = tmp_path_factory.mktemp("debian")
    # in memory: unpacking, dpkg and removing two ~0.6 GB roots take seconds instead of a minute on disk
    in_memory = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4g,mode=755", "patrician-debian-roots", str(work)],
                               capture_output=True).returncode == 0

    class Lazy(dict):
        def __missing__(self, release: str) -> debian_root.DebianRoot:
            root = debian_root.DebianRoot(release, mirror, work)
            root.apt_update()
            made[release] = root
            self[release] = root
            return root

    yield Lazy()
    if in_memory:
        subprocess.run(["umount", "--lazy", str(work)], check=False)
    else:
        for root in made.values():
            shutil.rmtree(root.root, ignore_errors=True)


def files_of(root: Path) -> set[str]:
    """Every path in a root file system (relative, folders with a trailing /), but dpkg's, apt's and the tests'."""
    out = set()
    for p in root.rglob("*"):
        rel = p.relative_to(root).as_posix() + ("/" if p.is_dir() and not p.is_symlink() else "")
        if not rel.startswith(NOT_LEFTOVERS):
            out.add(rel)
    return out


@pytest.mark.parametrize("release", debian_root.RELEASES)
def test_deb_depends_name_packages_every_release_has(deb, roots, release):
    """No upper bound, libc6 no newer than Ubuntu 22.04's, and every dependency (or an alternative) in this release.

    The old Depends, ``libc6 (>> 2.36), libc6 (<< 2.37)``, fail the first rule.
    """
    problems = load_packaging_script("deb").depends_problems(deb["depends"])
    assert not problems, problems
    names = roots[release].package_names()
    missing = [group for group in load_packaging_script("deb").relations(deb["depends"])
               if not any(name in names for name, _op, _version in group)]
    assert not missing, f"not in {release}: {missing}"


@pytest.mark.parametrize("release", debian_root.RELEASES)
def test_deb_installs_self_tests_and_purges_in_a_fresh_minimal_debian(deb, roots, release):
    """``apt install ./patrician.deb`` pulls its dependencies from the registry; the game plays; purge leaves nothing.

    Installed twice: first into the fresh root as a player would (nothing named patrician may stay), then,
    with the dependencies now in place, once more, where after the purge not one path may differ.
    """
    root = roots[release]
    if root.installed("patrician"):
        pytest.fail("patrician is installed in the fresh root already")
    package = Path(deb["deb"])
    root.apt_install_deb(package)
    assert root.installed("patrician")
    out = root.check(SELF_TEST + "/usr/bin/patrician --self-test", timeout=600)
    assert "self-test passed" in out, out
    assert deb["version"] in root.check(SELF_TEST + "/usr/games/patrician --version")
    root.check("apt-get purge -y -q patrician")
    assert not root.installed("patrician")
    assert not [p for p in files_of(root.root) if "patrician" in p.lower()]
    # the dependencies stay (apt purges only what was asked): now the exact comparison
    before = files_of(root.root)
    root.apt_install_deb(package)
    assert root.installed("patrician") and root.path("/usr/lib/patrician/patrician").is_file()
    root.check("apt-get purge -y -q patrician")
    assert not root.installed("patrician")
    assert not list(root.path("/var/lib/dpkg/info").glob("patrician.*"))
    assert files_of(root.root) == before, sorted(files_of(root.root) ^ before)


# glibc's libraries the bundle uses; each must be loaded from the system's folders
C_LIBRARY_LOADED = ("libc.so.6", "libm.so.6", "libmvec.so.1")


def loaded_objects(ld_debug_dir: Path) -> dict[str, set[str]]:
    """file name -> paths the loader initialised (``calling init:`` lines of every process's LD_DEBUG=libs log)."""
    found: dict[str, set[str]] = {}
    for log in ld_debug_dir.glob("ld.*"):
        for m in re.finditer(r"calling init: (\S+)", log.read_text(errors="replace")):
            found.setdefault(Path(m.group(1)).name, set()).add(m.group(1))
    return found


@pytest.mark.parametrize("release", debian_root.RELEASES)
def test_tar_xz_runs_in_a_fresh_minimal_debian_with_its_own_c_library(build_reports, deb, roots, release):
    """The .tar.xz's self-test, with the loader's log: libc, libm and libmvec come from /lib or /usr/lib."""
    root = roots[release]
    # the libraries the bundle takes from the system, as a player's desktop has them
    root.apt_install(f"'{deb['depends']}'", verb="satisfy")
    with tarfile.open(build_reports["linux"]["archive"]) as tar:
        tar.extractall(root.path("/opt"), filter="tar")
    (folder,) = [p for p in root.path("/opt").iterdir() if p.name.startswith("patrician-")]
    exe = "/opt/" + folder.name + "/patrician"
    logs = root.path("/tmp/ld")
    logs.mkdir(exist_ok=True)
    out = root.check(f"LD_DEBUG=libs LD_DEBUG_OUTPUT=/tmp/ld/ld {SELF_TEST}{exe} --self-test", timeout=600)
    assert "self-test passed" in out, out
    loaded = loaded_objects(logs)
    for name in C_LIBRARY_LOADED:
        assert loaded.get(name), f"{name} was not loaded: {sorted(loaded)}"
        system = sorted(p for p in loaded[name] if p.startswith(("/lib/", "/usr/lib/", "/lib64/")))
        assert system == sorted(loaded[name]) and "/opt/" not in "".join(system), loaded[name]
    assert "miniaudio" in out  # the module that needs libmvec was loaded (the self-test reports the sound library)
    shutil.rmtree(folder)
    shutil.rmtree(logs)


@pytest.mark.parametrize("release", debian_root.RELEASES)
def test_a_root_has_no_network_but_for_apt(deb, roots, release):
    """Outside apt's download step a root sees only a loopback device: the game cannot reach anything.

    (It waits for the build like the others, so that it runs last, not while the suite runs.)
    """
    devices = roots[release].check("cat /proc/net/dev").splitlines()[2:]
    assert [line.split(":")[0].strip() for line in devices] == ["lo"]
