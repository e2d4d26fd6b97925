"""The log and the panels under it in the side column (the LAN chat): one under the other when the column is
tall enough for both at a comfortable size, else two tabs of one place ("Log" | "Chat").

Why a widget of its own: the side column's minimum height must be the tabbed one whatever is on screen, so a
5-player LAN game never forces the window taller than a 1280×720 or 1366×768 screen. The mode is chosen from
the height the column actually gets (on resize); the minimum and preferred sizes never depend on the mode, so
a switch cannot make the layout give another height and switch back. The same widgets are shown or hidden,
never re-created or moved: a draft typed in the chat and the keyboard focus survive a switch.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QSize, Qt, SignalInstance
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QLabel,
    QSizePolicy,
    QTabBar,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.board import theme

COMFORT_LINES = 5  # lines each of the log and the chat shows before they are shown one under the other
SPACING = 4


@dataclass
class _Panel:
    """One panel under the log: the widget its owner shows or hides, the page that holds it here, its tab."""

    widget: QWidget
    page: QWidget
    title: QWidget | None  # its own title (a "SideTitle" label), hidden while its tab says its name
    unread: int = 0

    def bare_height(self) -> int:
        """Its minimum height without its title, whether the title is shown now or not."""
        height = _min_height(self.widget)
        layout = self.widget.layout()
        if self.title is not None and not self.title.isHidden() and layout is not None:
            height -= _min_height(self.title) + layout.spacing()
        return height


def _min_height(w: QWidget) -> int:
    """The height a layout will not squeeze ``w`` below (its explicit minimum, else its hint), as Qt's does."""
    return w.minimumHeight() if w.minimumHeight() > 0 else max(0, w.minimumSizeHint().height())


def _lines_height(view: QWidget) -> int:
    """The height of a scrolling view that shows ``COMFORT_LINES`` lines of its font (frame and margins too)."""
    extra = 2 * view.frameWidth() if isinstance(view, QAbstractScrollArea) else 0
    if isinstance(view, QTextEdit):
        extra += int(2 * view.document().documentMargin())
    return COMFORT_LINES * view.fontMetrics().lineSpacing() + extra


class SideTabs(QWidget):
    """The log (with its title) and the panels added under it, stacked or as tabs depending on the height."""

    def __init__(self, title: QLabel, log: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SideTabs")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.title, self.log = title, log
        self.tabbed = False
        self.panels: list[_Panel] = []
        self._refreshing = False  # showing a page resizes the column, which asks for a refresh within this one
        self._again = False
        lay = self._lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(SPACING)
        self.bar = QTabBar(self)
        self.bar.setObjectName("SideTabBar")
        self.bar.setDrawBase(False)
        self.bar.setExpanding(True)
        self.bar.setStyleSheet(
            f"#SideTabBar {{ font-family: '{theme.SERIF}'; font-size: 13px; font-weight: bold; }}"
            f" #SideTabBar::tab {{ color: {theme.FRAME}; background: {theme.PARCHMENT}; padding: 3px 10px;"
            f" border: 1px solid {theme.PARCHMENT_DARK}; border-top-left-radius: 4px; border-top-right-radius: 4px; }}"
            f" #SideTabBar::tab:selected {{ color: {theme.INK}; background: {theme.PARCHMENT_LIGHT};"
            f" border-bottom: 2px solid {theme.GOLD}; }}")
        self.bar.hide()  # and without tabs until it is first shown (_make_tabs)
        self.bar.currentChanged.connect(self._tab_chosen)
        lay.addWidget(self.bar)
        self.log_page = self._page([title, log])
        lay.addWidget(self.log_page, 1)

    def _page(self, widgets: list[QWidget]) -> QWidget:
        page = QWidget(self)
        col = QVBoxLayout(page)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(SPACING)
        for w in widgets:
            col.addWidget(w, 1 if w is widgets[-1] else 0)
        return page

    def add_panel(self, widget: QWidget, stretch: int = 1, news: SignalInstance | None = None) -> None:
        """A panel under the log (its tab says its ``windowTitle``); ``news`` (a signal) marks it unread while
        another tab is shown. Its owner shows and hides ``widget`` as before; this follows."""
        page = self._page([widget])
        self._lay.addWidget(page, stretch)
        panel = _Panel(widget, page, widget.findChild(QLabel, "SideTitle", Qt.FindChildOption.FindDirectChildrenOnly))
        self.panels.append(panel)
        if self.bar.count():
            self.bar.addTab(widget.windowTitle())
        widget.installEventFilter(self)
        if news is not None:
            news.connect(lambda *_, p=panel: self._arrived(p))
        self._refresh()

    # -- sizes: never the mode's -------------------------------------------------------------------------
    def _present(self) -> list[_Panel]:
        return [p for p in self.panels if not p.widget.isHidden()]

    def _tabbed_height(self) -> int:
        present = self._present()
        if not present:
            return _min_height(self.title) + SPACING + _min_height(self.log)
        return self.bar.sizeHint().height() + SPACING + max(_min_height(self.log), *(p.bare_height() for p in present))

    def _stacked_height(self) -> int:
        """Log and every panel one under the other, each showing at least ``COMFORT_LINES`` lines."""
        height = _min_height(self.title) + SPACING + max(_min_height(self.log), _lines_height(self.log))
        for p in self._present():
            view = p.widget.findChild(QAbstractScrollArea)  # the chat's lines
            more = max(0, _lines_height(view) - _min_height(view)) if view is not None else 0
            height += SPACING + self._titled_height(p) + more
        return height

    @staticmethod
    def _titled_height(p: _Panel) -> int:
        layout = p.widget.layout()
        if p.title is None or layout is None:
            return p.bare_height()
        return p.bare_height() + _min_height(p.title) + layout.spacing()

    def minimumSizeHint(self) -> QSize:
        """The tabbed minimum, in either mode: the column never forces the window taller than that."""
        return QSize(super().minimumSizeHint().width(), self._tabbed_height())

    def sizeHint(self) -> QSize:
        """Room for everything one under the other, in either mode."""
        return QSize(super().sizeHint().width(), self._stacked_height())

    # -- the mode ------------------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        """The height decides: tabs when log and panels do not fit one under the other comfortably."""
        super().resizeEvent(event)
        self._refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A panel shown or hidden by its owner: its tab comes or goes, and the sizes change."""
        if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self.updateGeometry()
            self._refresh()
        return False

    def _refresh(self) -> None:
        """Choose the mode and show the pages; a refresh asked for meanwhile (a page shown resized the column)
        runs after this one, never inside it, where the outer one would undo what it decided."""
        if self._refreshing:
            self._again = True
            return
        self._refreshing = True
        try:
            for _ in range(4):  # settles in one or two rounds; a bound, so a layout that flips cannot loop
                self._again = False
                self._refresh_once()
                if not self._again:
                    break
        finally:
            self._refreshing = False

    def _make_tabs(self) -> None:
        """The bar's tabs, made when it is first shown: a tab bar's first tab becomes current, and Qt tells a
        screen reader that tab was selected even while the bar is hidden; Orca 43 takes a selection in the
        active window for the focus (it said "Log page tab" at the app's start instead of its title)."""
        if not self.bar.count():
            self.bar.addTab(self.tr("Log"))
            for panel in self.panels:
                self.bar.addTab(panel.widget.windowTitle())

    def _refresh_once(self) -> None:
        present = self._present()
        tabbed = bool(present) and self.height() < self._stacked_height()
        if tabbed:
            self._make_tabs()
        if tabbed and not self.tabbed:
            holder = self._tab_of(QApplication.focusWidget())
            if holder is not None:
                self.bar.setCurrentIndex(holder)  # the focus (and the line being typed) stays on screen
        self.tabbed = tabbed
        for i, panel in enumerate(self.panels, start=1):
            self.bar.setTabVisible(i, panel in present)
        if tabbed and not self.bar.isTabVisible(self.bar.currentIndex()):
            self.bar.setCurrentIndex(0)
        current = self.bar.currentIndex() if tabbed else -1
        self.bar.setVisible(tabbed)
        self.title.setVisible(not tabbed)  # the tab says "Log" (and "Chat")
        self.log_page.setVisible(current in (-1, 0))
        for i, panel in enumerate(self.panels, start=1):
            if panel.title is not None:
                panel.title.setVisible(not tabbed)
            panel.page.setVisible(panel in present and current in (-1, i))
            if current in (-1, i):
                panel.unread = 0
        self._label_tabs()

    def _tab_chosen(self, index: int) -> None:
        if self.tabbed:
            self._refresh()

    def _arrived(self, panel: _Panel) -> None:
        if self.tabbed and self.bar.currentIndex() != self.panels.index(panel) + 1:
            panel.unread += 1
            self._label_tabs()

    def _label_tabs(self) -> None:
        if not self.bar.count():
            return
        for i, panel in enumerate(self.panels, start=1):
            name = panel.widget.windowTitle()
            text = self.tr("{name} ({count})").format(name=name, count=panel.unread) if panel.unread else name
            if self.bar.tabText(i) != text:
                self.bar.setTabText(i, text)

    # -- keyboard --------------------------------------------------------------------------------------------
    def _tab_of(self, w: QWidget | None) -> int | None:
        """The tab whose page holds ``w`` (0: the log's), if any."""
        pages = [self.log_page, *(p.page for p in self.panels)]
        while w is not None:
            if w in pages:
                return pages.index(w)
            w = w.parentWidget()
        return None

    def stops(self) -> list[QWidget]:
        """Where F6 goes in this place: the log, then each shown panel's own focus (the chat's line)."""
        out: list[QWidget] = [self.log]
        for p in self._present():
            out.append(p.widget.focusProxy() or p.widget)
        return out

    def holds(self, w: QWidget) -> bool:
        """``w`` is on one of the tabs shown in the bar, its page on screen or not (``reveal`` brings it)."""
        tab = self._tab_of(w)
        return self.tabbed and tab is not None and self.bar.isTabVisible(tab)

    def reveal(self, w: QWidget) -> None:
        """Show the tab holding ``w`` (before it gets the focus)."""
        tab = self._tab_of(w)
        if self.tabbed and tab is not None and tab != self.bar.currentIndex():
            self.bar.setCurrentIndex(tab)
