"""A hint completes the turn a human has begun: every level answers with a turn that keeps the card,
the plots and the relocation already chosen."""

from __future__ import annotations

import pytest

from patrician_qt.bots.begun import completes_map
from patrician_qt.bots.hint import hint
from patrician_qt.bots.levels import choose_turn
from patrician_qt.engine import legal_turns, state_from_view

from .helpers import positions


@pytest.mark.parametrize("level", ["random", "easy", "medium", "ismcts:60"])
def test_every_level_completes_a_turn_begun_with_another_card(level: str) -> None:
    checked = 0
    for _state, view, history in positions(4, seed=12, players=(2, 3)):
        seat = view["seat"]
        best = choose_turn(level, seat, view, history, seed=2)
        turns = legal_turns(state_from_view(view))
        other = next((t for t in turns if t.card != best["card"] and t.build), None)
        if other is None:
            continue
        begun = {"card": other.card, "build": [other.build[0]]}
        turn = choose_turn(level, seat, view, history, seed=2, begun=begun)
        assert turn["card"] == other.card and other.build[0] in turn["build"]
        assert completes_map(turn, begun)
        checked += 1
    assert checked


def test_the_hint_keeps_a_relocation_already_chosen() -> None:
    for _state, view, history in positions(12, seed=5, players=(2,)):
        turns = [t for t in legal_turns(state_from_view(view)) if t.relocate is not None]
        if not turns:
            continue
        t = turns[-1]
        begun = {"card": t.card, "build": list(t.build),
                 "relocate": {"city": t.relocate[0], "from": t.relocate[1]}}
        turn = hint(view, history, seed=1, begun=begun)
        assert turn["relocate"] == begun["relocate"] and turn["card"] == t.card
        return
    pytest.fail("no position with a relocation among the samples")


def test_a_prefix_no_turn_completes_is_ignored() -> None:
    _state, view, history = next(iter(positions(1, seed=3, players=(2,))))
    turn = choose_turn("medium", view["seat"], view, history, seed=1, begun={"card": "NOPE-1", "build": []})
    assert turn["card"] in view["hand"]
