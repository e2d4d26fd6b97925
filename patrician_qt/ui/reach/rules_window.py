"""The Rules window: every rule of docs/rules.md in the app's words and language, house rules marked, with diagrams.

Opened from Help ▸ Rules or ``?``, and at one rule from the link beside a refused click.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine import CARDS
from patrician_qt.ui.reach import rule_diagrams, rules_text
from patrician_qt.ui.reach.rules_text import word
from patrician_qt.ui.text import language

DIAGRAM_SCALE = 1.0


def card_rows(lang: str) -> tuple[list[str], list[list[str]]]:
    """The card list as (column titles, one row per card), for the page and for the window's table.

    In the words a player reads on the cards: city, what the card builds, and what else it shows (a
    second coat of arms says so, it is not left blank); the record codes ("BOL-1") are for records only."""
    head = [word(k, lang) for k in ("city", "builds", "shows", "star")]
    rows = []
    for c in CARDS:
        if c.head:
            shows = ("2 × " if c.heads == 2 else "") + word(c.head, lang)
        elif c.action:
            shows = word(c.action, lang)
        else:
            shows = word("second_arms", lang)
        rows.append([c.city, word(f"floors_{c.arms}", lang), shows, "★" if c.star else ""])
    return head, rows


def rules_html(lang: str, with_cards: bool = True) -> str:
    """The whole rules as one HTML page with an anchor per rule (``#R13``) and diagram images.

    ``with_cards=False`` leaves the card list out: the window shows it as a real table (a table inside
    rich text reaches a screen reader as one run of text)."""
    out = [f"<h1>{html.escape(word('title', lang))}</h1>", f"<p>{rules_text.INTRO[lang]}</p>"]
    for section in rules_text.SECTIONS:
        out.append(f"<h2>{html.escape(getattr(section, lang))}</h2>")
        for r in section.rules:
            house = (f" <span style='background:#F3D9A4; color:#5A3A10'>&nbsp;{word('house', lang)}&nbsp;</span>"
                     if r.house else "")
            out.append(f"<p><a name='{r.id}'></a><b>{r.id}.</b>{house} {html.escape(getattr(r, lang))}</p>")
            if r.diagram:
                out.append(f"<p style='margin-left:24px'><img src='diagram:{r.diagram}'><br>"
                           f"<i>{word('example', lang)}: {html.escape(word(r.diagram + '_example', lang))}</i></p>")
    out.append(f"<h2>{html.escape(word('cards', lang))}</h2><p>{html.escape(word('cards_intro', lang))}</p>")
    if not with_cards:
        return "\n".join(out)
    out.append("<table cellspacing='0' cellpadding='3' border='1'>")
    head, rows = card_rows(lang)
    out.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>")
    for city, builds, shows, star in rows:
        out.append(f"<tr><td>{city}</td><td>{html.escape(builds)}</td><td>{html.escape(shows)}"
                   f"</td><td align='center'>{star}</td></tr>")
    out.append("</table>")
    return "\n".join(out)


class RulesWindow(QDialog):
    """A non-modal window with the rules; ``show_rule("R13")`` scrolls to a rule."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RulesWindow")
        self.setModal(False)
        self.resize(760, 640)
        lay = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        self.browser.setAccessibleName(self.tr("Rules text"))
        # a text cursor: arrow keys move by line and a screen reader reads line by line (not only scrolling)
        flags = Qt.TextInteractionFlag
        self.browser.setTextInteractionFlags(flags.TextSelectableByKeyboard | flags.TextSelectableByMouse
                                             | flags.LinksAccessibleByKeyboard | flags.LinksAccessibleByMouse)
        self.cards = QTableWidget(self)
        self.cards.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.cards.verticalHeader().hide()
        self.tabs.addTab(self.browser, "")
        self.tabs.addTab(self.cards, "")
        lay.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        lay.addWidget(buttons)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.activated.connect(self.browser.setFocus)
        language.notifier.changed.connect(self._language_changed)
        self.lang = ""
        self.rebuild()

    def rebuild(self) -> None:
        """(Re)build the page in the current language, keeping the place."""
        lang = language.current_language()
        self.lang = lang
        self.setWindowTitle(rules_text.word("title", lang))
        doc = self.browser.document()
        for r in rules_text.all_rules():
            if r.diagram:
                doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"diagram:{r.diagram}"),
                                rule_diagrams.render(r.diagram, DIAGRAM_SCALE))
        pos = self.browser.verticalScrollBar().value()
        self.browser.setHtml(rules_html(lang, with_cards=False))
        self.browser.verticalScrollBar().setValue(pos)
        self.tabs.setTabText(0, rules_text.word("title", lang))
        self.tabs.setTabText(1, rules_text.word("cards", lang))
        head, rows = card_rows(lang)
        self.cards.setAccessibleName(rules_text.word("cards", lang))
        self.cards.setColumnCount(len(head))
        self.cards.setRowCount(len(rows))
        self.cards.setHorizontalHeaderLabels(head)
        for row_no, cells in enumerate(rows):
            for col_no, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if text == "★":  # a screen reader would say "black star"
                    item.setData(Qt.ItemDataRole.AccessibleTextRole, rules_text.word("star", lang))
                self.cards.setItem(row_no, col_no, item)
        self.cards.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _language_changed(self, _code: str) -> None:
        """Re-render in the new language (a bound slot: the connection ends with the window)."""
        self.rebuild()

    def show_rule(self, rule_id: str | None = None) -> None:
        """Show the window, raised, at a rule (or where it was)."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.tabs.setCurrentWidget(self.browser)
        cursor = self.browser.textCursor()
        found = self.browser.document().find(f"{rule_id}.") if rule_id else None
        if rule_id:
            self.browser.scrollToAnchor(rule_id)
        if found is not None and not found.isNull():
            cursor.setPosition(found.selectionStart())  # the text cursor at the rule, so reading starts there
        elif cursor.atEnd():
            cursor.movePosition(cursor.MoveOperation.Start)  # a new window reads from the top, not from its end
        cursor.movePosition(cursor.MoveOperation.StartOfBlock)
        self.browser.setTextCursor(cursor)
        self.browser.setFocus()
        self._say_line()

    def _say_line(self) -> None:
        """Say the paragraph at the text cursor: Down would go past it, so a rule's first line was never heard."""
        from patrician_qt.ui.reach.announcer import window_announcer

        announcer = window_announcer(self)
        line = self.browser.textCursor().block().text().strip()
        if announcer is not None and line:
            announcer.say(line, "asked")
            announcer.flush()
