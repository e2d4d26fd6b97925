"""The one place outside text becomes safe to show (patrician_qt/ui/text/plain.py)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from patrician_qt.ui.text import plain
from tests.ui.hostile_text import rich_plain, shown_mnemonic, shown_title

HOSTILE = ["<img src=/dev/zero>", "<b>Anna</b>", "Tom & Jerry", "&lt;b&gt;", "a\nb", "[*] R&D", "<!DOCTYPE x>"]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_tooltip_shows_its_text_exactly(qapp: Any, text: str) -> None:
    tip = plain.tip(text)
    assert QtGui.Qt.mightBeRichText(tip)  # Qt will render it, so it must be escaped…
    assert rich_plain(tip).replace("\n", " ") == text.replace("\n", " ")  # …and shows the text itself
    assert plain.tip_text(tip) == rich_plain(tip).strip()
    assert plain.tip("") == ""


@pytest.mark.parametrize("text", HOSTILE)
def test_markup_escapes_the_values_not_the_template(text: str) -> None:
    html = plain.markup("<b>{name}</b> said {what}", name=text, what="hi")
    assert html.startswith("<b>") and "</b> said hi" in html
    assert rich_plain(html) == f"{text} said hi".replace("\n", " ")  # rich text: a newline is a space


@pytest.mark.parametrize("text", HOSTILE)
def test_buttons_titles_and_labels_show_the_text(qapp: Any, text: str) -> None:
    assert shown_mnemonic(plain.mnemonic(text)) == text
    assert shown_title(plain.title(text)) == text
    label = plain.new_label(text)
    assert label.textFormat() == plain.PLAIN and label.text() == text
    again = plain.label(QLabel("x"), text)
    assert again.textFormat() == plain.PLAIN and again.text() == text


def test_a_window_title_keeps_a_literal_modified_mark(qapp: Any, qtbot: Any) -> None:
    w = QWidget()
    qtbot.addWidget(w)
    w.setWindowTitle(plain.title("Tisch [*]"))
    w.show()
    qtbot.waitUntil(lambda: w.windowHandle() is not None and w.windowHandle().title() == "Tisch [*]")


def test_a_message_box_shows_every_text_as_written(qapp: Any, qtbot: Any) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    box = plain.message_box(parent, QMessageBox.Icon.Question, "Tisch [*]", "<b>Anna</b>?",
                            informative="<img src=x.png>")
    labels = [lab for lab in box.findChildren(QLabel) if lab.text()]
    assert {lab.text() for lab in labels} == {"<b>Anna</b>?", "<img src=x.png>"}
    assert all(lab.textFormat() == plain.PLAIN for lab in labels)
    assert box.textFormat() == plain.PLAIN and box.windowTitle() == "Tisch [*][*]"
    shown = plain.show_message(parent, "T", "<h1>x</h1>")
    assert shown.isVisible() and shown.textFormat() == plain.PLAIN
    assert shown.windowModality() == Qt.WindowModality.WindowModal  # the window waits, the app does not
    shown.close()


def test_a_notification_has_no_markup_characters_left() -> None:
    text = plain.notification("Your turn at <img src=/dev/zero> & <b>R&D</b>")
    assert not set("<>&") & set(text)
    assert "img src=/dev/zero" in text and "R" in text and "D" in text
