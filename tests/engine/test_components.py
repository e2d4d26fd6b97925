"""R1–R3: cities, the deck and the players' floors and colours."""

from collections import Counter

import pytest

from patrician_qt.engine import (
    CARDS,
    CITIES,
    cards_in_play,
    cities_in_play,
    default_colors,
    floors_per_player,
)


def test_r1_ten_cities_with_floor_totals_and_fame_tiles():
    assert [c.name for c in CITIES] == [
        "Bologna", "Firenze", "Roma", "Pistoia", "Lucca", "Siena", "Milano", "Ferrara", "Parma", "Verona",
    ]  # fmt: skip
    for city in CITIES:
        assert city.floors in (9, 7, 5)
        assert city.tiles == (city.floors, city.floors - 3)
    assert [c.name for c in CITIES if c.five_players_only] == ["Pistoia"]


def test_r2_totals_of_the_deck():
    assert len(CARDS) == 55
    assert len({c.id for c in CARDS}) == 55
    assert sum(c.arms == 2 for c in CARDS) == 17
    head_cards = [c for c in CARDS if c.head]
    assert len(head_cards) == 27
    assert sum(c.heads for c in head_cards) == 30
    assert sum(c.star for c in CARDS) == 17
    assert sum(c.star for c in CARDS if c.city != "Pistoia") == 16
    assert sum(c.action == "relocate" for c in CARDS) == 7
    assert sum(c.action == "take-any" for c in CARDS) == 4


def test_r2_heads_per_kind_match_the_published_totals():
    for kind, (starred, plain, double) in {"lady": (6, 2, 1), "cap": (6, 2, 1), "beard": (5, 3, 1)}.items():
        cards = [c for c in CARDS if c.head == kind]
        assert sum(c.star for c in cards) == starred
        assert sum(not c.star and c.heads == 1 for c in cards) == plain
        assert sum(c.heads == 2 for c in cards) == double


def test_r2_a_card_shows_exactly_one_extra_unless_it_has_two_arms():
    for c in CARDS:
        extras = (c.head is not None) + (c.action is not None)
        assert extras == (1 if c.arms == 1 else 0), c.id
        assert (c.heads > 0) == (c.head is not None)


def test_r2_arms_of_a_city_add_up_to_its_floor_total():
    arms = Counter()
    count = Counter()
    for c in CARDS:
        arms[c.city] += c.arms
        count[c.city] += 1
    for city in CITIES:
        assert arms[city.name] == city.floors
    assert count == {"Bologna": 7, "Firenze": 7, "Roma": 7, "Pistoia": 7, "Lucca": 5, "Siena": 5, "Milano": 5,
                     "Ferrara": 4, "Parma": 4, "Verona": 4}  # fmt: skip


def test_r2_without_pistoia_48_cards_and_63_floors():
    ids = cards_in_play(4)
    assert len(ids) == 48
    assert sum(c.arms for c in CARDS if c.id in ids) == 63


@pytest.mark.parametrize(("n", "floors"), [(2, 39), (3, 29), (4, 21), (5, 21)])
def test_r3_floors_per_player(n, floors):
    assert floors_per_player(n) == floors


def test_r3_colours():
    assert default_colors(2) == ("black", "white")
    assert default_colors(3) == ("black", "white", "red")
    assert set(default_colors(5)) == {"black", "white", "red", "yellow", "blue"}


@pytest.mark.parametrize("n", [0, 1, 6])
def test_r3_only_two_to_five_players(n):
    with pytest.raises(ValueError, match="R3"):
        floors_per_player(n)


def test_r4_pistoia_only_with_five_players():
    assert "Pistoia" not in cities_in_play(4)
    assert len(cities_in_play(2)) == 9
    assert len(cities_in_play(5)) == 10
    assert len(cards_in_play(5)) == 55
