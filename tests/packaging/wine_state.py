"""What a Wine prefix holds, for the installer tests: its files, the registry's mentions of Patrician, commands.

Each installer test compares a prefix before and after (an install, an upgrade, an uninstall): these
read that state the same way for all of them.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from .helpers import load_packaging_script

UNINSTALL_KEY = "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Patrician"


def fresh_prefix(win: dict, folder: Path):
    """A new Wine prefix set to Windows 10, with the ICU stand-in in system32 (15-20 s)."""
    wine = load_packaging_script("windows_cross").Wine(folder)
    wine.boot()
    wine.install_icu_standin(Path(win["wine_prefix"]).parent / "icuuc.dll")
    # Wine links the user's Documents, Desktop, ... to the Linux home: made real folders, as on Windows, so that
    # what the game or a test saves there stays in the prefix
    for folder in wine.user_dir().iterdir():
        if folder.is_symlink():
            folder.unlink()
            folder.mkdir()
    return wine


def files(wine) -> set[str]:
    """Every path under the prefix's C: drive (Wine's own C:\\windows\\ logs and caches left out)."""
    root = wine.drive_c()
    skip = ("windows/Installer", "windows/logs", "windows/temp", "windows/inf")
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if not p.relative_to(root).as_posix().startswith(skip)}


def registry_mentions(wine, tmp: Path) -> set[str]:
    """Registry keys and values (HKCU, HKLM) that mention Patrician, as 'key | value line'.

    Windows' own record of which programs ran (MuiCache, Explorer's lists) is left out: it is
    the system's, not the installer's.
    """
    found: set[str] = set()
    for hive in ("HKCU", "HKLM"):
        out = tmp / f"{hive}.reg"
        out.unlink(missing_ok=True)
        proc = wine.run("reg", "export", hive, wine_path(out), "/y", timeout=300)
        assert proc.returncode == 0, proc.stderr
        key = ""
        for line in out.read_bytes().decode("utf-16").splitlines():
            if line.startswith("["):
                key = line.strip("[]")
            if "patrician" in line.lower() and "muicache" not in key.lower():
                found.add(f"{key} | {line}")
    return found


def wine_path(path: Path) -> str:
    """A Linux path as the prefix's programs see it (Z:\\...)."""
    return load_packaging_script("windows_cross").winpath(path)


def ancestors(paths: set[str]) -> set[str]:
    """Every parent folder of the given relative paths."""
    out: set[str] = set()
    for p in paths:
        parts = p.split("/")
        out.update("/".join(parts[:i]) for i in range(1, len(parts)))
    return out


def untemp(paths: set[str]) -> set[str]:
    """Paths outside the user's temporary folder."""
    return {p for p in paths if "/AppData/Local/Temp" not in p}


def quiet_uninstall_argv(wine, hive: str = "HKCU") -> list[str]:
    """The uninstall entry's QuietUninstallString as argv (the command Settings > Apps and winget run)."""
    key = wine.reg_query(f"{hive}\\{UNINSTALL_KEY}")
    quiet = re.search(r"QuietUninstallString\s+REG_SZ\s+(.+)", key)
    assert quiet, key
    argv = shlex.split(quiet.group(1).strip(), posix=False)
    return [argv[0].strip('"'), *argv[1:]]
