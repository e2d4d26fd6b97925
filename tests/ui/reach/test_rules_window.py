"""The Rules window: all of R1–R26a in both languages, house rules marked, diagrams from the board items."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from patrician_qt.ui.reach import rule_diagrams, rules_text
from patrician_qt.ui.reach.rules_window import RulesWindow, rules_html
from patrician_qt.ui.text import language
from tests.ui.game_helpers import open_game, wait_for_human_or_end

RULES_MD = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
HOUSE = {"R10", "R19", "R22", "R26a"}  # the rules docs/rules.md marks [house]
RULE_IDS = [f"R{i}" for i in range(1, 27)] + ["R26a"]


def test_every_rule_is_there_once_in_both_languages_with_house_rules_marked():
    ids = [r.id for r in rules_text.all_rules()]
    assert ids == RULE_IDS
    assert {r.id for r in rules_text.all_rules() if r.house} == HOUSE
    for r in rules_text.all_rules():
        assert r.en and r.de and r.en != r.de
    for lang, mark in (("en", "house rule"), ("de", "Hausregel")):
        page = rules_html(lang)
        for r in rules_text.all_rules():
            assert f"<a name='{r.id}'>" in page
        assert page.count(mark) == len(HOUSE) + 1  # + the intro's explanation
        assert page.count("<tr><td>") == 55  # the card list


def test_house_rules_match_rules_md():
    text = RULES_MD.read_text(encoding="utf-8")
    # a rule starts a paragraph as "**R26. Title.**" or "**R26a. [house] Title.**"
    found = re.findall(r"^\*\*(R\d+[a-z]?)\. (\[house\] )?", text, re.MULTILINE)
    assert [rule_id for rule_id, _ in found] == RULE_IDS
    assert {rule_id for rule_id, house in found if house} == HOUSE


def test_diagrams_are_real_city_panels_and_r21_follows_the_engine(qapp):
    for rule_id in ("R11", "R13", "R21"):
        image = rule_diagrams.render(rule_id)
        assert image.width() > 200 and image.height() > 150
        colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7)
                   for y in range(0, image.height(), 7)}
        assert len(colours) > 20, f"{rule_id} drew nothing"
    row, _ = rule_diagrams.example("R21")
    names = [p.name for p in rule_diagrams.EXAMPLE_PLAYERS]
    assert [(names[s], v) for s, v in row["awards"]] == [("Ben", 5), ("Anna", 2)]
    assert "Ben wins 5" in rules_text.word("R21_example", "en")
    ferrara, marks = rule_diagrams.example("R11")
    assert ferrara["built"] == ferrara["floors"] - 1 and not ferrara["towerB"] and marks.plots == {"B"}
    assert image.pixelColor(0, 0) == QColor(Qt.GlobalColor.transparent)


def test_window_opens_at_a_rule_and_follows_the_language(qtbot):
    window = RulesWindow()
    qtbot.addWidget(window)
    window.resize(700, 500)
    window.show_rule("R1")
    top = window.browser.verticalScrollBar().value()
    window.show_rule("R21")
    assert window.browser.verticalScrollBar().value() > top
    assert "Bauplatz" not in window.browser.toPlainText()
    try:
        assert language.switch("de")
        assert "Bauplatz" in window.browser.toPlainText() and window.windowTitle() == "Spielregeln"
    finally:
        language.switch("en")
    assert window.windowTitle() == "Rules"


def test_a_refused_click_links_to_its_rule(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    c = window.controller
    c.click_card(sorted(c.builder.options())[0])
    city = c.builder.city
    other = next(x for x in window.scene.panels if x != city)
    assert c.step == "build"
    c.click_plot(other, "A")  # R9: the card builds elsewhere
    assert window.turn_bar.rule == "R9"
    window.turn_bar.rule_link.click()
    rules = window.extras._rules
    assert rules.isVisible()
    cursor = rules.browser.cursorForPosition(rules.browser.viewport().rect().topLeft() + QPoint(5, 5))
    assert cursor.block().text().startswith("R9.")
    session.close()
