"""The docs' sizes and data folders come from the build's reports (packaging/figures.py); fast, no build."""

from __future__ import annotations

import re

from .helpers import PACKAGING, REPO, load_packaging_script

DOCS = (REPO / "README.md", PACKAGING / "README.md")
REPORTS = {
    "linux": {"bundle_bytes": 90_168_920, "archive_bytes": 24_717_768,
              "data_folders": {"app_data": "~/.local/share/patrician", "saves": "~/Documents/Patrician",
                               "settings": "~/.config/Patrician/Patrician.conf"}},
    "deb": {"deb_bytes": 25_487_060, "installed_bytes": 91_243_310},
    "windows": {"installer_bytes": 18_512_345, "bundle_bytes": 58_751_730,
                "data_folders": {"app_data": "%LOCALAPPDATA%\\Patrician",
                                 "saves": "%USERPROFILE%\\Documents\\Patrician",
                                 "settings": "HKEY_CURRENT_USER\\Software\\Patrician\\Patrician"}},
}


def test_sizes_are_megabytes_of_a_million_bytes():
    figures = load_packaging_script("figures")
    assert figures.MB == 1_000_000
    assert figures.megabytes(25_487_060) == "25.5 MB" and figures.megabytes(999_999) == "1.0 MB"
    values = figures.figures(REPORTS)
    assert values["size.deb"] == "25.5 MB" and values["size.tar_xz"] == "24.7 MB"
    assert values["size.installer"] == "18.5 MB" and values["size.bundle_linux"] == "90.2 MB"
    assert values["folder.windows.app_data"] == "`%LOCALAPPDATA%\\Patrician`"


def test_marked_figures_are_replaced_and_unknown_ones_named():
    figures = load_packaging_script("figures")
    doc = ("| .deb | <!-- figure:size.deb -->24 MB<!-- /figure --> |\n"
           "data: <!-- figure:folder.windows.app_data -->`%APPDATA%\\Patrician`<!-- /figure -->, "
           "<!-- figure:size.nothing -->?<!-- /figure -->\n")
    text, unknown = figures.fill(doc, figures.figures(REPORTS))
    assert "<!-- figure:size.deb -->25.5 MB<!-- /figure -->" in text
    assert "`%LOCALAPPDATA%\\Patrician`" in text and "%APPDATA%\\" not in text
    assert unknown == ["size.nothing"]
    assert figures.fill(text, figures.figures(REPORTS))[0] == text


def test_every_figure_the_docs_mark_is_one_the_build_reports():
    """A marked figure the generator cannot fill would silently stay as typed."""
    figures = load_packaging_script("figures")
    known = set(figures.figures(REPORTS))
    marked = {key for doc in DOCS for key in figures.marked(doc.read_text(encoding="utf-8"))}
    assert marked, "the docs mark no figures"
    assert marked <= known, sorted(marked - known)
    assert {"size.installer", "size.deb", "size.tar_xz", "folder.windows.app_data"} <= marked


def test_docs_define_mb_and_name_no_appdata_roaming_folder():
    """The app keeps its files in %LOCALAPPDATA% and the registry, never %APPDATA%."""
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert not re.search(r"%APPDATA%\\Patrician", text), doc
    assert "1,000,000 bytes" in (PACKAGING / "README.md").read_text(encoding="utf-8")
