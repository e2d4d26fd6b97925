"""The first-game tutorial: offered once on the start screen, guides the first turns step by step, skippable."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt

from patrician_qt.ui.reach.tutorial import FIRST_CARD, GUIDED_TURNS, SETTING, TutorialOffer
from patrician_qt.ui.text.card_names import CODE_RE, card_name
from tests.ui.game_helpers import wait_for_human_or_end


def _app(qtbot, tmp_path, settings):
    from patrician_qt.ui.app.flow import AppController

    ctrl = AppController(settings, tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.window.set_speed("instant")
    ctrl.show()
    return ctrl


def test_offered_on_the_first_start_only(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = _app(qtbot, tmp_path, settings)
    offer = first.start.findChild(TutorialOffer)
    assert offer is not None and offer.isVisible()
    assert settings.value(SETTING, False, type=bool)
    second = _app(qtbot, tmp_path / "again", settings)
    assert second.start.findChild(TutorialOffer) is None


def test_guided_turns_by_keys_then_the_guide_steps_back(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    ctrl = _app(qtbot, tmp_path, settings)
    window = ctrl.window
    ctrl.start.findChild(TutorialOffer).start.click()
    tut = window.extras.tutorial
    assert tut is not None and tut.panel.isVisible()
    seen: list[str] = []
    for turn in range(GUIDED_TURNS):
        wait_for_human_or_end(qtbot, window)
        c = window.controller
        text = tut.panel.text.text()
        seen.append(text)
        if turn == 0:
            assert card_name(FIRST_CARD) in text and "press 1" in text
            assert not CODE_RE.search(text)  # players never read a card code
        suggested = next(card for card in window.hand_model.cards() if card_name(card) in text)
        qtbot.keyClick(window, getattr(Qt.Key, f"Key_{window.hand_model.cards().index(suggested) + 1}"))
        assert c.chosen_card() == suggested
        while c.step == "build":
            assert "plot" in tut.panel.text.text()
            qtbot.keyClick(window, Qt.Key.Key_A if "A" in c.builder.options() else Qt.Key.Key_B)
        if c.step == "relocate":
            assert "R13" in tut.panel.text.text()
            qtbot.keyClick(window, Qt.Key.Key_S)
        if c.step == "take":
            assert "R14" in tut.panel.text.text()
            if len([o for o in c.builder.options() if o is not None]) > 1:
                qtbot.keyClick(window.board_view, Qt.Key.Key_Tab)
            qtbot.keyClick(window, Qt.Key.Key_Return)
        assert "Confirm" in tut.panel.text.text()
        with qtbot.waitSignal(window.shown):
            qtbot.keyClick(window, Qt.Key.Key_Return)
    wait_for_human_or_end(qtbot, window)
    assert not tut.active and "You know the turn now" in tut.panel.title.text()
    window.session.close()


def test_skip_ends_the_guide_and_the_game_goes_on(qtbot, tmp_path):
    ctrl = _app(qtbot, tmp_path, None)
    window = ctrl.window
    window.extras.act_tutorial.trigger()
    tut = window.extras.tutorial
    wait_for_human_or_end(qtbot, window)
    with qtbot.waitSignal(tut.finished):
        tut.panel.skip.click()
    assert not tut.active
    assert window.controller.active  # still your turn: only the guide is gone
    window.session.close()
