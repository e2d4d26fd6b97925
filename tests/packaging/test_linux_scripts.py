"""The Linux package's layout and install.sh / uninstall.sh, on a stand-in bundle (fast; always runs).

The stand-in's ``patrician`` is a shell script that, like the real app, writes a settings
file and an autosave under HOME; the real bundle goes through the same steps in
test_bundle.py (opt-in, it takes minutes to build).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import (
    APP_ID,
    PACKAGING,
    REPO,
    ancestors,
    clean_env,
    desktop_entry,
    exec_argv,
    load_build_script,
    load_packaging_script,
    sh,
    snapshot,
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux package")


# Warnings appstreamcli gives for something a build leaves out on purpose, and when it is left out: AppStream
# 1.0 (Debian 13) warns about a missing homepage, 0.16 (Debian 12) does not; build.py names one only when it
# is given the project's public address (a made-up one would be a broken link in a software centre).
ON_PURPOSE = {"url-homepage-missing": lambda text: '<url type="homepage">' not in text}
ISSUE = re.compile(r"^([EW]): [^:\s]+:[^:\s]*: ([\w-]+)", re.M)  # "W: <component id>:<line>: <tag> ..."


def assert_valid_appstream(meta: Path) -> None:
    """``appstreamcli validate`` finds no error and no warning, but those of :data:`ON_PURPOSE` that apply."""
    proc = subprocess.run(["appstreamcli", "validate", "--no-net", "--explain", str(meta)],
                          capture_output=True, text=True)
    said = proc.stdout + proc.stderr
    failing = [tag for _severity, tag in ISSUE.findall(proc.stdout)]
    assert proc.returncode == 0 or failing, said  # a failure this cannot read is a failure
    text = meta.read_text(encoding="utf-8")
    assert [tag for tag in failing if not (tag in ON_PURPOSE and ON_PURPOSE[tag](text))] == [], said


FAKE_APP = """#!/bin/sh
# stand-in for the frozen app: answers --version, and --self-test writes user data like the app
case "$1" in
  --version) echo "patrician 9.8.7" ;;
  --self-test) mkdir -p "$HOME/.config/Patrician" "$HOME/.local/share/Patrician/saves"
               echo "[General]" > "$HOME/.config/Patrician/Patrician.conf"
               echo "{}" > "$HOME/.local/share/Patrician/saves/autosave.json"
               echo "self-test passed" ;;
  *) exit 3 ;;
esac
"""


@pytest.fixture(scope="module")
def build():
    return load_build_script()


@pytest.fixture()
def package(tmp_path, build) -> Path:
    """The staged patrician-<version>-linux-<arch>/ folder around a stand-in bundle."""
    bundle = tmp_path / "bundle"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "_internal" / "libfake.so").write_bytes(b"\0" * 100)
    exe = bundle / "patrician"
    exe.write_text(FAKE_APP)
    exe.chmod(0o755)
    icons = tmp_path / "icons"
    icons.mkdir()
    shutil.copy2(REPO / "resources" / "art" / "icon" / "patrician.svg", icons / "patrician.svg")
    for size in build.ICON_SIZES:
        (icons / f"patrician-{size}.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    out = tmp_path / "dist"
    out.mkdir()
    stage, archive = build.linux_package(bundle, icons, "9.8.7", compress=False, out=out)
    assert archive is None
    return stage


def test_packaging_folder_is_never_an_importable_package():
    # build outputs (git-ignored) hold copies of the app, and a build may be writing them meanwhile: not walked
    sources = [p for p in PACKAGING.iterdir() if p.name not in ("build", "dist")]
    inits = [p for p in sources if p.name == "__init__.py"]
    inits += [i for p in sources if p.is_dir() for i in p.rglob("__init__.py")]
    assert not inits
    proc = subprocess.run([sys.executable, "-c", "import packaging, sys; print(packaging.__file__)"],
                          cwd=REPO, capture_output=True, text=True, check=True)
    assert not proc.stdout.strip().startswith(str(PACKAGING))


def test_layout_has_desktop_file_metainfo_icons_and_scripts(package, build):
    share = package / "share"
    entry = desktop_entry(share / "applications" / f"{APP_ID}.desktop")
    assert entry["Name"] == "Patrician" and entry["Icon"] == APP_ID and entry["Type"] == "Application"
    assert "Game" in entry["Categories"].split(";")
    meta = (share / "metainfo" / f"{APP_ID}.metainfo.xml").read_text()
    assert '<release version="9.8.7"' in meta and "@" not in meta.split("-->", 1)[1]
    assert f"<id>{APP_ID}</id>" in meta and "unofficial fan implementation" in meta
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in build.ICON_SIZES:
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    for script in ("install.sh", "uninstall.sh", "patrician"):
        assert (package / script).stat().st_mode & 0o111
    assert "Unofficial fan implementation" in (package / "README.txt").read_text()


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli (Debian: appstream) not installed")
def test_metainfo_passes_appstream_validation(package):
    assert_valid_appstream(package / "share" / "metainfo" / f"{APP_ID}.metainfo.xml")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (Debian: desktop-file-utils) not installed")
def test_desktop_file_passes_validation(package):
    proc = subprocess.run(["desktop-file-validate", str(package / "share" / "applications" / f"{APP_ID}.desktop")],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


def _install_check_uninstall(package: Path, home: Path, *, twice: bool = False) -> None:
    """install.sh, start from the menu entry's Exec line, uninstall.sh: nothing of ours stays."""
    env = clean_env(home)
    before = snapshot(home)
    for _ in range(2 if twice else 1):
        proc = sh(package / "install.sh", env=env)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    installed = snapshot(home) - before
    appdir = home / ".local" / "lib" / "patrician"
    desktop = home / ".local" / "share" / "applications" / f"{APP_ID}.desktop"
    assert (appdir / "patrician").is_file() and (appdir / ".install-manifest").is_file()
    assert (home / ".local" / "bin" / "patrician").resolve() == (appdir / "patrician").resolve()
    assert (home / ".local" / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()
    assert (home / ".local" / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    entry = desktop_entry(desktop)
    argv = exec_argv(entry["Exec"])
    assert argv == [str(appdir / "patrician")]
    assert entry["TryExec"] == str(appdir / "patrician")
    proc = sh(*argv, "--self-test", env=env)
    assert proc.returncode == 0 and "self-test passed" in proc.stdout
    written = snapshot(home) - before - installed  # the app's own files (settings, saves)
    assert written
    proc = sh(appdir / "uninstall.sh", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    left = snapshot(home) - before
    assert left <= written | ancestors(written), sorted(left - written - ancestors(written))
    assert not (installed & left) - ancestors(written)
    assert all((home / p).exists() for p in written), "uninstall must keep the user's games and settings"


def test_install_start_from_menu_entry_and_uninstall_leave_nothing(package, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    _install_check_uninstall(package, home)


def test_existing_user_files_survive_and_paths_with_spaces_work(package, tmp_path):
    home = tmp_path / "my home"
    (home / ".local" / "share" / "applications").mkdir(parents=True)
    (home / ".local" / "share" / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    (home / ".local" / "bin").mkdir(parents=True)
    (home / ".local" / "bin" / "other-tool").write_text("#!/bin/sh\n")
    _install_check_uninstall(package, home, twice=True)
    assert (home / ".local" / "share" / "applications" / "other.desktop").is_file()
    assert (home / ".local" / "bin" / "other-tool").is_file()


def test_a_command_of_the_same_name_is_left_alone(package, tmp_path):
    home = tmp_path / "home"
    (home / ".local" / "bin").mkdir(parents=True)
    theirs = home / ".local" / "bin" / "patrician"
    theirs.write_text("#!/bin/sh\necho theirs\n")
    env = clean_env(home)
    proc = sh(package / "install.sh", env=env)
    assert proc.returncode == 0 and "left alone" in proc.stderr
    assert theirs.read_text().endswith("theirs\n")
    assert sh(home / ".local" / "lib" / "patrician" / "uninstall.sh", env=env).returncode == 0
    assert theirs.read_text().endswith("theirs\n")


def test_prefix_install_and_uninstall_from_the_archive_folder(package, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    prefix = tmp_path / "opt"
    env = clean_env(home)
    assert sh(package / "install.sh", "--prefix", prefix, env=env).returncode == 0
    assert (prefix / "share" / "applications" / f"{APP_ID}.desktop").is_file()
    assert (prefix / "bin" / "patrician").exists()
    assert snapshot(home) == set()
    proc = sh(package / "uninstall.sh", "--prefix", prefix, env=env)
    assert proc.returncode == 0, proc.stderr
    assert snapshot(prefix) == set() and not prefix.exists()


def test_uninstall_without_an_install_says_so(package, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    proc = sh(package / "uninstall.sh", env=clean_env(home))
    assert proc.returncode == 1 and "no Patrician installed" in proc.stderr


def test_install_refuses_to_overwrite_a_folder_it_did_not_make(package, tmp_path):
    home = tmp_path / "home"
    foreign = home / ".local" / "lib" / "patrician"
    foreign.mkdir(parents=True)
    (foreign / "keep.txt").write_text("mine")
    proc = sh(package / "install.sh", env=clean_env(home))
    assert proc.returncode == 1 and "not made by install.sh" in proc.stderr
    assert (foreign / "keep.txt").read_text() == "mine"


def test_install_refuses_paths_a_menu_entry_cannot_quote(package, tmp_path):
    home = tmp_path / "ho$me"
    home.mkdir()
    proc = sh(package / "install.sh", env=clean_env(home))
    assert proc.returncode == 1 and "cannot install under a path" in proc.stderr
    assert snapshot(home) == set()


MIME_TYPE = "application/x-patrician+json"


def content_type(path: Path, env: dict[str, str]) -> str:
    """The file type GLib's file managers (Nautilus, Thunar, ...) see for a file, from the user's MIME database."""
    proc = sh("gio", "info", "-a", "standard::content-type", path, env=env)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split("standard::content-type:", 1)[1].split()[0]


def test_menu_entry_and_appstream_declare_the_records_file_type(package):
    """A double-click on a *.patrician.json in a file manager offers the game: the type, the glob, MimeType=."""
    share = package / "share"
    entry = desktop_entry(share / "applications" / f"{APP_ID}.desktop")
    assert entry["MimeType"].split(";")[:1] == [MIME_TYPE] and "%f" in entry["Exec"]
    xml = (share / "mime" / "packages" / f"{APP_ID}.xml").read_text()
    assert f'<mime-type type="{MIME_TYPE}">' in xml and '<glob pattern="*.patrician.json"/>' in xml
    assert f"<mediatype>{MIME_TYPE}</mediatype>" in (share / "metainfo" / f"{APP_ID}.metainfo.xml").read_text()


@pytest.mark.skipif(shutil.which("update-mime-database") is None or shutil.which("gio") is None,
                    reason="shared-mime-info and gio (Debian: shared-mime-info, libglib2.0-bin)")
@pytest.mark.parametrize("own_types", [False, True], ids=["fresh-home", "home-with-own-mime-types"])
def test_install_registers_the_records_file_type_and_uninstall_removes_it(package, tmp_path, own_types):
    home = tmp_path / "home"
    mime = home / ".local" / "share" / "mime"
    record = tmp_path / "Anna Bot 2026-12-06 10.00 record.patrician.json"
    record.write_text('{"format": "patrician-record"}\n')
    env = clean_env(home)
    if own_types:
        (mime / "packages").mkdir(parents=True)
        (mime / "packages" / "theirs.xml").write_text(
            '<?xml version="1.0"?>\n<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
            '<mime-type type="application/x-theirs"><glob pattern="*.theirs"/></mime-type></mime-info>\n')
        assert sh("update-mime-database", mime, env=env).returncode == 0
    else:
        home.mkdir()
    before = snapshot(home)
    assert content_type(record, env) == "application/json"
    assert sh(package / "install.sh", env=env).returncode == 0
    assert content_type(record, env) == MIME_TYPE
    assert sh(home / ".local" / "lib" / "patrician" / "uninstall.sh", env=env).returncode == 0
    assert content_type(record, env) == "application/json"
    if own_types:
        assert (mime / "packages" / "theirs.xml").is_file() and "x-theirs" in (mime / "globs2").read_text()
        assert MIME_TYPE not in (mime / "globs2").read_text()
    else:
        assert snapshot(home) == before


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli (Debian: appstream) not installed")
def test_appstream_has_screenshots_and_homepage_only_with_a_public_address(build, tmp_path):
    """A software centre fetches screenshots by URL: given the addresses they are there and valid; without, none."""
    template = (PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").read_text()
    bare = build.metainfo_text(template, "1.2.3")
    assert "<screenshot" not in bare and "<url" not in bare and "@" not in bare.split("-->", 1)[1]
    full = build.metainfo_text(template, "1.2.3", "https://example.org/patrician",
                               "https://example.org/patrician/raw/v1.2.3/docs/screenshots/")
    assert '<url type="homepage">https://example.org/patrician</url>' in full
    images = [line.split(">")[1].split("<")[0] for line in full.splitlines() if "<image>" in line]
    assert images[0] == "https://example.org/patrician/raw/v1.2.3/docs/screenshots/game-turn24.png"
    assert len(images) == len(build.SCREENSHOTS) >= 2
    for image in images:  # each is a real screenshot of the repository's docs
        assert (REPO / "docs" / "screenshots" / image.rsplit("/", 1)[1]).is_file()
    for text in (bare, full):
        meta = tmp_path / f"{APP_ID}.metainfo.xml"
        meta.write_text(text)
        assert_valid_appstream(meta)


def test_deb_names_a_homepage_only_when_the_build_knows_it():
    deb = load_packaging_script("deb")
    assert "Homepage:" not in deb.control("1.0", "amd64", "libc6 (>= 2.35)", 10)
    assert "Homepage: https://example.org/p\n" in deb.control("1.0", "amd64", "libc6", 10, "https://example.org/p")
    assert "example" not in deb.copyright_text() and "Source: https://example.org/p" in deb.copyright_text(
        "https://example.org/p")
