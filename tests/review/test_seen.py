"""A record of what one seat saw (a LAN guest's: no deal) gives the same moments as the whole record for that seat,
and a kept map that is not what the app writes (a file from outside) is refused with a clear message."""

from __future__ import annotations

import copy

import pytest

from patrician_qt.engine import Record, RecordError, replay_turn, start_state
from patrician_qt.review.moments import moments
from patrician_qt.review.seen import game_moments, reviewable, reviewed_seats, seen_meta
from tests.history.helpers import finished_record


def _seen_by(record: Record, seat: int) -> Record:
    """The record as a guest at ``seat`` keeps it: the turns, no deal, its views at its turns and the events."""
    state = start_state(record)
    events: list = []
    views = {m.index: (len(m.history), m.view) for m in moments(record, {seat})}
    for i, raw in enumerate(record.turns):
        state, told = replay_turn(state, i, raw)
        events.extend(told)
    return Record(list(record.players), {}, list(record.turns), {"seen": seen_meta(seat, events, views)},
                  record.result)


def test_a_seats_record_gives_that_seats_moments_and_is_reviewed_for_that_seat():
    whole = finished_record(3, ["Anna", "Ben", "Cleo"])
    guest = _seen_by(whole, 1)
    assert reviewable(guest) and reviewed_seats(guest) == {1}
    assert list(game_moments(guest)) == list(moments(whole, {1}))
    assert list(game_moments(guest, {0})) == []  # another seat's turns: never seen from here
    assert not reviewable(Record(["Anna", "Ben"], {}, [], {"table": "x"}))


@pytest.mark.parametrize("spoil, words", [
    (lambda s: s.update(turns="no"), "a list of turns"),
    (lambda s: s["turns"][0].update(turn=999), "its index"),
    (lambda s: s["turns"][0].update(events=-1), "its number of events"),
    (lambda s: s["turns"][0]["view"].update(seat=0), "not a turn of seat 1"),
    (lambda s: s["turns"][0]["view"].update(hand="LUC-1"), "not a turn of seat 1"),
    (lambda s: s["turns"][0].update(turn=0), "not a turn of seat 1"),  # turn 0 is Anna's
])
def test_a_kept_view_that_is_not_the_apps_is_refused_with_a_clear_message(spoil, words):
    guest = _seen_by(finished_record(3, ["Anna", "Ben"]), 1)
    bad = copy.deepcopy(guest.meta)
    spoil(bad["seen"])
    with pytest.raises(RecordError, match=words):
        list(game_moments(Record(list(guest.players), {}, list(guest.turns), bad, guest.result)))
