"""Every name that reaches a table passes one rule (net.hosted.name_problem): nobody sits as
"Alice (spectator)" and passes for a spectator in the chat, and a name is plain text."""

from __future__ import annotations

import pytest

from patrician_qt.net.hosted import name_problem, shown_name
from tests.net.helpers import Raw, hello, hosting, run, table


@pytest.mark.parametrize("name", ["Alice (spectator)", "alice (SPECTATOR)", "Alice  (spectator) ",
                                  "Alice\u202e (spectator)", "Alice (ｓｐｅｃｔａｔｏｒ)"])
def test_a_player_cannot_take_the_spectator_label(name: str) -> None:
    async def body() -> None:
        async with hosting(table("human,human")) as host:
            _alice, _ = await hello(host.port, "Alice")
            raw = await Raw.open(host.port)
            await raw.send({"t": "hello", "v": 1, "name": name})
            answer = await raw.expect("error")
            assert answer["code"] == "name-taken", answer
            await raw.send({"t": "hello", "v": 1, "name": "Carla"})  # the connection stays open for another name
            await raw.expect("welcome")
            assert [s["name"] for s in host.table.seats() if s["kind"] != "open"] == ["Alice", "Carla"]
            raw.close()

    run(body())


def test_the_name_rule() -> None:
    assert name_problem("Anna") is None
    assert name_problem("Anna (spectator)") is not None
    assert name_problem("x" * 25) is not None
    assert name_problem("A\x1bnna") is not None
    assert name_problem(" \u200b ") is not None
    assert name_problem("Spectator Sam") is None  # only the label at the end is reserved


def test_a_shown_name_is_plain_and_short() -> None:
    assert shown_name("Anna\u202eevil") == "Annaevil"
    assert shown_name("A\u2066B\u2069\nC") == "AB C"
    long = shown_name("x" * 5000)
    assert len(long) == 24 and long.endswith("\u2026")


@pytest.mark.parametrize("names", ["Anna,Ben\u202eevil", "Anna,Ben\x1b", "Anna (spectator),Ben"])
def test_screenshot_names_pass_the_same_rule(names: str) -> None:
    from patrician_qt.cli.screenshot import parse_names

    if "\u202e" in names:  # an invisible formatting character is dropped, as a hello drops it
        assert parse_names(names, None) == (2, ("Anna", "Benevil"))
    else:
        with pytest.raises(ValueError, match="--names"):
            parse_names(names, None)
