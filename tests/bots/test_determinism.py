"""With an iteration budget a bot's choice depends only on (seed, seat, turn number, view, history)."""

from __future__ import annotations

import copy

import pytest

from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.levels import choose_turn
from patrician_qt.engine import CARD_BY_ID

from .helpers import positions


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_same_inputs_same_turn(visibility: str) -> None:
    for k, (_, view, history) in enumerate(positions(24, seed=21, visibility=visibility)):
        for level in ("random", "easy", "medium", "ismcts:100"):
            a = choose_turn(level, view["seat"], view, history, seed=k)
            b = choose_turn(level, view["seat"], copy.deepcopy(view), copy.deepcopy(history), seed=k)
            assert a == b, level


def test_seed_changes_random_choices() -> None:
    """The seed really is used: over many positions some random choices differ."""
    differ = 0
    for _, view, history in positions(60, seed=22):
        a = choose_turn("random", view["seat"], view, history, seed=1)
        b = choose_turn("random", view["seat"], view, history, seed=2)
        differ += a != b
    assert differ > 5


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_determinisation_is_consistent_with_knowledge(visibility: str) -> None:
    """Sampled hands keep the known cards, have the right sizes, and the pile has the right size."""
    import random

    for state, view, history in positions(150, seed=23, visibility=visibility):
        det = Determinizer(view, history)
        st = det.sample(random.Random(1))
        me = view["seat"]
        assert st.hands[me] == state.hands[me]
        assert st.deck_size == view["deck_size"]
        for s, p in enumerate(view["players"]):
            assert len(st.hands[s]) == p["hand_size"]
            if s != me:
                assert set(det.known[s]) <= set(st.hands[s])
                # what is truly held but not known is a starting card, and so is every guess for it
                for c in set(st.hands[s]) - set(det.known[s]):
                    assert CARD_BY_ID[_id(c)].star
        hidden_true = sorted(c for s in range(len(st.hands)) if s != me for c in state.hands[s])
        hidden_true += list(state.deck[state.deck_pos :])
        hidden_guess = sorted(c for s in range(len(st.hands)) if s != me for c in st.hands[s]) + list(st.deck)
        assert sorted(hidden_true) == sorted(hidden_guess)
        assert st.stacks == state.stacks  # every played card was seen (R8): the history tells each stack


def test_a_rulebook_seat_with_a_partial_history_guesses_the_stacks_it_never_saw() -> None:
    """A seat that joined late (its history misses turns) still gets whole, consistent states."""
    import random

    checked = 0
    for state, view, history in positions(120, seed=24):
        late = history[len(history) // 2 :]
        det = Determinizer(view, late)
        me = view["seat"]
        for k in range(3):
            st = det.sample(random.Random(k))
            assert [len(s) for s in st.stacks] == [len(s) for s in state.stacks]
            assert st.stacks[me] == state.stacks[me]
            assert all(s[-1:] == t[-1:] for s, t in zip(st.stacks, state.stacks, strict=True))
            cards = [c for h in st.hands for c in h] + [c for s in st.stacks for c in s] + list(st.deck)
            cards += [c for c in st.board if c >= 0]
            assert sorted(cards) == sorted(
                [c for h in state.hands for c in h] + [c for s in state.stacks for c in s]
                + list(state.deck[state.deck_pos :]) + [c for c in state.board if c >= 0]
            )
        checked += bool(det.stack_slots)
        turn = choose_turn("ismcts:50", me, view, late, seed=3)
        assert turn == choose_turn("ismcts:50", me, copy.deepcopy(view), copy.deepcopy(late), seed=3)
    assert checked > 30


def _id(index: int) -> str:
    from patrician_qt.engine.cards import CARD_IDS

    return CARD_IDS[index]


@pytest.mark.parametrize("n_players", [2, 4])
def test_the_search_is_the_same_with_its_memo_of_city_parts(n_players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search remembers its leaves' city parts (``remembered_values``): every root visit and summed reward
    is what it is when each leaf is scored by ``values`` from scratch, with random and with greedy playouts."""
    import random

    from patrician_qt.bots import ismcts
    from patrician_qt.bots.greedy import values

    configs = [ismcts.SearchConfig(iterations=400), ismcts.SearchConfig(iterations=60, playout_eps=1.0)]
    picked = [p for p in positions(40, 48, players=(n_players,))][::8]
    results = []
    for plain in (False, True):
        if plain:
            monkeypatch.setattr(ismcts, "remembered_values", lambda st, memo: values(st))
        results.append([
            (r.best, r.visits, r.rewards)
            for _, view, history in picked
            for cfg in configs
            for r in [ismcts.search(Determinizer(view, history), random.Random(5), cfg)]
        ])
    assert results[0] == results[1] and len(results[0]) == 2 * len(picked)
