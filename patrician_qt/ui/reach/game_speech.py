"""What a game says aloud: each event of the log, each prompt of a turn, refusals, hints, scorings, result.

Why: a player who cannot see the screen must hear what each opponent did and what to decide now.
The words are the log's and the turn bar's (in the app's language), one short sentence each; a
turn's events are held until the turn is on screen and then said together with the prompt that
follows, because a screen reader cuts one announcement off with the next. Keys: ``I`` reads the
whole board, ``T`` says again what to do now (always spoken, whatever the verbosity).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut

from patrician_qt.ui.reach.announcer import LEVELS, Announcer, level_names

if TYPE_CHECKING:
    from patrician_qt.ui.game.screen import GameScreen

# a log insertion larger than this is history (a continued game, a replay, a LAN join), not news
HISTORY_ROWS = 12
SUMMARY_KEY = "I"
REPEAT_KEY = "T"


def _t(text: str) -> str:
    return QCoreApplication.translate("Announce", text)


class GameSpeech(QObject):
    """Feeds a game window's news to its Announcer, and adds the View ▸ Announcements menu and the keys."""

    def __init__(self, window: GameScreen) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self.announcer = Announcer(window.as_widget(), window.settings)
        self._session = 0  # id() of the session last shown: holding the session itself would keep it alive
        self._prompt = ""
        window.log_model.rowsInserted.connect(self._log_rows)
        window.turn_bar.promptChanged.connect(self._prompt_changed)
        window.turn_bar.messageChanged.connect(self._message_changed)
        window.shown.connect(self._shown)
        window.gameOver.connect(self._game_over)
        self._menu()
        for keys, slot in ((SUMMARY_KEY, self.say_board), (REPEAT_KEY, self.say_prompt)):
            sc = QShortcut(QKeySequence(keys), window.as_widget())
            sc.setContext(Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(slot)

    # -- menu -------------------------------------------------------------------------------------------
    def _menu(self) -> None:
        view = self.window.menu("view")
        self.level_menu = view.addMenu(_t("Screen reader a&nnouncements"))
        group = QActionGroup(self)
        self.level_actions: dict[str, QAction] = {}
        for level in LEVELS:
            a = QAction(level_names()[level], self, checkable=True)
            a.setChecked(level == self.announcer.level)
            a.triggered.connect(lambda checked=False, k=level: self.announcer.set_level(k))
            group.addAction(a)
            self.level_menu.addAction(a)
            self.level_actions[level] = a
        self.act_board = QAction(_t("Read the whole &board"), self)
        self.act_board.triggered.connect(self.say_board)
        self.act_repeat = QAction(_t("Say again what to &do now"), self)
        self.act_repeat.triggered.connect(self.say_prompt)
        self.level_menu.addSeparator()
        self.level_menu.addAction(self.act_board)
        self.level_menu.addAction(self.act_repeat)

    def retranslate(self) -> None:
        """Menu words in the new language (the View menu's title is retranslated by the language module)."""
        for level, a in self.level_actions.items():
            a.setText(level_names()[level])

    # -- news -------------------------------------------------------------------------------------------
    def _log_rows(self, parent: QModelIndex, first: int, last: int) -> None:
        """New log lines: each is said once, held until its turn is on screen."""
        if last - first >= HISTORY_ROWS:
            return
        from patrician_qt.ui.board.log_model import LogModel

        m = self.window.log_model
        for i in range(first, last + 1):
            idx = m.index(i, 0)
            event = idx.data(LogModel.EventRole) or {}
            kind = event.get("e")
            if kind == "ended":
                continue  # the result is said once, with the scores, when the game is over
            text = str(idx.data(LogModel.TextRole) or "")  # cards by their printed words, as the log names them
            self.announcer.say(text, "scoring" if kind == "scored" else "move", hold=True)

    def _prompt_changed(self, text: str) -> None:
        """A new step of the player's own turn (a bot's "plays …" caption is the log's news already)."""
        if text == self._prompt:
            return
        self._prompt = text
        if self.window.controller.active:
            self.announcer.say(text, "prompt")

    def _message_changed(self, text: str, refusal: bool) -> None:
        """A refusal (with its rule), a hint, "your turn", or a notice such as "Game saved"."""
        bots = QCoreApplication.translate("MainWindow", "{key}: show the bots' moves at once").split("{key}")[-1]
        if not text or (bots and text.endswith(bots)):  # a caption for sighted players while bots move
            return
        hint = QCoreApplication.translate("MainWindow", "Hint: {what}").split("{")[0]
        if refusal:
            self.announcer.say(text, "refusal")
        elif hint and text.startswith(hint):
            self.announcer.say(text, "hint")
        elif self.window.controller.active:
            self.announcer.say(text, "turn", before=" ".join(self._prompt.split()))  # "Your turn, Anna" first
        else:
            self.announcer.say(text, "info")

    def _shown(self, update: object) -> None:
        """A turn is on screen: say its events and the prompt that follows; a new game resets the cursor."""
        if id(self.window.session) != self._session:
            self._session = id(self.window.session)
            self._prompt = ""
            self.window.extras.keyboard.move_to(None)
            self.window.board_view.setAccessibleName(_t("Board"))
        self.announcer.release()

    def _game_over(self, update: object) -> None:
        """The winner and every score, once."""
        sheet = self.window.score_sheet
        from patrician_qt.ui.game.score_sheet import sheet_rows
        from patrician_qt.ui.text.seat_names import display_name

        view = update.view(None)  # type: ignore[attr-defined]
        _titles, rows, _winners = sheet_rows(view)
        names = [display_name(p["name"]) for p in view["players"]]
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, rows[-2], strict=False))
        self.announcer.say(sheet.winners.text(), "result")
        self.announcer.say(_t("Scores: {scores}").format(scores=scores), "result")
        self.announcer.release()

    # -- on demand ----------------------------------------------------------------------------------------
    def say_board(self) -> None:
        """Key I: every city in words, then the draw pile."""
        self.announcer.say(self.window.extras.access.board_description(), "asked")
        self.announcer.flush()

    def say_prompt(self) -> None:
        """Key T: whose turn it is and what to do now."""
        tb = self.window.turn_bar
        self.announcer.say(" ".join(x for x in (tb.prompt_text, tb.message_text) if x) or _t("Nothing to do now"),
                           "asked")
        self.announcer.flush()
