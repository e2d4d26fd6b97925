"""Building and sending a turn in the game window: the turn bar's buttons, hints, a refused turn and
the game's background troubles.

Why a module: the turn being built is one part of the game window (``game/window_parts.py`` says
how the parts share its state).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from patrician_qt.ui.game.window_parts import WindowParts


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class WindowTurns(WindowParts):
    """Building and sending a turn in the game window: the turn bar's buttons, hints, a refused turn and"""

    # -- turn building -----------------------------------------------------------------------------------
    def _controller_changed(self) -> None:
        c = self.controller
        self.scene.set_marks(c.marks())
        self.hand_model.mark(c.legal_cards(), c.chosen_card())
        if c.active and self.session is not None:
            seat = c.seat
            color = self.session.seats()[seat].color if seat is not None else None
            self.turn_bar.set_prompt(c.prompt(), color)
            self.story.show_preview(c.preview() if c.step == "build" else None)  # the engine's answer, in words
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        c = self.controller
        tb = self.turn_bar
        tb.undo.setEnabled(c.can_undo())
        tb.hint.setEnabled(c.active)
        tb.skip.setEnabled(c.can_skip())
        tb.confirm.setEnabled(c.can_confirm())

    def ask_hint(self) -> None:
        """Ask the Hard bot for a suggestion completing the turn begun (ui/game/hint.py)."""
        self.hints.ask()

    def _hint_ready(self, seat: int, seq: int, turn: object) -> None:
        self.hints.ready(seat, seq, turn)

    def _submit(self, turn: object) -> None:
        c = self.controller
        if self.session is None or c.seat is None:
            return
        seat = c.seat
        c.end()
        self.scene.set_marks({})
        self.hand_model.mark(set(), None)
        self._refresh_buttons()
        self.session.submit(seat, turn)  # type: ignore[arg-type]

    def _troubled(self, trouble: object) -> None:
        """Background work of the game failed: say what and offer the ways on (ui/game/trouble.py)."""
        if self.trouble_box is None:
            from patrician_qt.ui.game.trouble import install

            self.trouble_box = install(self)
        self.trouble_box.show(trouble)  # type: ignore[arg-type]
        self.turn_bar.set_message(self.trouble_box.title(trouble), True)  # type: ignore[arg-type]

    def _rejected(self, reason: str, rule: str) -> None:
        text = f"{rule}: {reason}" if rule and not reason.startswith(rule) else reason
        self.turn_bar.set_message(text, True)
        if self._shown is not None:
            self._apply(self._shown)
