"""``patrician screenshot`` and ``patrician --self-test``, and the bot-turn animation."""

from __future__ import annotations

import argparse

import pytest
from PySide6.QtGui import QImage

from patrician_qt.cli.screenshot import add_screenshot_parser, parse_size, render, screenshot_main
from patrician_qt.cli.selftest import self_test
from tests.ui.game_helpers import open_game, wait_for_human_or_end


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_screenshot_parser(parser.add_subparsers())
    return parser.parse_args(["screenshot", *argv])


def test_screenshot_writes_the_window_at_the_asked_size(qtbot, tmp_path):
    out = tmp_path / "mid.png"
    assert screenshot_main(_args(str(out), "--players", "3", "--turns", "5", "--size", "1024x640")) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1024, 640)


@pytest.mark.parametrize(
    "argv",
    [["x.png", "--players", "6"], ["x.png", "--size", "big"], ["x.png", "--seat", "4", "--players", "3"],
     ["x.txt"], ["x.png", "--turns", "-1"]],
)
def test_screenshot_refuses_bad_arguments(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert screenshot_main(_args(*argv)) == 2
    assert "patrician screenshot:" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_screenshot_shows_exactly_k_turns(qtbot):
    image, played = render(4, 7, 1, (1280, 720), seed=3)
    assert image is not None and played == 7


def test_screenshot_of_the_players_panel_at_either_table(qtbot, tmp_path):
    """--panel players saves the players panel only; --table picks R26 (default) or R26a, which show differently."""
    images = {}
    for table in ("rulebook", "open"):
        out = tmp_path / f"players-{table}.png"
        argv = [str(out), "--players", "3", "--turns", "12", "--panel", "players"]
        assert screenshot_main(_args(*argv, "--table", table)) == 0
        images[table] = QImage(str(out))
        assert 200 < images[table].width() < 400 and 150 < images[table].height() < 400
    assert images["rulebook"] != images["open"]
    assert _args("x.png").table == "rulebook" and _args("x.png").panel == "window"


def test_parse_size():
    assert parse_size("1920x1080") == (1920, 1080)
    with pytest.raises(ValueError, match="out of range"):
        parse_size("10x10")


def test_self_test_passes(qtbot):
    assert self_test() == 0


def test_bot_turns_are_shown_step_by_step(qtbot):
    window, _ = open_game(qtbot, ["bot:easy", "bot:easy"], seed=3, watch_seat=0)
    window.set_speed("fast")
    steps: list[dict] = []
    window.presenter.stepShown.connect(steps.append)
    with qtbot.waitSignal(window.shown, timeout=20_000, check_params_cb=lambda u: u.by_bot):
        pass
    kinds = [s["e"] for s in steps]
    assert "played" in kinds and ("built" in kinds or "built_many" in kinds)
    # log lines arrive with the steps, before the view is applied
    assert window.log_model.rowCount() >= len(steps)
    window.close()  # mid-animation: nothing of the released game is shown later (it once raised in a later test)
    assert window.session is None and not window.presenter.busy


def test_speed_setting_is_checked(qtbot):
    """Needs qtbot for its QApplication: in random order this test can be the first to make a widget."""
    from patrician_qt.ui.game.main_window import MainWindow

    window = MainWindow(None)
    qtbot.addWidget(window)
    with pytest.raises(ValueError):
        window.set_speed("warp")
    window.set_speed("slow")
    assert window.presenter.step_ms > 500
    window.close()


def test_window_waits_for_the_human(qtbot):
    window, session = open_game(qtbot, ["bot:easy", "human"], seed=9)
    wait_for_human_or_end(qtbot, window)
    assert window.controller.active and window.controller.seat == session.local_humans()[0]
    session.close()


def test_hint_asks_the_hard_bot_and_says_a_legal_turn(qtbot):
    from PySide6.QtCore import Qt

    from patrician_qt.engine import Turn, TurnBuilder, state_from_view

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=12)
    wait_for_human_or_end(qtbot, window)
    assert window.turn_bar.hint.isEnabled()
    with qtbot.waitSignal(session.hintReady, timeout=30_000):
        qtbot.mouseClick(window.turn_bar.hint, Qt.MouseButton.LeftButton)
    text = window.turn_bar.message_text
    assert text.startswith("Hint: play "), text
    seat = window.controller.seat
    turn = Turn.from_map(window.hints.last_hint)
    # the suggestion is one the turn builder would accept, step by step
    builder = TurnBuilder(state_from_view(window._shown.view(seat)))
    for option in (turn.card, *turn.build):
        builder.choose(option)
    session.close()
