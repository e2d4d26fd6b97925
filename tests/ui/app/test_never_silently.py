"""New game, Tutorial, Load, Replay (and Join, in tests/ui/lan) ask before an unfinished
game is left, and the game left stays resumable: Continue lists every unfinished game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from patrician_qt.ui.app.continue_dialog import ContinueDialog
from patrician_qt.ui.text import plain
from tests.ui.app.flow_helpers import (
    accept_new_game,
    answer,
    make_app,
    menu_by_keys,
    play_to,
    played,
    question,
)
from tests.ui.game_helpers import config

RECORD = Path(__file__).resolve().parents[2] / "data" / "example-2p.patrician.json"


def test_new_game_asks_first_and_continue_offers_both_games(qtbot: Any, tmp_path: Path) -> None:
    ctrl = make_app(qtbot, tmp_path)
    first = ctrl.start_game(config(["human", "human", "bot:easy"], seed=4))  # hot-seat with a bot
    play_to(qtbot, ctrl, 4)
    cards = played(ctrl)
    # Ctrl+N: the question comes first; Escape stays in the game, untouched
    qtbot.keyClick(ctrl.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    box = question(qtbot, ctrl)
    assert box.text() == f"Leave the game of Anna, Ben, Cleo? It is not over yet (turn {cards + 1})."
    answer(qtbot, ctrl, leave=False)
    assert ctrl.window.session is first and played(ctrl) == cards
    # Ctrl+N again and Return: the game is left, the New game dialog starts another one
    qtbot.keyClick(ctrl.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    accept_new_game(qtbot, (0, 2))
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        answer(qtbot, ctrl, leave=True)
    second = ctrl.window.session
    assert second is not first and second is not None
    play_to(qtbot, ctrl, 2)
    # back to the start screen: two unfinished games, and the list shows both
    menu_by_keys(qtbot, ctrl, Qt.Key.Key_G, Qt.Key.Key_M)
    answer(qtbot, ctrl, leave=True)
    button = ctrl.start.continue_button
    assert button.text() == "Continue (2 unfinished games)…"
    newest = " · ".join(s.name for s in second.seats())
    assert plain.tip_text(button.toolTip()).startswith(f"{newest} · turn {played(ctrl) + 1} · saved ")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ctrl.continue_dialog is not None and ctrl.continue_dialog.isVisible())
    dialog: ContinueDialog = ctrl.continue_dialog
    rows = [[dialog.games.topLevelItem(i).text(c) for c in range(3)] for i in range(dialog.games.topLevelItemCount())]
    assert [r[0] for r in rows] == [" · ".join(s.name for s in second.seats()), "Anna · Ben · Cleo"]
    assert rows[1][1] == str(cards + 1) and all(r[2] for r in rows)  # the turn to play, and when it was saved
    # the older one, by keys: Down, Return
    qtbot.keyClick(dialog.games, Qt.Key.Key_Down)
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        qtbot.keyClick(dialog.games, Qt.Key.Key_Return)
    assert [s.name for s in ctrl.window.session.seats()] == ["Anna", "Ben", "Cleo"] and played(ctrl) == cards
    ctrl.window.close()


@pytest.mark.parametrize("way", ["tutorial", "replay", "load"])
def test_tutorial_replay_and_load_ask_first(qtbot: Any, tmp_path: Path, monkeypatch: Any, way: str) -> None:
    ctrl = make_app(qtbot, tmp_path)
    other = ctrl.start_game(config(["human", "bot:easy"], seed=2))
    play_to(qtbot, ctrl, 2)
    saved = tmp_path / "saves" / "other.patrician.json"
    other.save_as(saved)
    session = ctrl.start_game(config(["human", "bot:easy"], seed=6))
    play_to(qtbot, ctrl, 2)
    cards = played(ctrl)
    picked = str(RECORD if way == "replay" else saved)
    monkeypatch.setattr("patrician_qt.ui.game.file_dialog.open_file_name", lambda *a, **k: (picked, ""))

    def choose() -> None:
        if way == "tutorial":
            menu_by_keys(qtbot, ctrl, Qt.Key.Key_H, Qt.Key.Key_T)  # Help ▸ First-game tutorial
        elif way == "replay":
            menu_by_keys(qtbot, ctrl, Qt.Key.Key_G, Qt.Key.Key_R)  # Game ▸ Replay a record…
        else:
            qtbot.keyClick(ctrl.window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # Game ▸ Load…

    choose()
    answer(qtbot, ctrl, leave=False)
    assert ctrl.window.session is session and played(ctrl) == cards
    choose()
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        answer(qtbot, ctrl, leave=True)
    assert ctrl.window.session is not session
    if way == "replay":
        assert ctrl.window.session.replay() is not None
    elif way == "tutorial":
        assert ctrl.window.extras.tutorial is not None and ctrl.window.extras.tutorial.active
    # the game left is kept: Continue finds it (the loaded one goes on in an autosave of its own)
    ctrl.main_menu()
    if ctrl.guard.box is not None and ctrl.guard.box.isVisible():
        answer(qtbot, ctrl, leave=True)
    from patrician_qt.ui.app.unfinished import unfinished_games

    games = unfinished_games(ctrl.autosaves)
    assert any(g.turn == cards + 1 and g.players == ["Anna", session.seats()[1].name] for g in games)
    ctrl.window.close()


def test_continue_list_deletes_a_game_only_when_asked_twice(qtbot: Any, tmp_path: Path) -> None:
    ctrl = make_app(qtbot, tmp_path)
    for seed in (1, 2, 3):
        ctrl.start_game(config(["human", "bot:easy"], seed=seed))
        play_to(qtbot, ctrl, 2)
    ctrl.window.close_session()
    ctrl.show_start()
    assert ctrl.start.continue_button.text() == "Continue (3 unfinished games)…"
    qtbot.mouseClick(ctrl.start.continue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ctrl.continue_dialog is not None and ctrl.continue_dialog.isVisible())
    dialog = ctrl.continue_dialog
    first = dialog.paths()[0]
    qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.confirm is not None and dialog.confirm.isVisible())
    qtbot.keyClick(dialog.confirm, Qt.Key.Key_Escape)  # Cancel is the default: nothing is deleted
    assert first.exists() and len(dialog.paths()) == 3
    qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.confirm.isVisible())
    delete = [b for b in dialog.confirm.buttons() if b.text().replace("&", "") == "Delete"]
    qtbot.mouseClick(delete[0], Qt.MouseButton.LeftButton)
    assert not first.exists() and first not in dialog.paths() and len(dialog.paths()) == 2
    assert ctrl.start.continue_button.text() == "Continue (2 unfinished games)…"
    qtbot.keyClick(dialog.games, Qt.Key.Key_Escape)
    ctrl.window.close()


def test_finished_games_autosaves_are_let_go_beyond_the_newest_few(qtbot: Any, tmp_path: Path) -> None:
    from patrician_qt.ui.app.unfinished import FINISHED_KEPT

    ctrl = make_app(qtbot, tmp_path)
    done = json.loads(RECORD.read_text())
    done["meta"] = {"table": {"format": 1, "game": "g", "seed": 1, "seq": 1, "seats": []}}
    for i in range(FINISHED_KEPT + 3):
        (ctrl.autosaves / f"autosave-old-{i:02d}.patrician.json").write_text(json.dumps(done))
    ctrl.refresh_continue()
    assert len(list(ctrl.autosaves.glob("autosave-*.patrician.json"))) == FINISHED_KEPT
    assert not ctrl.start.continue_button.isEnabled()
    ctrl.window.close()
