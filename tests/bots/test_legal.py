"""Bots play legal turns only, ever: checked by the engine's own validation on many random positions."""

from __future__ import annotations

import pytest

from patrician_qt.bots.hint import hint
from patrician_qt.bots.levels import choose_turn
from patrician_qt.engine import apply

from .helpers import positions


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_fast_levels_play_legal_turns(level: str) -> None:
    for k, (state, view, history) in enumerate(positions(1000, seed={"random": 1, "easy": 2, "medium": 3}[level])):
        turn = choose_turn(level, view["seat"], view, history, seed=k)
        apply(state, turn)  # raises IllegalTurn on an illegal turn


def test_search_plays_legal_turns_with_cheap_budgets() -> None:
    for k, (state, view, history) in enumerate(positions(300, seed=11)):
        turn = choose_turn("ismcts:25", view["seat"], view, history, seed=k)
        apply(state, turn)


def test_legal_without_history() -> None:
    """A bot that takes over a seat with no history still plays legally (it guesses more widely)."""
    for k, (state, view, _) in enumerate(positions(200, seed=12)):
        for level in ("medium", "ismcts:10"):
            apply(state, choose_turn(level, view["seat"], view, [], seed=k))


def test_hint_is_a_legal_hard_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    from patrician_qt.bots import levels
    from patrician_qt.bots.ismcts import SearchConfig

    # a small budget without the wall-clock cap, so a loaded machine cannot make the comparison flaky
    monkeypatch.setattr(levels, "hard_config", lambda n_players=2, time_s=None: SearchConfig(iterations=200))
    state, view, history = next(iter(positions(1, seed=13, players=(3,))))
    turn = hint(view, history, seed=5)
    apply(state, turn)
    assert turn == choose_turn("hard", view["seat"], view, history, seed=5)
