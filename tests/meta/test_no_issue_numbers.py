"""No issue numbers in code, comments, docstrings or test names: the reason is written out instead.

Why: an issue number sends a reader to a tracker that does not travel with the code, and says
nothing about why a line is as it is; the reason itself does.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: the code and everything that runs it: sources, tests, benches, tools, build and CI settings
PLACES = ("patrician_qt", "net", "tests", "bench", "tools", "packaging", "pyproject.toml", ".ci")
SUFFIXES = {".py", ".toml", ".sh", ".nsi", ".spec", ".cfg", ""}
#: "issue 14", "(issue #20)", "issues #14 item 9", "test_issue_13_…", "Issue14"
#: what a build writes inside the clone (the packaging build runs beside the tests in CI): not our code
BUILD_OUTPUTS = {"build", "dist", ".venv"}
NUMBERED = re.compile(r"(?<![a-z])issues?[\s_#-]*\d+", re.IGNORECASE)


def _files() -> list[Path]:
    out = []
    for place in PLACES:
        path = ROOT / place
        found = [path] if path.is_file() else path.rglob("*")
        out.extend(p for p in found if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts
                   and not BUILD_OUTPUTS & set(p.relative_to(ROOT).parts))
    return sorted(out)


def _numbered(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return []  # a binary file: no comments in it
    return [f"{path.relative_to(ROOT)}:{n}: {m.group(0)}"
            for n, line in enumerate(text.splitlines(), 1) for m in NUMBERED.finditer(line)]


def test_no_issue_number_in_code_comments_docstrings_or_test_names():
    here = Path(__file__)  # its examples below are what it looks for
    assert [hit for p in _files() if p != here for hit in _numbered(p)] == []


def test_the_check_finds_each_way_of_writing_one():
    for line in ("x = 1  # the limit (issue 13)", '"""Issue #20: a leak."""', "def test_issue_14_item_2():",
                 "(issues #14 item 9, #19 item 3)", "# Issue14"):
        assert NUMBERED.search(line), line
    assert not NUMBERED.search("Success: no issues found; the issue's frame; tissue 3")
    assert {ROOT / ".ci" / "run", ROOT / "pyproject.toml", Path(__file__)} <= set(_files())
