"""The game window's parts, built into its frame: models, board, hand, players, log, turn bar, overlays,
turn building, the Turn and View menus' entries, Help and keyboard play, motion and sound.

Why apart from ``main_window``: the frame (menu bar, page stack) is shown with the start screen at once,
and these parts, with all they import, follow right after its first paint (``MainWindow.build_game``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from patrician_qt.ui.game.window_parts import WindowParts

#: what ``build_game`` makes: asking the window for one of them before then builds them all
GAME_PARTS = frozenset({
    "board_model", "hand_model", "players_model", "log_model", "scene", "board_view", "page", "turn_bar",
    "hand_view", "players_view", "log_view", "privacy", "score_sheet", "controller", "presenter", "hints",
    "story", "history", "extras", "motion", "speed_group", "speed_actions", "act_auto_confirm",
    "act_contrast", "act_own_stack", "act_skip_anim",
})


class WindowBuild(WindowParts):
    """Builds the game's parts into the window's frame, once: right after the start screen's first paint,
    or the moment one of them is asked for."""

    def build_game(self) -> None:
        """The game's parts: models, board, hand, players, log, turn bar, overlays, turn building, the Turn and
        View menus' entries, Help, keyboard play and screen-reader texts, motion and sound. Once; later calls
        do nothing."""
        if self._game_state != "frame":
            return
        self._game_state = "building"
        from patrician_qt.ui.board.board_model import BoardModel
        from patrician_qt.ui.board.board_view import BoardScene, BoardView
        from patrician_qt.ui.board.hand_model import HandModel
        from patrician_qt.ui.board.log_model import LogModel
        from patrician_qt.ui.board.players_model import PlayersModel
        from patrician_qt.ui.game.game_page import GamePage
        from patrician_qt.ui.game.presenter import Presenter
        from patrician_qt.ui.game.privacy_screen import PrivacyScreen
        from patrician_qt.ui.game.score_sheet import ScoreSheet
        from patrician_qt.ui.game.turn_controller import TurnController

        # models
        self.board_model = BoardModel(self)
        self.hand_model = HandModel(self)
        self.players_model = PlayersModel(self)
        self.log_model = LogModel(self)
        # views
        self.scene = BoardScene(self.board_model, self)
        self.board_view = BoardView(self.scene)
        self.page = GamePage(self.board_view)
        self.stack.insertWidget(0, self.page)  # first, as when it was built before any other page
        self.turn_bar = self.page.turn_bar
        self.hand_view = self.page.hand_view
        self.players_view = self.page.players_view
        self.log_view = self.page.log_view
        self.hand_view.setModel(self.hand_model)
        self.players_view.setModel(self.players_model)
        self.log_view.setModel(self.log_model)
        self.privacy = PrivacyScreen(self.stack)
        self.score_sheet = ScoreSheet(self.page, self.board_view)
        # turn building
        self.controller = TurnController(self)
        self.presenter = Presenter(self._show_step, self._apply, self)
        from patrician_qt.ui.game.hint import HintGuide

        self.hints = HintGuide(self, self.controller, self.turn_bar, self.scene, self.hand_view)
        from patrician_qt.ui.game.story import StoryKeeper

        # last moves on the board, "since your last turn", whose turn in the title
        self.story = StoryKeeper(self, self.stack, self.page, self.scene, self.turn_bar, self.setWindowTitle)
        self._wire()
        self._game_menus()
        from patrician_qt.ui.game.window_extras import WindowExtras
        from patrician_qt.ui.history.keep import HistoryKeeper

        self.history = HistoryKeeper(self)  # every game that ends on screen into the history (replays not)

        # Help menu, language, keyboard play, screen-reader texts, rule links
        self.extras = WindowExtras(self, self.turn_bar, self.menu("help"), self.leave_then, self._retell)
        if self._start_page is not None:  # a start screen added before the game's parts were built
            self.extras.offer_tutorial(self._start_page)
        from patrician_qt.ui.game.motion import MotionDirector
        from patrician_qt.ui.game.motion_setup import Liveliness

        director = MotionDirector(self, self.page, self.scene, self.board_view, self.players_view, self.hand_view,
                                  self.hand_model, self.settings)
        # motion, scoring moments, sound
        self.motion = live = Liveliness(self, director, self.score_sheet, self.menu("view"), self.speed_actions,
                                        self.settings, self)
        self.presenter.stepOf.connect(live.step)
        self.shown.connect(live.applied)
        self.turnReady.connect(live.turn_ready)
        self.gameOver.connect(live.game_over)
        self.act_skip_anim.triggered.connect(live.finish_all)
        self.closed.connect(live.sound.release)
        self._load_settings()
        self.page.fit_width(self.width())  # the frame may have been resized (and shown) before the page was there
        self._game_state = "built"

    if not TYPE_CHECKING:  # hidden from the type checker, which would otherwise accept any misspelt attribute

        def __getattr__(self, name: str) -> Any:
            """A game part asked for before ``build_game()`` ran (a file opened at start, a test, a LAN flow):
            build the parts now, so that nothing depends on when the frame's first paint happened."""
            if name in GAME_PARTS and self.__dict__.get("_game_state") == "frame":
                self.build_game()
                return getattr(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def game_built(self) -> bool:
        """Whether ``build_game()`` has run (the frame alone has no board, turn bar or overlays)."""
        return self.__dict__.get("_game_state") == "built"
