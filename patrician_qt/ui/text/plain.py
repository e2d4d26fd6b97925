"""Text from outside shown as text: names, table names, chat, a host's messages, file names.

Why one module: Qt guesses rich text wherever it can — a QLabel's default ``Qt.AutoText``,
tooltips, message boxes, a progress dialog's label — so a player who called themselves
``<img src=/dev/zero>`` made every app at the table read /dev/zero without end,
and ``<a href=…>`` or ``<h1>`` rendered. ``&`` marks a shortcut key in buttons and menus, and
``[*]`` is the "modified" mark in window titles. Every widget that shows text we did not
write ourselves goes through one of these functions, so the rule lives in one place:

- ``label(widget, text)`` / ``new_label(text, parent)``: a label that never reads markup;
- ``escape(text)`` and ``markup(template, **values)``: outside text inside our own rich text;
- ``tip(text)``: a tooltip that shows ``text`` exactly; ``tip_text(tooltip)`` reads one back;
- ``mnemonic(text)``: a button's or menu entry's text; ``title(text)``: a window title;
- ``message_box(...)`` / ``show_message(...)``: a message box whose texts are plain;
- ``notification(text)``: a desktop notification's body.
"""

from __future__ import annotations

import html

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

PLAIN = Qt.TextFormat.PlainText


def escape(text: object) -> str:
    """Outside text to put inside our own rich text (a chat line, the lobby's help, a tooltip)."""
    return html.escape(str(text), quote=True)


def markup(template: str, **values: object) -> str:
    """Our own rich-text ``template`` (often from ``tr()``) filled with outside ``values``, each escaped."""
    return template.format(**{k: escape(v) for k, v in values.items()})


def label(widget: QLabel, text: str | None = None) -> QLabel:
    """Make ``widget`` show its text exactly as set, never as markup; optionally set the text."""
    widget.setTextFormat(PLAIN)
    if text is not None:
        widget.setText(text)
    return widget


def new_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A new label that shows its text exactly as set."""
    return label(QLabel(parent), text)


def tip(text: str) -> str:
    """A tooltip showing ``text`` exactly (Qt guesses rich text in tooltips from the text itself)."""
    if not text:
        return ""
    return QtGui.Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)  # <p>escaped</p>


def tip_text(tooltip: str) -> str:
    """What a tooltip shows, as plain text (for an accessible name made from a tooltip)."""
    if not QtGui.Qt.mightBeRichText(tooltip):
        return tooltip
    doc = QTextDocument()
    doc.setHtml(tooltip)  # only parsed: images are loaded at layout, which never happens here
    return doc.toPlainText().strip()


def mnemonic(text: str) -> str:
    """Outside text for a button or menu entry, where "&" would mark the next letter as a shortcut."""
    return text.replace("&", "&&")


def title(text: str) -> str:
    """Outside text for a window title, where "[*]" would be the "modified" mark (hidden)."""
    return text.replace("[*]", "[*][*]")


def message_box(parent: QWidget | None, icon: QMessageBox.Icon, window_title: str, text: str,
                buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
                informative: str = "") -> QMessageBox:
    """A message box whose title, text and informative text are shown exactly as given."""
    box = QMessageBox(icon, title(window_title), text, buttons, parent)
    box.setTextFormat(PLAIN)
    if informative:
        box.setInformativeText(informative)
    for child in box.findChildren(QLabel):
        child.setTextFormat(PLAIN)  # the informative label too (its own format in older Qt)
    return box


def show_message(parent: QWidget | None, window_title: str, text: str,
                 icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> QMessageBox:
    """Tell something without blocking the window: a window-modal plain message box, opened."""
    box = message_box(parent, icon, window_title, text)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.open()
    return box


def notification(text: str) -> str:
    """Outside text for a desktop notification's body.

    Freedesktop notification servers read a subset of HTML in the body, others show it as is,
    and which one a tray uses is not known here: "<", ">" and "&" become look-alikes that no
    server reads as markup.
    """
    return text.replace("&", "\uff06").replace("<", "\u2039").replace(">", "\u203a")
