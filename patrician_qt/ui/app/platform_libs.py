"""Before Qt loads its X11 plugin: are the system libraries it needs there? If not, say which packages.

Why: without e.g. ``libxcb-cursor0`` Qt's xcb plugin fails to load and Qt aborts the process
(exit 134, a core dump) with a message that names the wrong library. Many desktops lack it. We ask
``ldd`` what the plugin would load, and on a gap print one sentence naming the packages for
Debian/Ubuntu, Fedora and Arch, and exit 1.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

#: soname → (Debian/Ubuntu, Fedora, Arch) package
PACKAGES: dict[str, tuple[str, str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon", "libxkbcommon"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb", "libx11"),
    "libX11.so.6": ("libx11-6", "libX11", "libx11"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl", "libglvnd"),
    "libGL.so.1": ("libgl1", "libglvnd-glx", "libglvnd"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl", "libglvnd"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig", "fontconfig"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs", "dbus"),
}
_XCB = re.compile(r"^libxcb-([a-z0-9-]+)\.so\.(\d+)$")


def package_names(soname: str) -> tuple[str, str, str]:
    """The packages that hold ``soname`` on Debian/Ubuntu, Fedora and Arch (a good guess for other xcb parts)."""
    if soname in PACKAGES:
        return PACKAGES[soname]
    m = _XCB.match(soname)
    if m:  # the core libxcb extensions: libxcb-randr.so.0 is libxcb-randr0 on Debian, part of libxcb elsewhere
        return f"libxcb-{m.group(1)}{m.group(2)}", "libxcb", "libxcb"
    return soname, soname, soname


def missing_from_ldd(text: str) -> list[str]:
    """The sonames ``ldd`` could not find, in its order, once each."""
    seen: list[str] = []
    for line in text.splitlines():
        m = re.match(r"\s*(\S+)\s+=>\s+not found", line)
        if m and m.group(1) not in seen:
            seen.append(m.group(1))
    return seen


def message(missing: list[str]) -> str:
    """One clear message: what is missing and the command to install it on the common distributions."""
    names = [package_names(s) for s in missing]

    def install(i: int) -> str:
        return " ".join(dict.fromkeys(n[i] for n in names))

    return (
        "Patrician cannot open its window: Qt's X11 support needs system libraries that are not installed "
        f"({', '.join(missing)}).\n"
        "Install them, then start Patrician again:\n"
        f"  Debian/Ubuntu:  sudo apt install {install(0)}\n"
        f"  Fedora:         sudo dnf install {install(1)}\n"
        f"  Arch:           sudo pacman -S {install(2)}\n"
    )


def xcb_plugin() -> Path | None:
    """Qt's X11 platform plugin as installed with PySide6 (None where there is none, e.g. Windows)."""
    try:
        import PySide6
    except ImportError:
        return None
    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def will_use_xcb(env: dict[str, str] | None = None) -> bool:
    """Whether Qt will pick its X11 plugin: on Linux, asked for it, or on X11 without Wayland."""
    env = dict(os.environ if env is None else env)
    if not sys.platform.startswith("linux"):
        return False
    platform = env.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0].strip()
    if platform:
        return platform == "xcb"
    if env.get("WAYLAND_DISPLAY") or env.get("XDG_SESSION_TYPE") == "wayland":
        return False
    return bool(env.get("DISPLAY"))


def missing_libraries(plugin: Path | None = None) -> list[str]:
    """The libraries ``plugin`` (default: Qt's xcb plugin) needs and the system lacks ([] when unknown)."""
    import shutil
    import subprocess  # here, not at the top: a start whose plugin loads never needs it

    plugin = plugin or xcb_plugin()
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return missing_from_ldd(out)


def loads(plugin: Path) -> bool:
    """Whether the dynamic loader loads ``plugin`` with all it needs. Why first: it takes a millisecond where
    running ``ldd`` takes tens at every start, and Qt loads the same plugin a moment later anyway."""
    import ctypes

    try:
        ctypes.CDLL(str(plugin))
    except OSError:
        return False
    return True


def check_or_explain(env: dict[str, str] | None = None) -> str | None:
    """None when the window can open; else the message to print before exiting with status 1."""
    if not will_use_xcb(env):
        return None
    plugin = xcb_plugin()
    if plugin is not None and loads(plugin):
        return None
    missing = missing_libraries()
    return message(missing) if missing else None
