"""A turn told step by step as it is shown: its log line, and for a bot's turn the card it plays in the turn
bar, the floors about to appear and the city glowing.

Why a part of its own: the presenter paces the steps; this part says what each one is, and keeps the marks
of the bot's turn until its view is on the board (``clear`` then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

if TYPE_CHECKING:
    from patrician_qt.ui.board.board_items import CityMarks
    from patrician_qt.ui.board.board_view import BoardScene
    from patrician_qt.ui.board.log_model import LogModel
    from patrician_qt.ui.game.on_screen import OnScreen
    from patrician_qt.ui.game.presenter import Presenter
    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.session.contract import Update
    from patrician_qt.ui.text.event_text import LogEvent


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class StepTeller(QObject):
    """Tells each step the presenter shows (``tell``); ``presenter`` is set once the presenter is made."""

    def __init__(self, on_screen: OnScreen, log_model: LogModel, turn_bar: TurnBar, scene: BoardScene) -> None:
        super().__init__(scene)
        self._on_screen = on_screen
        self._log_model = log_model
        self._turn_bar = turn_bar
        self._scene = scene
        self.presenter: Presenter | None = None  # whose pace says whether a step is told at length
        self._bot_marks: dict[str, CityMarks] = {}

    def clear(self) -> None:
        """A view is on the board: the bot's marks of the steps before it are done."""
        self._bot_marks = {}

    def tell(self, update: Update, event: LogEvent) -> None:
        """One step of a turn: log line, and for bots a glow, the floors about to appear and a caption."""
        from patrician_qt.engine import stack_size
        from patrician_qt.ui.board.board_items import CityMarks
        from patrician_qt.ui.reach.keyboard import key_names
        from patrician_qt.ui.text.card_names import card_name

        session = self._on_screen.session
        names = [s.name for s in session.seats()] if session else []
        turn_no = sum(stack_size(p) for p in update.view(None)["players"])
        self._log_model.add_events([event], names, turn_no)
        p = self.presenter
        if p is None or not p.is_paced(update):
            return
        city = event.get("city")
        city = city if isinstance(city, str) else None
        if event["e"] == "played":
            from patrician_qt.engine import CARD_BY_ID

            city = CARD_BY_ID[event["card"]].city
            name = names[event["seat"]]
            self._turn_bar.set_prompt(_t("{name} plays {card}").format(name=name, card=card_name(event["card"])),
                                      session.seats()[event["seat"]].color if session else None)
            self._turn_bar.set_message(_t("{key}: show the bots' moves at once").format(key=key_names("Space")),
                                       False)
        if event["e"] == "built" or event["e"] == "built_many":
            marks = self._bot_marks.setdefault(event["city"], CityMarks())
            plots = event["plot"] if event["e"] == "built" else event["plots"].split("+")
            marks.ghosts.extend((p, event["seat"]) for p in plots)
            self._scene.set_marks(self._bot_marks)
        elif event["e"] == "relocated":
            marks = self._bot_marks.setdefault(event["city"], CityMarks())
            marks.moved_from = event["from"]
            self._scene.set_marks(self._bot_marks)
        if city and p.step_ms > 0:
            self._scene.flash(city, p.step_ms * 2)
