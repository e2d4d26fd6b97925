"""The Windows bundle and installer, run under Wine here. Opt-in: PATRICIAN_PACKAGING_TESTS=windows.

conftest.py builds them once (``build.py --target windows``: embeddable CPython and PyInstaller
under Wine, NSIS). Each install test uses a fresh Wine prefix set to Windows 10 with the
icuuc.dll stand-in in system32 (packaging/windows/icuuc_standin.c: Windows 10 has the system
ICU that Qt imports, Wine 8.0 does not), installs silently per user or for all users, checks the
Start-menu entry, the uninstall entry and the "Open with" registration of records, runs the
installed ``patrician.exe --self-test`` and ``replay`` of the example records, uninstalls with
the uninstall entry's own command and checks that nothing of the install is left, files or
registry. Wine runs one process at a time well: the self-test's bot worker is one spawned
process (a pool of them hangs under Wine 8.0, a Wine bug), so ``arena --jobs 2`` is not run here.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import time
from pathlib import Path

import pytest

from .conftest import needs_target
from .helpers import REPO, load_packaging_script
from .wine_state import ancestors, files, fresh_prefix, registry_mentions, untemp, wine_path

pytestmark = [needs_target("windows")]

MIB = 1024 * 1024
BUNDLE_LIMIT = 100_000_000  # the target: Windows bundle <= 100 MB
INSTALLER_LIMIT = 40_000_000  # the target: installer <= 40 MB
EXAMPLES = sorted((REPO / "tests" / "data").glob("example-*.patrician.json"))
UNUSED_QT = re.compile(r"Qt6?(Quick|Qml|WebEngine|Pdf|Multimedia|Network|OpenGL|PrintSupport|Sql|Test|Xml|Designer"
                       r"|Help|VirtualKeyboard|3D|Charts)|opengl32sw|d3dcompiler|/tls/|/sqldrivers/|libssl|libcrypto"
                       r"|_ssl\.pyd|_hashlib\.pyd|_bz2\.pyd", re.I)
# DLLs a Windows 10 (1809 or later) system has: what the bundle may import without carrying it.
WINDOWS_10_DLLS = {
    "advapi32.dll", "authz.dll", "bcrypt.dll", "comctl32.dll", "comdlg32.dll", "crypt32.dll", "d3d11.dll",
    "d3d12.dll", "d3d9.dll", "dwmapi.dll", "dwrite.dll", "dxgi.dll", "gdi32.dll", "imm32.dll", "iphlpapi.dll",
    "kernel32.dll", "mpr.dll", "msvcrt.dll", "netapi32.dll", "ntdll.dll", "ole32.dll", "oleaut32.dll",
    "opengl32.dll", "rpcrt4.dll", "setupapi.dll", "shell32.dll", "shlwapi.dll", "shcore.dll", "user32.dll",
    "userenv.dll", "uxtheme.dll", "version.dll", "winmm.dll", "ws2_32.dll", "wtsapi32.dll", "dnsapi.dll",
    "secur32.dll", "wintrust.dll", "ncrypt.dll", "combase.dll", "bcryptprimitives.dll",
    "usp10.dll", "d2d1.dll", "cfgmgr32.dll", "powrprof.dll",
    "winhttp.dll", "mswsock.dll", "normaliz.dll", "psapi.dll", "dbghelp.dll", "hid.dll", "oleacc.dll",
    "propsys.dll", "windowscodecs.dll", "sspicli.dll", "dcomp.dll", "gdiplus.dll", "wininet.dll",
    "uiautomationcore.dll", "imagehlp.dll",
    "icuuc.dll",  # Windows' own ICU, since Windows 10 1703 (Qt6Core imports it): the floor's reason
}
SYSTEM_DLL_PATTERNS = re.compile(r"^(api-ms-win-(crt|core|shcore|eventing)-[a-z0-9-]+|ext-ms-win-[a-z0-9-]+)\.dll$")


@pytest.fixture(scope="module")
def win(build_reports) -> dict:
    """The Windows build report."""
    return build_reports["windows"]


@pytest.fixture(scope="module")
def wc():
    """packaging/windows_cross.py (Wine helpers)."""
    return load_packaging_script("windows_cross")


def test_windows_bundle_and_installer_sizes_meet_the_targets(win):
    assert win["bundle_bytes"] <= BUNDLE_LIMIT, f"bundle {win['bundle_bytes'] / MIB:.1f} MiB"
    assert win["installer_bytes"] <= INSTALLER_LIMIT, f"installer {win['installer_bytes'] / MIB:.1f} MiB"
    assert win["python"].startswith("3.11.")


def test_windows_bundle_holds_the_app_and_no_unused_qt_nor_the_icu_stand_in(win):
    bundle = Path(win["bundle"])
    names = [p.relative_to(bundle).as_posix() for p in bundle.rglob("*")]
    assert not [n for n in names if UNUSED_QT.search(n)]
    assert not [n for n in names if n.lower().endswith("icuuc.dll")], "the test-only ICU stand-in was bundled"
    for needed in ("Qt6Core.dll", "Qt6Gui.dll", "Qt6Widgets.dll", "Qt6Svg.dll", "platforms/qwindows.dll",
                   "platforms/qoffscreen.dll", "imageformats/qsvg.dll", "iconengines/qsvgicon.dll",
                   "python311.dll", "patrician_qt/engine/cards.json"):
        assert any(n.endswith(needed) for n in names), needed
    wanted = [p.relative_to(REPO / "resources").as_posix() for p in (REPO / "resources").rglob("*")
              if p.suffix in {".svg", ".png", ".qm", ".json"}]
    internal = bundle / "_internal" / "patrician_qt" / "resources"
    assert wanted and not [w for w in wanted if not (internal / w).is_file()]


def test_windows_bundle_needs_only_dlls_that_windows_10_has(win):
    """Every DLL a bundled PE file imports is in the bundle or part of Windows 10 1809+ (the installer's floor)."""
    bundle = Path(win["bundle"])
    pe_files = [p for p in bundle.rglob("*") if p.suffix.lower() in (".exe", ".dll", ".pyd")]
    carried = {p.name.lower() for p in pe_files}
    imported: dict[str, set[str]] = {}
    for pe in pe_files:
        out = subprocess.run(["objdump", "-p", str(pe)], capture_output=True, text=True).stdout
        for dll in re.findall(r"DLL Name: (\S+)", out):
            imported.setdefault(dll.lower(), set()).add(pe.name)
    foreign = {d: sorted(users)[:3] for d, users in imported.items()
               if d not in carried and d not in WINDOWS_10_DLLS and not SYSTEM_DLL_PATTERNS.match(d)}
    assert not foreign, foreign
    assert "icuuc.dll" in imported  # why the floor is Windows 10 1703+ (and Qt 6's own floor is 1809)
    assert win["min_windows_build"] == 17763


def test_windows_binaries_carry_no_build_machine_paths(win):
    """No PE file mentions the repository, the build folder, the download cache or Wine's drive for them."""
    binaries = load_packaging_script("binaries")
    wc = load_packaging_script("windows_cross")
    bundle = Path(win["bundle"])
    needles = [str(REPO), wc.winpath(REPO), str(wc.cache_dir()), wc.winpath(wc.cache_dir()), win["wine_prefix"]]
    pe = [p for p in binaries.binaries(bundle) if binaries.is_pe(p)]
    assert len(pe) > 20
    assert not {str(p.relative_to(bundle)): hits for p in pe if (hits := binaries.mentions(p, needles))}


# --- installing under Wine ---------------------------------------------------------------

@pytest.fixture(scope="module")
def prefix(win, tmp_path_factory):
    """A fresh Wine prefix for this module (Windows 10, the ICU stand-in in system32).

    Shared, because making one takes 15-20 s: each test compares the prefix after its
    uninstall with the prefix before its install, so an earlier test's leftovers cannot hide
    its own, and the Windows 7 test switches the version back when it ends.
    """
    wine = fresh_prefix(win, tmp_path_factory.mktemp("wine") / "prefix")
    yield wine
    wine.run("wineboot", "-k", timeout=120)  # end whatever still runs in this prefix
    wine.wait()


@pytest.mark.parametrize("mode", ["CurrentUser", "AllUsers"])
def test_installer_installs_runs_and_uninstalls_cleanly_under_wine(mode, win, prefix, tmp_path):
    """Silent install (per user, or for all users), Start menu, association, self-test, replay, uninstall."""
    wine = prefix
    assert wine.windows_build() >= win["min_windows_build"]
    user = wine.user_dir().relative_to(wine.drive_c()).as_posix()
    files_before = files(wine)
    reg_before = registry_mentions(wine, tmp_path)

    proc = wine.run(win["installer"], "/S", f"/{mode}", timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = files(wine) - files_before
    if mode == "CurrentUser":
        app_dir, start_menu = f"{user}/AppData/Local/Programs/Patrician", f"{user}/AppData/Roaming"
        hive = "HKCU"
    else:
        app_dir, start_menu, hive = "Program Files/Patrician", "ProgramData", "HKLM"
    start_menu += "/Microsoft/Windows/Start Menu/Programs/Patrician.lnk"
    assert f"{app_dir}/patrician.exe" in installed and f"{app_dir}/uninstall.exe" in installed
    assert start_menu in installed, sorted(i for i in installed if "Start Menu" in i)
    lnk = (wine.drive_c() / start_menu).read_bytes()
    assert b"patrician.exe" in lnk.lower() or "patrician.exe".encode("utf-16-le") in lnk.lower()
    windows_app_dir = "C:\\" + app_dir.replace("/", "\\")
    command = wine.reg_query(f"{hive}\\Software\\Classes\\Patrician.Record\\shell\\open\\command")
    assert f'"{windows_app_dir}\\patrician.exe" "%1"' in command
    assert "Patrician.Record" in wine.reg_query(f"{hive}\\Software\\Classes\\.json\\OpenWithProgids")
    uninstall_key = wine.reg_query(f"{hive}\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Patrician")
    quiet = re.search(r"QuietUninstallString\s+REG_SZ\s+(.+)", uninstall_key)
    assert quiet and f"/{mode}" in quiet.group(1), uninstall_key
    reg_installed = registry_mentions(wine, tmp_path) - reg_before
    assert reg_installed

    exe = f"{windows_app_dir}\\patrician.exe"
    t0 = time.perf_counter()
    proc = wine.run(exe, "--self-test", timeout=600)
    print(f"{mode}: installed patrician.exe --self-test under Wine took {time.perf_counter() - t0:.1f} s")
    assert proc.returncode == 0 and "self-test passed" in proc.stdout, proc.stdout + proc.stderr
    args = [wine_path(p) for p in EXAMPLES]
    proc = wine.run(exe, "replay", *args, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(EXAMPLES)
    for path, arg, line in zip(EXAMPLES, args, lines, strict=True):
        assert json.loads(line) == {"file": arg, **json.loads(path.read_text())["result"]}
    files_ran = files(wine)
    written = files_ran - files_before - installed  # the app's own data (saves, settings): the player's
    reg_written = registry_mentions(wine, tmp_path) - reg_before - reg_installed

    argv = shlex.split(quiet.group(1).strip(), posix=False)
    proc = wine.run(argv[0].strip('"'), *argv[1:], timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # NSIS runs the uninstaller from a copy in %TEMP% that Windows deletes at the next start: restart.
    wine.run("wineboot", "-r", timeout=300)
    wine.wait()
    left = files(wine) - files_before
    assert left <= written | ancestors(written), sorted(left - written - ancestors(written))[:20]
    reg_left = registry_mentions(wine, tmp_path) - reg_before
    assert reg_left <= reg_written, sorted(reg_left - reg_written)


def test_installer_refuses_windows_older_than_10_1809(win, prefix):
    """Windows 7 (Debian Wine's default for new prefixes): exit code 3 and nothing installed."""
    wine = prefix
    wine.run("winecfg", "/v", "win7", timeout=300)
    wine.wait()
    try:
        assert wine.windows_build() < win["min_windows_build"]
        before = files(wine)
        proc = wine.run(win["installer"], "/S", "/CurrentUser", timeout=600)
        wine.wait()
        assert proc.returncode == 3
        assert not [p for p in files(wine) - before if "Patrician" in p]
    finally:
        wine.run("winecfg", "/v", "win10", timeout=300)
        wine.wait()


def run_in_a_console(wine, *argv: str, timeout: float = 300) -> tuple[int, str]:
    """Run a Windows command line in a console (cmd.exe on a terminal), as a player types it; its exit code and text.

    The terminal is a pseudo-terminal: Wine's console for cmd.exe writes to it whatever reaches the console.
    """
    import os
    import pty
    import select

    master, slave = pty.openpty()
    proc = subprocess.Popen(["wine", "cmd", "/c", *argv], stdin=slave, stdout=slave, stderr=slave, env=wine.env,
                            close_fds=True)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal's other end closed: the program has ended
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    code = proc.wait(timeout=30)
    return code, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.decode("utf-8", errors="replace"))


@pytest.fixture(scope="module")
def console_launcher(tmp_path_factory) -> Path:
    """packaging/windows/console_launcher.c: starts a program as cmd.exe starts a GUI program (no handles)."""
    out = tmp_path_factory.mktemp("launcher") / "console_launcher.exe"
    subprocess.run(["x86_64-w64-mingw32-gcc", "-O2", "-Wall", "-s", "-o", str(out),
                    str(REPO / "packaging" / "windows" / "console_launcher.c")], check=True)
    return out


def test_patrician_exe_writes_to_the_console_it_was_started_from(win, prefix, console_launcher):
    """``patrician.exe --version``, ``--help`` and a bad file, typed in cmd.exe, show their text there.

    A GUI program gets no console of its own: it attaches to its parent's. Before, nothing at all appeared.
    """
    exe = wine_path(Path(win["executable"]))
    launcher = wine_path(console_launcher)
    # the control: a GUI-subsystem Python started this way, without attaching, shows nothing
    pythonw = Path(win["wine_prefix"]).parent / "python" / "pythonw.exe"
    if pythonw.is_file():
        code, out = run_in_a_console(prefix, launcher, wine_path(pythonw), "-c", "print('unseen')")
        assert code == 0 and "unseen" not in out, out
    code, out = run_in_a_console(prefix, launcher, exe, "--version")
    assert code == 0 and f"patrician {win['version']}" in out, out
    code, out = run_in_a_console(prefix, launcher, exe, "--help")
    assert code == 0 and "usage:" in out and "--self-test" in out, out
    code, out = run_in_a_console(prefix, launcher, exe, "replay", "Z:\\no\\such\\game.patrician.json")
    assert code != 0 and "game.patrician.json" in out, out


def test_installer_honours_d_for_a_chosen_folder_and_uninstalls_it(win, prefix, tmp_path):
    """``/S /CurrentUser /D=C:\\Games\\Patrician`` (winget's --location) installs there, not in the mode's default.

    The install-mode set-up once replaced the folder given with /D=. C:\\Games is the player's, there before.
    """
    wine = prefix
    (wine.drive_c() / "Games").mkdir(exist_ok=True)
    user = wine.user_dir().relative_to(wine.drive_c()).as_posix()
    files_before = files(wine)
    reg_before = registry_mentions(wine, tmp_path)
    proc = wine.run(win["installer"], "/S", "/CurrentUser", "/D=C:\\Games\\Patrician", timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = files(wine) - files_before
    assert "Games/Patrician/patrician.exe" in installed and "Games/Patrician/uninstall.exe" in installed
    assert not [p for p in installed if p.startswith(f"{user}/AppData/Local/Programs/Patrician")]
    key = wine.reg_query("HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Patrician")
    assert re.search(r"InstallLocation\s+REG_SZ\s+C:\\Games\\Patrician\s*$", key, re.M), key
    command = wine.reg_query("HKCU\\Software\\Classes\\Patrician.Record\\shell\\open\\command")
    assert '"C:\\Games\\Patrician\\patrician.exe" "%1"' in command
    quiet = re.search(r"QuietUninstallString\s+REG_SZ\s+(.+)", key)
    assert quiet
    argv = shlex.split(quiet.group(1).strip(), posix=False)
    proc = wine.run(argv[0].strip('"'), *argv[1:], timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    wine.run("wineboot", "-r", timeout=300)
    wine.wait()
    assert files(wine) - files_before == set(), sorted(files(wine) - files_before)[:20]
    assert registry_mentions(wine, tmp_path) - reg_before == set()
    assert (wine.drive_c() / "Games").is_dir()


def test_installer_and_uninstaller_leave_a_running_game_alone(win, prefix, tmp_path):
    """With the game running, the silent uninstaller and installer stop with exit code 4 and change nothing.

    Windows keeps a running program's files: the uninstaller once went on, removed the Apps entry and the
    shortcut and left the program's files behind with nothing to remove them. (Wine does not keep them,
    so what is checked is that both see the game, by the mutex it holds, and touch nothing.) Once the game
    has ended, the uninstaller removes everything.
    """
    wine = prefix
    files_before = files(wine)
    proc = wine.run(win["installer"], "/S", "/CurrentUser", timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = files(wine)
    user = wine.user_dir().relative_to(wine.drive_c()).as_posix()
    exe = f"C:\\users\\{wine.user_dir().name}\\AppData\\Local\\Programs\\Patrician\\patrician.exe"
    assert f"{user}/AppData/Local/Programs/Patrician/patrician.exe" in installed
    key = wine.reg_query("HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Patrician")
    quiet = re.search(r"QuietUninstallString\s+REG_SZ\s+(.+)", key)
    assert quiet
    argv = shlex.split(quiet.group(1).strip(), posix=False)
    # a long bot match without a window: its first progress line says the game is running. (Pipes: Wine's
    # Python cannot start its standard streams on a file or /dev/null; a full pipe only pauses the match.)
    import select

    game = subprocess.Popen(["wine", exe, "arena", "--players", "easy,easy", "--games", "100000", "--jobs", "1",
                             "--progress"], env=wine.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        seen = b""
        deadline = time.monotonic() + 300
        while b"{" not in seen:
            assert game.poll() is None, (seen + game.stderr.read()).decode(errors="replace")
            assert time.monotonic() < deadline, f"the game did not start: {seen[-2000:]!r}"
            if select.select([game.stderr], [], [], 0.5)[0]:
                seen += game.stderr.read1(65536)
        # _?= runs the uninstaller in place, so that its exit code is its own (without, NSIS hands over
        # to a copy in %TEMP% and returns 0 at once; the installer's upgrade step calls it this way too)
        app_dir = exe.rsplit("\\", 1)[0]
        proc = wine.run(argv[0].strip('"'), *argv[1:], f"_?={app_dir}", timeout=600)
        assert proc.returncode == 4, proc.stdout + proc.stderr
        assert untemp(files(wine)) == untemp(installed)
        assert "Patrician" in wine.reg_query("HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Patrician")
        proc = wine.run(win["installer"], "/S", "/CurrentUser", timeout=600)
        assert proc.returncode == 4, proc.stdout + proc.stderr
        assert untemp(files(wine)) == untemp(installed)
    finally:
        game.kill()
        game.wait(timeout=60)
        wine.run("wineboot", "-k", timeout=120)  # whatever of the game still runs in the prefix ends too
        wine.wait()
    proc = wine.run(argv[0].strip('"'), *argv[1:], timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    wine.run("wineboot", "-r", timeout=300)
    wine.wait()
    left = files(wine) - files_before
    assert not [p for p in left if "Programs/Patrician" in p], sorted(left)[:20]
