"""Upgrading over an older install, and the installer's wizard as a player clicks through it, under Wine.

Opt-in: PATRICIAN_PACKAGING_TESTS=windows (conftest.py builds the installer once). The older version is
the same bundle packed by the same script as version 0.0.9, with one file the new version no longer has
and another licence text, so that "the old files are replaced" can be seen; it is packed with zlib
instead of solid LZMA (about 45 s instead of 6 minutes on the loaded machine). The wizard runs on a private X server
(Xvfb and openbox, as tests/screen uses them) and is driven with keys through xdotool.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.screen.desktop import Desktop

from .conftest import needs_target
from .helpers import PACKAGING, REPO, load_packaging_script
from .wine_state import (
    UNINSTALL_KEY,
    files,
    fresh_prefix,
    quiet_uninstall_argv,
    registry_mentions,
)

DESKTOP_TOOLS = ("Xvfb", "openbox", "xdotool")
pytestmark = [needs_target("windows")]

OLD_VERSION = "0.0.9"
STALE = "_internal/only_in_the_older_version.txt"
EXAMPLE = sorted((REPO / "tests" / "data").glob("example-*.patrician.json"))[0]
SESSION_MANAGER = "HKLM\\System\\CurrentControlSet\\Control\\Session Manager"


@pytest.fixture(scope="module")
def win(build_reports) -> dict:
    return build_reports["windows"]


@pytest.fixture(scope="module")
def prefix(win, tmp_path_factory):
    """A fresh Wine prefix for this module; each test leaves it as it found it but for the player's own data."""
    wine = fresh_prefix(win, tmp_path_factory.mktemp("wine") / "prefix")
    yield wine
    wine.run("wineboot", "-k", timeout=120)
    wine.wait()


@pytest.fixture(scope="module")
def older_installer(win, tmp_path_factory) -> Path:
    """The installer of an "older version": version 0.0.9, a file the new one dropped, another licence text."""
    work = tmp_path_factory.mktemp("older")
    bundle = work / "bundle"

    def link_or_copy(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    shutil.copytree(win["bundle"], bundle, copy_function=link_or_copy)
    (bundle / STALE).write_text("Only the older version had this file.\n", encoding="utf-8")
    licence = work / "LICENSE"
    licence.write_text("The older version's licence text.\n", encoding="utf-8")
    t0 = time.perf_counter()
    installer = load_packaging_script("windows_cross").make_installer(
        bundle, OLD_VERSION, PACKAGING / "build" / "icons", licence, work, work, compressor="zlib")
    print(f"older installer ({installer.stat().st_size / 1e6:.1f} MB, zlib) made in {time.perf_counter() - t0:.0f} s")
    return installer


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def app_dir(wine) -> Path:
    """The per-user install folder, %LOCALAPPDATA%\\Programs\\Patrician."""
    return wine.user_dir() / "AppData" / "Local" / "Programs" / "Patrician"


def windows_path(wine, path: Path) -> str:
    return "C:\\" + str(path.relative_to(wine.drive_c())).replace("/", "\\")


def apps_entries(wine, tmp: Path) -> list[str]:
    """The uninstall entries (Settings > Apps) named Patrician, in both hives."""
    return sorted(line for line in registry_mentions(wine, tmp)
                  if "\\Uninstall\\" in line and re.search(r'\|\s*"DisplayName"="Patrician"', line))


def display_version(wine, hive: str = "HKCU") -> str:
    """The version Settings > Apps shows for Patrician ('' without an entry)."""
    m = re.search(r"DisplayVersion\s+REG_SZ\s+(\S+)", wine.reg_query(f"{hive}\\{UNINSTALL_KEY}"))
    return m.group(1) if m else ""


def pending_renames(wine) -> str:
    """What Windows is told to delete or move at its next start (PendingFileRenameOperations), as text."""
    return wine.run("reg", "query", SESSION_MANAGER, "/v", "PendingFileRenameOperations", timeout=120).stdout


def players_data(wine, before: set[str], install: Path) -> dict[str, str]:
    """Every file the player's game wrote (saves, autosaves, its own files): digests. Not the install folder nor
    the Start-menu shortcut, which are the installer's."""
    inside = install.relative_to(wine.drive_c()).as_posix()
    return {p: digest(wine.drive_c() / p) for p in files(wine) - before
            if (wine.drive_c() / p).is_file() and not p.startswith(inside)
            and "/AppData/Local/Temp/" not in p and "/Start Menu/" not in p}


def test_upgrading_in_place_replaces_the_older_version_and_keeps_the_players_data(win, prefix, older_installer,
                                                                                  tmp_path):
    """Per user: 0.0.9, played, then the new installer over it, silently, as an update is run.

    The older files are replaced (a file only 0.0.9 had is gone, the licence text is the new one, the
    folder holds exactly the new bundle), Settings > Apps has one entry with the new version, the Start
    menu one shortcut, and the player's settings, saves and autosaves are untouched; the new version
    passes its self-test and replays the save. Nothing is left for Windows to delete at its next start.
    """
    wine = prefix
    files_before = files(wine)
    reg_before = registry_mentions(wine, tmp_path)
    install = app_dir(wine)
    exe = windows_path(wine, install / "patrician.exe")

    proc = wine.run(older_installer, "/S", "/CurrentUser", timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (install / STALE).is_file()
    assert display_version(wine) == OLD_VERSION
    proc = wine.run(exe, "--self-test", timeout=600)
    assert proc.returncode == 0 and "self-test passed" in proc.stdout, proc.stdout + proc.stderr
    # the player's own things: a save in the dialogs' folder and a setting, as the game writes them
    saves = wine.user_dir() / "Documents" / "Patrician"
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy2(EXAMPLE, saves / "kept.patrician.json")
    proc = wine.run("reg", "add", "HKCU\\Software\\Patrician\\Patrician\\ui", "/v", "speed", "/d", "fast", "/f")
    assert proc.returncode == 0, proc.stderr
    data = players_data(wine, files_before, install)
    settings = wine.reg_query("HKCU\\Software\\Patrician")
    assert "kept.patrician.json" in "".join(data) and "speed" in settings

    t0 = time.perf_counter()
    proc = wine.run(win["installer"], "/S", "/CurrentUser", timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    print(f"upgrade {OLD_VERSION} -> {win['version']} took {time.perf_counter() - t0:.0f} s under Wine")

    bundle = Path(win["bundle"])
    shipped = {p.relative_to(bundle).as_posix() for p in bundle.rglob("*") if p.is_file()}
    there = {p.relative_to(install).as_posix() for p in install.rglob("*") if p.is_file()}
    assert there == shipped | {"LICENSE.txt", "uninstall.exe"}, sorted(there ^ (shipped | {"LICENSE.txt"}))[:10]
    assert (install / "LICENSE.txt").read_bytes() == (REPO / "LICENSE").read_bytes()
    assert digest(install / "patrician.exe") == digest(bundle / "patrician.exe")
    entries = apps_entries(wine, tmp_path)
    assert len(entries) == 1, entries
    assert display_version(wine) == win["version"]
    assert not wine.reg_query(f"HKLM\\{UNINSTALL_KEY}")
    assert len([p for p in files(wine) if p.endswith("/Patrician.lnk")]) == 1
    assert players_data(wine, files_before, install) == data
    assert wine.reg_query("HKCU\\Software\\Patrician") == settings
    assert "patrician" not in pending_renames(wine).lower()

    proc = wine.run(exe, "--self-test", timeout=600)
    assert proc.returncode == 0 and "self-test passed" in proc.stdout, proc.stdout + proc.stderr
    kept = windows_path(wine, saves / "kept.patrician.json")
    proc = wine.run(exe, "replay", kept, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout) == {"file": kept, **json.loads(EXAMPLE.read_text())["result"]}

    played = files(wine)
    proc = wine.run(*quiet_uninstall_argv(wine), timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    wine.run("wineboot", "-r", timeout=300)
    wine.wait()
    left = files(wine) - files_before
    inside = install.relative_to(wine.drive_c()).as_posix()
    assert not [p for p in left if p.startswith(inside) or p.endswith("Patrician.lnk")], sorted(left)[:20]
    assert left <= played, sorted(left - played)[:20]
    assert not [line for line in registry_mentions(wine, tmp_path) - reg_before
                if "Software\\Patrician" not in line.split(" | ")[0]]


# --- the wizard, on a screen ------------------------------------------------------------------

@pytest.fixture(scope="module")
def desktop(tmp_path_factory):
    """Xvfb and openbox on a free display (tests/screen's); xdotool types the player's keys."""
    missing = [t for t in DESKTOP_TOOLS if shutil.which(t) is None]
    if missing:
        pytest.fail(f"the wizard test needs {', '.join(missing)} (Debian: xvfb openbox xdotool; .ci/run installs them)")
    screen = Desktop(tmp_path_factory.mktemp("desktop"), first_display=130, screen="1280x720x24")
    screen.start()
    yield screen
    screen.stop()


SETUP = "^Patrician Setup"  # the wizard's title (NSIS adds a space)
GAME = r"^Patrician\s*$"  # the game's window


def windows(desktop, title: str) -> list[str]:
    """The visible windows whose title matches the regular expression ``title`` (xdotool's ids)."""
    proc = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                          env=desktop.env, capture_output=True, text=True, timeout=30)
    return proc.stdout.split()


def key(desktop, window: str, name: str) -> None:
    """Press a key in a window, as the player does (the window raised and focused first)."""
    subprocess.run(["xdotool", "windowactivate", "--sync", window, "key", "--clearmodifiers", name],
                   env=desktop.env, capture_output=True, timeout=30)


def screenshot(desktop, out: Path) -> Path:
    """The whole screen as a PNG (Qt grabs the root window of the display), for a person to look at."""
    code = "import sys; from PySide6.QtWidgets import QApplication; a = QApplication(['s']); " \
           "sys.exit(0 if a.primaryScreen().grabWindow(0).save(sys.argv[1]) else 1)"
    subprocess.run([sys.executable, "-c", code, str(out)], env=desktop.env, capture_output=True, timeout=60)
    return out


def wait_for(check, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, f"waited {timeout:.0f} s for {what}"
        time.sleep(1)


@pytest.mark.parametrize("mode", ["CurrentUser", "AllUsers"])
def test_the_finish_page_offers_to_run_patrician_and_starts_it(mode, win, prefix, desktop, tmp_path):
    """Through the wizard with Enter on each page: the finish page's "Run Patrician" (ticked) starts the game.

    For all users the installer runs as administrator and starts the game through Explorer, as the
    player. A silent install (the upgrade test above, and here at the start) starts nothing.
    """
    wine = prefix
    env = {"DISPLAY": desktop.env["DISPLAY"], "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    files_before = files(wine)
    hive = "HKCU" if mode == "CurrentUser" else "HKLM"
    # silent: installs, shows nothing and starts nothing
    proc = wine.run(win["installer"], "/S", f"/{mode}", timeout=600, extra_env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    time.sleep(5)
    assert not windows(desktop, GAME), "a silent install started the game"
    proc = wine.run(*quiet_uninstall_argv(wine, hive), timeout=600)
    wine.wait()
    assert proc.returncode == 0 and not display_version(wine, hive)

    wizard = subprocess.Popen(["wine", win["installer"], f"/{mode}"], env=dict(wine.env, **env),
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: windows(desktop, SETUP), 120, "the installer's window")
        # licence (I Agree), install mode (Next), folder (Install), by the buttons' keys (Enter on the licence
        # page goes to its text), until the install has written its Apps entry
        end = time.monotonic() + 300
        while not display_version(wine, hive):
            assert time.monotonic() < end, "the wizard did not install within 300 s"
            for button in ("alt+a", "alt+n", "alt+i"):
                for window in windows(desktop, SETUP)[:1]:
                    key(desktop, window, button)
                time.sleep(1.5)
        time.sleep(5)  # the last registry values, then the finish page
        shot = screenshot(desktop, tmp_path / f"finish-page-{mode}.png")
        print(f"the finish page: {shot}")
        assert not windows(desktop, GAME), "the game started before Finish was pressed"
        key(desktop, windows(desktop, SETUP)[0], "Return")  # Finish, with "Run Patrician" ticked
        wizard.wait(timeout=120)
        assert wizard.returncode == 0
        t0 = time.perf_counter()
        wait_for(lambda: windows(desktop, GAME), 300, "the game's window after Finish")
        print(f"{mode}: the game's window opened {time.perf_counter() - t0:.0f} s after Finish")
        screenshot(desktop, tmp_path / f"game-{mode}.png")
    finally:
        if wizard.poll() is None:
            wizard.kill()
        wine.run("wineboot", "-k", timeout=120)  # the game, started by the installer, ends with the session
        wine.wait()
    played = files(wine)
    proc = wine.run(*quiet_uninstall_argv(wine, hive), timeout=600)
    wine.wait()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    wine.run("wineboot", "-r", timeout=300)
    wine.wait()
    left = files(wine) - files_before
    assert not [p for p in left if "/Patrician/patrician.exe" in p or p.endswith("Patrician.lnk")], sorted(left)[:20]
    assert left <= played, sorted(left - played)[:20]

