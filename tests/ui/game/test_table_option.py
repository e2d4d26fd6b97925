"""The table option in the app (R26 rulebook, R26a open): chosen, remembered, and followed by the panel."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QListWidget

from patrician_qt.engine import read_record, replay_result, write_record
from patrician_qt.ui.app.new_game_dialog import NewGameDialog
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.reach.tutorial import tutorial_config
from patrician_qt.ui.text.card_names import card_label
from tests.ui.game_helpers import open_game, play_turn_by_clicks, wait_for_human_or_end

M = PlayersModel


def _settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _row(window: Any, seat: int, role: int) -> Any:
    return window.players_model.index(seat, 0).data(role)


def _play_until(qtbot: Any, window: Any, turns: int) -> None:
    """Let the bots and the human (by clicks on what is lit) play until ``turns`` cards are on the stacks."""
    rng = random.Random(turns)
    while True:
        wait_for_human_or_end(qtbot, window)
        shown = window.shown_update
        if shown.over or sum(p.get("stack_size", len(p["stack"])) for p in shown.view(None)["players"]) >= turns:
            return
        play_turn_by_clicks(qtbot, window, rng)
        qtbot.waitUntil(lambda s=shown: window.shown_update is not s, timeout=20_000)


def test_r26a_the_new_game_dialog_offers_both_tables_and_remembers_the_choice(qtbot: Any, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.table.currentData() == "rulebook"  # the game as it is in the box, by default
    assert [dialog.table.itemData(i) for i in range(dialog.table.count())] == ["rulebook", "open"]
    assert dialog.config().visibility == "rulebook"
    dialog.table.setCurrentIndex(dialog.table.findData("open"))
    assert dialog.config().visibility == "open"
    dialog._accept()
    assert dialog.result() == NewGameDialog.DialogCode.Accepted
    assert settings.value("new/visibility") == "open"
    again = NewGameDialog(settings)
    qtbot.addWidget(again)
    assert again.table.currentData() == "open"


def test_r26_the_tutorial_plays_at_a_rulebook_table() -> None:
    assert tutorial_config("Anna").visibility == "rulebook"


def test_r26_a_rulebook_game_shows_others_only_what_the_box_shows(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy"], seed=8)
    _play_until(qtbot, window, 9)
    wait_for_human_or_end(qtbot, window)
    me = session.local_humans()[0]
    others = [s for s in range(3) if s != me]
    assert window.page.players_title.text() == "Players · as in the box"
    assert "R26" in window.page.players_title.toolTip()
    assert window.shown_update.view(me)["visibility"] == "rulebook"
    # own row: whole stack, tiles, score; the bots' rows: top card, counts, nothing else
    assert _row(window, me, M.HiddenRole) is False and _row(window, me, M.ScoreRole) is not None
    assert len(_row(window, me, M.StackRole)) == _row(window, me, M.StackSizeRole) >= 3
    for seat in others:
        assert _row(window, seat, M.HiddenRole) is True
        assert _row(window, seat, M.ScoreRole) is None and _row(window, seat, M.HeadsRole) is None
        assert len(_row(window, seat, M.StackRole)) == 1 and _row(window, seat, M.StackSizeRole) >= 3
        assert _row(window, seat, M.TilesRole) == ()
    # screen readers hear the same: others' tiles as a count, no score of theirs
    qtbot.waitUntil(lambda: "face down" in window.players_view.accessibleDescription())
    lines = window.players_view.accessibleDescription().splitlines()
    assert "score" in lines[me] and all("score" not in lines[s] and "face down" in lines[s] for s in others)
    session.close()


def test_r8_own_stack_is_browsable_and_another_only_as_far_as_the_table_shows(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=9)
    _play_until(qtbot, window, 8)
    me = session.local_humans()[0]
    bot = 1 - me
    own = list(_row(window, me, M.StackRole))
    window.menus.act_own_stack.trigger()  # P, or View → Look through your played stack
    dialog = window.players_view.stack_dialog
    assert dialog is not None and dialog.isVisible() and "Your played stack" in dialog.windowTitle()
    cards: QListWidget = dialog.cards
    assert [cards.item(i).text() for i in range(cards.count())] == [card_label(c) for c in own[::-1]]  # top first
    assert len(own) >= 4 and "Score so far" in dialog.summary.text()
    dialog.close()
    # a click on the bot's plaque: its top card face up, the rest face down
    rect = window.players_view.visualRect(window.players_model.index(bot, 0))
    qtbot.mouseClick(window.players_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    dialog = window.players_view.stack_dialog
    assert dialog is not None and "Ben" in dialog.windowTitle()
    size = _row(window, bot, M.StackSizeRole)
    texts = [dialog.cards.item(i).text() for i in range(dialog.cards.count())]
    assert texts[0] == card_label(_row(window, bot, M.TopCardRole)) and texts[1:] == ["face down"] * (size - 1)
    assert "Score" not in dialog.summary.text() and "face down" in dialog.summary.text()
    dialog.close()
    session.close()


def test_r26a_an_open_table_shows_every_stack_tile_and_score(qtbot: Any) -> None:
    window, session = open_game(qtbot, ["human", "bot:easy", "bot:medium"], seed=10, visibility="open")
    _play_until(qtbot, window, 6)
    assert window.page.players_title.text() == "Players · open table"
    for seat in range(3):
        assert _row(window, seat, M.HiddenRole) is False
        assert _row(window, seat, M.ScoreRole) is not None
        assert len(_row(window, seat, M.StackRole)) == _row(window, seat, M.StackSizeRole)
    dialog = window.players_view.show_stack(2)
    assert dialog is not None
    assert dialog.cards.count() == _row(window, 2, M.StackSizeRole) and "Score so far" in dialog.summary.text()
    dialog.close()
    session.close()


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_r26_r26a_a_whole_game_at_either_table_and_its_record(qtbot: Any, visibility: str) -> None:
    """Played to the end by clicks: the end shows everything (R26), the record keeps the table and replays alike."""
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=12, visibility=visibility)
    _play_until(qtbot, window, 10_000)
    final = window.shown_update
    assert final.over and window.score_sheet.isVisible()
    for seat in range(2):
        assert _row(window, seat, M.HiddenRole) is False and _row(window, seat, M.ScoreRole) is not None
    record = read_record(write_record(session.record()))
    assert record.visibility == visibility
    assert replay_result(record) == final.view(None)["result"]
    session.close()
