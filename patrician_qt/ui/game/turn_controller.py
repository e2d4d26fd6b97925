"""Builds a human's turn click by click with the engine's TurnBuilder (docs/rules.md R8–R18).

The controller never decides a rule: it offers only ``builder.options()``, and a refused
click is answered with ``builder.explain(option)``, which names the rule.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from patrician_qt.engine import PLOTS, BuildPreview, Turn, TurnBuilder, View, state_from_view
from patrician_qt.ui.board.board_items import CityMarks
from patrician_qt.ui.text.card_names import capitalized, card_name


def _tr(text: str) -> str:
    return QCoreApplication.translate("Turn", text)


class TurnController(QObject):
    """The turn being built for the seat shown; signals what to highlight and what to say."""

    changed = Signal()  # step, options or choices changed
    stepped = Signal()  # a valid choice was made or undone: an earlier refusal no longer applies
    message = Signal(str, bool)  # text, is_refusal
    submitted = Signal(Turn)  # the finished turn

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._builder: TurnBuilder | None = None
        self._seat: int | None = None
        self._hover: tuple[str, str] | None = None  # (city, plot) under the mouse or the keyboard cursor
        self._view: View | None = None
        self.auto_confirm = False

    # -- state ------------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Whether a turn is being built."""
        return self._builder is not None

    @property
    def seat(self) -> int | None:
        """The seat whose turn is being built."""
        return self._seat

    @property
    def step(self) -> str | None:
        """The builder's step: card, build, relocate, take or done (None when inactive)."""
        return self._builder.step if self._builder else None

    @property
    def builder(self) -> TurnBuilder | None:
        """The engine's builder (read-only use)."""
        return self._builder

    def begin(self, view: View) -> None:
        """Start building a turn from the view of the seat to move."""
        if view.get("over") or view.get("to_move") is None or view["to_move"] != view.get("seat"):
            self.end()
            return
        self._builder = TurnBuilder(state_from_view(view))
        self._seat = view["seat"]  # the hover stays: the mouse may rest on a plot as the turn begins
        self._view = view
        self.changed.emit()

    def end(self) -> None:
        """Stop building (another seat's turn, or the turn was sent)."""
        if self._builder is not None:
            self._builder = None
            self._seat = None
            self.changed.emit()

    # -- what to show --------------------------------------------------------------------------------
    def hover_plot(self, city: str, plot: str | None) -> None:
        """The mouse or the keyboard cursor rests on a plot (None: on none): the build's preview follows it."""
        new = (city, plot) if plot else None
        if new != self._hover:
            self._hover = new
            if self._builder is not None and self._builder.step == "build":
                self.changed.emit()

    def preview(self) -> BuildPreview | None:
        """The card's city with the floors placed so far and the hovered plot's next floor (engine's answer,
        R9–R12); None when no floor is placed or hovered."""
        b = self._builder
        if b is None or b.step not in ("build", "relocate", "take", "done"):
            return None
        hovered = self._hovered_plot()
        if hovered is not None:
            return b.preview(hovered)
        if len(b.choices) > 1:
            return b.preview()
        return None

    def _hovered_plot(self) -> str | None:
        """The hovered plot when it is a legal place for the next floor (only then is it previewed)."""
        b = self._builder
        hover = self._hover
        if b is None or hover is None or b.step != "build" or hover[0] != b.city or hover[1] not in b.options():
            return None
        return hover[1]

    def legal_cards(self) -> set[str]:
        """Cards the builder offers now (only at the card step)."""
        b = self._builder
        return set(b.options()) if b and b.step == "card" else set()

    def chosen_card(self) -> str | None:
        """The card chosen for this turn, if any."""
        return self._builder.card if self._builder else None

    def marks(self) -> dict[str, CityMarks]:
        """Per city: legal plots, takeable card, focus and the floors about to be built."""
        b = self._builder
        out: dict[str, CityMarks] = {}
        if b is None or self._seat is None:
            return out

        def m(city: str) -> CityMarks:
            return out.setdefault(city, CityMarks())

        step = b.step
        choices = b.choices
        if choices:
            city = b.city or ""
            mk = m(city)
            mk.focus = True
            n = b.floors_to_place
            mk.ghosts = [(plot, self._seat) for plot in choices[1 : 1 + n]]
            hovered = self._hovered_plot()
            if hovered is not None:
                mk.preview_floor = (hovered, self._seat)
            mk.preview = self.preview()
            rest = choices[1 + n :]
            if rest and step in ("take", "done") and self._relocated(rest):
                reloc = rest[0]
                if reloc is not None:
                    m(reloc[0]).moved_from = reloc[1]
        if step == "build":
            m(b.city or "").plots = set(b.options())
        elif step == "relocate":
            for opt in b.options():
                if opt is not None:
                    m(opt[0]).plots.add(opt[1])
        elif step == "take":
            for city in b.options():
                if city is not None:
                    m(city).card = True
        return out

    def _relocated(self, rest: tuple[Any, ...]) -> bool:
        first = rest[0]
        return first is None or (isinstance(first, tuple) and len(first) == 2)

    def prompt(self) -> str:
        """What to do next, in words."""
        b = self._builder
        if b is None:
            return ""
        step = b.step
        if step == "card":
            return _tr("Play a card from your hand")
        if step == "build":
            placed = len(b.choices) - 1
            if b.floors_to_place == 1:  # "floor 1 of 1" says nothing
                return _tr("Choose a plot in {city}").format(city=b.city)
            return _tr("Choose a plot in {city} for floor {i} of {n}").format(
                city=b.city, i=placed + 1, n=b.floors_to_place
            )
        if step == "relocate":
            return _tr("Relocate: choose a lit tower to relocate its top floor (click it, or A / B with the "
                       "cursor on its city), or skip the relocation (R13)")
        if step == "take":
            opts = [o for o in b.options() if o is not None]
            if len(opts) == 1:
                return _tr("Take the card at {city} (R14)").format(city=opts[0])
            return _tr("Take one of the lit face-up cards")
        return _tr("Your turn is ready: confirm it, or undo a step")

    def can_skip(self) -> bool:
        """Whether "skip relocation" is offered now."""
        b = self._builder
        return bool(b and b.step == "relocate" and None in b.options())

    def can_undo(self) -> bool:
        """Whether there is a choice to undo."""
        return bool(self._builder and self._builder.choices)

    def can_confirm(self) -> bool:
        """Whether the turn is complete."""
        return bool(self._builder and self._builder.step == "done")

    # -- clicks --------------------------------------------------------------------------------------
    def _try(self, option: Any) -> bool:
        b = self._builder
        assert b is not None
        if option in b.options():
            b.choose(option)
            self.stepped.emit()
            self.changed.emit()
            if b.step == "done" and self.auto_confirm:
                self.confirm()
            return True
        self.message.emit(b.explain(option), True)
        return False

    def click_card(self, card: str) -> None:
        """A card of the hand was clicked: play it (or switch to it before building)."""
        b = self._builder
        if b is None:
            self.message.emit(_tr("It is not your turn"), True)
            return
        if b.step != "card":
            if card == b.card:
                return
            b.reset()
            self.changed.emit()
        self._try(card)

    def click_plot(self, city: str, plot: str) -> None:
        """A plot was clicked: a floor there, or the tower to relocate from, or that city's card."""
        b = self._builder
        if b is None:
            self.message.emit(_tr("It is not your turn"), True)
            return
        step = b.step
        if step == "card":
            self.message.emit(_tr("First play a card from your hand (R8)"), True)
        elif step == "build":
            if city != b.city:
                self.message.emit(capitalized(_tr("{card} builds in {city} (R9)").format(
                    card=card_name(b.card or ""), city=b.city)), True)
            else:
                self._try(plot)
        elif step == "relocate":
            self._try((city, plot))
        elif step == "take":
            self._try(city)
        else:
            self.message.emit(b.explain(plot), True)

    def click_card_at(self, city: str) -> None:
        """A face-up card on the board was clicked: take it when that is the step."""
        b = self._builder
        if b is None:
            self.message.emit(_tr("It is not your turn"), True)
            return
        step = b.step
        if step == "take":
            self._try(city)
        elif step == "card":
            self.message.emit(_tr("First play a card from your hand (R8)"), True)
        elif step == "build":
            self.message.emit(_tr("First place your floors in {city} (R9)").format(city=b.city), True)
        elif step == "relocate":
            self.message.emit(_tr("First relocate a floor or skip the relocation (R13); then take a card (R14)"), True)
        else:
            self.message.emit(b.explain(city), True)

    def click_city(self, city: str) -> None:
        """Elsewhere on a city: take its card at the take step, otherwise explain the step."""
        b = self._builder
        if b is not None and b.step == "take":
            self._try(city)
        elif b is not None:
            self.message.emit(self.prompt(), False)

    def skip(self) -> None:
        """Decline the relocation (R13)."""
        b = self._builder
        if b is None or b.step != "relocate":
            self.message.emit(_tr("There is nothing to skip now"), True)
            return
        self._try(None)

    def undo(self) -> None:
        """Undo the last choice of this turn."""
        b = self._builder
        if b is None or not b.back():
            self.message.emit(_tr("Nothing to undo"), True)
            return
        self.stepped.emit()
        self.changed.emit()

    def confirm(self) -> None:
        """Send the finished turn."""
        b = self._builder
        if b is None or b.step != "done":
            self.message.emit(_tr("The turn is not complete: {what}").format(what=self.prompt()), True)
            return
        turn: Turn = b.turn()
        self.submitted.emit(turn)

    def begun(self) -> dict[str, Any] | None:
        """The part of the turn chosen so far as a partial turn map (bots/begun.py), None before the card."""
        b = self._builder
        if b is None or not b.choices or self._view is None:
            return None
        again = TurnBuilder(state_from_view(self._view))  # walks the choices to learn each one's step
        out: dict[str, Any] = {"build": []}
        for choice in b.choices:
            step = again.step
            if step == "card":
                out["card"] = choice
            elif step == "build":
                out["build"].append(choice)
            elif step == "relocate":
                out["relocate"] = None if choice is None else {"city": choice[0], "from": choice[1]}
            elif step == "take":
                out["take"] = choice
            again.choose(choice)
        return out

    def describe_choice(self) -> str:
        """The turn so far in words, for the status line."""
        b = self._builder
        if b is None or not b.choices:
            return ""
        parts = [_tr("play {card}").format(card=card_name(b.card or ""))]
        n = b.floors_to_place
        plots = [p for p in b.choices[1 : 1 + n] if p in PLOTS]
        if plots:
            parts.append(_tr("build {plots} in {city}").format(plots="+".join(plots), city=b.city))
        return ", ".join(parts)
