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
            assert answer["code"] == "bad-message" and "spectator" in answer["message"], answer
            assert [s["name"] for s in host.table.seats() if s["kind"] != "open"] == ["Alice"]
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
