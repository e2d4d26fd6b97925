"""Bots never peek: two true states with the same view and history get the same choice, and no bot
module imports the state class or accepts a state."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from patrician_qt.bots import levels
from patrician_qt.bots.base import known_holdings
from patrician_qt.bots.levels import choose_turn
from patrician_qt.engine import CARD_BY_ID, apply, from_deal, new_game, random_turn, view_for
from patrician_qt.engine.cards import CARD_IDS
from patrician_qt.engine.setup import deal_of

BOTS_DIR = Path(levels.__file__).parent


def _play(players: list[str], deal: dict[str, Any], turns: list[dict[str, Any]]) -> tuple[Any, list[dict[str, Any]]]:
    state = from_deal(players, deal)
    history: list[dict[str, Any]] = []
    for t in turns:
        state, events = apply(state, t)
        history.extend(events)
    return state, history


def twin_positions(n: int, stop: int, seed: int) -> tuple[Any, Any, list[dict[str, Any]]]:
    """Two true states that differ in the hidden cards (an opponent's unseen hand card and the pile)."""
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(n)]
    start = new_game(players, rng)
    deal = deal_of(start)
    state, turns = start, []
    while state.turn_number < stop:
        t = random_turn(state, rng).to_map()
        turns.append(t)
        state, _ = apply(state, t)
    me = state.to_move
    view = view_for(state, me)
    _, history = _play(players, deal, turns)
    known = known_holdings(view, history)
    opps = [s for s in range(n) if s != me and len(state.hands[s]) > len(known[s])]
    if not opps:  # every opponent card is known here: nothing to swap, try another game
        return twin_positions(n, stop, seed + 1000)
    opp = opps[0]
    hidden = next(CARD_IDS[c] for c in state.hands[opp] if CARD_IDS[c] not in known[opp])
    pile = [CARD_IDS[c] for c in state.deck[state.deck_pos :]]
    stars = [c for c in pile if CARD_BY_ID[c].star]  # a dealt hand holds starting cards only (R5)
    if not stars:
        return twin_positions(n, stop, seed + 1000)
    swap = stars[-1]
    twin = {"hands": [list(h) for h in deal["hands"]], "board": dict(deal["board"]), "deck": list(deal["deck"])}
    twin["hands"][opp] = [swap if c == hidden else c for c in twin["hands"][opp]]
    twin["deck"] = [hidden if c == swap else c for c in twin["deck"]]
    # also reorder the part of the pile nobody has seen
    seen = len(twin["deck"]) - len(pile)
    rest = twin["deck"][seen:]
    random.Random(seed + 1).shuffle(rest)
    twin["deck"][seen:] = rest
    a, hist_a = _play(players, deal, turns)
    b, hist_b = _play(players, twin, turns)
    assert hist_a == hist_b
    assert a.hands[opp] != b.hands[opp]
    return a, b, hist_a


@pytest.mark.parametrize("n", [2, 3, 5])
def test_same_view_same_choice(n: int) -> None:
    """Changing what a seat cannot see changes nothing in what it plays."""
    checked = 0
    for seed, stop in ((1, 3), (2, 7), (3, 12)):
        a, b, history = twin_positions(n, stop, seed)
        me = a.to_move
        va, vb = view_for(a, me), view_for(b, me)
        assert va == vb
        for level in ("random", "easy", "medium", "ismcts:200"):
            assert choose_turn(level, me, va, history, seed=9) == choose_turn(level, me, vb, history, seed=9)
            checked += 1
    assert checked == 12


@pytest.mark.parametrize("n", [2, 4])
def test_a_rulebook_seat_with_the_whole_history_plays_as_at_an_open_table(n: int) -> None:
    """R26a: bots decide from the view plus the event log; at a rulebook table the log holds every
    card played (R8) and the board tells every tile won, so they choose as at an open table."""
    checked = 0
    for seed in range(4):
        rng = random.Random(500 + seed)
        start = new_game([f"P{i}" for i in range(n)], rng)
        turns = []
        state = start
        while state.turn_number < 6 + 5 * seed:
            turns.append(random_turn(state, rng).to_map())
            state, _ = apply(state, turns[-1])
        rule, history = _play(list(start.players), deal_of(start), turns)
        opened = from_deal(list(start.players), deal_of(start), visibility="open")
        for t in turns:
            opened, _ = apply(opened, t)
        me = rule.to_move
        v_rule, v_open = view_for(rule, me), view_for(opened, me)
        assert v_rule["visibility"] == "rulebook" and v_rule != v_open
        for level in ("random", "easy", "medium", "ismcts:150"):
            assert choose_turn(level, me, v_rule, history, seed=5) == choose_turn(level, me, v_open, history, seed=5)
            checked += 1
    assert checked == 16


def test_bot_modules_never_import_the_state() -> None:
    """No bot module names GameState (so it cannot take it, build it from scratch or inspect it)."""
    for path in sorted(BOTS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        assert "GameState" not in names, path.name
        if path.name != "arena.py":  # the arena is the referee: it holds the true state and hands out views
            assert "view_for" not in names, path.name


def test_a_state_is_refused() -> None:
    state = new_game(["A", "B"], random.Random(1))
    with pytest.raises(TypeError):
        choose_turn("medium", 0, state, [], seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        choose_turn("medium", 0, view_for(state, 0), state, seed=1)  # type: ignore[arg-type]
