"""Hints: the Hard bot's suggestion for the turn being built, completing what is already chosen,
said in words in the turn bar and shown on the board and in the hand (board/hint_marks.py).

As the player follows the hint, the marks of the steps done go away; a step elsewhere clears the hint.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject

from patrician_qt.bots.begun import completes_map
from patrician_qt.engine import CARD_BY_ID
from patrician_qt.ui.board.hint_marks import HintMarks, HintPlace
from patrician_qt.ui.text.card_names import card_name

if TYPE_CHECKING:
    from patrician_qt.ui.board.board_view import BoardScene
    from patrician_qt.ui.board.hand_view import HandView
    from patrician_qt.ui.game.on_screen import OnScreen
    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.game.turn_controller import TurnController


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


def hint_places(turn: dict[str, Any], begun: dict[str, Any] | None) -> list[HintPlace]:
    """The places of a hinted turn still to be chosen, given the part of the turn already chosen."""
    begun = begun or {}
    card = str(turn["card"])
    city = CARD_BY_ID[card].city if card in CARD_BY_ID else ""
    out: list[HintPlace] = []
    if "card" not in begun:
        out.append(HintPlace("card", city, card=card))
    left = Counter(turn.get("build") or [])
    left.subtract(Counter(begun.get("build", [])))
    for plot in ("A", "B"):
        if left[plot] > 0:
            out.append(HintPlace("plot", city, plot, count=left[plot]))
    reloc = turn.get("relocate")
    if reloc and "relocate" not in begun:
        out.append(HintPlace("move", str(reloc["city"]), str(reloc["from"])))
    if turn.get("take") and "take" not in begun:
        out.append(HintPlace("take", str(turn["take"])))
    return out


def hint_words(turn: dict[str, Any]) -> str:
    """The hinted turn in words, cards named as players see them ("Hint: play the Roma card “Lady”, …")."""
    card = str(turn["card"])
    parts = [_tr("play {card}").format(card=card_name(card))]
    city = CARD_BY_ID[card].city if card in CARD_BY_ID else ""
    if turn.get("build"):
        parts.append(_tr("build {plots} in {city}").format(plots="+".join(turn["build"]), city=city))
    reloc = turn.get("relocate")
    if reloc:
        parts.append(_tr("relocate the top floor of {city} {plot}").format(city=reloc["city"], plot=reloc["from"]))
    if turn.get("take"):
        parts.append(_tr("take the card at {city}").format(city=turn["take"]))
    return _tr("Hint: {what}").format(what=", ".join(parts))


class HintGuide(QObject):
    """Asks for a hint for the turn begun and keeps its marks in step with the player's choices."""

    def __init__(self, on_screen: OnScreen, controller: TurnController, turn_bar: TurnBar, scene: BoardScene,
                 hand_view: HandView) -> None:
        super().__init__(controller)
        self._on_screen = on_screen
        self._controller = controller
        self._turn_bar = turn_bar
        self._scene = scene
        self.marks = HintMarks(scene, hand_view)
        self.turn: dict[str, Any] | None = None  # the hint being followed (None once the player went elsewhere)
        self.last_hint: object = None  # the turn the latest hint suggested
        controller.changed.connect(self.follow)

    def ask(self) -> None:
        """Ask the Hard bot for a turn completing the one begun."""
        session = self._on_screen.session
        c = self._controller
        if session is None or c.seat is None:
            return
        self._turn_bar.hint.setEnabled(False)
        self._turn_bar.set_message(_tr("The Hard bot is thinking about your turn…"), False)
        session.hint(c.seat, c.begun())

    def ready(self, seat: int, seq: int, turn: object) -> None:
        """Show the suggestion in words and on the board (only if it is still that turn and still fits it)."""
        c = self._controller
        shown = self._on_screen.shown_update
        if c.seat != seat or shown is None or (seq >= 0 and seq != shown.seq):
            return
        self._turn_bar.hint.setEnabled(c.active)
        if not isinstance(turn, dict) or not completes_map(turn, c.begun() or {}):
            self._turn_bar.set_message(_tr("No hint is available now"), True)
            return
        self.last_hint = turn
        self.turn = turn
        self._turn_bar.set_message(hint_words(turn), False)
        self.follow()
        self._scene.flash(CARD_BY_ID[turn["card"]].city if turn["card"] in CARD_BY_ID else "", 1200)

    def follow(self) -> None:
        """After each choice: the marks of what is left of the hint, or none once the player went elsewhere."""
        c = self._controller
        begun = c.begun()
        if self.turn is None or not c.active or (begun and not completes_map(self.turn, begun)):
            self.turn = None
            self.marks.clear()
            return
        self.marks.show(hint_places(self.turn, begun))
