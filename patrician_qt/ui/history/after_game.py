"""After the game, and around it: the score story, the statistics of the game and its review, wherever a game
is on screen.

- At the end of every game the score sheet gets the score story, the statistics and a "Review this game".
- A verdict chosen on the score sheet opens the turn as its player saw it, the turn played and the better one
  ringed (``turn_look``); closing it is the way back to the sheet.
- In the replay viewer a side panel shows the story with a cursor on the turn shown, and the review: each judged
  turn's verdict in the log as the turn is shown, the better turn ringed on the board (the hint marks).
- While a game is played at an open table (R26a) the story so far is shown live; at the rulebook table (R26)
  nothing of it before the end (won tiles lie face down there).

Why one part that follows the window's signals: the window shows positions; this only adds what comes of them.
"""

from __future__ import annotations

import weakref
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt, SignalInstance
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from patrician_qt.engine import Record, RecordError
from patrician_qt.engine.game_stats import GameStats, game_stats
from patrician_qt.review.seen import reviewable
from patrician_qt.ui.board import theme
from patrician_qt.ui.board.board_view import BoardScene
from patrician_qt.ui.board.hand_view import HandView
from patrician_qt.ui.board.hint_marks import HintMarks
from patrician_qt.ui.board.log_model import LogModel
from patrician_qt.ui.history.game_figures import GameFigures
from patrician_qt.ui.history.review_panel import ReviewPanel
from patrician_qt.ui.history.review_runner import ReviewRunner
from patrician_qt.ui.history.review_words import differs, turn_places, verdict_line
from patrician_qt.ui.history.score_chart import ScoreStory, ScoreStoryChart, describe
from patrician_qt.ui.history.turn_clock import TurnClock
from patrician_qt.ui.history.turn_look import TurnLook
from patrician_qt.ui.session.contract import ReplayControls, Session, Update

#: the least height of the side column's chart: a column too short for it shows it on a tab. During a game the
#: chart is a glance beside the players (five players' panels at 1024×700 leave no more). In a replay the chart
#: shares its tab with the review and grows with the room (stretch 2 of 5); its least height is smaller still,
#: so that the replay viewer's least height fits a 1366×768 laptop at 150 % and 1920×1080 at 200 %.
SIDE_MIN_HEIGHT = 64
REPLAY_MIN_HEIGHT = 32


def _t(text: str) -> str:
    return QCoreApplication.translate("AfterGame", text)


class Sheet(Protocol):
    """What this part needs of the score sheet: pages and a button of its own, and the order of its columns."""

    @property
    def order(self) -> list[int]: ...

    def add_page(self, page: QWidget, title: str) -> None: ...

    def add_button(self, button: QPushButton) -> None: ...

    def show_page(self, page: QWidget) -> None: ...


class Shown(Protocol):
    """What this part needs of the game window (its own protocol: the window builds it, so it must not name
    the window's type)."""

    gameOver: SignalInstance
    shown: SignalInstance
    turnReady: SignalInstance
    session: Session | None
    scene: BoardScene
    hand_view: HandView
    log_model: LogModel

    @property
    def score_sheet(self) -> Sheet: ...

    def add_side_widget(self, widget: QWidget, stretch: int = 0, news: SignalInstance | None = None) -> None: ...

    def give_hand_room(self, give: bool) -> None: ...

    def as_widget(self) -> QWidget: ...


def _colors(session: Session) -> list[QColor]:
    return [theme.player_color(s.color) for s in session.seats()]


def _symbols(session: Session) -> list[str]:
    return [theme.symbol_of(s.color) for s in session.seats()]


class StoryPage(QWidget):
    """The score story: the chart, and (``with_words``) the same facts as text under it, which a screen reader
    reads and a player can select; the chart's accessible description says them too."""

    def __init__(self, parent: QWidget | None = None, with_words: bool = True) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.chart = ScoreStoryChart(self)
        self.words = QPlainTextEdit(self)  # plain text: names came from outside
        self.words.setReadOnly(True)
        self.words.setAccessibleName(_t("Score story in words"))
        self.words.setVisible(with_words)
        self.with_words = with_words
        lay.addWidget(self.chart, 3)
        lay.addWidget(self.words, 1)

    def set_story(self, story: ScoreStory, colors: list[QColor], symbols: list[str] | None = None) -> None:
        """Show a story in the chart and in words."""
        self.chart.set_story(story, colors, symbols)
        self._say(describe(story))

    def clear(self) -> None:
        """Nothing to show."""
        self.chart.clear()
        self._say("")

    def _say(self, text: str) -> None:
        """The words, only when shown and changed: each change of a text field is a screen reader's event
        (a deletion, an insertion, a caret move) that it queues and may not drop, hidden or not."""
        if self.with_words and self.words.toPlainText() != text:
            self.words.setPlainText(text)


class AfterGame(QObject):
    """The score story, the game's statistics and its review for one game window."""

    def __init__(self, window: Shown, runner: ReviewRunner | None = None) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self.clock = TurnClock(lambda: window.session, parent=self)
        self.runner = runner or ReviewRunner(self)
        # the side column makes room before the panels (connected below) show the verdicts: shown in a column
        # without room, they made the window taller than a short screen
        self.runner.reviewed.connect(lambda _review: self._fit_side())
        self.stats: GameStats | None = None
        self._replay_story = False  # the replay shown has a score story (a guest's record has one, not stats)
        self.record: Record | None = None
        self._session: weakref.ref[Session] | None = None  # weak: a closed game must go (the app plays evenings)
        self.marks = HintMarks(window.scene, window.hand_view)
        self.look: TurnLook | None = None  # a judged turn looked at from the score sheet
        sheet = window.score_sheet
        self.sheet_story = StoryPage()
        self.sheet_figures = GameFigures()
        self.sheet_review = ReviewPanel(self.runner)
        sheet.add_page(self.sheet_story, _t("Score story"))
        sheet.add_page(self.sheet_figures, _t("Statistics"))
        sheet.add_page(self.sheet_review, _t("Review"))
        self.review_button = QPushButton(_t("&Review this game"))
        self.review_button.setToolTip(_t("The bots judge each of your turns from what you could see then"))
        self.review_button.clicked.connect(self._review_from_sheet)
        sheet.add_button(self.review_button)
        self.sheet_review.offers_start = False  # the sheet's own button starts it (one key for one deed)
        self.sheet_review.start_button.hide()
        # the side column: the story (live at an open table, with a cursor in a replay) and a replay's review
        # the side column: during a game the story (live at an open table, R26a; whole after the end), and in
        # a replay one panel with the story (its cursor on the turn shown) above the review
        self.live_page = StoryPage(with_words=False)
        self.live_page.chart.setMinimumHeight(SIDE_MIN_HEIGHT)  # a short column puts it on a tab of its own
        # a name of its own: the sheet's chart tells the same story at the end, and two objects of one name
        # and description would sound like one told twice
        self.live_page.chart.setAccessibleName(_t("Score story beside the board"))
        self.live_page.chart.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a screen reader reads its description
        self.replay_page = StoryPage(with_words=False)
        self.replay_page.chart.setMinimumHeight(REPLAY_MIN_HEIGHT)
        self.replay_page.chart.setAccessibleName(_t("Score story of the replay"))
        side_panel = ReviewPanel(self.runner)
        replay_body = QWidget()
        col = QVBoxLayout(replay_body)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.replay_page, 2)
        col.addWidget(side_panel, 3)
        self.side_story = self._side(_t("Score story"), self.live_page)
        self.side_story.setFocusProxy(self.live_page.chart)
        self.side_review = self._side(_t("Review"), replay_body)
        self.side_review.setFocusProxy(side_panel)
        self._side_placed = False  # put in the side column when first needed: a game that never shows them
        # (a LAN game at the rulebook table) keeps its column's tabs as they were (the log, the chat)
        for panel in (self.sheet_review, self.side_review.findChild(ReviewPanel)):
            if panel is not None:
                panel.wanted.connect(self.start_review)
                panel.turnChosen.connect(self.show_turn)
        self.runner.reviewed.connect(self._reviewed)
        window.shown.connect(self._shown)
        window.turnReady.connect(self.clock.turn_ready)
        window.gameOver.connect(self._game_over)
        window.as_widget().destroyed.connect(self.runner.close)

    def _place_side(self) -> None:
        """Put the story and review panels in the side column (once, before either is first shown)."""
        if not self._side_placed:
            self._side_placed = True
            self.window.add_side_widget(self.side_story, 1)
            self.window.add_side_widget(self.side_review, 2)

    def _side(self, title: str, body: QWidget) -> QWidget:
        panel = QWidget(self.window.as_widget())  # hidden until placed in the side column
        panel.setWindowTitle(title)
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        head = QLabel(title, panel)
        head.setObjectName("SideTitle")
        head.setFont(theme.font(13, bold=True))
        lay.addWidget(head)
        lay.addWidget(body, 1)
        panel.hide()
        return panel

    @property
    def side_chart(self) -> ScoreStoryChart:
        """The side column's chart of the game on screen: the replay's (with a cursor) or the game's (live at an
        open table, whole after the end)."""
        replay = self.window.session.replay() if self.window.session is not None else None
        return (self.replay_page if replay is not None else self.live_page).chart

    @property
    def replay_review(self) -> ReviewPanel:
        """The replay viewer's review panel."""
        panel = self.side_review.findChild(ReviewPanel)
        assert panel is not None
        return panel

    # -- following the window -----------------------------------------------------------------------------
    def _new_session(self, session: Session | None) -> None:
        """Another game on screen: forget the last one's story, statistics and review."""
        self._session = weakref.ref(session) if session is not None else None
        self.stats = None
        self.record = None
        self.marks.clear()
        self._close_look()
        if self.runner.running:
            self.runner.cancel()
        names = [s.name for s in session.seats()] if session is not None else []
        self.sheet_review.reset(names)
        self.replay_review.reset(names)
        self.sheet_story.clear()
        self.live_page.clear()
        self.replay_page.clear()
        self._replay_story = False
        self.side_story.hide()
        replay = session.replay() if session is not None else None
        self.review_button.setEnabled(True)
        if replay is not None and session is not None:
            self.record = replay.source()
            self.stats = self._stats_of(self.record)
            story = ScoreStory.of_game(self.stats) if self.stats is not None else self._seen_story(replay, session)
            if story is not None:
                self.replay_page.set_story(story, _colors(session), _symbols(session))
            self._replay_story = story is not None
        if replay is not None:
            self._place_side()
        self.side_review.setVisible(replay is not None)  # last: the side column measures it as it now is
        self._fit_side()

    @staticmethod
    def _seen_story(replay: ReplayControls, session: Session) -> ScoreStory | None:
        """The story of a replay kept at one seat (no deal, so no statistics): from its public events, with
        the final scores when it reached the end (R25)."""
        if replay.seen_from is None:
            return None
        events = [e for i in range(len(replay)) for e in replay.update_at(i).events]
        result = replay.update_at(len(replay) - 1).view(None).get("result")
        base = ScoreStory.so_far([s.name for s in session.seats()], events)
        return ScoreStory(base.names, base.fame_by_turn, base.moments, tuple(result["scores"]) if result else None)

    def _shown(self, update: Update) -> None:
        session = self.window.session
        if session is not (self._session() if self._session is not None else None):
            self._new_session(session)
        self.clock.shown(update)
        if session is None:
            return
        replay = session.replay()
        if replay is not None:
            self.side_chart.mark_turn(update.seq)
            self._tell_turn(update.seq)
            self._fit_side()
            return
        public = update.view(None)
        live = public.get("visibility") == "open" and not public["over"]
        if public["over"]:
            return  # the score sheet tells the whole story now
        if live:
            self._place_side()
        self.side_story.setVisible(live)
        page = self.live_page
        if live:  # R26a: every won tile and score is shown to everyone during the game
            page.set_story(ScoreStory.so_far([s.name for s in session.seats()], session.history()),
                           _colors(session), _symbols(session))
        else:  # R26: won tiles lie face down; nothing of the story before the end
            page.clear()

    def _game_over(self, update: Update) -> None:
        """The score sheet is up: fill its story and statistics (a replay's end too)."""
        session = self.window.session
        if session is None:
            return
        replay = session.replay()
        if replay is None:
            try:
                self.record = session.record()
            except Exception:  # a table that gave no record: nothing to tell beyond the scores
                self.record = None
            self.stats = self._stats_of(self.record) if self.record is not None else None
        if self.stats is None:  # a LAN guest's record has no deal: the story from the events, no statistics
            result: dict[str, Any] = dict(update.view(None).get("result") or {})
            names = [s.name for s in session.seats()]
            base = ScoreStory.so_far(names, session.history())
            finals = tuple(result.get("scores", [])) or None
            self.sheet_story.set_story(ScoreStory(base.names, base.fame_by_turn, base.moments, finals),
                                       _colors(session), _symbols(session))
            self.sheet_figures.setEnabled(False)
            if self.record is not None and reviewable(self.record):  # its own turns, from what it saw
                self._show_kept_review()
                return
            self.review_button.setEnabled(False)
            self.sheet_review.start_button.setEnabled(False)
            self.sheet_review.status.setText(_t("A game seen from a seat at another computer cannot be reviewed "
                                                "here: its record has no deal. The host can review it."))
            return
        self.sheet_figures.setEnabled(True)
        whole = ScoreStory.of_game(self.stats)
        self.sheet_story.set_story(whole, _colors(session), _symbols(session))
        if replay is None:  # the game is over: nothing is hidden any more (R26)
            self.live_page.set_story(whole, _colors(session), _symbols(session))
            self._place_side()
            self.side_story.show()
        seconds = self._seconds_of(self.record) if replay is not None else self.clock.taken()
        self.sheet_figures.show_stats(self.stats, list(self.window.score_sheet.order), seconds)
        self._show_kept_review()

    def _show_kept_review(self) -> None:
        if self.runner.review is not None and self.runner.record is self.record:
            self.sheet_review.show_review(self.runner.review)

    @staticmethod
    def _stats_of(record: Record | None) -> GameStats | None:
        if record is None or not record.deal:
            return None
        try:
            return game_stats(record)
        except RecordError:  # a game cut short (a replay of an unfinished record): no whole story
            return None

    @staticmethod
    def _seconds_of(record: Record | None) -> dict[int, float]:
        """The times a record kept (``meta.seconds``, seat → seconds), read with care: it came from a file."""
        raw = (record.meta or {}).get("seconds") if record is not None else None
        out: dict[int, float] = {}
        if isinstance(raw, dict):
            for k, v in raw.items():
                if isinstance(v, int | float) and str(k).isdigit():
                    out[int(k)] = float(v)
        return out

    # -- the review -----------------------------------------------------------------------------------------
    def _review_from_sheet(self) -> None:
        self.window.score_sheet.show_page(self.sheet_review)
        self.start_review()

    def start_review(self) -> None:
        """Review the game on screen in the background (a kept review comes back at once)."""
        if self.record is None or not reviewable(self.record) or self.runner.running:
            return
        if self.runner.review is not None and self.runner.record is self.record:
            self._reviewed(self.runner.review)
            return
        self.sheet_review.busy()
        self.replay_review.busy()
        self.runner.start(self.record)

    def _reviewed(self, review: dict[str, Any]) -> None:
        self._fit_side()  # first: the verdicts shown in a column that has no room yet made the window taller
        self.sheet_review.show_review(review)
        self.replay_review.show_review(review)
        self.review_button.setEnabled(False)
        session = self.window.session
        replay = session.replay() if session is not None else None
        if replay is not None:
            self._tell_turn(replay.index)

    def _fit_side(self) -> None:
        """On a short screen (150 % on a laptop, 200 % on 1920×1080) a replay's review takes the room of an
        empty hand (a spectator's, or at the end) and of the story chart above it (squeezed to a strip there;
        the board and the log tell the turn): the column has no other, and its verdict list showed a line or
        two. A hand with cards keeps its place."""
        from patrician_qt.ui.board.screen_fit import short_screen

        session = self.window.session
        replay = session.replay() if session is not None else None
        reviewed = self.runner.review is not None and self.runner.record is self.record
        empty_hand = not self.window.hand_view.model().rowCount()
        give = replay is not None and reviewed and empty_hand and short_screen(self.window.as_widget())
        self.window.give_hand_room(give)
        self.replay_page.setVisible(self._replay_story and not give)

    def verdict_of(self, turn: int) -> dict[str, Any] | None:
        """The review's judgement of turn ``turn`` (0-based), if it was judged."""
        review = self.runner.review
        if review is None or self.runner.record is not self.record:
            return None
        for t in review.get("turns", []):
            if t.get("turn") == turn:
                return dict(t)
        return None

    def _tell_turn(self, position: int) -> None:
        """A replay shows the position after ``position`` turns: the verdict of the turn just played in the log,
        and the better turn ringed on the board beside the one played."""
        t = self.verdict_of(position - 1)
        self.replay_review.select_turn(position - 1)
        if t is None:
            self.marks.clear()
            return
        names = [s.name for s in self.window.session.seats()] if self.window.session is not None else []
        line = verdict_line(t, names)
        log = self.window.log_model
        last = log.index(log.rowCount() - 1, 0).data() if log.rowCount() else None
        if last != line:  # the same position shown again (another seat's view) says it once
            log.add_text(line, "review")
        if differs(t):
            self.marks.show(turn_places(t["best"]))
        else:
            self.marks.clear()

    def show_turn(self, turn: int) -> None:
        """A judged turn was chosen: a replay jumps to the position after it; at a game's end the turn is shown
        as its player saw it, over the score sheet."""
        session = self.window.session
        replay = session.replay() if session is not None else None
        if replay is not None:
            replay.seek(turn + 1)
            return
        review = self.runner.review
        if session is None or self.record is None or review is None or self.runner.record is not self.record:
            return
        if self.look is None:
            seats = session.seats()
            look = TurnLook(self.record, review, [s.name for s in seats],
                            [s.color for s in seats], self.window.as_widget())
            look.turnShown.connect(self.sheet_review.select_turn)
            look.finished.connect(self._look_closed)
            outer = self.window.as_widget().size()
            look.resize(max(640, outer.width() * 9 // 10), max(480, outer.height() * 9 // 10))
            self.look = look
        if self.look.show_turn(turn) and not self.look.isVisible():
            self.look.open()  # over the window: closing it is the way back to the score sheet

    def _look_closed(self) -> None:
        """Back at the score sheet: on the verdict of the turn last looked at."""
        self.sheet_review.verdicts.setFocus()
        self._close_look()

    def _close_look(self) -> None:
        look, self.look = self.look, None
        if look is not None:
            look.finished.disconnect(self._look_closed)
            look.close()
            look.deleteLater()


__all__ = ["AfterGame", "StoryPage"]
