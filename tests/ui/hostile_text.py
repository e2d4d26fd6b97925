"""Markup names and what the app shows of them: walk every text of every window and find markup
that Qt interpreted instead of showing it.

Why a checker of its own: Qt guesses rich text in labels (``Qt.AutoText``), tooltips, message
boxes and ``QTextEdit.append``; ``&`` marks a shortcut in buttons and menus, ``[*]`` is the
"modified" mark in window titles. The walker renders each text the way Qt would show it and
checks that every piece of markup from the hostile names is still there, letter for letter.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from PySide6 import QtGui
from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QMenu,
    QTabBar,
    QTextEdit,
    QWidget,
)

#: markup that must be shown as typed, and the words a renderer would leave of it
PLAYERS = ("<b>Ansgar</b>", "<h1>Bruno</h1>&Co", "<a href=x>Cosima</a>", "<img src=x.png>")
TABLE = "<i>Taverna</i> Q&Z [*]"
CHAT = "<u>Zorro</u> <img src=x.png> &amp; Co"
HOST_TEXT = "<b>Geh weg</b> <img src=x.png>"
FILE = "<b>Quaxel<b>"  # a file name: no "/"
LITERALS = (*PLAYERS, TABLE, CHAT, HOST_TEXT, "<i>Taverna</i>", "Q&Z [*]", "Q&Z", "&amp;", FILE)
#: what a renderer leaves of the literals above (none of it may be seen outside a literal);
#: words that appear in no English or German text of the app
RESIDUES = ("Ansgar", "Bruno", "Cosima", "Taverna", "Zorro", "Geh weg", "QZ", "Quaxel")
OBJECT = "\ufffc"  # an image Qt laid out in rich text


def rich_plain(text: str) -> str:
    """What a rich-text renderer shows of ``text``."""
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def shown_auto(text: str) -> str:
    """Tooltips, message boxes and AutoText labels: rich text when Qt guesses so."""
    return rich_plain(text) if QtGui.Qt.mightBeRichText(text) else text


def shown_label(label: QLabel) -> str:
    """A label's text as drawn."""
    fmt = label.textFormat()
    text = label.text()
    if fmt == Qt.TextFormat.PlainText:
        return text
    if fmt == Qt.TextFormat.RichText:
        return rich_plain(text)
    if fmt == Qt.TextFormat.MarkdownText:
        doc = QTextDocument()
        doc.setMarkdown(text)
        return doc.toPlainText()
    return shown_auto(text)


def shown_mnemonic(text: str) -> str:
    """A button's or menu entry's text as drawn: "&x" underlines x, "&&" is one "&"."""
    return re.sub(r"&(.)", r"\1", text)


def shown_title(text: str) -> str:
    """A window title as the desktop shows it: "[*]" is the modified mark, "[*][*]" a literal "[*]"."""
    return text.replace("[*][*]", "\0").replace("[*]", "").replace("\0", "[*]")


@dataclass
class Walk:
    """What a walk found: problems, and where each literal was seen shown correctly."""

    problems: list[str] = field(default_factory=list)
    seen: dict[str, list[str]] = field(default_factory=dict)
    texts: int = 0

    def check(self, where: str, raw: str, shown: str, accessible: bool = False) -> None:
        """One text: ``raw`` as set, ``shown`` as drawn (or read out)."""
        if not raw:
            return
        self.texts += 1
        rest = shown
        for lit in sorted(LITERALS, key=len, reverse=True):
            if lit in rest:
                self.seen.setdefault(lit, []).append(where)
                rest = rest.replace(lit, " ")
        left = [w for w in RESIDUES if w in rest]
        if left or OBJECT in shown:
            self.problems.append(f"{where}: markup interpreted, shows {shown!r} (set {raw!r})")
        if accessible and any(bit in rest for bit in ("&lt;", "&gt;", "&amp;", "<p>", "<br>", "</")):
            self.problems.append(f"{where}: markup read out: {shown!r}")

    def where_seen(self, literal: str) -> list[str]:
        """The places a literal was shown as typed."""
        return self.seen.get(literal, [])


def _name(w: QWidget) -> str:
    """The widget's class (and object name) after those of its parents: "MainWindow/…/ScoreSheet/QLabel"."""
    parts = []
    node: QWidget | None = w
    while node is not None:
        obj = node.objectName()
        parts.append(f"{type(node).__name__}{'#' + obj if obj and not obj.startswith('qt_') else ''}")
        node = node.parentWidget()
    return "/".join(reversed(parts))


def _walk_model(walk: Walk, where: str, model: QAbstractItemModel, parent: QModelIndex, depth: int = 0) -> None:
    if depth > 3:
        return
    flat = isinstance(model, QAbstractListModel | QAbstractTableModel)  # no children (some methods private)
    columns_private = isinstance(model, QAbstractListModel)
    columns = 1 if columns_private else model.columnCount(parent)
    for r in range(min(model.rowCount(parent), 200)):
        for c in range(min(columns, 20)):
            idx = model.index(r, c, parent)
            display = idx.data(Qt.ItemDataRole.DisplayRole)
            if isinstance(display, str):
                walk.check(f"{where}[{r},{c}]", display, display)
            tip = idx.data(Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                walk.check(f"{where}[{r},{c}].toolTip", tip, shown_auto(tip))
            name = idx.data(Qt.ItemDataRole.AccessibleTextRole)
            if isinstance(name, str):
                walk.check(f"{where}[{r},{c}].accessible", name, name, accessible=True)
        first = model.index(r, 0, parent)
        if not flat and model.hasChildren(first):
            _walk_model(walk, where, model, first, depth + 1)
    for orient, n in ((Qt.Orientation.Horizontal, columns),
                      (Qt.Orientation.Vertical, model.rowCount(parent))):
        for s in range(min(n, 50)):
            head = model.headerData(s, orient, Qt.ItemDataRole.DisplayRole)
            if isinstance(head, str):
                walk.check(f"{where}.header{s}", head, head)


def walk_widget(walk: Walk, w: QWidget) -> None:
    """Every text one widget shows or reads out."""
    where = _name(w)
    if w.isWindow():
        title = w.windowTitle()
        walk.check(f"{where}.windowTitle", title, shown_title(title))
    tip = w.toolTip()
    walk.check(f"{where}.toolTip", tip, shown_auto(tip))
    walk.check(f"{where}.whatsThis", w.whatsThis(), shown_auto(w.whatsThis()))
    walk.check(f"{where}.accessibleName", w.accessibleName(), w.accessibleName(), accessible=True)
    walk.check(f"{where}.accessibleDescription", w.accessibleDescription(), w.accessibleDescription(),
               accessible=True)
    if isinstance(w, QLabel):
        walk.check(f"{where}.text", w.text(), shown_label(w))
    elif isinstance(w, QAbstractButton):
        walk.check(f"{where}.text", w.text(), shown_mnemonic(w.text()))
    elif isinstance(w, QGroupBox):
        walk.check(f"{where}.title", w.title(), shown_mnemonic(w.title()))
    elif isinstance(w, QTextEdit):
        walk.check(f"{where}.document", w.toHtml(), w.toPlainText())
    elif isinstance(w, QComboBox):
        _walk_model(walk, where, w.model(), QModelIndex())
    elif isinstance(w, QTabBar):
        for i in range(w.count()):
            walk.check(f"{where}.tab{i}", w.tabText(i), shown_mnemonic(w.tabText(i)))
            walk.check(f"{where}.tab{i}.toolTip", w.tabToolTip(i), shown_auto(w.tabToolTip(i)))
    elif isinstance(w, QAbstractItemView) and w.model() is not None:
        _walk_model(walk, where, w.model(), w.rootIndex())
    elif isinstance(w, QGraphicsView) and w.scene() is not None:
        for item in w.scene().items():
            tip = item.toolTip()
            walk.check(f"{where}.{type(item).__name__}.toolTip", tip, shown_auto(tip))
            tower_tip = getattr(item, "tower_tip", None)
            if callable(tower_tip) and getattr(item, "row", None):
                for plot in "AB":
                    text = tower_tip(plot)
                    walk.check(f"{where}.{type(item).__name__}.tower_tip({plot})", text, shown_auto(text))
    if isinstance(w, QMenu):
        walk.check(f"{where}.title", w.title(), shown_mnemonic(w.title()))
    for a in w.actions():
        walk_action(walk, a, where)


def walk_action(walk: Walk, a: QAction, where: str) -> None:
    """A menu entry's text and tooltip."""
    walk.check(f"{where}.action.text", a.text(), shown_mnemonic(a.text()))
    if a.toolTip() != a.text().replace("&", ""):
        walk.check(f"{where}.action.toolTip", a.toolTip(), shown_auto(a.toolTip()))


def walk_all(roots: Iterable[QWidget] | None = None) -> Walk:
    """Walk every widget of the given windows (default: every window on screen, with its dialogs)."""
    walk = Walk()
    tops = list(roots) if roots is not None else [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    seen: set[int] = set()
    for top in tops:
        for w in [top, *top.findChildren(QWidget)]:
            if id(w) in seen:
                continue
            seen.add(id(w))
            walk_widget(walk, w)
    return walk


def assert_plain(walk: Walk, *expected: tuple[str, str]) -> None:
    """No markup was interpreted, and each (literal, place) pair was seen: the walk did look there.

    ``place`` is a part of the widget's path, "*" standing for anything (e.g. "PlayersView*.toolTip").
    """
    assert not walk.problems, "\n".join(walk.problems)
    missing = [(lit, place) for lit, place in expected
               if not any(fnmatch.fnmatchcase(where, f"*{place}*") for where in walk.where_seen(lit))]
    assert not missing, f"not shown as typed: {missing}; seen: {walk.seen}"
