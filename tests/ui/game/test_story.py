"""The last moves stay marked on the board until their player moves again, the "since
your last turn" box comes when the game comes back to a human, a build's preview names what the engine then
scores, and the window title says whose turn it is. Played by clicks, as a person would."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt

from patrician_qt.engine import CARD_BY_ID, write_record
from patrician_qt.ui.board.story_text import short_card
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.text.card_names import card_name
from patrician_qt.ui.text.plain import escape
from tests.ui.game_helpers import (
    GAME_TIMEOUT_MS,
    click_board,
    click_hand,
    lit_cards,
    lit_plots,
    open_game,
    play_turn_by_clicks,
    wait_for_human_or_end,
)


def hover(qtbot: Any, window: MainWindow, scene_point: QPointF) -> None:
    """Move the mouse to a scene point, from elsewhere first: Qt drops a move to where the cursor already is."""
    view = window.board_view
    qtbot.mouseMove(view.viewport(), view.mapFromScene(window.scene.map_item.boundingRect().topLeft() + QPointF(4, 4)))
    qtbot.mouseMove(view.viewport(), view.mapFromScene(scene_point))


def marks(window: MainWindow, seat: int, kind: str = "floor") -> list[tuple[str, Any]]:
    """The mark items of one seat on the board: (city, data) per item of ``kind``."""
    out = []
    for city, panel in window.scene.panels.items():
        for item in panel.move_marks:
            if item.seat == seat and item.kind == kind:
                out.append((city, item))
    return out


def last_turns(events: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """Per seat the events of its last turn (from ``played`` to the next ``played``)."""
    out: dict[int, list[dict[str, Any]]] = {}
    current: list[dict[str, Any]] | None = None
    for ev in events:
        if ev.get("e") == "played":
            current = out[ev["seat"]] = []
        if current is not None:
            current.append(ev)
    return out


def expected_floor_cities(turn: list[dict[str, Any]]) -> list[str]:
    """The cities of the floors a turn built (the marks' cities, whatever moved later within the city)."""
    return sorted(ev["city"] for ev in turn if ev["e"] == "built")


def seen_events(window: MainWindow) -> list[dict[str, Any]]:
    """Every event the window's log was told, in order (connected before the game starts)."""
    return window._story_test_events  # type: ignore[attr-defined]


def follow_events(window: MainWindow) -> None:
    window._story_test_events = []  # type: ignore[attr-defined]
    window.presenter.applied.connect(lambda u: window._story_test_events.extend(u.events))  # type: ignore[attr-defined]


def check_marks_match(window: MainWindow, events: list[dict[str, Any]], seats: range) -> None:
    """Each seat's floor marks are the floors of its last turn; its card mark where its card built."""
    turns = last_turns(events)
    for seat in seats:
        got = sorted(city for city, _ in marks(window, seat))
        assert got == expected_floor_cities(turns.get(seat, [])), (seat, got, turns.get(seat))
        took = [ev["city"] for ev in turns.get(seat, []) if ev["e"] == "took"]
        assert sorted(city for city, _ in marks(window, seat, "took")) == took


def test_vs_bots_marks_appear_stay_until_the_player_moves_again_and_the_summary_lists_the_bots(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=11)
    follow_events(window)
    rng = random.Random(3)
    me = session.local_humans()[0]
    names = [s.name for s in session.seats()]
    wait_for_human_or_end(qtbot, window)
    assert window.windowTitle().endswith(f"your turn, {names[me]}")
    for _round in range(4):
        wait_for_human_or_end(qtbot, window)
        if window._shown.over:
            break
        events = seen_events(window)
        check_marks_match(window, events, range(3))
        box = window.scene.story_box
        turns = last_turns(events)
        played = [ev["seat"] for ev in events if ev["e"] == "played"]
        mine = max((i for i, s in enumerate(played) if s == me), default=-1)
        since = played[mine + 1:]  # the others' turns since mine, oldest first
        assert [seat for seat, _, _ in box.lines] == since
        assert box.isVisible() == bool(since)
        if since:
            assert box.title == "Since your last turn"
            first = since[0]
            assert box.lines[0][2].startswith(f"{names[first]}: {short_card(turns[first][0]['card'])}")
            assert box.sentences[0].startswith(f"{names[first]} played {card_name(turns[first][0]['card'])}")
            assert box.toolTip()  # the whole sentences when the mouse rests on the box
            description = window.extras.access.board_description()
            assert f"{names[first]} played" in description  # screen readers too
            for city, panel in window.scene.panels.items():  # and a tie with its R21 winner, as the plates show
                st = panel.row["standing"]
                if not panel.row["scored"] and st[0].is_tie:
                    assert f"A: {' and '.join(names[s] for s in st[0].tied)} tie" in description, city
            built = [ev["city"] for ev in turns[first] if ev["e"] == "built"]
            if built:  # hovering the city tells it too
                tip = window.scene.panels[built[0]].toolTip()
                assert escape(f"{names[first]} played {card_name(turns[first][0]['card'])} here") in tip
        with qtbot.waitSignal(window.presenter.applied, timeout=GAME_TIMEOUT_MS):
            play_turn_by_clicks(qtbot, window, rng)
        # my own turn is on the board at once, my earlier marks gone
        assert sorted(city for city, _ in marks(window, me)) == expected_floor_cities(
            last_turns(seen_events(window))[me])
        assert window.scene.story_box.lines == [] or all(s != me for s, _, _ in window.scene.story_box.lines)
    session.close()


def test_hovering_a_summary_line_points_at_that_turn(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=12)
    rng = random.Random(4)
    wait_for_human_or_end(qtbot, window)
    with qtbot.waitSignal(window.presenter.applied, timeout=GAME_TIMEOUT_MS):
        play_turn_by_clicks(qtbot, window, rng)
    wait_for_human_or_end(qtbot, window)
    box = window.scene.story_box
    assert box.isVisible()
    seat, _, _ = box.lines[0]
    line = box._layout[0][2]
    hover(qtbot, window, box.mapToScene(line.center()))
    qtbot.waitUntil(lambda: box._hover == seat, timeout=5000)
    items = [m for p in window.scene.panels.values() for m in p.move_marks]
    assert any(m.seat == seat for m in items)
    assert all(m.opacity() == 1.0 for m in items if m.seat == seat)
    assert all(m.opacity() < 1.0 for m in items if m.seat != seat)
    box._set_hover(-1)
    assert all(m.opacity() == 1.0 for m in items)
    session.close()


def test_hot_seat_summary_waits_for_the_privacy_screen(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "human", "bot:easy"], seed=13)
    rng = random.Random(5)
    box = window.scene.story_box
    for _ in range(3):
        wait_for_human_or_end(qtbot, window)
        if window.privacy.isVisible():
            assert not box.isVisible()  # nothing of the last turns shows for the wrong player
            qtbot.mouseClick(window.privacy.button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: window.controller.active, timeout=GAME_TIMEOUT_MS)
        me = window.controller.seat
        assert me is not None
        if any(m.seat != me for p in window.scene.panels.values() for m in p.move_marks):
            assert box.isVisible() and all(s != me for s, _, _ in box.lines)
        with qtbot.waitSignal(window.presenter.applied, timeout=GAME_TIMEOUT_MS):
            play_turn_by_clicks(qtbot, window, rng)
        assert any(m.seat == me for p in window.scene.panels.values() for m in p.move_marks)
    session.close()


def test_r12_the_preview_under_the_mouse_names_the_winners_the_engine_then_scores(qtbot: Any) -> None:
    """Play many turns; whenever a card completes its city, hover the plot, read the preview, play it."""
    checked = 0
    for seed in (21, 22, 23):
        window, session = open_game(qtbot, ["human", "bot:easy"], seed=seed)
        rng = random.Random(seed)
        while checked < 6:
            wait_for_human_or_end(qtbot, window)
            if window._shown.over:
                break
            c = window.controller
            b = c.builder
            st = b.state
            from patrician_qt.engine.cards import CITY_FLOORS, CITY_INDEX

            def left(card: str, st: Any = st) -> int:
                city = CITY_INDEX[CARD_BY_ID[card].city]
                return CITY_FLOORS[city] - st.built[city]

            completing = [card for card in lit_cards(window) if 0 < left(card) <= CARD_BY_ID[card].arms]
            if not completing:
                with qtbot.waitSignal(window.presenter.applied, timeout=GAME_TIMEOUT_MS):
                    play_turn_by_clicks(qtbot, window, rng)
                continue
            card = completing[0]
            click_hand(qtbot, window, card)
            city = CARD_BY_ID[card].city
            preview = None
            while c.step == "build":
                city_, plot = rng.choice(lit_plots(window))
                hover(qtbot, window, window.scene.scene_point(city_, "plot", plot))
                qtbot.waitUntil(lambda k=c, c_=city_, p_=plot: k._hover == (c_, p_), timeout=5000)  # mouse is there
                preview = window.scene.panels[city].marks.preview
                click_board(qtbot, window, city_, "plot", plot)
            assert preview is not None and preview.completes
            assert "would be scored" in window.turn_bar.message_text or c.step != "build"
            with qtbot.waitSignal(window.presenter.applied, timeout=GAME_TIMEOUT_MS) as blocker:
                play_turn_by_clicks_rest(qtbot, window, rng)
            scored = [e for e in blocker.args[0].events if e["e"] == "scored" and e["city"] == city]
            assert scored and scored[0]["awards"] == [[None if s < 0 else s, v] for s, v in preview.awards]
            checked += 1
        session.close()
        window.close()
    assert checked >= 1


def play_turn_by_clicks_rest(qtbot: Any, window: MainWindow, rng: random.Random) -> None:
    """Finish a turn whose card and floors are chosen: relocation, take, confirm, by clicks."""
    c = window.controller
    from tests.ui.game_helpers import lit_face_cards

    for _ in range(6):
        step = c.step
        if step == "relocate":
            qtbot.mouseClick(window.turn_bar.skip, Qt.MouseButton.LeftButton)
        elif step == "take":
            click_board(qtbot, window, rng.choice(lit_face_cards(window)), "card")
        elif step == "done":
            qtbot.mouseClick(window.turn_bar.confirm, Qt.MouseButton.LeftButton)
            return
    raise AssertionError("the turn did not finish")


def test_keyboard_cursor_on_a_plot_says_the_leader_and_the_preview(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=31)
    wait_for_human_or_end(qtbot, window)
    kb = window.extras.keyboard
    kb.keyboard_used = True  # as after any key of ours
    kb.pick_card(1)
    b = window.controller.builder
    assert b is not None and b.step == "build"
    from patrician_qt.ui.reach.keyboard import Target

    said: list[str] = []
    kb.moved.connect(said.append)
    kb.move_to(Target(b.city or "", "plot", b.options()[0]))
    assert said and (" after this: " in said[-1] or "would be complete" in said[-1])  # the preview, spoken
    assert window.scene.panels[b.city or ""].marks.preview is not None
    assert window.board_view.accessibleName() == said[-1]
    session.close()


def test_replay_marks_follow_steps_and_jumps_alike(qtbot: Any, tmp_path: Path) -> None:
    window, session = open_game(qtbot, ["bot:easy", "bot:easy", "bot:easy"], seed=41, watch_seat=0)
    qtbot.waitUntil(lambda: window._shown is not None and window._shown.over, timeout=GAME_TIMEOUT_MS)
    path = tmp_path / "game.patrician.json"
    path.write_text(write_record(session.record()))
    session.close()
    assert window.files.open_replay(path)
    replay = window.session.replay()
    stepped = {}
    for i in range(1, 9):
        with qtbot.waitSignal(window.presenter.applied, timeout=GAME_TIMEOUT_MS):
            replay.step()
        stepped[i] = {s: sorted((c, m.kind) for c, m in _all(window, s)) for s in range(3)}
        assert window.scene.story_box.isVisible() == bool(window.scene.story_box.lines)
    assert any(stepped[8].values())
    replay.seek(3)
    assert {s: sorted((c, m.kind) for c, m in _all(window, s)) for s in range(3)} == stepped[3]
    replay.seek(8)
    assert {s: sorted((c, m.kind) for c, m in _all(window, s)) for s in range(3)} == stepped[8]
    replay.seek(0)
    assert not any(p.move_marks for p in window.scene.panels.values())  # the deal: nothing happened yet


def _all(window: MainWindow, seat: int) -> list[tuple[str, Any]]:
    return [(city, m) for city, p in window.scene.panels.items() for m in p.move_marks if m.seat == seat]


def test_a_game_followed_anew_keeps_its_marks(qtbot: Any) -> None:
    """Continue, Load and a LAN rematch follow a game under way: its past events give the same marks."""
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=51)
    rng = random.Random(6)
    for _ in range(2):
        wait_for_human_or_end(qtbot, window)
        with qtbot.waitSignal(window.presenter.applied, timeout=GAME_TIMEOUT_MS):
            play_turn_by_clicks(qtbot, window, rng)
    wait_for_human_or_end(qtbot, window)
    before = {s: sorted((c, m.kind, m.source) for c, m in _all(window, s)) for s in range(3)}
    lines = list(window.scene.story_box.lines)
    assert any(before.values()) and lines
    window.start_session(session)  # the same game, followed anew from its history
    qtbot.waitUntil(lambda: window.controller.active, timeout=GAME_TIMEOUT_MS)
    assert {s: sorted((c, m.kind, m.source) for c, m in _all(window, s)) for s in range(3)} == before
    assert window.scene.story_box.lines == lines
    session.close()


def test_the_preview_follows_the_mouse_and_its_line_goes_when_the_mouse_leaves(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=61)
    wait_for_human_or_end(qtbot, window)
    c = window.controller
    click_hand(qtbot, window, lit_cards(window)[0])
    city, plot = lit_plots(window)[0]
    view = window.board_view
    hover(qtbot, window, window.scene.scene_point(city, "plot", plot))
    qtbot.waitUntil(lambda: c._hover == (city, plot), timeout=5000)
    panel = window.scene.panels[city]
    preview = panel.marks.preview
    assert preview is not None
    b = c.builder
    assert preview == b.preview(plot)  # the engine's answer for exactly this floor
    assert panel.marks.preview_floor == (plot, c.seat)  # the floor is drawn where it would go
    message = window.turn_bar.message_text
    assert message.startswith("After this:") or "would be scored" in message
    qtbot.mouseMove(view.viewport(), view.mapFromScene(window.scene.map_item.boundingRect().topLeft() + QPointF(4, 4)))
    qtbot.waitUntil(lambda: c._hover is None, timeout=5000)
    assert panel.marks.preview is None and panel.marks.preview_floor is None
    assert window.turn_bar.message_text == ""
    session.close()
