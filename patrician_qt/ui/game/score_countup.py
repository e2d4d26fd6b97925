"""The score sheet's totals count up from 0 when the game ends (skippable: Space, or a click on the sheet).

Why apart from the sheet: the sheet is the final table (tests read it); the count-up only animates the
text of its Total row for a moment and always ends on the sheet's own numbers.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation, QEasingCurve, QEvent, QObject, QVariantAnimation

from patrician_qt.ui.game.score_sheet import ScoreSheet

COUNT_MS: dict[str, int] = {"instant": 0, "fast": 700, "normal": 1100, "slow": 1600}


class CountUp(QObject):
    """Counts the Total row of a shown score sheet up to its values."""

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__(sheet)
        self.sheet = sheet
        self._anim = QVariantAnimation(self)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._anim.valueChanged.connect(self._show)
        self._anim.finished.connect(self.finish)
        self._row = -1
        self._finals: list[int | None] = []
        sheet.installEventFilter(self)
        sheet.table.viewport().installEventFilter(self)

    @property
    def running(self) -> bool:
        """Whether the totals are still counting."""
        return self._anim.state() == QAbstractAnimation.State.Running

    def start(self, duration_ms: int) -> None:
        """Count the sheet's totals up over ``duration_ms`` (0: leave them as they are)."""
        table = self.sheet.table
        self._row = table.rowCount() - 2  # "Total" sits above the tie-break row (score_sheet.sheet_rows)
        if duration_ms <= 0 or self._row < 0:
            return
        self._finals = []
        for c in range(table.columnCount()):
            item = table.item(self._row, c)
            text = item.text() if item is not None else ""
            self._finals.append(int(text) if text.lstrip("-").isdigit() else None)
        self._anim.setDuration(duration_ms)
        self._anim.start()

    def _show(self, value: object) -> None:
        table = self.sheet.table
        share = float(value)  # type: ignore[arg-type]
        for c, final in enumerate(self._finals):
            item = table.item(self._row, c)
            if item is not None and final is not None:
                item.setText(str(round(final * share)))

    def finish(self) -> None:
        """Show the final totals now."""
        if self._anim.state() != QAbstractAnimation.State.Stopped:
            self._anim.stop()
        if self._finals:
            self._show(1.0)
            self._finals = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A click on the sheet while counting skips to the totals."""
        if event.type() == QEvent.Type.MouseButtonPress and self.running:
            self.finish()
        return False
