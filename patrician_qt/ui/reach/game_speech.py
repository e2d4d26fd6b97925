"""What a game says aloud: each event of the log, each prompt of a turn, refusals, hints, scorings, result.

Why: a player who cannot see the screen must hear what each opponent did and what to decide now.
The words are the log's and the turn bar's (in the app's language), one short sentence each; a
turn's events are held until the turn is on screen and then said together with the prompt that
follows, because a screen reader cuts one announcement off with the next. Keys (always spoken, whatever
the verbosity): ``I`` reads the whole board, ``T`` says again what to do now (or the result, once the game
is over), ``R`` repeats the last announcement, ``C`` reads the city under the cursor, ``G`` the scores as
far as the table shows them, ``L`` takes the focus to the game log (the history of events) at its newest line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut

from patrician_qt.ui.reach.announcer import LEVELS, Announcer, level_names

if TYPE_CHECKING:
    from patrician_qt.ui.reach.accessibility import WindowAccess
    from patrician_qt.ui.reach.game_door import GameDoor
    from patrician_qt.ui.reach.keyboard import KeyboardPlay

# a log insertion larger than this is history (a continued game, a replay, a LAN join), not news
HISTORY_ROWS = 12
SUMMARY_KEY = "I"
REPEAT_KEY = "T"
AGAIN_KEY = "R"
CITY_KEY = "C"
SCORES_KEY = "G"
LOG_KEY = "L"
PLOTS = re.compile(r"\b[AB](?:\+[AB])+\b")  # the log's "(A+B)": a synthesizer says "A plus B" or nothing
SETTLE_MS = 1500  # a new game's first news waits this long after its page appeared


def _t(text: str) -> str:
    return QCoreApplication.translate("Announce", text)


class GameSpeech(QObject):
    """Feeds a game window's news to its Announcer, and adds the View ▸ Announcements menu and the keys."""

    def __init__(self, window: GameDoor, keyboard: KeyboardPlay, access: WindowAccess) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self.keyboard = keyboard  # where the cursor is (key C says that city)
        self.access = access  # the board, a city and the scores in words
        self.announcer = Announcer(window.as_widget(), window.settings)
        self._session = 0  # id() of the session last shown: holding the session itself would keep it alive
        self._prompt = ""
        self.result = ""  # the game's result in words, once it is over (key T says it then)
        #: the build preview now in the turn bar and the same in words for the ear (the story keeps it)
        self.preview_said: Callable[[], tuple[str, str]] = lambda: ("", "")
        window.log_model.rowsInserted.connect(self._log_rows)
        window.turn_bar.promptChanged.connect(self._prompt_changed)
        window.turn_bar.messageChanged.connect(self._message_changed)
        window.shown.connect(self._shown)
        window.gameOver.connect(self._game_over)
        self._menu()
        from patrician_qt.ui.reach.choice_speech import ChoiceSpeech

        self.choices = ChoiceSpeech(self, window.controller, self.announcer, lambda: self._prompt,  # "You build on
                                    self._face_up)  # plot A in Roma."
        for keys, slot in ((SUMMARY_KEY, self.say_board), (REPEAT_KEY, self.say_prompt), (AGAIN_KEY, self.say_again),
                           (CITY_KEY, self.say_city), (SCORES_KEY, self.say_scores), (LOG_KEY, self.to_log)):
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
        self.act_again = QAction(_t("Repeat the last &announcement"), self)
        self.act_again.triggered.connect(self.say_again)
        self.act_city = QAction(_t("Read the &city under the cursor"), self)
        self.act_city.triggered.connect(self.say_city)
        self.act_scores = QAction(_t("Read the &scores"), self)
        self.act_scores.triggered.connect(self.say_scores)
        self.act_log = QAction(_t("Go to the game &log"), self)
        self.act_log.triggered.connect(self.to_log)
        self.level_menu.addSeparator()
        for a in (self.act_board, self.act_city, self.act_scores, self.act_repeat, self.act_again, self.act_log):
            self.level_menu.addAction(a)

    def retranslate(self) -> None:
        """Menu words in the new language (the View menu's title is retranslated by the language module)."""
        for level, a in self.level_actions.items():
            a.setText(level_names()[level])
        self._name_board()  # the cursor's place in the new language (it stayed in the old one)
        for a, text in ((self.act_board, "Read the whole &board"), (self.act_repeat, "Say again what to &do now"),
                        (self.act_again, "Repeat the last &announcement"),
                        (self.act_city, "Read the &city under the cursor"), (self.act_scores, "Read the &scores"),
                        (self.act_log, "Go to the game &log")):
            a.setText(_t(text))

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
            text = PLOTS.sub(lambda m: m.group(0).replace("+", " " + _t("and") + " "), text)  # "(A+B)": words
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
        line, words = self.preview_said()
        if not refusal and line and text == line:  # a build's preview: its arrows and "=" are for the eye
            kb = self.keyboard
            if kb.keyboard_used and not kb.mouse_last:
                return  # the keyboard cursor's name on the board says it already, in words
            text = words
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
            self.result = ""
            self.announcer.settle(SETTLE_MS)  # the new page's burst of events first
            self.access.new_game()  # the board's help is read once a game
            self.keyboard.move_to(None)
            self.window.board_view.setAccessibleName(_t("Board"))
        self.announcer.release()

    def _game_over(self, update: object) -> None:
        """The winner and every score, best first, once; key T says it again afterwards."""
        from patrician_qt.ui.reach.score_words import result_words

        view = update.view(None)  # type: ignore[attr-defined]
        self.result = result_words(view)
        self.keyboard.move_to(None)  # its "would win 9" is over: arrows describe the final board
        self._name_board()
        self._prompt = ""
        self.announcer.say(self.result, "result")
        self.announcer.release()
        self.announcer.flush()  # before the score sheet's button takes the focus and is read

    # -- on demand ----------------------------------------------------------------------------------------
    def say_board(self) -> None:
        """Key I: every city in words, one sentence each, then the draw pile."""
        self.announcer.say(self.access.board_description(), "asked")
        self.announcer.flush()

    def say_prompt(self) -> None:
        """Key T: whose turn it is and what to do now; once the game is over, its result."""
        tb = self.window.turn_bar
        if self.result and not self.window.controller.active:
            text = self.result
        else:
            text = " ".join(x for x in (tb.prompt_text, tb.message_text) if x) or _t("Nothing to do now.")
        self.announcer.say(text, "asked")
        self.announcer.flush()

    def say_again(self) -> None:
        """Key R: the last announcement once more (it may have been cut off by a key or another voice)."""
        self.announcer.flush()  # news still waiting is the newest: say it rather than an older one
        if self.announcer.last:
            self.announcer.repeat()
        else:
            self.announcer.say(_t("Nothing has been announced yet."), "asked")
            self.announcer.flush()

    def say_city(self) -> None:
        """Key C: the city under the keyboard cursor in full (the first city when there is no cursor)."""
        self.announcer.say(self.access.city_description(self._cursor_city()), "asked")
        self.announcer.flush()

    def say_scores(self) -> None:
        """Key G: each player's fame as far as the table shows it (R26), or the final scores."""
        if self.result:
            text = self.result
        else:
            text = self.access.scores_description()
        self.announcer.say(text, "asked")
        self.announcer.flush()

    def to_log(self) -> None:
        """Key L: the focus goes to the game log's newest line; Up and Down then read the history."""
        view = self.window.log_view
        m = view.model()
        if m is None or m.rowCount() == 0:
            self.announcer.say(_t("The game log is empty."), "asked")
            self.announcer.flush()
            return
        self.window.page.side_tabs.reveal(view)
        view.setCurrentIndex(m.index(m.rowCount() - 1, 0))
        view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _face_up(self) -> dict[str, str]:
        """The card lying face up in each city, as the board shows it now."""
        return {city: str(p.row.get("card") or "") for city, p in self.window.scene.panels.items() if p.row}

    def _name_board(self) -> None:
        """The board's name: the cursor's place told afresh, or "Board" when there is no cursor."""
        kb = self.keyboard
        cursor = kb.cursor
        if cursor is not None and cursor.city in self.window.scene.panels:
            self.access.cursor_moved(kb.describe(cursor))
        else:
            self.window.board_view.setAccessibleName(_t("Board"))

    def _cursor_city(self) -> str:
        cursor = self.keyboard.cursor
        if cursor is not None:
            return cursor.city
        return next(iter(self.window.scene.panels), "")
