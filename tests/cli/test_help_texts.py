"""Every command's --help prints its words as written ("95%", never "95%%")."""

from __future__ import annotations

import re

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


def test_help_says_what_no_command_and_a_file_do(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "patrician FILE" in out and "With no command, patrician opens the game" in out
    assert "saved game" in out and "record" in out


def test_a_word_that_is_no_command_and_no_file_says_no_such_file(
        capsys: pytest.CaptureFixture[str], tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # type: ignore[arg-type]
    with pytest.raises(SystemExit) as done:
        main(["bogus"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "no such file: bogus" in err and "invalid choice" not in err
    assert "replay" in err  # the commands it might have meant


def _option_help(command: str, option: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``patrician COMMAND --help`` says of ``option``, its white space folded."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    entry = re.search(rf"^ +{option}\b.*?(?=^ +-|\Z)", capsys.readouterr().out, re.M | re.S)
    assert entry is not None, (command, option)
    return " ".join(entry.group().split())


@pytest.mark.parametrize("option", ["--db", "--json"])
def test_the_commands_that_read_the_history_word_its_options_alike(
        option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``stats`` and ``review`` take the same history file the same way; their help says it in the same words."""
    assert _option_help("stats", option, capsys) == _option_help("review", option, capsys)


def test_the_commands_that_speak_iroh_offer_the_relay_alike(capsys: pytest.CaptureFixture[str]) -> None:
    """``host --internet`` and ``join INVITATION`` choose the relay the same way, with the same default."""
    said = {command: _option_help(command, "--relay", capsys) for command in ("host", "join")}
    for command, words in said.items():
        assert words.endswith("the iroh relay to use when no direct path is found (default: n0's public relays, "
                              "which only pass on encrypted traffic)"), (command, words)
