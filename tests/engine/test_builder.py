"""The UI's step-by-step turn builder: every option leads to a legal turn, every legal turn is reachable."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from patrician_qt.engine import TurnBuilder, apply, legal_turns, state_from_view, view_for

from .factory import fresh, give, lay, random_position, set_towers


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
    assert b.step == "card" and set(b.options()) == {"BOL-4", "ROM-2", "LUC-1"}
    b.choose("BOL-4")
    assert b.step == "build" and b.city == "Bologna" and b.floors_to_place == 1
    b.choose("B")
    assert b.step == "relocate"
    assert b.options() == [None, ("Siena", "A"), ("Siena", "B")]
    b.choose(("Siena", "B"))
    assert b.step == "take" and b.options() == ["Bologna"]
    b.choose("Bologna")
    assert b.step == "done"
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
