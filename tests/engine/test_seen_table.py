"""The engine's ``SeenTable``: one seat's knowledge of a game, followed event by event, is at every moment the
very view ``view_for`` gives that seat (R26 at the rulebook table, R26a at an open one), and an event that
breaks what the seat knows is refused with a RecordError, never followed."""

from __future__ import annotations

import random

import pytest

from patrician_qt.engine import RecordError, new_game, random_turn, view_for
from patrician_qt.engine.cards import CARD_IDS
from patrician_qt.engine.rules import apply
from patrician_qt.engine.seen_table import SeenTable

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


def _followed(seed: int, n: int, seat: int, visibility: str) -> int:
    """Play a random legal game; after every turn the table the seat followed must say what view_for says."""
    rng = random.Random(seed)
    state = new_game(NAMES[:n], rng, visibility=visibility)
    table = SeenTable.at_deal(seat, view_for(state, seat), [])
    assert table.view(state.to_move) == view_for(state, seat)
    turns = 0
    while not state.over:
        state, events = apply(state, random_turn(state, rng))
        for event in events:
            table.apply(event)
        assert table.view(None if state.over else state.to_move) == view_for(state, seat), f"after turn {turns}"
        assert table.view(None if state.over else state.to_move, spectator=True) == view_for(state, None)
        turns += 1
    return turns


@pytest.mark.parametrize("n, seat, visibility", [(2, 0, "rulebook"), (3, 2, "open"), (4, 1, "rulebook"),
                                                 (5, 3, "open")])
def test_r26_r26a_a_seat_followed_event_by_event_sees_what_view_for_shows_it(n, seat, visibility):
    assert _followed(n * 13 + seat, n, seat, visibility) > 20


def test_r4_r6_the_deal_is_found_again_from_a_later_view_and_the_events_before_it():
    rng = random.Random(3)
    state = new_game(NAMES[:3], rng)
    first = view_for(state, 1)
    before = []
    for _ in range(5):
        state, events = apply(state, random_turn(state, rng))
        before += events
    table = SeenTable.at_deal(1, view_for(state, 1), list(reversed(before)))
    assert sorted(table.hand) == sorted(first["hand"])
    assert {c: v["card"] for c, v in first["cities"].items()} == table.city_card


def test_r8_a_card_the_seat_never_held_played_from_its_hand_is_refused():
    rng = random.Random(4)
    state = new_game(NAMES[:2], rng)
    seat = state.to_move
    table = SeenTable.at_deal(seat, view_for(state, seat), [])
    stranger = next(c for c in CARD_IDS if c not in table.hand)
    before = table.view(seat)
    with pytest.raises(RecordError, match="not in its hand"):
        table.apply({"e": "played", "seat": seat, "card": stranger})
    assert table.view(seat) == before


@pytest.mark.parametrize("view, words", [
    ({"players": []}, "2 to 5 players"),
    ({"players": [{}, {}]}, "whole number"),
])
def test_a_view_that_is_no_view_is_refused(view, words):
    with pytest.raises(RecordError, match=words):
        SeenTable(0, view)


def _dealt(seat: int = 0) -> tuple[SeenTable, str]:
    """A 2-player table at the deal as ``seat`` saw it, and a city in play."""
    state = new_game(NAMES[:2], random.Random(8))
    table = SeenTable.at_deal(seat, view_for(state, seat), [])
    return table, next(iter(table.towers))


def _built_nothing(table: SeenTable, city: str) -> dict:
    table.supply[1] = 0
    return {"e": "built", "seat": 1, "city": city, "plot": "A"}


def _scored_again(table: SeenTable, city: str) -> dict:
    table.scored[city] = True
    return {"e": "built", "seat": 1, "city": city, "plot": "A"}


def _wrong_tiles(table: SeenTable, city: str) -> dict:
    return {"e": "scored", "city": city, "awards": [[0, 1], [1, 1]]}


def _tile_to_nobody(table: SeenTable, city: str) -> dict:
    high, low = table.city_tiles[city]
    return {"e": "scored", "city": city, "awards": [[7, high], [None, low]]}


def _took_elsewhere(table: SeenTable, city: str) -> dict:
    other = next(c for c in CARD_IDS if c != table.city_card[city])
    return {"e": "took", "seat": 1, "city": city, "card": other}


def _laid_on_a_card(table: SeenTable, city: str) -> dict:
    return {"e": "revealed", "city": city, "card": CARD_IDS[0]}


def _other_result(table: SeenTable, city: str) -> dict:
    return {"e": "ended", "result": {"cities": {}}}


def _played_with_no_cards(table: SeenTable, city: str) -> dict:
    table.hand_sizes[1] = 0
    return {"e": "played", "seat": 1, "card": CARD_IDS[0]}


@pytest.mark.parametrize("spoil, words", [
    (lambda t, c: {"e": "built", "seat": 1, "city": c, "plot": "C"}, "not an event of the game"),
    (_built_nothing, "without a floor"),
    (_scored_again, "after it was scored"),
    (lambda t, c: {"e": "relocated", "city": c, "from": "A"}, "no floor to move"),
    (_wrong_tiles, "cannot be scored so"),
    (_tile_to_nobody, "went to no seat"),
    (_took_elsewhere, "where it did not lie"),
    (_laid_on_a_card, "no card to lay there"),
    (_other_result, "not the towers the events built"),
    (_played_with_no_cards, "did not have"),
])
def test_r8_r23_an_event_that_breaks_what_the_seat_knows_is_refused_and_changes_nothing_shown(spoil, words):
    table, city = _dealt()
    event = spoil(table, city)
    before = table.view(0)
    with pytest.raises(RecordError, match=words):
        table.apply(event)
    assert table.view(0) == before
