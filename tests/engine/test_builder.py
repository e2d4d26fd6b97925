"""The UI's step-by-step turn builder: every option leads to a legal turn, every legal turn is reachable."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from patrician_qt.engine import Turn, TurnBuilder, apply, legal_turns, state_from_view, total_floors, view_for
from patrician_qt.engine.builder import STEPS
from patrician_qt.engine.cards import CITY_INDEX

from . import oracle
from .factory import fill_board, fresh, give, lay, random_position, set_towers
from .positions import POSITIONS, nothing_to_take, relocate_take_any_and_r16, short_of_floors


def all_turns(builder: TurnBuilder) -> set:
    """Walk every branch of the builder and collect the finished turns."""
    if builder.step == "done":
        return {builder.turn()}
    out = set()
    for option in builder.options():
        builder.choose(option)
        out |= all_turns(builder)
        assert builder.back()
    return out


def test_steps_for_a_relocate_card():
    st = fresh(3)
    give(st, 0, "BOL-4", "ROM-2", "LUC-1")
    set_towers(st, "Siena", [0], [1])
    lay(st, "Bologna", "BOL-6")
    b = TurnBuilder(st)
    steps = [b.step]
    assert b.step == "card" and set(b.options()) == {"BOL-4", "ROM-2", "LUC-1"}
    b.choose("BOL-4")
    steps.append(b.step)
    assert b.step == "build" and b.city == "Bologna" and b.floors_to_place == 1
    b.choose("B")
    steps.append(b.step)
    assert b.step == "relocate"
    assert b.options() == [None, ("Siena", "A"), ("Siena", "B")]
    b.choose(("Siena", "B"))
    steps.append(b.step)
    assert b.step == "take" and b.options() == ["Bologna"]
    b.choose("Bologna")
    steps.append(b.step)
    assert b.step == "done"
    assert tuple(steps) == STEPS
    t = b.turn()
    assert t.to_map() == {
        "card": "BOL-4",
        "build": ["B"],
        "relocate": {"city": "Siena", "from": "B"},
        "take": "Bologna",
    }
    apply(st, t)
    assert b.back() and b.step == "take"


def test_refused_options_are_explained_with_the_rule():
    st = fresh(3)
    give(st, 0, "PAR-1", "ROM-2", "LUC-1")
    set_towers(st, "Parma", [1, 2, 1, 2], [])
    b = TurnBuilder(st)
    with pytest.raises(ValueError, match="R8"):
        b.choose("FIR-6")
    b.choose("PAR-1")
    assert b.options() == ["B"]
    assert b.explain("A").startswith("R11")
    with pytest.raises(ValueError, match="R11"):
        b.choose("A")
    with pytest.raises(ValueError, match="not finished"):
        b.turn()


@settings(max_examples=60, deadline=None)
@given(seed=st_.integers(0, 10**6), n=st_.integers(2, 5), depth=st_.integers(0, 60))
def test_builder_reaches_exactly_legal_turns(seed, n, depth):
    position = random_position(seed, n, depth)
    if position is None:
        return
    st, _ = position
    legal = legal_turns(st)
    assert all_turns(TurnBuilder(st)) == set(legal)
    # the builder works the same from the seat's view alone (what the UI has)
    assert all_turns(TurnBuilder(state_from_view(view_for(st, st.to_move)))) == set(legal)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_r8_to_r19_builder_reaches_exactly_the_reference_turns(name):
    """Fixed positions with every special case, so no builder mutant depends on hypothesis's draws."""
    st = POSITIONS[name]()
    assert all_turns(TurnBuilder(st)) == oracle.legal_turns(st)
    assert all_turns(TurnBuilder(state_from_view(view_for(st, st.to_move)))) == oracle.legal_turns(st)


def test_steps_before_and_after_choices():
    st = relocate_take_any_and_r16()
    b = TurnBuilder(st)
    assert (b.card, b.city, b.floors_to_place, b.choices) == (None, None, 0, ())
    assert not b.back()
    b.choose("ROM-2")
    assert (b.card, b.city, b.floors_to_place, b.step) == ("ROM-2", "Roma", 1, "build")
    b.choose("A")
    assert b.step == "take"  # a plain card has no relocation step
    # R16: any other city with a card
    assert b.options() == ["Bologna", "Firenze", "Lucca", "Siena", "Milano", "Ferrara", "Parma", "Verona"]
    b.choose("Verona")
    assert b.step == "done" and b.options() == []
    assert b.turn() == Turn("ROM-2", ("A",), None, "Verona")
    assert b.explain("Roma") == "the turn is complete: confirm it or undo a step"
    b.reset()
    assert b.choices == () and b.step == "card"


def test_a_relocate_card_with_nowhere_to_relocate_has_no_relocation_step():
    st = fresh(3)
    give(st, 0, "BOL-4", "ROM-2", "LUC-1")
    lay(st, "Bologna", "BOL-6")
    b = TurnBuilder(st)
    b.choose("BOL-4")
    b.choose("A")
    assert b.step == "take" and b.options() == ["Bologna"]
    b.choose("Bologna")
    assert b.turn() == Turn("BOL-4", ("A",), None, "Bologna")


def test_r17_without_any_face_up_card_the_turn_ends_after_the_relocation():
    st = nothing_to_take()
    b = TurnBuilder(st)
    b.choose("MIL-3")
    b.choose("B")
    assert b.step == "relocate"
    assert b.options() == [None, ("Parma", "A"), ("Parma", "B"), ("Verona", "A"), ("Verona", "B")]
    b.choose(("Parma", "B"))
    assert b.step == "done"
    assert b.turn() == Turn("MIL-3", ("B",), ("Parma", "B"), None)
    b.back()
    b.choose(None)
    assert b.turn() == Turn("MIL-3", ("B",), None, None)


def test_r19_out_of_floors_the_builder_skips_the_build():
    st = short_of_floors(0)
    b = TurnBuilder(st)
    b.choose("ROM-6")
    assert b.floors_to_place == 0 and b.step == "take"
    b.choose("Roma")
    assert b.turn() == Turn("ROM-6", (), None, "Roma")


def test_r13_refused_relocations_are_explained_with_the_rule():
    st = relocate_take_any_and_r16()
    b = TurnBuilder(st)
    b.choose("BOL-4")
    b.choose("B")
    assert b.step == "relocate"
    assert b.explain("Siena") == "R13: choose a tower to move the top floor from, or skip"
    assert b.explain(("Siena",)) == "R13: choose a tower to move the top floor from, or skip"
    assert b.explain(("Bologna", "A")) == "R13: you may not relocate in Bologna, the city you just built in"
    assert b.explain(("Firenze", "A")) == "R13: Firenze is already scored"
    assert b.explain(("Milano", "A")) == "R13: you have no floor in Milano"
    assert b.explain(("Lucca", "B")) == "R13: there is no floor to move on plot B of Lucca"
    with pytest.raises(ValueError, match="R13: you have no floor in Milano"):
        b.choose(("Milano", "B"))
    assert b.choices == ("BOL-4", "B")


def test_r14_r15_r16_refused_takes_are_explained_with_the_rule():
    st = relocate_take_any_and_r16()
    b = TurnBuilder(st)
    b.choose("ROM-2")
    b.choose("B")
    assert b.explain("Roma") == "R16: there is no face-up card at Roma"
    assert b.explain("Pistoia") == "R16: there is no face-up card at Pistoia"  # not in play with 3 players
    assert b.explain("Atlantis") == "R16: Atlantis has no card to take"
    b.reset()
    b.choose("FER-3")  # take-any
    b.choose("A")
    assert b.explain("Roma") == "R16: there is no face-up card at Roma"
    assert b.explain(None) == "R16: None has no card to take"
    lay(st, "Roma", "ROM-6")
    b = TurnBuilder(st)
    b.choose("ROM-2")
    b.choose("A")
    assert b.options() == ["Roma"]
    assert b.explain("Siena") == (
        "R14: you take the card at Roma, the city you built in (R15: only take-any cards allow another)"
    )
    with pytest.raises(ValueError, match="R14"):
        b.choose("Siena")


def test_refused_cards_and_plots_are_explained_with_the_rule():
    st = fresh(3)
    give(st, 0, "PAR-1", "ROM-2", "LUC-1")
    b = TurnBuilder(st)
    assert b.explain("FIR-6") == "R8: FIR-6 is not in your hand"
    b.choose("ROM-2")
    assert b.explain("C") == "R9: choose plot A or B"
    assert b.explain(None) == "R9: choose plot A or B"


def test_total_floors_is_the_city_total():
    assert [total_floors(c) for c in ("Bologna", "Lucca", "Verona")] == [9, 7, 5]


def test_r23_no_builder_for_a_finished_game():
    st = fresh(2)
    st.over = True
    with pytest.raises(ValueError, match=r"^the game is over \(R23\)$"):
        TurnBuilder(st)


def test_r13_refusals_in_bologna_the_first_city_and_for_unknown_names():
    """Bologna is city number 0 and BOL-1 card number 0 inside the engine: neither means "none"."""
    st = fresh(3)
    give(st, 0, "FIR-5", "ROM-2", "LUC-1")  # FIR-5: relocate, builds in Firenze
    fill_board(st)
    set_towers(st, "Bologna", [1], [2])
    st.scored[CITY_INDEX["Bologna"]] = True
    set_towers(st, "Roma", [], [0])  # seat 0's floor only on plot B
    set_towers(st, "Firenze", [1], [])
    b = TurnBuilder(st)
    b.choose("FIR-5")
    b.choose("A")
    assert b.step == "relocate"
    assert b.explain(("Bologna", "A")) == "R13: Bologna is already scored"
    assert b.explain(("Roma", "A")) == "R13: there is no floor to move on plot A of Roma"
    assert b.explain(("Atlantis", "A")) == "R13: there is no floor to move on plot A of Atlantis"
    st.scored[CITY_INDEX["Bologna"]] = False
    assert b.explain(("Bologna", "B")) == "R13: you have no floor in Bologna"


def test_r14_r16_refused_takes_with_card_number_0_and_empty_cities():
    st = fresh(3)
    give(st, 0, "BOL-2", "ROM-2", "LUC-1")
    fill_board(st)
    lay(st, "Bologna", "BOL-1")
    lay(st, "Firenze", None)
    b = TurnBuilder(st)
    b.choose("BOL-2")
    b.choose("A")
    assert b.options() == ["Bologna"]
    r14 = "R14: you take the card at Bologna, the city you built in (R15: only take-any cards allow another)"
    assert b.explain("Roma") == r14
    assert b.explain("Atlantis") == r14
    assert b.explain(None) == r14
    assert b.explain("Firenze") == "R16: there is no face-up card at Firenze"
    b.reset()
    b.choose("ROM-2")
    b.choose("A")
    assert b.explain("Bologna") == (
        "R14: you take the card at Roma, the city you built in (R15: only take-any cards allow another)"
    )
    lay(st, "Bologna", None)
    assert b.explain("Bologna") == "R16: there is no face-up card at Bologna"


def test_preview_before_a_card_is_none_and_after_it_shows_the_city_as_it_stands():
    st = fresh(3)
    give(st, 0, "BOL-6", "ROM-2", "LUC-1")
    set_towers(st, "Bologna", [1], [2, 2])
    b = TurnBuilder(st)
    assert b.preview() is None and b.preview("A") is None  # no card yet: no city to show
    b.choose("BOL-6")
    shown = b.preview()
    assert (shown.city, shown.towers, shown.completes, shown.awards) == ("Bologna", ((1,), (2, 2)), False, ())


def test_preview_of_a_two_floor_card_adds_each_legal_plot_on_top_of_the_floors_chosen():
    st = fresh(3)
    give(st, 0, "BOL-6", "ROM-2", "LUC-1")
    set_towers(st, "Bologna", [1], [2, 2])
    b = TurnBuilder(st)
    b.choose("BOL-6")
    assert b.preview("A").towers == ((1, 0), (2, 2))
    assert b.preview("B").towers == ((1,), (2, 2, 0))
    b.choose("B")
    assert b.card == "BOL-6" and b.choices == ("BOL-6", "B")  # the card, not the last choice
    assert b.preview().towers == ((1,), (2, 2, 0))
    assert b.preview("A").towers == ((1, 0), (2, 2, 0))  # the next floor after the one chosen
    assert b.preview("B").towers == ((1,), (2, 2, 0, 0))
    assert b.preview("B").standing[1].leader == 0  # three of five floors of tower B


def test_preview_refuses_an_illegal_plot_and_shows_the_awards_of_a_legal_last_floor():
    st = fresh(3)
    give(st, 0, "FER-1", "ROM-2", "LUC-1")
    set_towers(st, "Ferrara", [1, 2, 1, 2], [])
    b = TurnBuilder(st)
    b.choose("FER-1")
    assert b.options() == ["B"]
    assert b.preview("A") is None  # R11: the last floor must go on the empty plot
    assert b.preview("C") is None  # not a plot at all
    last = b.preview("B")
    assert last.towers == ((1, 2, 1, 2), (0,)) and last.completes
    assert last.awards == ((2, 5), (0, 2))  # R21: seat 2 owns the top of the tied floors; R20: B to seat 0


def test_preview_after_the_build_step_shows_the_built_floors_and_no_more():
    st = fresh(3)
    give(st, 0, "BOL-4", "ROM-2", "LUC-1")
    set_towers(st, "Siena", [0], [1])
    lay(st, "Bologna", "BOL-6")
    b = TurnBuilder(st)
    b.choose("BOL-4")
    b.choose("B")
    assert b.step == "relocate"
    assert b.preview("A") is None  # the build is over: no further floor to place
    assert b.preview().towers == ((), (0,))
    b.choose(("Siena", "B"))
    assert b.step == "take" and b.card == "BOL-4"
    assert b.preview().towers == ((), (0,))  # the relocation is not one of the card's floors
    assert b.preview("Bologna") is None
    b.choose("Bologna")
    assert b.step == "done" and b.preview().towers == ((), (0,)) and b.preview("B") is None
