"""Building and sending a turn in the game window: the turn bar's buttons and prompt, the marks of the turn
begun, hints, a refused turn, a game that cannot go on, and the game's background troubles.

Why a part of its own: the turn being built is one job of the game window. The turn controller decides
what may be chosen (from the engine's answers); this part shows it and sends the finished turn. What it
needs of the window (the game on screen, how to show the update again, the save dialogs) is handed in by
the window's builder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from patrician_qt.ui.board.board_view import BoardScene
    from patrician_qt.ui.board.hand_model import HandModel
    from patrician_qt.ui.game.hint import HintGuide
    from patrician_qt.ui.game.on_screen import OnScreen
    from patrician_qt.ui.game.story import StoryKeeper
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.game.turn_controller import TurnController


class TurnBuilding(QObject):
    """Keeps the turn bar, the board's marks and the hand's lit cards in step with the turn being built, and
    sends it when done; says refusals, failures and troubles in the turn bar."""

    def __init__(self, on_screen: OnScreen, controller: TurnController, turn_bar: TurnBar, scene: BoardScene,
                 hand_model: HandModel, story: StoryKeeper, hints: HintGuide, parent: QWidget, *,
                 show_again: Callable[[], None], save_game_dialog: Callable[[], None],
                 save_record_dialog: Callable[[], None]) -> None:
        super().__init__(parent)
        self._on_screen = on_screen
        self._controller = controller
        self._turn_bar = turn_bar
        self._scene = scene
        self._hand_model = hand_model
        self._story = story
        self.hints = hints
        self._parent = parent  # of the trouble box
        self._show_again = show_again  # the update on screen once more (after a refusal)
        self._save_game_dialog = save_game_dialog
        self._save_record_dialog = save_record_dialog
        self.trouble_box: TroubleBox | None = None  # made when a game first reports trouble
        turn_bar.undo.clicked.connect(controller.undo)
        turn_bar.skip.clicked.connect(controller.skip)
        turn_bar.confirm.clicked.connect(controller.confirm)
        turn_bar.hint.clicked.connect(self.ask_hint)
        controller.changed.connect(self.refresh)
        controller.message.connect(turn_bar.set_message)
        controller.stepped.connect(turn_bar.clear_refusal)
        controller.submitted.connect(self._submit)

    def refresh(self) -> None:
        """Marks, lit cards, prompt, the build's preview in words, and the buttons for the turn being built."""
        c = self._controller
        self._scene.set_marks(c.marks())
        self._hand_model.mark(c.legal_cards(), c.chosen_card())
        session = self._on_screen.session
        if c.active and session is not None:
            seat = c.seat
            color = session.seats()[seat].color if seat is not None else None
            self._turn_bar.set_prompt(c.prompt(), color)
            self._story.show_preview(c.preview() if c.step == "build" else None)  # the engine's answer, in words
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Undo, Hint, Skip and Confirm as far as the turn being built allows."""
        c = self._controller
        tb = self._turn_bar
        tb.undo.setEnabled(c.can_undo())
        tb.hint.setEnabled(c.active)
        tb.skip.setEnabled(c.can_skip())
        tb.confirm.setEnabled(c.can_confirm())

    def stop(self) -> None:
        """No turn is being built here now: no marks, no lit cards, buttons off."""
        self._controller.end()
        self._scene.set_marks({})
        self.refresh_buttons()

    def ask_hint(self) -> None:
        """Ask the Hard bot for a suggestion completing the turn begun (ui/game/hint.py)."""
        self.hints.ask()

    def hint_ready(self, seat: int, seq: int, turn: object) -> None:
        """The session's answer to a hint asked for."""
        self.hints.ready(seat, seq, turn)

    def _submit(self, turn: object) -> None:
        c = self._controller
        session = self._on_screen.session
        if session is None or c.seat is None:
            return
        seat = c.seat
        c.end()
        self._scene.set_marks({})
        self._hand_model.mark(set(), None)
        self.refresh_buttons()
        session.submit(seat, turn)  # type: ignore[arg-type]

    def troubled(self, trouble: object) -> None:
        """Background work of the game failed: say what and offer the ways on (ui/game/trouble.py)."""
        if self.trouble_box is None:
            from patrician_qt.ui.game.trouble import install

            self.trouble_box = install(self._parent, lambda: self._on_screen.session, self._save_game_dialog,
                                       self._save_record_dialog)
        self.trouble_box.show(trouble)  # type: ignore[arg-type]
        self._turn_bar.set_message(self.trouble_box.title(trouble), True)  # type: ignore[arg-type]

    def close_trouble(self) -> None:
        """The game the trouble was about is closed: its message goes."""
        if self.trouble_box is not None:
            self.trouble_box.close()

    def rejected(self, reason: str, rule: str) -> None:
        """The table refused the turn: say why (with its rule) and show the position again."""
        text = f"{rule}: {reason}" if rule and not reason.startswith(rule) else reason
        self._turn_bar.set_message(text, True)
        self._show_again()

    def failed(self, message: str) -> None:
        """The game cannot go on: say why in the turn bar."""
        self._turn_bar.set_message(message, True)
