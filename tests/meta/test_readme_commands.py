"""README's two set-up commands stay true: CI runs exactly the test command README gives."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", setup)


def test_readme_has_two_commands_that_work_on_an_externally_managed_python():
    play, test = _readme_commands()
    for command in (play, test):
        # PEP 668: never pip-install into the system interpreter; a venv comes first
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install ")
    assert play.endswith("&& .venv/bin/patrician")
    assert test.endswith("&& .venv/bin/python -m pytest")


def test_ci_runs_exactly_the_readme_test_command():
    _, test = _readme_commands()
    lines = [ln for ln in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert lines[-1] == test
