"""The Rules window: every rule of RULES.md in the app's words and language, house rules marked, with diagrams.

Opened from Help ▸ Rules or ``?``, and at one rule from the link beside a refused click.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QUrl
from PySide6.QtGui import QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from patrician_qt.engine import CARDS
from patrician_qt.ui.reach import rule_diagrams, rules_text
from patrician_qt.ui.reach.rules_text import word
from patrician_qt.ui.text import language

DIAGRAM_SCALE = 1.0


def rules_html(lang: str) -> str:
    """The whole rules as one HTML page with an anchor per rule (``#R13``) and diagram images."""
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
    out.append("<table cellspacing='0' cellpadding='3' border='1'>")
    out.append("<tr>" + "".join(f"<th>{html.escape(word(k, lang))}</th>"
                                for k in ("card", "city", "arms", "shows", "star")) + "</tr>")
    for c in CARDS:
        shows = ""
        if c.head:
            shows = ("2 × " if c.heads == 2 else "") + word(c.head, lang)
        elif c.action:
            shows = word(c.action, lang)
        out.append(f"<tr><td>{c.id}</td><td>{c.city}</td><td align='center'>{c.arms}</td><td>{html.escape(shows)}"
                   f"</td><td align='center'>{'★' if c.star else ''}</td></tr>")
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
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        self.browser.setAccessibleName(self.tr("Rules text"))
        lay.addWidget(self.browser, 1)
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
        self.browser.setHtml(rules_html(lang))
        self.browser.verticalScrollBar().setValue(pos)

    def _language_changed(self, _code: str) -> None:
        """Re-render in the new language (a bound slot: the connection ends with the window)."""
        self.rebuild()

    def show_rule(self, rule_id: str | None = None) -> None:
        """Show the window, raised, at a rule (or where it was)."""
        self.show()
        self.raise_()
        self.activateWindow()
        if rule_id:
            self.browser.scrollToAnchor(rule_id)
        self.browser.setFocus()
