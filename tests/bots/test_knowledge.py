"""What a bot knows from the public history: the cards each opponent took face up and still holds."""

from __future__ import annotations

import pytest

from patrician_qt.bots.base import known_holdings, turn_number
from patrician_qt.bots.levels import normalize
from patrician_qt.engine import CARD_BY_ID

from .helpers import positions


def test_known_holdings_are_exactly_the_drawn_cards_still_held() -> None:
    for state, view, history in positions(300, seed=41):
        me = view["seat"]
        known = known_holdings(view, history)
        assert set(known) == set(range(len(view["players"]))) - {me}
        for seat, cards in known.items():
            true_hand = {_id(i) for i in state.hands[seat]}
            assert set(cards) <= true_hand
            # whatever is not known is a starting card still held from the deal
            assert all(CARD_BY_ID[c].star for c in true_hand - set(cards))
        assert turn_number(view) == state.turn_number


def test_a_stale_history_never_claims_more_than_the_hand() -> None:
    _, view, history = next(iter(positions(1, seed=42, players=(2,))))
    fake = [{"e": "took", "seat": 1 - view["seat"], "city": "Roma", "card": c} for c in _unseen(view)[:6]]
    known = known_holdings(view, history + fake)
    assert len(known[1 - view["seat"]]) <= view["players"][1 - view["seat"]]["hand_size"]


def test_level_names() -> None:
    assert normalize("greedy") == "medium"
    assert normalize("ismcts") == "hard"
    for level in ("random", "easy", "medium", "hard", "expert", "ismcts:100:3:0.5"):
        assert normalize(level)
    with pytest.raises(ValueError):
        normalize("godlike")


def _id(index: int) -> str:
    from patrician_qt.engine.cards import CARD_IDS

    return CARD_IDS[index]


def _unseen(view: dict) -> list[str]:
    from patrician_qt.engine import unseen_cards

    return unseen_cards(view)
