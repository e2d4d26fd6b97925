"""Run the test suite on a fresh minimal Debian's own Python: ``python tools/debian_suite.py [--release trixie]``.

Why: ``pyproject.toml`` says Python 3.11 or newer, but the development machines and CI have 3.11
only. This bootstraps a minimal Debian (13 "trixie" by default, whose ``python3`` is 3.13) with
tests/packaging/debian_root.py (the root the packaging tests use: cached as a tarball in
``~/.cache/patrician-packaging``, its packages from the Debian mirror this machine's apt names),
installs only Python, venv and the system libraries Qt and the suite need, copies the working tree
in, and runs README's commands there: ``python3 -m venv .venv && .venv/bin/pip install -e
'.[test]'`` (from PyPI, with the network) and then ``pytest`` (without: a new network namespace
with loopback only, as the suite's own rule wants). The exit code is pytest's; the time of each step
is printed. Needs root, ``debootstrap`` and ``unshare``; the root lives in memory (tmpfs) and is
gone afterwards. About 55 minutes on two cores at a load of ~20 (the suite alone 52): far too long for CI's
budget, so it is run by hand (docs/testing.md).

Extra arguments after ``--`` go to pytest, e.g. ``python tools/debian_suite.py -- -x tests/engine``.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.packaging import debian_root  # noqa: E402  (the repo's own root, not an installed package)

# What a minimal Debian lacks for the suite: Python with venv; the libraries PySide6's wheels take from
# the system (EGL/GL, xkbcommon, fontconfig, D-Bus, GLib, the xcb helpers) and a font; iproute2 for the
# network-namespace tests; binutils (the ICU data and C-library checks assemble libraries); the menu
# entry, AppStream and MIME validators of the Linux package tests; Xvfb and openbox for tests/screen.
PACKAGES = ("python3 python3-venv ca-certificates libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 "
            "libglib2.0-0t64 fonts-dejavu-core iproute2 binutils libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 "
            "libxcb-image0 libxcb-render-util0 libxkbcommon-x11-0 libxcb-shape0 libxcb-randr0 libxcb-xkb1 "
            "appstream desktop-file-utils shared-mime-info libglib2.0-bin xvfb xauth openbox")
INSIDE = "/root/patrician"


def working_tree_files() -> list[str]:
    """The files git tracks or would add (changes not yet committed included), relative to the repo."""
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         capture_output=True, check=True).stdout
    return sorted({name for name in out.decode().split("\0") if name and (ROOT / name).is_file()})


def copy_tree(dest: Path) -> int:
    """Copy the working tree into ``dest`` (no .venv, no build output: what a fresh clone holds)."""
    names = working_tree_files()
    for name in names:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target, follow_symlinks=False)
    return len(names)


def step(label: str, t0: float) -> float:
    now = time.perf_counter()
    print(f"[debian-suite] {label}: {now - t0:.0f} s", flush=True)
    return now


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", default="trixie", choices=debian_root.RELEASES,
                        help="the Debian release (trixie: Debian 13, Python 3.13; bookworm: Debian 12, Python 3.11)")
    parser.add_argument("pytest_args", nargs="*", help="arguments for pytest (after --)")
    args = parser.parse_args(argv)
    if (why := debian_root.usable()) is not None:
        print(f"debian_suite: cannot make a Debian root here: {why}", file=sys.stderr)
        return 2
    print(f"[debian-suite] load: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f} "
          f"on {os.cpu_count()} cores ({platform.node()})", flush=True)
    t0 = t = time.perf_counter()
    mirror = debian_root.debian_mirror()
    debian_root.base_tarball(args.release, mirror)
    t = step(f"minimal {args.release} (debootstrap, or the cached tarball)", t)
    with tempfile.TemporaryDirectory(prefix="patrician-debian-suite-") as work:
        in_memory = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6g,mode=755", "patrician-debian-suite",
                                    work], capture_output=True).returncode == 0
        try:
            root = debian_root.DebianRoot(args.release, mirror, Path(work))
            root.apt_update()
            root.apt_install(PACKAGES)
            python = root.check("python3 --version").strip()
            t = step(f"apt: {python} and the system libraries", t)
            count = copy_tree(root.path(INSIDE))
            # the certificates this machine's pip trusts (its registry may be reached through a proxy of its own)
            cert = os.environ.get("PIP_CERT") or "/etc/ssl/certs/ca-certificates.crt"
            shutil.copy2(cert, root.path("/etc/ssl/certs/host-pip.crt"))
            pip_env = {"PIP_CERT": "/etc/ssl/certs/host-pip.crt", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
                       "PIP_DEFAULT_TIMEOUT": "180"}
            root.check(f"cd {INSIDE} && python3 -m venv .venv && .venv/bin/python -m pip install -q -e '.[test]'",
                       network=True, env=pip_env, timeout=1800)
            versions = root.check(f"cd {INSIDE} && .venv/bin/python -m pip list --format=freeze")
            wanted = ("pyside6", "shiboken6", "msgpack", "zeroconf", "miniaudio", "iroh", "pytest", "mypy")
            names = {line: line.lower().replace("_", "-").split("==")[0].removesuffix("-essentials")
                     for line in versions.split()}
            print("[debian-suite] " + ", ".join(line for line, name in names.items() if name in wanted))
            t = step(f"copied {count} files, venv and pip install -e '.[test]' from PyPI", t)
            pytest_args = " ".join(shlex.quote(a) for a in args.pytest_args)
            sys.stdout.flush()
            proc = root.run(f"cd {INSIDE} && QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest {pytest_args}",
                            system=True, capture=False, timeout=7200)
            step("pytest", t)
            step("all", t0)
            return proc.returncode
        finally:
            if in_memory:
                subprocess.run(["umount", "--lazy", work], check=False)


if __name__ == "__main__":
    sys.exit(main())
