"""Motion: pieces fly and land, nothing is left displaced, Space lands everything, input is never
held up, scoring moments show their caption, and the end's totals count up to the sheet's numbers."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap

from patrician_qt.engine import read_record
from patrician_qt.ui.board.board_view import SCENE_RECT
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.game.score_sheet import sheet_rows
from tests.ui.game_helpers import click_hand, lit_cards, open_game

DATA = Path(__file__).resolve().parents[2] / "data"
RECORD = DATA / "example-5p.patrician.json"
WAIT_MS = 20_000


def _window(qtbot, speed: str, size: tuple[int, int] = (1280, 720)) -> MainWindow:
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed(speed)
    window.resize(*size)
    window.show()
    assert window.files.open_replay(RECORD)
    return window


def _quiet(window: MainWindow) -> bool:
    """Nothing moves, waits, glows or is held."""
    return (not window.presenter.busy and not window.motion.director.busy()
            and all(p.glow < 0.01 for p in window.scene.panels.values()))


def _render(window: MainWindow) -> QImage:
    """The board scene drawn at a fixed size, independent of the window."""
    img = QImage(int(SCENE_RECT.width()), int(SCENE_RECT.height()), QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    window.scene.render(p, SCENE_RECT, SCENE_RECT)
    p.end()
    return img


def _step_to(qtbot, window: MainWindow, k: int) -> None:
    replay = window.session.replay()
    while replay.index < k:
        with qtbot.waitSignal(window.shown, timeout=WAIT_MS):
            replay.step()


def _no_displacement(qtbot, moving: MainWindow, still: MainWindow, k: int) -> None:
    qtbot.waitUntil(lambda: _quiet(moving), timeout=WAIT_MS)
    assert moving.motion.director.layer.sprites() == []
    assert all(not p.veiled for p in moving.scene.panels.values())
    still.session.replay().seek(k)
    assert moving._shown.seq == still._shown.seq == k
    assert _render(moving) == _render(still)


def test_bot_turns_fly_and_land_where_a_render_without_motion_puts_everything(qtbot):
    moving = _window(qtbot, "fast")
    still = _window(qtbot, "instant")
    moving.session.replay().seek(12)
    flown: list[int] = []
    moving.motion.director.layer.moved.connect(lambda *_: flown.append(1))
    for k in (13, 14, 15):  # 14 relocates a floor between towers
        _step_to(qtbot, moving, k)
        _no_displacement(qtbot, moving, still, k)
    assert flown, "no piece flew during three bot turns"


def test_pieces_shown_at_once_fly_onto_the_new_view_and_land_in_place(qtbot):
    """A human's or a LAN player's turn: the view first (input never waits), then the pieces fly onto it."""
    moving = _window(qtbot, "normal")
    still = _window(qtbot, "instant")
    replay = moving.session.replay()
    replay.seek(13)
    update = dataclasses.replace(replay.update_at(14), by_bot=False)
    seen: list[bool] = []
    moving.shown.connect(lambda u: seen.append(moving.motion.director.busy()))
    with qtbot.waitSignal(moving.shown, timeout=WAIT_MS):
        moving.presenter.push(update)
    assert moving._shown is update  # applied at once, not after the flights
    qtbot.waitUntil(lambda: bool(moving.motion.director.layer.sprites()), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: _quiet(moving), timeout=WAIT_MS)
    assert moving.motion.director.layer.sprites() == []
    assert all(not p.veiled for p in moving.scene.panels.values())
    still.session.replay().seek(14)
    assert _render(moving) == _render(still)


def test_space_lands_every_piece_at_once(qtbot):
    window = _window(qtbot, "slow")
    replay = window.session.replay()
    replay.seek(13)
    replay.step()
    qtbot.waitUntil(lambda: bool(window.motion.director.layer.sprites()), timeout=WAIT_MS)
    window.menus.act_skip_anim.trigger()
    assert not window.presenter.busy and not window.motion.director.busy()
    assert window.motion.director.layer.sprites() == []
    assert all(not p.veiled for p in window.scene.panels.values())


def test_instant_speed_flies_nothing(qtbot):
    window = _window(qtbot, "instant")
    with qtbot.waitSignal(window.shown, timeout=WAIT_MS):
        window.session.replay().step()
    assert not window.motion.director.busy() and window.motion.director.layer.sprites() == []


def test_reduce_motion_pieces_appear_where_they_land(qtbot):
    window = _window(qtbot, "slow")
    window.motion.act_reduce.setChecked(True)
    # a piece's places, per size of the board: when the side column changes (the replay's side panels join it)
    # the board is laid out afresh and every piece follows it there, which is no travelling
    positions: dict[tuple[int, tuple[int, int]], list[QPointF]] = {}
    seen: list[object] = []  # kept, so that a later piece cannot take a finished one's id
    layer = window.motion.director.layer

    def note(*_args: object) -> None:
        for s in layer.sprites():
            size = window.board_view.size()
            seen.append(s)
            positions.setdefault((id(s), (size.width(), size.height())), []).append(s.pos())

    layer.moved.connect(note)
    window.session.replay().seek(13)
    _step_to(qtbot, window, 14)
    qtbot.waitUntil(lambda: _quiet(window), timeout=WAIT_MS)
    assert positions, "nothing was shown"
    for path in positions.values():
        assert all(p == path[0] for p in path), "a piece travelled with Reduce motion on"


def test_the_layer_never_takes_a_click_a_human_turn_goes_on_under_flying_pieces(qtbot):
    window, _session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    qtbot.waitUntil(lambda: window.controller.active, timeout=WAIT_MS)
    layer = window.motion.director.layer
    pm = QPixmap(400, 400)
    pm.fill(Qt.GlobalColor.red)
    hand = window.hand_view
    centre = layer.point_from(hand.viewport(), QPointF(hand.viewport().rect().center()))
    layer.fly(pm, centre, centre, 10_000)  # a big piece right over the hand for ten seconds
    assert layer.isVisible() and layer.sprites()
    card = lit_cards(window)[0]
    click_hand(qtbot, window, card)
    chosen = [window.hand_model.index(i, 0).data(HandModel.ChosenRole) for i in range(window.hand_model.rowCount())]
    assert any(chosen), "the click on the hand did not reach it under the flying piece"
    assert layer.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    assert layer.focusPolicy() == Qt.FocusPolicy.NoFocus
    layer.finish_all()
    assert layer.sprites() == []


def test_scoring_moment_captions_the_city_with_its_winners_from_the_event(qtbot):
    window = _window(qtbot, "slow")
    replay = window.session.replay()
    replay.seek(41)
    captions: list[str] = []
    tiles: list[int] = []
    flights = [0]
    layer = window.motion.director.layer
    fly = layer.fly

    def counted_fly(*args: object, **kw: object) -> object:  # counts pieces set flying, landed or not (a loaded
        flights[0] += 1  # machine may land the last step's pieces before this step is seen)
        return fly(*args, **kw)

    layer.fly = counted_fly

    def seen(update: object, event: dict, mode: str) -> None:  # runs after the motion's own slot
        captions.extend(c.text for c in window.motion.director._captions)
        if event.get("e") == "scored":
            tiles.append(flights[0])  # the pieces this step set flying
        flights[0] = 0

    window.presenter.stepOf.connect(seen)
    _step_to(qtbot, window, 42)  # Verona: the second seat wins both tiles (5 and 2)
    ben = window.session.seats()[1].name
    assert f"Verona: {ben} 5, {ben} 2" in captions
    assert tiles == [2], "both tiles should fly to their winner"
    qtbot.waitUntil(lambda: _quiet(window), timeout=WAIT_MS)
    assert window.motion.director._captions == []


def test_the_end_counts_the_totals_up_to_the_sheets_numbers(qtbot):
    window = _window(qtbot, "fast")
    record = read_record(RECORD.read_text())
    replay = window.session.replay()
    replay.seek(len(record.turns) - 1)
    with qtbot.waitSignal(window.gameOver, timeout=WAIT_MS):
        replay.step()
    sheet = window.score_sheet
    assert sheet.isVisible() and window.motion.countup.running
    titles, rows, _ = sheet_rows(window._shown.view(None))
    finals = rows[titles.index("Total")]
    players = window.session.seats()
    qtbot.waitUntil(lambda: not window.motion.countup.running, timeout=WAIT_MS)
    assert [sheet.cell("Total", s) for s in range(len(players))] == finals


def test_space_skips_the_count_up(qtbot):
    window = _window(qtbot, "slow")
    record = read_record(RECORD.read_text())
    replay = window.session.replay()
    replay.seek(len(record.turns) - 1)
    with qtbot.waitSignal(window.gameOver, timeout=WAIT_MS):
        replay.step()
    titles, rows, _ = sheet_rows(window._shown.view(None))
    window.menus.act_skip_anim.trigger()
    assert not window.motion.countup.running
    assert [window.score_sheet.cell("Total", s) for s in range(5)] == rows[titles.index("Total")]
