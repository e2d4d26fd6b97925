"""A missing X11 library is told in one message with the packages to install, exit 1,
never Qt's abort (exit 134)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from patrician_qt.ui.app import platform_libs

LDD_OUT = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /opt/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f49)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => /lib/x86_64-linux-gnu/libxcb-icccm.so.4 (0x00007f49)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-randr.so.0 => not found
"""


def test_ldd_gaps_are_read_once_in_order():
    assert platform_libs.missing_from_ldd(LDD_OUT) == ["libxcb-cursor.so.0", "libxcb-randr.so.0"]


def test_the_message_names_packages_for_debian_fedora_and_arch():
    text = platform_libs.message(["libxcb-cursor.so.0", "libxcb-randr.so.0", "libxcb-icccm.so.4"])
    assert "sudo apt install libxcb-cursor0 libxcb-randr0 libxcb-icccm4" in text
    assert "sudo dnf install xcb-util-cursor libxcb xcb-util-wm" in text
    assert "sudo pacman -S xcb-util-cursor libxcb xcb-util-wm" in text
    assert "libxcb-cursor.so.0" in text


def test_xcb_is_expected_only_on_x11_linux():
    assert platform_libs.will_use_xcb({"DISPLAY": ":0"}) == sys.platform.startswith("linux")
    assert not platform_libs.will_use_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"})
    assert not platform_libs.will_use_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"})
    assert not platform_libs.will_use_xcb({})


@pytest.fixture
def plugin_needing_a_missing_library(tmp_path: Path) -> Path:
    """A real shared object whose NEEDED list names a library no system has."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the test plugin")
    (tmp_path / "a.c").write_text("int lost(void) { return 1; }\n")
    (tmp_path / "p.c").write_text("int lost(void);\nint plugin(void) { return lost(); }\n")
    subprocess.run([cc, "-shared", "-fPIC", "-Wl,-soname,libxcb-nothere.so.0", "-o",
                    str(tmp_path / "libxcb-nothere.so.0"), str(tmp_path / "a.c")], check=True)
    (tmp_path / "libxcb-nothere.so").symlink_to("libxcb-nothere.so.0")
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(tmp_path / "libqxcb.so"), str(tmp_path / "p.c"),
                    f"-L{tmp_path}", "-lxcb-nothere"], check=True)
    (tmp_path / "libxcb-nothere.so").unlink()
    (tmp_path / "libxcb-nothere.so.0").unlink()
    return tmp_path / "libqxcb.so"


def test_a_real_plugin_with_a_missing_library_is_found(plugin_needing_a_missing_library: Path):
    if shutil.which("ldd") is None:
        pytest.skip("no ldd")
    assert platform_libs.missing_libraries(plugin_needing_a_missing_library) == ["libxcb-nothere.so.0"]


def test_the_app_exits_1_with_the_message_before_qt_loads(plugin_needing_a_missing_library: Path, tmp_path: Path):
    if shutil.which("ldd") is None:
        pytest.skip("no ldd")
    child = tmp_path / "child.py"
    child.write_text(textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from patrician_qt.ui.app import platform_libs
        platform_libs.xcb_plugin = lambda: Path({str(plugin_needing_a_missing_library)!r})
        from patrician_qt.__main__ import main
        sys.exit(main([]))
    """))
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":97", HOME=str(tmp_path), XDG_SESSION_TYPE="x11")
    proc = subprocess.run([sys.executable, str(child)], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "sudo apt install libxcb-nothere0" in proc.stderr
    assert "Patrician cannot open its window" in proc.stderr


def test_a_plugin_with_a_missing_library_does_not_load(plugin_needing_a_missing_library: Path):
    assert not platform_libs.loads(plugin_needing_a_missing_library)


def test_a_plugin_that_loads_is_not_asked_about_with_ldd(tmp_path: Path):
    """The check at every start costs a millisecond: ``ldd`` (a process of its own) runs only on a gap."""
    plugin = platform_libs.xcb_plugin()
    if plugin is None or platform_libs.missing_libraries(plugin):
        pytest.skip("no xcb plugin that loads here")
    child = tmp_path / "child.py"
    child.write_text(textwrap.dedent("""
        import sys
        from patrician_qt.ui.app import platform_libs
        def no_ldd(plugin=None):
            raise AssertionError("ldd asked although the plugin loads")
        platform_libs.missing_libraries = no_ldd
        sys.exit(0 if platform_libs.check_or_explain({"DISPLAY": ":97", "QT_QPA_PLATFORM": "xcb"}) is None else 1)
    """))
    proc = subprocess.run([sys.executable, str(child)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
