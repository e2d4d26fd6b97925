"""Each choice of the player's own turn is confirmed aloud: the card played, the plot built on, the floor
moved or the relocation skipped, the card taken (also with Take any).

Why: the next prompt alone ("Choose a plot in Roma for floor 2 of 2") does not tell a listener whether the
key chose what they meant, and after the take step it names nothing at all; a sighted player sees the
floor appear and the card move into the hand. The words are said before the prompt that follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject

from patrician_qt.ui.text.card_names import card_name

if TYPE_CHECKING:
    from patrician_qt.ui.reach.announcer import Announcer


def _t(text: str) -> str:
    return QCoreApplication.translate("Announce", text)


def choice_words(step: str, choice: Any, city: str, face_up: dict[str, str]) -> str:
    """The words for one choice made at ``step`` (``city``: where the card played builds); ``face_up`` maps each
    city to the card lying face up there."""
    if step == "card":
        return _t("You play {card}.").format(card=card_name(str(choice)))
    if step == "build":
        return _t("You build on plot {plot} in {city}.").format(plot=choice, city=city)
    if step == "relocate":
        if choice is None:
            return _t("You skip the relocation.")
        where, plot = choice
        other = "B" if plot == "A" else "A"
        return _t("You relocate the top floor in {city} from plot {a} to plot {b}.").format(city=where, a=plot, b=other)
    if step == "take":
        card = face_up.get(str(choice), "")
        if not card:
            return _t("You take the card at {city}.").format(city=choice)
        return _t("You take {card} from {city}.").format(card=card_name(card), city=choice)
    return ""


class ChoiceSpeech(QObject):
    """Watches a turn controller and says each valid choice, before the prompt after it."""

    def __init__(self, parent: QObject, controller: Any, announcer: Announcer, prompt: Callable[[], str],
                 face_up: Callable[[], dict[str, str]]) -> None:
        """``controller``: the window's TurnController (its ``stepped`` and ``changed`` signals, its ``builder``);
        ``prompt()`` the prompt now waiting to be said (the confirmation goes before it); ``face_up()`` the card
        lying face up in each city, as the board shows it."""
        super().__init__(parent)
        self.controller = controller
        self.announcer = announcer
        self._prompt = prompt
        self._face_up = face_up
        self._builder = 0  # id() of the builder last seen: holding it would keep an old turn alive
        self._made = 0  # how many choices it had
        self._step = ""  # its step then: the step the next choice is made at
        controller.stepped.connect(self._stepped)  # after the choice, before the prompt is updated
        controller.changed.connect(self._remember)

    def _remember(self) -> None:
        b = self.controller.builder
        self._builder = id(b) if b is not None else 0
        self._made = len(b.choices) if b is not None else 0
        self._step = b.step if b is not None else ""

    def _stepped(self) -> None:
        b = self.controller.builder
        if b is None:
            return
        grew = id(b) == self._builder and len(b.choices) == self._made + 1
        step = self._step
        self._remember()
        if not grew:
            return  # an undo (the prompt of the step undone to is said) or a new turn
        words = choice_words(step, b.choices[-1], b.city or "", self._face_up())
        if words:
            self.announcer.say(words, "action", before=" ".join(self._prompt().split()))
