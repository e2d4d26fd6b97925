"""A LAN guest's record (no deal, only what its seat saw) replays position by position as that seat saw the game:
each position is the very view the host's whole game gives that seat then (R26, R26a), it holds no card the seat
had not seen by then, and a kept map that does not add up is refused with a clear message."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from patrician_qt.engine import Record, RecordError, read_record, view_for, write_record
from patrician_qt.engine.cards import CARD_IDS
from patrician_qt.review.seen_replay import seen_positions

from .guest_records import guest_game


def _strings(value: Any) -> set[str]:
    """Every string in a JSON value (keys and values)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in _strings(v)}
    return set()


@pytest.mark.parametrize("n, seat, visibility", [(2, 1, "rulebook"), (3, 0, "rulebook"), (4, 2, "open"),
                                                 (5, 4, "rulebook"), (5, 1, "open")])
def test_r26_a_guests_record_replays_every_position_as_its_seat_saw_it(n, seat, visibility):
    game = guest_game(n * 7 + seat, ["Anna", "Ben", "Cleo", "Dora", "Emil"][:n], seat, visibility)
    guest = read_record(write_record(game.guest))  # as kept in a file or the history
    assert not guest.deal
    positions = seen_positions(guest)
    assert len(positions) == len(game.states) == len(game.host.turns) + 1
    for i, (pos, state) in enumerate(zip(positions, game.states, strict=True)):
        assert pos.view == view_for(state, seat), f"position {i}"  # the seat's view then, hand and all
        assert pos.public == view_for(state, None), f"position {i}"  # and a spectator's of the same facts
        assert pos.mover == (game.host.turns[i - 1]["seat"] if i else None)
    assert positions[-1].view["over"] and positions[-1].view["result"] == game.host.result
    assert [e for p in positions for e in p.events][-1]["e"] == "ended"


def test_r26_no_position_of_a_guests_replay_holds_a_card_its_seat_had_not_seen_then():
    game = guest_game(11, ["Anna", "Ben", "Cleo"], 1)
    seen: set[str] = set()
    checked = 0
    for pos, state in zip(seen_positions(game.guest), game.states, strict=True):
        seen |= _strings(view_for(state, 1)) | _strings(list(pos.events))  # what the seat was shown by now
        hidden = [c for s, hand in enumerate(state.hands) if s != 1 for c in hand] + list(state.deck[state.deck_pos:])
        unseen = {CARD_IDS[c] for c in hidden} - seen
        checked += len(unseen)
        assert not unseen & (_strings(pos.view) | _strings(pos.public) | _strings(list(pos.events)))
    assert checked > 100  # others' hands and the pile were hidden all along: the check could fail


def _spoiled(spoil) -> Record:
    game = guest_game(5, ["Anna", "Ben", "Cleo"], 2)
    meta = copy.deepcopy(game.guest.meta)
    spoil(meta["seen"])
    return Record(list(game.guest.players), {}, list(game.guest.turns), meta, game.guest.result,
                  visibility=game.guest.visibility)


def _swap_hand_card(seen: dict) -> None:
    """A kept view whose hand holds a card the seat never had (one from the far end of the pile)."""
    view = seen["turns"][3]["view"]
    view["hand"][0] = next(c for c in ("SIE-6", "PIS-6", "LUC-6", "BOL-6", "ROM-6") if c not in view["hand"])


@pytest.mark.parametrize("spoil, words", [
    (lambda s: s.pop("events"), "a list of events"),
    (lambda s: s.update(turns=[]), "keeps no view of its seat"),
    (_swap_hand_card, "view kept at turn"),
    (lambda s: s["turns"][2]["view"]["players"][0].update(hand_size=9), "view kept at turn"),
    (lambda s: s["turns"][0]["view"]["cities"].pop("Firenze"), "view shows the cities"),
    (lambda s: s["turns"][0]["view"]["cities"]["Firenze"].update(card={"id": "FIR-1"}), "not a card"),
    (lambda s: s["turns"][2]["view"]["cities"].pop("Firenze"), "view kept at turn 8"),
    (lambda s: s["events"].pop(0), "begin before the first card"),
    (lambda s: s["events"].pop(next(i for i, e in enumerate(s["events"]) if e["e"] == "played" and i > 40)),
     "the events kept tell"),  # a card played lost: the events no longer tell the record's turns
    (lambda s: s["events"].pop(next(i for i, e in enumerate(s["events"]) if e["e"] == "took" and i > 40)),
     "not what the events before it give|where it did not lie|no card to lay"),
    (lambda s: s["events"].insert(-3, {"e": "built", "seat": 0, "city": "Atlantis", "plot": "A"}), "not an event"),
    (lambda s: s["events"].insert(1, {"e": "built", "seat": 0, "city": "Firenze", "plot": "A"}),
     "do not begin at the deal"),
    (lambda s: s["events"].insert(1, {"e": "revealed", "city": "Firenze", "card": "FIR-1"}), "turn 0"),
    (lambda s: s["events"][-1]["result"]["cities"].clear(), "result's towers"),
    (lambda s: s["events"].insert(0, {"e": "scored", "city": "Firenze", "awards": []}), "before the first card"),
])
def test_a_kept_map_that_does_not_add_up_is_refused_with_a_clear_message(spoil, words):
    with pytest.raises(RecordError, match=words):
        seen_positions(_spoiled(spoil))


def test_a_record_with_no_seats_view_is_refused_with_a_clear_message():
    game = guest_game(5, ["Anna", "Ben"], 1)
    with pytest.raises(RecordError, match=r"meta\.seen"):
        seen_positions(Record(list(game.guest.players), {}, list(game.guest.turns), {"table": "x"}))


def test_r25_a_guests_record_whose_result_is_not_the_one_its_events_end_with_is_refused():
    game = guest_game(5, ["Anna", "Ben"], 1)
    result = copy.deepcopy(game.guest.result)
    result["scores"][0] += 10
    with pytest.raises(RecordError, match="result is not the one its events end with"):
        seen_positions(Record(list(game.guest.players), {}, list(game.guest.turns), game.guest.meta, result,
                              visibility=game.guest.visibility))


JUNK: list[Any] = [None, -1, 0, 10**9, "x", "FIR-1", "Firenze", [], {}, [1, "a"], {"e": "played"}, True, 2.5]


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """The path of every place in a JSON value (each key's value and each list item)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _leaves(v, (*path, i))
    return out


def test_any_one_value_of_a_kept_map_spoiled_is_refused_as_a_record_error_never_a_crash():
    """A file from outside may hold anything anywhere: one value replaced by junk either still adds up (a name,
    a colour) or is a RecordError with a message, never another exception."""
    import random

    game = guest_game(9, ["Anna", "Ben"], 0)
    rng = random.Random(1)
    places = [p for p in _leaves(game.guest.meta["seen"]) if p]
    refused = 0
    for _ in range(250):
        meta = copy.deepcopy(game.guest.meta)
        path = rng.choice(places)
        node = meta["seen"]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = copy.deepcopy(rng.choice(JUNK))
        try:
            seen_positions(Record(list(game.guest.players), {}, list(game.guest.turns), meta, game.guest.result,
                                  visibility=game.guest.visibility))
        except RecordError as exc:
            assert str(exc)
            refused += 1
    assert refused > 180
