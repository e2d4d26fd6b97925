"""Every command's --help prints its words as written ("95%", never "95%%")."""

from __future__ import annotations

import pytest

from patrician_qt.__main__ import _SUBCOMMANDS, main


@pytest.mark.parametrize("command", [[], *[[name] for name in _SUBCOMMANDS]])
def test_help_prints_percent_signs_once(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([*command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.strip() and "%%" not in out


def test_arena_help_names_the_95_percent_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    assert "95% confidence" in " ".join(capsys.readouterr().out.split())
