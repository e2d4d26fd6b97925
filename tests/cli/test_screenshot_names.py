"""``patrician screenshot … --names A,B,C``: those names in the rendered game, shown as typed."""

from __future__ import annotations

import argparse
from typing import Any

import pytest
from PySide6.QtGui import QImage

from patrician_qt.cli.screenshot import add_screenshot_parser, parse_names, screenshot_main
from patrician_qt.ui.game.main_window import MainWindow


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_screenshot_parser(parser.add_subparsers())
    return parser.parse_args(["screenshot", *argv])


def test_the_names_are_in_the_rendered_window(qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    grabbed: list[list[str]] = []
    grab = MainWindow.grab

    def grab_and_look(self: MainWindow, *a: Any) -> Any:
        m = self.players_model
        grabbed.append([m.index(i, 0).data() for i in range(m.rowCount())])
        return grab(self, *a)

    monkeypatch.setattr(MainWindow, "grab", grab_and_look)
    out = tmp_path / "named.png"
    names = ["Zoë", "<b>Ugo</b>", "Ann & Co"]
    assert screenshot_main(_args(str(out), "--names", ",".join(names), "--turns", "3", "--size", "1024x640")) == 0
    assert QImage(str(out)).size().width() == 1024
    assert grabbed == [names]  # three seats, as many as names, in the players panel when the picture was taken


@pytest.mark.parametrize(("names", "players", "says"), [
    ("Anna,,Ben", None, "between every two commas"), ("Anna,anna", None, "same name"),
    ("Anna," + "x" * 25, None, "24 characters"), ("Anna,Ben", 3, "--players 3 but 2 names"),
    ("Anna", None, "2 to 5"), ("A,B,C,D,E,F", None, "2 to 5"),
])
def test_bad_names_are_refused(names: str, players: int | None, says: str, tmp_path: Any, capsys: Any) -> None:
    argv = [str(tmp_path / "x.png"), "--names", names] + (["--players", str(players)] if players else [])
    assert screenshot_main(_args(*argv)) == 2
    assert says in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_parse_names() -> None:
    assert parse_names(" Anna , Ben ", None) == (2, ("Anna", "Ben"))
    assert parse_names(None, None) == (4, None)
    assert parse_names(None, 3) == (3, None)
