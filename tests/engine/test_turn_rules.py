"""R8–R19 and R23: what a turn may be and what it does, with the rule named on refusal."""

import pytest

from patrician_qt.engine import IllegalTurn, TurnBuilder, apply, legal_turns, view_for
from patrician_qt.engine.cards import CARD_INDEX, CITY_INDEX

from .factory import fill_board, fresh, give, lay, set_towers, turn


def rejects(st, t, rule, text=""):
    """Assert the turn is refused citing ``rule`` and that nothing changed."""
    before = [view_for(st, s) for s in range(st.n_players)]
    with pytest.raises(IllegalTurn) as err:
        apply(st, t)
    assert err.value.rule == rule, str(err.value)
    assert str(err.value).startswith(f"{rule}: ")
    assert text in str(err.value)
    assert [view_for(st, s) for s in range(st.n_players)] == before
    return err.value


def test_r8_the_card_goes_from_hand_to_the_public_stack():
    st = fresh(3)
    give(st, 0, "BOL-1", "ROM-2", "LUC-1")
    lay(st, "Bologna", "BOL-6")
    new, events = apply(st, turn("BOL-1", ["A"], take="Bologna"))
    assert CARD_INDEX["BOL-1"] not in new.hands[0]
    assert new.stacks[0][-1] == CARD_INDEX["BOL-1"]
    assert events[0] == {"e": "played", "seat": 0, "card": "BOL-1"}
    assert view_for(new, 1)["players"][0]["stack"] == ["BOL-1"]


def test_r8_a_card_not_in_hand_is_refused():
    st = fresh(3)
    give(st, 0, "BOL-1", "ROM-2", "LUC-1")
    give(st, 1, "FIR-1", "FIR-2", "SIE-1")
    rejects(st, turn("FIR-1", ["A"], take="Firenze"), "R8", "not in your hand")
    rejects(st, turn("NOPE-1", ["A"], take="Firenze"), "R8")


def test_r9_one_floor_per_arms_on_the_chosen_plots():
    st = fresh(3)
    give(st, 0, "BOL-6", "ROM-2", "LUC-1")
    lay(st, "Bologna", "BOL-7")
    new, events = apply(st, turn("BOL-6", ["A", "B"], take="Bologna"))
    c = CITY_INDEX["Bologna"]
    assert new.towers[2 * c] == (0,) and new.towers[2 * c + 1] == (0,)
    assert new.supply[0] == st.supply[0] - 2
    assert [e for e in events if e["e"] == "built"] == [
        {"e": "built", "seat": 0, "city": "Bologna", "plot": "A"},
        {"e": "built", "seat": 0, "city": "Bologna", "plot": "B"},
    ]
    both_on_one, _ = apply(st, turn("BOL-6", ["B", "B"], take="Bologna"))
    assert both_on_one.towers[2 * c + 1] == (0, 0)


def test_r9_the_number_of_floors_must_match_the_arms():
    st = fresh(3)
    give(st, 0, "BOL-6", "ROM-2", "LUC-1")
    lay(st, "Bologna", "BOL-7")
    rejects(st, turn("BOL-6", ["A"], take="Bologna"), "R9", "builds 2")
    rejects(st, turn("ROM-2", ["A", "A"], take="Roma"), "R9")


def test_r9_the_refusal_names_the_card_played_and_its_city():
    """A player reads which card builds how many floors where, not just a rule number."""
    st = fresh(3)
    give(st, 0, "BOL-6", "ROM-2", "LUC-1")
    lay(st, "Bologna", "BOL-7")
    two = rejects(st, turn("BOL-6", ["A"], take="Bologna"), "R9")
    assert str(two) == "R9: the Bologna card BOL-6 builds 2 floor(s) in Bologna, not 1"
    one = rejects(st, turn("ROM-2", ["A", "A"], take="Roma"), "R9")
    assert str(one) == "R9: the Roma card ROM-2 builds 1 floor(s) in Roma, not 2"


def test_r9_floors_go_on_top_of_what_is_there():
    st = fresh(3)
    give(st, 1, "SIE-1", "ROM-2", "LUC-1")
    st.to_move = 1
    set_towers(st, "Siena", [0, 2], [])
    new, _ = apply(st, turn("SIE-1", ["A"], take="Siena"))
    assert new.towers[2 * CITY_INDEX["Siena"]] == (0, 2, 1)


def test_r10_a_card_builds_only_what_the_city_has_left():
    st = fresh(3)
    give(st, 0, "FER-4", "ROM-2", "LUC-1")
    set_towers(st, "Ferrara", [1, 2, 1], [2])
    lay(st, "Ferrara", "FER-1")
    rejects(st, turn("FER-4", ["A", "B"], take="Ferrara"), "R10", "only 1 floor")
    new, _ = apply(st, turn("FER-4", ["B"], take="Ferrara"))
    assert new.built[CITY_INDEX["Ferrara"]] == 5


def test_r11_last_floor_goes_to_empty_plot():
    st = fresh(3)
    give(st, 0, "PAR-1", "ROM-2", "LUC-1")
    set_towers(st, "Parma", [1, 2, 1, 2], [])
    lay(st, "Parma", "PAR-2")
    err = rejects(st, turn("PAR-1", ["A"], take="Parma"), "R11", "empty plot B")
    assert "Parma" in str(err)
    new, _ = apply(st, turn("PAR-1", ["B"], take="Parma"))
    assert new.towers[2 * CITY_INDEX["Parma"] + 1] == (0,)


def test_r11_with_two_arms_the_first_floor_may_fill_the_empty_plot():
    st = fresh(3)
    give(st, 0, "PAR-4", "ROM-2", "LUC-1")
    set_towers(st, "Parma", [1, 2, 1], [])
    lay(st, "Parma", "PAR-2")
    rejects(st, turn("PAR-4", ["A", "A"], take="Parma"), "R11")
    builds = {t.build for t in legal_turns(st) if t.card == "PAR-4"}
    assert builds == {("A", "B"), ("B", "A"), ("B", "B")}


def test_r12_a_completed_city_is_scored_at_once_before_the_special_action():
    st = fresh(3)
    give(st, 0, "LUC-3", "ROM-2", "SIE-1")  # LUC-3 is a relocate card
    set_towers(st, "Lucca", [0, 0, 1], [2, 2, 1])
    set_towers(st, "Siena", [0], [1])
    lay(st, "Lucca", "LUC-1")
    new, events = apply(st, turn("LUC-3", ["A"], relocate=("Siena", "A"), take="Lucca"))
    kinds = [e["e"] for e in events]
    assert kinds.index("scored") < kinds.index("relocated")
    scored = next(e for e in events if e["e"] == "scored")
    assert scored == {"e": "scored", "city": "Lucca", "awards": [[0, 7], [2, 4]]}
    assert new.scored[CITY_INDEX["Lucca"]]
    assert ((CITY_INDEX["Lucca"], 7)) in new.tiles[0]


def test_r13_relocate_moves_the_top_floor_to_the_other_plot():
    st = fresh(3)
    give(st, 0, "BOL-4", "ROM-2", "LUC-1")
    set_towers(st, "Siena", [1, 0, 2], [1])
    lay(st, "Bologna", "BOL-6")
    new, events = apply(st, turn("BOL-4", ["A"], relocate=("Siena", "A"), take="Bologna"))
    s = CITY_INDEX["Siena"]
    assert new.towers[2 * s] == (1, 0) and new.towers[2 * s + 1] == (1, 2)
    assert {"e": "relocated", "seat": 0, "city": "Siena", "from": "A", "to": "B"} in events


def test_r13_the_moved_floor_may_leave_its_plot_empty_and_any_colour_moves():
    st = fresh(3)
    give(st, 0, "BOL-4", "ROM-2", "LUC-1")
    set_towers(st, "Siena", [0], [2, 1])
    lay(st, "Bologna", "BOL-6")
    new, _ = apply(st, turn("BOL-4", ["A"], relocate=("Siena", "A"), take="Bologna"))
    s = CITY_INDEX["Siena"]
    assert new.towers[2 * s] == () and new.towers[2 * s + 1] == (2, 1, 0)


def test_r13_declining_is_allowed():
    st = fresh(3)
    give(st, 0, "BOL-4", "ROM-2", "LUC-1")
    set_towers(st, "Siena", [0], [])
    lay(st, "Bologna", "BOL-6")
    apply(st, turn("BOL-4", ["A"], relocate=None, take="Bologna"))


def test_r13_restrictions():
    st = fresh(3)
    give(st, 0, "BOL-4", "ROM-2", "LUC-1")
    set_towers(st, "Bologna", [0], [0])
    set_towers(st, "Siena", [1], [2])
    set_towers(st, "Ferrara", [0, 1, 1], [0, 1])
    st.scored[CITY_INDEX["Ferrara"]] = True
    set_towers(st, "Verona", [], [0])
    lay(st, "Bologna", "BOL-6")
    rejects(st, turn("BOL-4", ["A"], relocate=("Bologna", "A"), take="Bologna"), "R13", "just built in")
    rejects(st, turn("BOL-4", ["A"], relocate=("Siena", "A"), take="Bologna"), "R13", "no floor in Siena")
    rejects(st, turn("BOL-4", ["A"], relocate=("Ferrara", "A"), take="Bologna"), "R13", "already scored")
    rejects(st, turn("BOL-4", ["A"], relocate=("Verona", "A"), take="Bologna"), "R13", "empty")
    rejects(st, turn("BOL-4", ["A"], relocate=("Pistoia", "A"), take="Bologna"), "R13", "not a city in play")
    give(st, 0, "BOL-1", "ROM-2", "LUC-1")
    rejects(st, turn("BOL-1", ["A"], relocate=("Verona", "B"), take="Bologna"), "R13", "only a relocate card")


def test_r13_rulebook_example_marianne_relocates_in_milano():
    # Marianne (seat 1) plays a relocate card elsewhere; in Milano the tower A is [Marianne, Ben, Ben]
    # and tower B [Marianne]. Moving Ben's top floor from A to B takes the majority of A for nobody
    # else: A becomes [Marianne, Ben] (tie, Ben's floor is higher) and B [Marianne, Ben].
    st = fresh(3)
    st.to_move = 1
    give(st, 1, "FIR-5", "ROM-2", "LUC-1")
    set_towers(st, "Milano", [1, 0, 0], [1])
    lay(st, "Firenze", "FIR-6")
    new, _ = apply(st, turn("FIR-5", ["A"], relocate=("Milano", "A"), take="Firenze"))
    m = CITY_INDEX["Milano"]
    assert new.towers[2 * m] == (1, 0)
    assert new.towers[2 * m + 1] == (1, 0)


def test_r14_take_the_card_at_the_city_built_in_and_r18_replenish():
    st = fresh(3)
    give(st, 0, "ROM-2", "BOL-1", "LUC-1")
    lay(st, "Roma", "ROM-6")
    top = st.deck[st.deck_pos]
    rejects(st, turn("ROM-2", ["A"], take="Siena"), "R14", "the city you built in")
    rejects(st, turn("ROM-2", ["A"], take=None), "R14")
    new, events = apply(st, turn("ROM-2", ["A"], take="Roma"))
    assert CARD_INDEX["ROM-6"] in new.hands[0]
    assert new.board[CITY_INDEX["Roma"]] == top  # R18
    assert new.deck_size == st.deck_size - 1
    assert {"e": "took", "seat": 0, "city": "Roma", "card": "ROM-6"} in events
    assert events[-1]["e"] == "revealed" and events[-1]["city"] == "Roma"


def test_r15_take_any_may_take_any_city_including_the_one_built_in():
    st = fresh(3)
    give(st, 0, "BOL-5", "ROM-2", "LUC-1")
    fill_board(st)
    takes = {t.take for t in legal_turns(st) if t.card == "BOL-5"}
    assert takes == {"Bologna", "Firenze", "Roma", "Lucca", "Siena", "Milano", "Ferrara", "Parma", "Verona"}
    apply(st, turn("BOL-5", ["A"], take="Verona"))
    lay(st, "Siena", None)
    rejects(st, turn("BOL-5", ["A"], take="Siena"), "R15", "no face-up card at Siena")


def test_r16_no_card_at_the_city_built_in_take_any_other():
    st = fresh(3)
    give(st, 0, "ROM-2", "BOL-1", "LUC-1")
    fill_board(st)
    lay(st, "Roma", None)
    lay(st, "Siena", None)
    takes = {t.take for t in legal_turns(st) if t.card == "ROM-2"}
    assert takes == {"Bologna", "Firenze", "Lucca", "Milano", "Ferrara", "Parma", "Verona"}
    rejects(st, turn("ROM-2", ["A"], take="Siena"), "R16")


def test_r17_no_face_up_card_left_skips_the_draw():
    st = fresh(3)
    give(st, 0, "ROM-2", "BOL-1", "LUC-1")
    for c in st.cities:
        st.board[c] = -1
    rejects(st, turn("ROM-2", ["A"], take="Roma"), "R17")
    new, events = apply(st, turn("ROM-2", ["A"], take=None))
    assert len(new.hands[0]) == 2
    assert not [e for e in events if e["e"] == "took"]


def test_r18_empty_pile_lays_nothing():
    st = fresh(3)
    give(st, 0, "ROM-2", "BOL-1", "LUC-1")
    lay(st, "Roma", "ROM-6")
    st.deck, st.deck_pos = (), 0
    new, events = apply(st, turn("ROM-2", ["A"], take="Roma"))
    assert new.board[CITY_INDEX["Roma"]] == -1
    assert not [e for e in events if e["e"] == "revealed"]


def test_r19_a_player_with_an_empty_hand_is_skipped():
    st = fresh(3)
    give(st, 0, "ROM-2")
    give(st, 1)
    give(st, 2, "BOL-1")
    for c in st.cities:
        st.board[c] = -1
    new, _ = apply(st, turn("ROM-2", ["A"]))
    assert new.to_move == 2


def test_r19_an_empty_supply_builds_nothing_but_still_plays_and_draws():
    st = fresh(4)
    give(st, 0, "ROM-6", "BOL-1", "LUC-1")
    st.supply[0] = 1
    lay(st, "Roma", "ROM-7")
    rejects(st, turn("ROM-6", ["A", "A"], take="Roma"), "R19", "1 floor(s) left")
    new, _ = apply(st, turn("ROM-6", ["A"], take="Roma"))
    assert new.supply[0] == 0
    st.supply[0] = 0
    empty, _ = apply(st, turn("ROM-6", [], take="Roma"))
    assert CARD_INDEX["ROM-7"] in empty.hands[0] and empty.supply[0] == 0


def test_r23_the_game_ends_when_no_player_has_a_card():
    st = fresh(2)
    give(st, 0, "ROM-2")
    give(st, 1)
    for c in st.cities:
        st.board[c] = -1
    new, events = apply(st, turn("ROM-2", ["A"]))
    assert new.over and view_for(new, 0)["to_move"] is None
    assert events[-1]["e"] == "ended"
    assert events[-1]["result"]["winners"]
    rejects(new, turn("ROM-2", ["A"]), "R23")
    assert legal_turns(new) == []
    with pytest.raises(ValueError, match=r"^the game is over \(R23\)$"):
        TurnBuilder(new)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"build": []},
        {"card": 3},
        {"card": "ROM-2", "build": "A"},
        {"card": "ROM-2", "build": ["C"]},
        {"card": "ROM-2", "build": ["A"], "relocate": "Siena"},
        {"card": "ROM-2", "build": ["A"], "relocate": {"city": "Siena", "from": "C"}},
        {"card": "ROM-2", "build": ["A"], "take": 5},
    ],
)
def test_malformed_turns_are_refused_without_a_rule(bad):
    st = fresh(3)
    give(st, 0, "ROM-2", "BOL-1", "LUC-1")
    with pytest.raises(IllegalTurn) as err:
        apply(st, bad)
    assert err.value.rule is None


def test_r19_after_an_empty_hand_play_goes_on_in_seat_order_with_4_players():
    """Seat 0 plays, seat 1 has no card: seat 2 is next, not seat 3 (with 3 players both ways meet)."""
    st = fresh(4)
    give(st, 0, "ROM-2", "LUC-1")
    give(st, 1)
    give(st, 2, "BOL-1")
    give(st, 3, "SIE-1")
    for c in st.cities:
        st.board[c] = -1
    new, _ = apply(st, turn("ROM-2", ["A"]))
    assert new.to_move == 2
    new, _ = apply(new, turn("BOL-1", ["A"]))
    assert new.to_move == 3
    new, _ = apply(new, turn("SIE-1", ["A"]))
    assert new.to_move == 0  # round the table, past seat 1 again


def test_r14_bol_1_face_up_is_a_card_to_take():
    """BOL-1 is card number 0 inside the engine; lying face up at Bologna it must be taken like any card."""
    st = fresh(3)
    give(st, 0, "BOL-2", "ROM-2", "LUC-1")
    fill_board(st)
    lay(st, "Bologna", "BOL-1")
    assert CARD_INDEX["BOL-1"] == 0
    assert {t.take for t in legal_turns(st) if t.card == "BOL-2"} == {"Bologna"}
    rejects(st, turn("BOL-2", ["A"], take="Roma"), "R14", "the city you built in")
    new, events = apply(st, turn("BOL-2", ["A"], take="Bologna"))
    assert 0 in new.hands[0]
    assert {"e": "took", "seat": 0, "city": "Bologna", "card": "BOL-1"} in events
    b = TurnBuilder(st)
    for choice in ("BOL-2", "A"):
        b.choose(choice)
    assert b.options() == ["Bologna"]
    assert b.explain("Roma").startswith("R14: you take the card at Bologna")


def test_r14_r18_bol_1_on_top_of_the_pile_is_laid_face_up():
    """Replenishing with card number 0 lays a card (R18), which the next player at that city must take."""
    st = fresh(3)
    give(st, 0, "ROM-2", "BOL-2", "LUC-1")
    bol_1 = CARD_INDEX["BOL-1"]
    st.hands = [tuple(c for c in h if c != bol_1) for h in st.hands]  # wherever the deal put it
    st.board = [-1 if c == bol_1 else c for c in st.board]
    st.deck = tuple(c for c in st.deck[st.deck_pos :] if c != bol_1)
    st.deck_pos = 0
    fill_board(st)
    st.deck = (bol_1, *st.deck[st.deck_pos :])  # on top of the pile
    st.deck_pos = 0
    assert st.board[CITY_INDEX["Roma"]] != bol_1
    new, events = apply(st, turn("ROM-2", ["A"], take="Roma"))
    assert new.board[CITY_INDEX["Roma"]] == 0
    assert events[-1] == {"e": "revealed", "city": "Roma", "card": "BOL-1"}


def test_r10_r19_when_both_cap_a_card_the_city_is_named():
    """Two arms, one floor left in the city and one in the supply: R10 is the reason, not R19."""
    st = fresh(3)
    give(st, 0, "FER-4", "ROM-2", "LUC-1")
    set_towers(st, "Ferrara", [1, 2, 1], [2])
    lay(st, "Ferrara", "FER-1")
    st.supply[0] = 1
    rejects(st, turn("FER-4", ["A", "B"], take="Ferrara"), "R10", "Ferrara has only 1 floor(s) left")
    st.supply[0] = 0
    rejects(st, turn("FER-4", ["B"], take="Ferrara"), "R19", "you have 0 floor(s) left, so this card builds 0")


def test_r11_the_message_names_the_empty_plot():
    st = fresh(3)
    give(st, 0, "PAR-1", "ROM-2", "LUC-1")
    set_towers(st, "Parma", [], [1, 2, 1, 2])
    lay(st, "Parma", "PAR-2")
    rejects(st, turn("PAR-1", ["B"], take="Parma"), "R11", "the last floor of Parma must go on the empty plot A")


def test_r14_to_r17_refused_takes_name_the_reason():
    st = fresh(3)
    give(st, 0, "ROM-2", "BOL-5", "LUC-1")  # BOL-5: take-any
    fill_board(st)
    rejects(st, turn("ROM-2", ["A"], take="Bologna"), "R14", "you must take the card at Roma, the city you built in")
    rejects(st, turn("ROM-2", ["A"], take="Pistoia"), "R14", "Pistoia is not a city in play")  # 3 players
    err = rejects(st, turn("ROM-2", ["A"], take=None), "R14")
    assert str(err) == "R14: you must take a face-up card"
    for name in ("Atlantis", "Pistoia"):  # unknown, and not in play: never taken, even with take-any
        rejects(st, turn("BOL-5", ["A"], take=name), "R14", f"{name} is not a city in play")
    for c in st.cities:
        st.board[c] = -1
    err = rejects(st, turn("ROM-2", ["A"], take="Roma"), "R17")
    assert str(err) == "R17: no face-up card is left, so nothing can be taken"


def test_r23_a_finished_game_refuses_every_turn_with_the_reason():
    st = fresh(2)
    give(st, 0, "ROM-2")
    give(st, 1)
    for c in st.cities:
        st.board[c] = -1
    new, _ = apply(st, turn("ROM-2", ["A"]))
    assert str(rejects(new, turn("ROM-2", ["A"]), "R23")) == "R23: the game is over"
