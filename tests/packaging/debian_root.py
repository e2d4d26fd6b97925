"""Fresh minimal Debian systems (debootstrap) to install and run the packages in, as a player's machine would.

Why: installing the .deb on the build machine proves only that it installs where it was built
(it once pinned libc6 to exactly the build machine's 2.36 and installed nowhere else). Here each
release is bootstrapped with ``debootstrap --variant=minbase`` from the Debian mirror this
machine's own apt sources name, packed once into ``~/.cache/patrician-packaging/debootstrap/``
(or ``$PATRICIAN_PACKAGING_CACHE``) and unpacked fresh for every test session. The .deb's
dependencies come from that same mirror; their downloads and apt's lists are kept in the cache
too, so a repeated run downloads almost nothing.

Network: only apt's own download step runs with the machine's network (its sources name the
registry and nothing else); everything else, the installs and the game, runs in a new network
namespace with nothing but a loopback device. Every command runs in its own mount and PID
namespace, so /proc, /dev and /dev/shm mounted for the chroot vanish with it.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tarfile
import tempfile
import time
from pathlib import Path

RELEASES = ("bookworm", "trixie")  # Debian 12 and 13
MAX_AGE_DAYS = 30  # a cached base older than this is bootstrapped again (security updates)
# The host's device nodes a program needs; bound one by one into a fresh /dev.
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")


def cache_dir() -> Path:
    """~/.cache/patrician-packaging (or $PATRICIAN_PACKAGING_CACHE), as the Windows build's downloads use."""
    base = os.environ.get("PATRICIAN_PACKAGING_CACHE") or Path.home() / ".cache" / "patrician-packaging"
    return Path(base)


def debian_mirror(sources_dir: Path = Path("/etc/apt")) -> str:
    """The Debian archive this machine's apt sources reach (e.g. http://deb.debian.org/debian).

    Read from sources.list and sources.list.d/*.list or *.sources (deb822): the first ``deb`` URI
    whose path ends in /debian. Never a host written into the tests: the machine says which
    registry it may reach.
    """
    uris: list[str] = []
    files = [sources_dir / "sources.list", *sorted((sources_dir / "sources.list.d").glob("*.list"))]
    for f in files:
        if f.is_file():
            for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
                m = re.match(r"\s*deb\s+(?:\[[^]]*\]\s+)?(\S+)", line)
                if m:
                    uris.append(m.group(1))
    for f in sorted((sources_dir / "sources.list.d").glob("*.sources")):
        for stanza in re.split(r"\n\s*\n", f.read_text(encoding="utf-8", errors="replace")):
            fields = dict(re.findall(r"^([\w-]+):[ \t]*(.*)$", stanza, re.M))
            if "deb" in fields.get("Types", "").split() and fields.get("Enabled", "yes").lower() != "no":
                uris += fields.get("URIs", "").split()
    for uri in uris:
        if uri.rstrip("/").endswith("/debian"):
            return uri.rstrip("/")
    raise RuntimeError(f"no Debian archive (a deb URI ending in /debian) in {sources_dir}'s apt sources")


def base_tarball(release: str, mirror: str, log: list[str] | None = None) -> Path:
    """The cached minimal root of a release as a tar file; bootstrapped (about 1 minute) when missing or old."""
    out = cache_dir() / "debootstrap" / f"{release}-minbase.tar"
    if out.is_file() and time.time() - out.stat().st_mtime < MAX_AGE_DAYS * 86400:
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"debootstrap-{release}-", dir=out.parent) as tmp:
        root = Path(tmp) / "root"
        t0 = time.perf_counter()
        proc = subprocess.run(["nice", "-n", "10", "debootstrap", "--variant=minbase", release, str(root), mirror],
                              capture_output=True, text=True, timeout=1800)
        if proc.returncode != 0:
            raise RuntimeError(f"debootstrap {release} failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
        for sub in ("var/cache/apt/archives", "var/lib/apt/lists"):
            for f in (root / sub).glob("*"):
                if f.is_file():
                    f.unlink()
        part = out.with_suffix(".part")
        subprocess.run(["tar", "-C", str(root), "--numeric-owner", "-cf", str(part), "."], check=True)
        part.replace(out)
        if log is not None:
            log.append(f"debootstrap {release}: {time.perf_counter() - t0:.0f} s")
    return out


class DebianRoot:
    """One freshly unpacked minimal Debian; commands run in it by :meth:`run`."""

    def __init__(self, release: str, mirror: str, workdir: Path) -> None:
        self.release = release
        self._names: set[str] | None = None
        self.root = workdir / release
        self.root.mkdir(parents=True)
        with tarfile.open(base_tarball(release, mirror)) as tar:
            tar.extractall(self.root, filter="fully_trusted")  # our own tarball of a root file system
        (self.root / "etc" / "apt" / "sources.list").write_text(f"deb {mirror} {release} main\n", encoding="utf-8")
        shutil.copy2("/etc/resolv.conf", self.root / "etc" / "resolv.conf")
        # a throwaway system: dpkg need not sync every file (several times faster), no translations
        (self.root / "etc" / "dpkg" / "dpkg.cfg.d" / "throwaway-root").write_text("force-unsafe-io\n")
        (self.root / "etc" / "apt" / "apt.conf.d" / "99throwaway-root").write_text(
            'Acquire::Languages "none";\nAPT::Install-Recommends "false";\nDpkg::Use-Pty "false";\n')
        self.archives = cache_dir() / "apt" / release / "archives"
        self.lists = cache_dir() / "apt" / release / "lists"
        (self.archives / "partial").mkdir(parents=True, exist_ok=True)
        (self.lists / "partial").mkdir(parents=True, exist_ok=True)

    def run(self, command: str, *, network: bool = False, env: dict[str, str] | None = None,
            timeout: float = 900, system: bool = False, capture: bool = True) -> subprocess.CompletedProcess[str]:
        """Run a shell command as root inside the root; with ``network`` only for apt's downloads.

        ``system`` also mounts /sys and a fresh /run, which ``ip netns`` needs (the test suite makes network
        namespaces); ``capture=False`` lets the output through to this process's own, as it comes.
        """
        r = shlex.quote(str(self.root))
        mounts = [f"mount -t proc proc {r}/proc", f"mount -t tmpfs -o mode=755 dev {r}/dev",
                  f"mkdir -p {r}/dev/shm {r}/dev/pts", f"mount -t tmpfs -o mode=1777 shm {r}/dev/shm",
                  f"mount --bind {shlex.quote(str(self.archives))} {r}/var/cache/apt/archives",
                  f"mount --bind {shlex.quote(str(self.lists))} {r}/var/lib/apt/lists"]
        if system:
            mounts += [f"mount -t sysfs sys {r}/sys", f"mount -t tmpfs -o mode=755 run {r}/run"]
        for dev in DEVICES:
            mounts += [f"touch {r}/dev/{dev}", f"mount --bind /dev/{dev} {r}/dev/{dev}"]
        if not network:
            mounts.append("ip link set lo up 2>/dev/null || true")
        variables = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
                     "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive", **(env or {})}
        inner = "env -i " + " ".join(shlex.quote(f"{k}={v}") for k, v in variables.items())
        script = " && ".join(mounts) + f" && exec chroot {r} {inner} /bin/sh -c {shlex.quote(command)}"
        ns = ["unshare", "--mount", "--pid", "--fork", "--propagation", "private"] + ([] if network else ["--net"])
        return subprocess.run([*ns, "/bin/sh", "-c", script], capture_output=capture, text=True, timeout=timeout)

    def check(self, command: str, **kw: object) -> str:
        """:meth:`run`, failing with the output's tail unless it exits 0; returns its stdout."""
        proc = self.run(command, **kw)  # type: ignore[arg-type]
        if proc.returncode != 0:
            raise AssertionError(f"[{self.release}] {command} -> exit {proc.returncode}\n"
                                 f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
        return proc.stdout

    def apt_update(self) -> None:
        """apt's lists from the registry (kept in the cache: unchanged ones are not fetched again)."""
        self.check("apt-get update -q", network=True)

    def apt_install(self, what: str, verb: str = "install") -> str:
        """Download what ``apt-get <verb> <what>`` needs (network), then install it without network."""
        self.check(f"apt-get {verb} -y -q --download-only {what}", network=True)
        return self.check(f"apt-get {verb} -y -q --no-download {what}")

    def apt_install_deb(self, deb: Path) -> str:
        """``apt-get install ./package.deb`` as a player runs it, its dependencies downloaded first.

        (apt cannot ``--download-only`` a local .deb: the download step asks for its Depends.)
        """
        depends = subprocess.run(["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True, text=True,
                                 check=True).stdout.strip()
        self.check(f"apt-get satisfy -y -q --download-only {shlex.quote(depends)}", network=True)
        inside = f"/tmp/{deb.name}"
        shutil.copy2(deb, self.path(inside))
        # without network (everything else is downloaded); not --no-download, which refuses the local file itself
        return self.check(f"apt-get install -y -q {inside}")

    def package_names(self) -> set[str]:
        """Every package name this release's lists offer, real or provided (virtual)."""
        if self._names is not None:
            return self._names
        names: set[str] = set()
        for f in self.lists.glob("*_Packages"):
            data = f.read_bytes()
            names.update(n.decode() for n in re.findall(rb"^Package: (\S+)", data, re.M))
            for line in re.findall(rb"^Provides: (.*)$", data, re.M):
                names.update(n.decode() for n in re.findall(rb"([a-z0-9][a-z0-9+.-]+)(?:\s*\([^)]*\))?(?:,|$)", line))
        self._names = names
        return names

    def installed(self, package: str) -> bool:
        """dpkg has the package installed in this root."""
        proc = self.run(f"dpkg-query -W -f '${{db:Status-Status}}' {shlex.quote(package)}")
        return proc.returncode == 0 and proc.stdout.strip() == "installed"

    def path(self, inside: str) -> Path:
        """A path of the root's file system, on this machine."""
        return self.root / inside.lstrip("/")


def usable() -> str | None:
    """Why fresh Debian roots cannot be made here, or None when they can (root, debootstrap, unshare)."""
    if os.geteuid() != 0:
        return "needs root (debootstrap, chroot, namespaces)"
    for tool in ("debootstrap", "unshare", "chroot", "tar"):
        if shutil.which(tool) is None:
            return f"needs {tool} (Debian: {'debootstrap' if tool == 'debootstrap' else 'util-linux/coreutils'})"
    return None
