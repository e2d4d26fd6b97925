"""Where the fresh Debian roots come from (tests/packaging/debian_root.py), without making one."""

from __future__ import annotations

import pytest

from . import debian_root


def test_mirror_comes_from_this_machines_apt_sources(tmp_path):
    """The roots are bootstrapped from the registry apt here uses, read from deb822 and one-line sources."""
    (tmp_path / "sources.list.d").mkdir()
    (tmp_path / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm\nComponents: main\n\n"
        "Types: deb\nURIs: http://mirror.example/debian-security\nSuites: bookworm-security\n")
    assert debian_root.debian_mirror(tmp_path) == "http://mirror.example/debian"
    (tmp_path / "sources.list.d" / "debian.sources").unlink()
    (tmp_path / "sources.list").write_text("# comment\ndeb [arch=amd64] http://other.example/debian/ trixie main\n")
    assert debian_root.debian_mirror(tmp_path) == "http://other.example/debian"
    (tmp_path / "sources.list").write_text("")
    with pytest.raises(RuntimeError):
        debian_root.debian_mirror(tmp_path)
