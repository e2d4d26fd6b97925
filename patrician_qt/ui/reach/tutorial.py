"""The first-game tutorial: a fixed, friendly deal against one easy bot whose first turns are guided.

The guide only reads the turn being built (the TurnBuilder's step and options) and says what to
do next in words; it never chooses for the player and never decides a rule. Offered once on the
start screen (QSettings ``tutorial/offered``), always available from Help ▸ First-game tutorial.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine import CARD_BY_ID, RULEBOOK, stack_size
from patrician_qt.ui.board import theme
from patrician_qt.ui.reach.keyboard import key_names
from patrician_qt.ui.text.card_names import card_name

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QSettings

    from patrician_qt.ui.reach.game_door import GameDoor
    from patrician_qt.ui.session.config import GameConfig
    from patrician_qt.ui.session.local import LocalSession

TUTORIAL_SEED = 20  # you move first holding LUC-1, SIE-2, MIL-1; Lucca's face-up card is the relocate card BOL-4
FIRST_CARD = "LUC-1"
GUIDED_TURNS = 3
SETTING = "tutorial/offered"


def _t(text: str) -> str:
    return QCoreApplication.translate("Tutorial", text)


def tutorial_config(name: str = "") -> GameConfig:
    """The tutorial's seats and deal: you (black, by the first name of the New game dialog) against Bianca."""
    from patrician_qt.ui.session.config import DEFAULT_NAMES, GameConfig, SeatConfig

    you = name if name and name != "Bianca" else DEFAULT_NAMES[0]
    seats = [SeatConfig(you, "black", "human"), SeatConfig("Bianca", "white", "bot", "easy")]
    return GameConfig(seats, TUTORIAL_SEED, RULEBOOK)  # the game as it is in the box (R26)


def card_words(card: str) -> str:
    """What a card does, in a few words for beginners."""
    c = CARD_BY_ID[card]
    floors = _t("it builds one floor in {city}") if c.arms == 1 else _t("it builds two floors in {city}")
    text = floors.format(city=c.city)
    if c.action == "relocate":
        text += _t(", then you may relocate a top floor (R13)")
    elif c.action == "take-any":
        text += _t(", then you may take any face-up card (R15)")
    elif c.head:
        text += _t(", and its head counts at the end (R24)")
    return text


class TutorialPanel(QFrame):
    """The guide's speech bubble above the board, with a Skip button."""

    skipped = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TutorialPanel")
        self.setStyleSheet(f"#TutorialPanel {{ background: #FFF6D8; border: 2px solid {theme.GOLD}; "
                           "border-radius: 8px; }")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 6, 8, 6)
        col = QVBoxLayout()
        self.title = QLabel(self)
        self.title.setFont(theme.font(10.5, bold=True))
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setFont(theme.font(10.5))
        self.text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)  # all the fixed height
        self.text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        col.addWidget(self.title)
        col.addWidget(self.text)
        lay.addLayout(col, 1)
        self.skip = QPushButton(_t("Skip the tutorial"), self)
        self.skip.clicked.connect(self.skipped)
        lay.addWidget(self.skip, 0, Qt.AlignmentFlag.AlignVCenter)
        self.setAccessibleName(_t("Tutorial"))

    TEXT_LINES = 3  # the guide's words get this many lines at every step, so the board never jumps

    def say(self, title: str, text: str) -> None:
        """Show one step of the guide (and tell screen readers)."""
        from patrician_qt.ui.reach.accessibility import announce

        self.title.setText(title)
        self.text.setText(text)
        self._fit()
        announce(self, description=f"{title}. {text}")

    def _fit(self) -> None:
        """One height for every step: room for the title and TEXT_LINES lines; a longer text gets a smaller font."""
        size = 10.5
        self.text.setFont(theme.font(size))
        width = self.text.width() if self.text.width() > 50 else max(200, self.width() - 180)
        lines = self.TEXT_LINES
        while size > 8.5 and self.text.heightForWidth(width) > lines * self.text.fontMetrics().lineSpacing() + 2:
            size -= 0.5
            self.text.setFont(theme.font(size))
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else None
        pad = (margins.top() + margins.bottom()) if margins is not None else 12
        line = QFontMetrics(theme.font(10.5)).lineSpacing()
        self.setFixedHeight(pad + self.title.sizeHint().height() + lines * line + 8)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A new width may need a smaller font for the same words."""
        super().resizeEvent(event)
        self._fit()


class Tutorial(QObject):
    """Guides the first turns of a game in a window; ``finished`` when done or skipped."""

    finished = Signal()

    def __init__(self, window: GameDoor, session: LocalSession) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self.session = session
        self.human = session.local_humans()[0]
        self.turns_done = 0
        self.panel = TutorialPanel()
        window.add_banner(self.panel)
        self.panel.show()
        self.panel.skipped.connect(self.stop)
        window.controller.changed.connect(self.guide)
        window.shown.connect(self._shown)
        self.active = True
        self.guide()

    def _shown(self, update: object) -> None:
        """After each update: count the player's finished turns and guide the next step."""
        if not self.active:
            return
        public = update.view(None)  # type: ignore[attr-defined]
        played = stack_size(public["players"][self.human])
        self.turns_done = played
        if public["over"] or played >= GUIDED_TURNS:
            self.panel.say(_t("You know the turn now"),
                           _t("Play on as you like. Heads score at the end (R24); the most floors in a tower "
                              "win its fame tile (R20). Press ? for the rules, H for a hint."))
            self.active = False
            self.panel.skip.setText(_t("Close"))
            return
        self.guide()

    def guide(self) -> None:
        """Say what to do for the step the turn is at."""
        if not self.active:
            return
        c = self.window.controller
        n = self.turns_done + 1
        title = _t("Tutorial · turn {n} of {total}").format(n=n, total=GUIDED_TURNS)
        b = c.builder
        if b is None or c.seat != self.human:
            self.panel.say(title, _t("Bianca, the bot, is playing. Watch the log on the right: each line is "
                                     "one step of her turn."))
            return
        if b.step == "card":
            legal = sorted(b.options())
            card = FIRST_CARD if n == 1 and FIRST_CARD in legal else next(
                (x for x in legal if CARD_BY_ID[x].action == "relocate"), legal[0])
            pos = self.window.hand_model.cards().index(card) + 1 if card in self.window.hand_model.cards() else 1
            self.panel.say(title, _t("Play {card} — {what}. Click it in your hand or press {key}.")
                           .format(card=card_name(card), what=card_words(card), key=pos))
        elif b.step == "build":
            self.panel.say(title, _t("Put your floor on a lit plot of {city}: click plot A or B, or press A or "
                                     "B. The most floors in a tower win its fame tile when the city is full.")
                           .format(city=b.city))
        elif b.step == "relocate":
            self.panel.say(title, _t("Your card lets you relocate the top floor of a tower to the other plot of "
                                     "the same city (R13). Click a lit tower to do it, or press S to skip the "
                                     "relocation."))
        elif b.step == "take":
            opts = [o for o in b.options() if o is not None]
            where = opts[0] if len(opts) == 1 else _t("a lit city")
            self.panel.say(title, _t("Now take the face-up card at {city} into your hand (R14): click it or "
                                     "press {enter}.").format(city=where, enter=key_names("Return")))
        else:
            self.panel.say(title, _t("Your turn is ready. Press “Confirm turn” or {enter} — or {undo} to undo "
                                     "a step.").format(enter=key_names("Return"), undo=key_names("Backspace")))

    def stop(self) -> None:
        """Skip or close the guide; the game goes on."""
        self.active = False
        try:
            self.window.controller.changed.disconnect(self.guide)
            self.window.shown.disconnect(self._shown)
        except (RuntimeError, TypeError):
            pass
        self.panel.hide()
        self.panel.deleteLater()
        self.finished.emit()


def start_tutorial(window: GameDoor) -> Tutorial:
    """Start the tutorial game in a window (not autosaved: it is practice)."""
    from patrician_qt.ui.session.local import LocalSession

    s = window.settings
    session = LocalSession(tutorial_config(str(s.value("new/name0", "")) if s is not None else ""))
    window.start_session(session)
    return Tutorial(window, session)


class TutorialOffer(QFrame):
    """"New to Patrician?" on the start screen, shown once (first start)."""

    accepted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TutorialOffer")
        self.setStyleSheet(f"#TutorialOffer {{ background: #FFF6D8; border: 2px solid {theme.GOLD}; "
                           "border-radius: 8px; }")
        row = QHBoxLayout(self)  # one row: the start screen has little height to spare at 1280×720
        row.setContentsMargins(12, 4, 6, 4)
        text = QLabel(_t("New to Patrician? Play a short guided game."), self)
        text.setFont(theme.font(11, bold=True))
        self.start = QPushButton(_t("Start the tutorial"), self)
        self.no = QPushButton(_t("No, thanks"), self)
        row.addWidget(text, 1)
        row.addWidget(self.start)
        row.addWidget(self.no)
        self.start.clicked.connect(self.accepted)
        self.start.clicked.connect(self.hide)
        self.no.clicked.connect(self.hide)


def offer_on_start_screen(start: QWidget, begin: Callable[[], object], settings: QSettings | None
                          ) -> TutorialOffer | None:
    """Put the offer on the start screen the first time the app starts (remembered in the settings); taking it
    calls ``begin``."""
    if settings is None or settings.value(SETTING, False, type=bool):
        return None
    settings.setValue(SETTING, True)
    offer = TutorialOffer(start)
    layout = start.layout()
    if isinstance(layout, QBoxLayout):
        button = getattr(start, "new_button", None)
        index = layout.indexOf(button) if button is not None else -1
        layout.insertWidget(index if index >= 0 else layout.count() - 1, offer, 0, Qt.AlignmentFlag.AlignHCenter)
    offer.accepted.connect(lambda: begin())
    return offer
