"""A LAN guest after the game (real sockets on 127.0.0.1, two apps): the game goes into the guest's history and
its Statistics, the guest reviews its own turns and looks at one from the score sheet, and what the guest keeps
holds nothing its seat could not see (R26: never another hand, never the pile) — the review of its seat is the
very review the host's whole record gives for that seat, so it judged from that seat's information only."""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from PySide6.QtCore import Qt

from patrician_qt.engine import read_record, replay_turn, start_state, view_for
from patrician_qt.review.game_review import review_game
from patrician_qt.review.judge import parse_budget
from patrician_qt.review.seen import game_moments
from patrician_qt.ui.history.review_panel import TURN_ROLE
from tests.ui.history.test_after_game import TINY

from .test_lan_drops import play, two_in_a_game
from .test_lan_game import TIMEOUT


def _strings(value: Any) -> set[str]:
    """Every string in a JSON value (keys and values)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return set()


def _cards_of_deal(deal: dict) -> set[str]:
    return {c for hand in deal["hands"] for c in hand} | set(deal["board"].values()) | set(deal["deck"])


def _hidden_at_each_turn(record, seat: int) -> dict[int, set[str]]:
    """Before each turn, the cards of the deal the seat had not seen yet (others' hands, the pile), from the host's
    whole record: everything it was shown so far is its views after each turn and the public events."""
    cards = _cards_of_deal(dict(record.deal))
    state = start_state(record)
    seen = _strings(view_for(state, seat))
    out = {}
    for i, raw in enumerate(record.turns):
        out[i] = cards - seen
        state, events = replay_turn(state, i, raw)
        seen |= _strings(view_for(state, seat)) | _strings(list(events))
    return out


def test_a_lan_guest_keeps_reviews_and_looks_at_its_game_from_what_its_seat_saw(qtbot, make_app, tmp_path,
                                                                                   monkeypatch):
    history = tmp_path / "history.sqlite3"
    monkeypatch.setenv("PATRICIAN_HISTORY", str(history))  # both apps of this process keep their games here
    anna, ben = two_in_a_game(qtbot, make_app, "Review table")
    rng = random.Random(4)
    play(qtbot, [anna, ben], rng, 200)
    for app in (anna, ben):
        qtbot.waitUntil(lambda a=app: a.window._shown is not None and a.window._shown.over, timeout=TIMEOUT)
    [guest_seat] = ben.window.session.local_humans()
    host_record = anna.window.session.record()
    assert host_record.deal and not ben.window.session.record().deal  # only the host knows the deal
    # the guest's game is in the history, kept as the guest saw it
    conn = sqlite3.connect(history)
    try:
        rows = conn.execute("SELECT id, place, record FROM games").fetchall()
    finally:
        conn.close()
    [(game_id, _, text)] = [r for r in rows if r[1] == "lan-guest"]
    kept = read_record(text.encode("utf-8"))
    assert not kept.deal and kept.turns == host_record.turns and kept.meta["seen"]["seat"] == guest_seat
    assert kept.visibility == host_record.visibility  # the table's kind (R26, R26a), as the history shows it
    # fairness: at each of its turns the guest kept nothing its seat had not seen by then (another hand, the pile)
    hidden = _hidden_at_each_turn(host_record, guest_seat)
    seen = kept.meta["seen"]
    assert len(hidden[seen["turns"][0]["turn"]]) > 20  # the pile and the others' hands: the check can fail
    for entry in seen["turns"]:
        now = hidden[entry["turn"]]
        assert not now & (_strings(entry) | _strings(seen["events"][:entry["events"]]))
    # every moment the guest kept is the one the host's record gives for that seat: the same view and history
    guest_moments = list(game_moments(kept))
    host_moments = list(game_moments(host_record, {guest_seat}))
    assert guest_moments == host_moments and len(guest_moments) > 5
    # Statistics: the guest is a player here
    stats = ben.window.history.open_statistics()
    people = [stats.person.itemText(i) for i in range(stats.person.count())]
    assert "Ben" in people
    stats.person.setCurrentIndex(people.index("Ben"))
    assert stats.current()["games"] == 1
    assert stats.summary.text().startswith("Games 1, ")
    stats.close()
    # the guest reviews its game from the score sheet
    after = ben.window.history.after
    after.runner.budget = TINY
    assert ben.window.score_sheet.isVisible() and after.review_button.isEnabled()
    qtbot.mouseClick(after.review_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: after.runner.review is not None, timeout=120_000)
    review = after.runner.review
    assert {t["seat"] for t in review["turns"]} == {guest_seat}
    # the same verdicts as the review of that seat from the host's whole record: it used only what Ben saw
    whole = review_game(host_record, {guest_seat}, parse_budget(TINY), 0)
    assert review["turns"] == whole["turns"] and review["summary"] == whole["summary"]
    for t in review["turns"]:  # a better turn is one the seat could play: its cards were in its hand then
        assert not hidden[t["turn"]] & _strings(t)
    # kept with the guest's game
    conn = sqlite3.connect(history)
    try:
        stored = conn.execute("SELECT seat, budget FROM reviews WHERE game_id = ?", (game_id,)).fetchall()
    finally:
        conn.close()
    assert stored == [(-1, TINY)]
    # and a verdict chosen on the guest's score sheet shows that turn as Ben saw it
    panel = after.sheet_review
    row = next(i for i in range(panel.verdicts.count()) if panel.verdicts.item(i).data(TURN_ROLE) is not None)
    item = panel.verdicts.item(row)
    panel.verdicts.scrollToItem(item)
    qtbot.mouseClick(panel.verdicts.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.verdicts.visualItemRect(item).center())
    look = after.look
    assert look is not None
    qtbot.waitUntil(look.isVisible)
    turn = item.data(TURN_ROLE)
    [moment] = [m for m in host_moments if m.index == turn]
    m = look.hand_model
    assert sorted(m.index(i, 0).data(m.CardRole) for i in range(m.rowCount())) == sorted(moment.view["hand"])
    qtbot.mouseClick(look.back_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: after.look is None)
    # the guest exports its record and opens it in the replay viewer: every position is the game as Ben saw it,
    # the very view the host's whole record gives his seat then
    path = tmp_path / "ben.patrician.json"
    ben.window.files.save_record(path)
    assert ben.window.open_replay(path)
    replay = ben.window.session.replay()
    assert replay is not None and replay.seen_from == guest_seat and len(replay) == len(host_record.turns) + 1
    state = start_state(host_record)
    for i in range(len(replay)):
        if i:
            state, _ = replay_turn(state, i - 1, host_record.turns[i - 1])
        assert replay.update_at(i).views == {guest_seat: view_for(state, guest_seat), None: view_for(state, None)}
