"""R26 (the rulebook table, the default) and R26a (the open table): what each view shows, clause by clause."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from patrician_qt.engine import (
    OPEN,
    RULEBOOK,
    GameState,
    RecordError,
    apply,
    check_visibility,
    from_deal,
    known_stacks,
    new_game,
    new_record,
    random_turn,
    read_record,
    replay,
    replay_result,
    score,
    stack_size,
    state_from_view,
    tiles_won,
    unseen_cards,
    view_for,
    write_record,
)
from patrician_qt.engine.cards import CARD_IDS, CITY_NAMES
from patrician_qt.engine.setup import deal_of

DATA = Path(__file__).parent.parent / "data"


def game(n: int, seed: int, visibility: str = RULEBOOK, stop: int | None = None) -> tuple[GameState, list[dict]]:
    """A seeded random game (to the end, or to ``stop`` turns) and its public events."""
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(n)], rng, visibility=visibility)
    history: list[dict] = []
    while not st.over and (stop is None or st.turn_number < stop):
        st, events = apply(st, random_turn(st, rng))
        history.extend(events)
    return st, history


def mid_game(n: int = 3, seed: int = 4, visibility: str = RULEBOOK) -> GameState:
    """A position late enough that every seat has played cards and some tiles were won."""
    for s in range(seed, seed + 50):
        st, _ = game(n, s, visibility, stop=8 * n)
        if not st.over and all(len(t) for t in st.tiles[:2]) and all(len(x) >= 3 for x in st.stacks):
            return st
    raise AssertionError("no position with tiles for two seats")


def ids(cards: tuple[int, ...]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def tiles(st: GameState, seat: int) -> list[list]:
    return [[CITY_NAMES[c], v] for c, v in st.tiles[seat]]


def test_r26_the_rulebook_table_is_the_default() -> None:
    assert new_game(["A", "B"], random.Random(1)).visibility == RULEBOOK
    assert new_game(["A", "B"], random.Random(1), visibility=OPEN).visibility == OPEN
    assert check_visibility("open") == OPEN
    with pytest.raises(ValueError, match="rulebook"):
        new_game(["A", "B"], random.Random(1), visibility="closed")
    with pytest.raises(ValueError, match="R26a"):
        check_visibility(None)


def test_r26_the_table_option_is_in_every_view() -> None:
    for vis in (RULEBOOK, OPEN):
        st = new_game(["A", "B", "C"], random.Random(2), visibility=vis)
        assert {view_for(st, s)["visibility"] for s in (0, 1, 2, None)} == {vis}


def test_r26_others_see_the_top_card_and_the_size_of_a_stack() -> None:
    st = mid_game()
    v = view_for(st, 0)
    for s in (1, 2):
        p = v["players"][s]
        assert p["stack"] == ids(st.stacks[s][-1:]) and p["stack_size"] == len(st.stacks[s]) >= 3


def test_r26_a_player_sees_their_whole_stack() -> None:
    st = mid_game()
    for seat in range(3):
        p = view_for(st, seat)["players"][seat]
        assert p["stack"] == ids(st.stacks[seat]) and "stack_size" not in p


def test_r26_others_see_how_many_tiles_were_won_not_their_values() -> None:
    st = mid_game()
    v = view_for(st, 2)
    for s in (0, 1):
        p = v["players"][s]
        assert p["tiles"] == [] and p["tiles_won"] == len(st.tiles[s]) >= 1


def test_r26_a_player_sees_their_own_tile_values_and_score() -> None:
    st = mid_game()
    for seat in range(3):
        p = view_for(st, seat)["players"][seat]
        assert p["tiles"] == tiles(st, seat) and "tiles_won" not in p
        assert p["score"] == score(st, seat)


def test_r26_no_score_and_no_head_count_of_another_player() -> None:
    st = mid_game()
    v = view_for(st, 1)
    for s in (0, 2):
        assert "score" not in v["players"][s]
    assert v["result"] is None
    assert "head" not in json.dumps(v)  # no head counts anywhere (R24 points stay unknown)


def test_r26_the_board_supplies_hand_sizes_and_pile_size_are_the_same_for_all() -> None:
    st = mid_game()
    rule, opened = view_for(st, 0), view_for(_as_open(st), 0)
    assert rule["cities"] == opened["cities"]
    assert rule["deck_size"] == opened["deck_size"] == st.deck_size
    assert rule["to_move"] == opened["to_move"] and rule["hand"] == opened["hand"]
    for a, b in zip(rule["players"], opened["players"], strict=True):
        for key in ("name", "color", "supply", "hand_size"):
            assert a[key] == b[key]
        assert stack_size(a) == stack_size(b) and tiles_won(a) == tiles_won(b)


def test_r26_a_spectator_sees_what_a_player_sees_without_hand_or_own_stack() -> None:
    st = mid_game()
    v = view_for(st, None)
    assert v["seat"] is None and v["hand"] == []
    for s, p in enumerate(v["players"]):
        assert p["stack"] == ids(st.stacks[s][-1:]) and p["tiles"] == [] and "score" not in p


def test_r26_at_the_end_everything_is_shown() -> None:
    st, _ = game(4, 9)
    assert st.over
    for seat in (0, 1, 2, 3, None):
        v = view_for(st, seat)
        assert v == {**view_for(_as_open(st), seat), "visibility": RULEBOOK}
        for s, p in enumerate(v["players"]):
            assert p["stack"] == ids(st.stacks[s]) and p["tiles"] == tiles(st, s) and p["score"] == score(st, s)
        assert v["result"]["scores"] == [score(st, s) for s in range(4)]


def test_r26_the_events_stay_public_and_alike_at_both_tables() -> None:
    rule, h_rule = game(3, 12)
    _, h_open = game(3, 12, OPEN)
    assert h_rule == h_open  # plays, builds, scorings (who won which tile) as they happened
    played = [e["card"] for e in h_rule if e["e"] == "played"]
    assert sorted(played) == sorted(CARD_IDS[c] for s in rule.stacks for c in s)


def test_r26a_the_open_table_shows_every_stack_tile_and_score() -> None:
    st = mid_game(visibility=OPEN)
    for seat in (0, 1, 2, None):
        for s, p in enumerate(view_for(st, seat)["players"]):
            assert set(p) == {"name", "color", "supply", "hand_size", "stack", "tiles", "score"}
            assert p["stack"] == ids(st.stacks[s]) and p["tiles"] == tiles(st, s) and p["score"] == score(st, s)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r26_nothing_hidden_appears_anywhere_in_a_view_before_the_end(n: int) -> None:
    """Below another's top card, another's tile value or score: none in any seat's view, at any turn."""
    rng = random.Random(200 + n)
    st = new_game([f"P{i}" for i in range(n)], rng)
    checked = 0
    while not st.over:
        for seat in [*range(n), None]:
            v = view_for(st, seat)
            text = json.dumps(v)
            for other in range(n):
                if other == seat:
                    continue
                below = set(ids(st.stacks[other][:-1]))
                assert not [c for c in below if f'"{c}"' in text], (seat, other)
                p = v["players"][other]
                assert set(p) == {"name", "color", "supply", "hand_size", "stack", "stack_size", "tiles", "tiles_won"}
                assert p["tiles"] == [] and p["stack"] == ids(st.stacks[other][-1:])
            assert v["result"] is None
            checked += 1
        st, _ = apply(st, random_turn(st, rng))
    assert checked > 20 * n


def test_r26a_records_keep_the_table_option() -> None:
    for vis in (RULEBOOK, OPEN):
        st = new_game(["A", "B"], random.Random(3), visibility=vis)
        rec = new_record(st)
        assert rec.visibility == vis
        text = write_record(rec)
        assert json.loads(text)["visibility"] == vis
        again = read_record(text)
        assert again.visibility == vis and replay(again, complete=False).visibility == vis


def test_r26a_an_old_record_without_the_option_replays_as_an_open_table() -> None:
    text = (DATA / "example-3p.patrician.json").read_text("utf-8")
    assert "visibility" not in json.loads(text)
    record = read_record(text)
    assert record.visibility is None and record.effective_visibility == OPEN
    assert replay(record).visibility == OPEN
    assert "visibility" not in json.loads(write_record(record))  # written back as it was


def test_r26a_a_bad_table_option_in_a_record_is_refused() -> None:
    raw = json.loads((DATA / "example-2p.patrician.json").read_text("utf-8"))
    raw["visibility"] = "secret"
    with pytest.raises(RecordError, match="'visibility' must be 'rulebook' or 'open'"):
        read_record(json.dumps(raw))
    with pytest.raises(RecordError, match="rulebook"):
        from_deal(raw["players"], raw["deal"], visibility="secret")


def test_r26a_the_same_game_replays_alike_at_both_tables() -> None:
    rng = random.Random(77)
    start = new_game(["A", "B", "C"], rng)
    st, turns = start, []
    while not st.over:
        t = random_turn(st, rng)
        turns.append({"seat": st.to_move, **t.to_map()})
        st, _ = apply(st, t)
    results = []
    for vis in (RULEBOOK, OPEN):
        rec = read_record(write_record(new_record(from_deal(["A", "B", "C"], deal_of(start), visibility=vis))))
        rec.turns = turns
        results.append(replay_result(rec))
    assert results[0] == results[1]


def test_r26_a_seat_knows_every_stack_from_the_view_and_the_history() -> None:
    """Every card was seen as it was played (R8): view plus history give each whole stack."""
    for seed in range(5):
        st, history = game(4, 30 + seed, stop=20 + seed)
        for seat in range(4):
            v = view_for(st, seat)
            assert known_stacks(v, history) == [ids(s) for s in st.stacks]
            assert known_stacks(v) == [ids(s) if i == seat else ids(s[-1:]) for i, s in enumerate(st.stacks)]
            assert unseen_cards(v, history) == unseen_cards(view_for(_as_open(st), seat))


def test_r26_a_history_that_misses_turns_leaves_the_rest_unknown() -> None:
    st, history = game(3, 41, stop=18)
    late = history[len(history) // 2 :]  # a peer that joined half-way
    v = view_for(st, 0)
    for s, cards in enumerate(known_stacks(v, late)):
        true = ids(st.stacks[s])
        assert cards == true[len(true) - len(cards) :]  # the newest ones, top card last
        if s:
            assert 1 <= len(cards) < len(true)
    unseen = set(unseen_cards(v, late))
    known = {c for cards in known_stacks(v, late) for c in cards}
    hidden = {c for s in (1, 2) for c in ids(st.stacks[s])} - known
    assert hidden and hidden <= unseen and not known & unseen


def test_r26_state_from_view_knows_who_won_which_tile_from_the_towers() -> None:
    """A scored city's towers never change (R12, R13), so the board tells every tile's winner (R20–R22)."""
    for seed in range(6):
        st, _ = game(2 + seed % 4, 50 + seed, stop=10 + 4 * seed)
        for vis_state in (st, _as_open(st)):
            rebuilt = state_from_view(view_for(vis_state, 0))
            assert [sorted(t) for t in rebuilt.tiles] == [sorted(t) for t in st.tiles]
            assert rebuilt.awards == st.awards
            assert rebuilt.turn_number == st.turn_number
            assert rebuilt.visibility == vis_state.visibility


def _as_open(st: GameState) -> GameState:
    """The same position at an open table."""
    other = st.clone()
    other.visibility = OPEN
    return other
