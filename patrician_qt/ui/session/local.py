"""A game in this process: ``LocalSession`` behind the Session contract (``session.contract``).

``LocalSession`` runs the authoritative ``patrician_qt.table.Table`` (true state, bots in
their worker, autosave) on a background asyncio loop, so nothing slow ever runs on the UI
thread. Every table change arrives on the UI thread as an ``Update`` carrying the views of
all seats, so the window can present changes one after the other at its own pace; with it come
the record and the story so far, so ``record``, ``history`` and ``save_as`` never wait for the
table's thread. Work for the table goes through ``LoopThread.call``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from patrician_qt.engine import Event, Record, Turn, TurnMap, View, default_colors, seat_order
from patrician_qt.net.hosted import Refused
from patrician_qt.table import SeatSpec, Table, TableOptions
from patrician_qt.table.saves import (
    autosave_of_game,
    discard_save,
    fresh_autosave_path,
    record_text,
    write_atomic,
)
from patrician_qt.table.seeds import decision_seed
from patrician_qt.table.tokens import hash_token, new_token
from patrician_qt.ui.session.config import GameConfig, SeatConfig
from patrician_qt.ui.session.contract import Session, Update
from patrician_qt.ui.session.offload import LoopThread


def _t(text: str) -> str:
    return QCoreApplication.translate("Session", text)


def table_takes_colors() -> bool:
    """Whether the table lets players choose their R3 colours (else they follow seat order)."""
    import inspect

    return "colors" in inspect.signature(Table).parameters


@dataclass(frozen=True, slots=True)
class _Told:
    """What the table's thread tells the UI thread after a change: the update, the record and story so far."""

    update: Update
    record: Record | None
    history: list[Event]


class _Listener:
    """The table's listener, called on the table's loop thread; forwards to the session."""

    def __init__(self, session: LocalSession) -> None:
        self._session = session

    def table_changed(self, seq: int, events: Sequence[Event]) -> None:
        self._session._on_table_changed(seq, events)

    def lobby_changed(self) -> None:
        pass

    def chat(self, sender: str, text: str) -> None:
        pass

    def table_trouble(self, trouble: object) -> None:
        self._session._trouble_post.emit(trouble)


class LocalSession(Session):
    """A game in this process: a Table on a background loop, humans at this machine.

    Each new game autosaves into a file of its own in ``autosave_dir`` (so starting one never ends
    another); ``resume`` continues a save: an autosave in ``autosave_dir`` in place, any other file
    (a named save) in a fresh autosave there, so the named save stays as it was.
    """

    _post = Signal(object)  # _Told, from the table thread to the UI thread
    _hint_post = Signal(object)  # (seat, seq, turn map or None) from the table thread
    _trouble_post = Signal(object)  # Trouble from the table thread
    HINT_LEVEL = "hard"
    HINT_DEADLINE_S = 2.0

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        autosave_dir: Path | None = None,
        resume: Path | None = None,
        options: TableOptions | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._loop_host = LoopThread()
        self._current: Update | None = None
        self._record: Record | None = None  # the table's record as of ``_current`` (None before the game)
        self._history: list[Event] = []
        self._closed = False
        # Bound methods, never lambdas capturing self: a connection on one's own signal to a lambda
        # holding self keeps a closed session (its table, loop and fds) alive for ever.
        self._post.connect(self._receive)
        self._hint_post.connect(self._emit_hint)
        self._trouble_post.connect(self._emit_trouble)
        self._hint_runner: Any = None
        try:
            self._open_table(config, autosave_dir, resume, options)
        except BaseException:  # a bad save or config: give the loop back before saying why
            self._closed = True
            self._loop_host.close()
            raise
        self._tokens = {i: new_token() for i, s in enumerate(self._seats) if not s.is_bot}
        self._record, self._history = self._told_so_far(self._table)  # its loop has not touched it yet

    def _open_table(self, config: GameConfig | None, autosave_dir: Path | None, resume: Path | None,
                    options: TableOptions | None) -> None:
        """Make (or resume) the table on its loop."""
        if resume is not None:
            source = Path(resume)
            copy = fresh = None  # a save from elsewhere goes on in an autosave: the user's file stays as is
            if autosave_dir is not None and source.resolve().parent != Path(autosave_dir).resolve():
                # the game's own autosave where it has one (Continue lists it once), else a fresh one
                copy = autosave_of_game(autosave_dir, source)
                if copy is None:
                    copy = fresh = fresh_autosave_path(autosave_dir)
            try:  # made here, before its loop ever touches it: reading the save is quick
                self._table = Table.resume(source, options=options, autosave_file=copy)
            except BaseException:
                if fresh is not None:  # never the game's own autosave, which stays as it was
                    discard_save(fresh)
                self._loop_host.close()
                raise
            self._seats = self._seats_from_table()
            self._seed = self._table.seed
        else:
            if config is None:
                raise ValueError("a new game needs a GameConfig")
            problem = config.validate()
            if problem:
                raise ValueError(problem)
            seed = config.seed if config.seed is not None else random.SystemRandom().randrange(2**62)
            self._seed = seed
            # R7: a seeded game puts the starting player in seat 0
            order = [int(i) for i in seat_order([str(i) for i in range(len(config.seats))], random.Random(seed))]
            self._seats = [config.seats[i] for i in order]
            specs = [SeatSpec(s.kind, s.level, s.name) for s in self._seats]
            extra: dict[str, Any] = {}
            if table_takes_colors():
                extra["colors"] = [s.color for s in self._seats]
            else:  # the table deals R3's colours in seat order
                self._seats = [SeatConfig(s.name, c, s.kind, s.level)
                               for s, c in zip(self._seats, default_colors(len(self._seats)), strict=True)]
            file = fresh_autosave_path(autosave_dir) if autosave_dir is not None else None  # one file per game
            # made here, before its loop ever touches it (a Table needs no running loop to be made)
            self._table = Table("Patrician", specs, seed=seed, autosave_file=file, options=options,
                                visibility=config.visibility, **extra)

    # -- the table's thread ------------------------------------------------------------------
    def _seats_from_table(self) -> list[SeatConfig]:
        state = self._table.true_state()
        colors = list(state.colors) if state is not None else list(default_colors(len(self._table.seats())))
        return [
            SeatConfig(s["name"], colors[i], "bot" if s["kind"] == "bot" and not s.get("away") else "human",
                       s.get("level"))
            for i, s in enumerate(self._table.seats())
        ]

    def _on_table_changed(self, seq: int, events: Sequence[Event]) -> None:
        table = self._table
        views: dict[int | None, View] = {}
        for seat in [*range(len(self._seats)), None]:
            cur = table.current(seat)
            if cur is None:
                return
            views[seat] = cur[1]
        # everyone sits at this machine: "Anna sat down" (the table seating them again) is no news
        events = [e for e in events if e["e"] not in ("joined", "left")]
        mover = next((e["seat"] for e in events if e["e"] == "played"), None)
        by_bot = mover is not None and bool(table.seats()[mover]["kind"] == "bot")
        self._post.emit(_Told(Update(seq, views, tuple(events), mover, by_bot), *self._told_so_far(table)))

    @staticmethod
    def _told_so_far(table: Table) -> tuple[Record | None, list[Event]]:
        """The table's record (None before the game) and story so far (read on the thread that owns it)."""
        try:
            record: Record | None = table.record()
        except Refused:  # no game yet
            record = None
        return record, table.history()

    # -- the UI thread ---------------------------------------------------------------------
    def _emit_hint(self, answer: tuple[int, int, Any]) -> None:
        if not self._closed:
            self.hintReady.emit(*answer)

    def _emit_trouble(self, trouble: object) -> None:
        if not self._closed:
            self.troubled.emit(trouble)

    def _receive(self, told: _Told) -> None:
        update = told.update
        if self._closed:
            return
        if self._current is not None and update.seq <= self._current.seq:
            return
        self._current, self._record, self._history = update, told.record, told.history
        self.updated.emit(update)

    @property
    def seed(self) -> int:
        """The seed of the deal and the bots."""
        return self._seed

    @property
    def table(self) -> Table:
        """The authoritative table (touch it only on its loop, e.g. through ``loop_thread.call``)."""
        return self._table

    @property
    def loop_thread(self) -> LoopThread:
        """The table's background loop (hand it work with ``call``)."""
        return self._loop_host

    @property
    def autosave_file(self) -> Path | None:
        """Where the table autosaves, if it does."""
        return self._table.autosave_file

    def seats(self) -> list[SeatConfig]:
        """The seats in play order (seat 0 moves first, R7)."""
        return list(self._seats)

    def current(self) -> Update | None:
        """The latest update received on the UI thread."""
        return self._current

    def start(self) -> None:
        """Sit the local humans down; the table starts the game once every seat is taken."""
        table = self._table
        tokens = self._tokens
        seats = self._seats

        def sit() -> None:
            table.listen(_Listener(self))
            if table.phase() == "lobby":
                for i, token in tokens.items():
                    table.sit(i, seats[i].name, hash_token(token))
            for i in tokens:
                table.set_connected(i, True)
            if table.phase() != "lobby":
                self._on_table_changed(table.seq, [])
            if table.trouble() is not None:
                self._trouble_post.emit(table.trouble())

        self._loop_host.call(sit)

    def submit(self, seat: int, turn: Turn | TurnMap) -> None:
        """Send a human's whole turn to the table; a refused turn changes nothing and says why."""
        if self._closed:
            self.rejected.emit(_t("the game is closed"), "")
            return
        if seat not in self._tokens:
            self.rejected.emit(_t("this seat is not played at this machine"), "")
            return
        turn_map: dict[str, Any] = dict(turn.to_map() if isinstance(turn, Turn) else turn)
        seq = self._current.seq if self._current is not None else 0
        table = self._table

        def do() -> tuple[str, str] | None:
            try:
                table.submit(seat, seq, turn_map)
            except Refused as exc:
                return exc.message, exc.rule or ""
            return None

        self._loop_host.call(do, self._refused)

    def _refused(self, problem: tuple[str, str] | None) -> None:
        """The table's answer to a submitted turn, on the UI thread: None, or (why, rule)."""
        if problem is not None and not self._closed:
            self.rejected.emit(*problem)

    def hint(self, seat: int, begun: dict[str, Any] | None = None) -> None:
        """Ask the Hard bot, from ``seat``'s view only, in the bots' worker process (never the UI thread).

        ``begun``: the part of the turn already chosen (bots/begun.py); the hint completes it."""
        cur = self._current
        if self._closed or cur is None or seat not in self._tokens or cur.view(None)["to_move"] != seat:
            self.hintReady.emit(seat, -1, None)
            return
        view = cur.view(seat)
        table = self._table
        seed = decision_seed(self._seed, seat, cur.seq, "hint")  # one-way: the worker learns nothing of the deal

        async def think() -> None:
            turn = None
            try:
                if self._hint_runner is None:
                    from patrician_qt.bots.runner import BotRunner

                    self._hint_runner = BotRunner()
                turn = await self._hint_runner.choose(self.HINT_LEVEL, seat, view, table.history(), seed,
                                                      self.HINT_DEADLINE_S, begun)
            except Exception:  # no hint is better than a broken game; the UI says so
                turn = None
            self._hint_post.emit((seat, cur.seq, turn))

        self._loop_host.call(think)

    def retry(self) -> None:
        """Try the failed bot turn again (a new worker), or write the whole autosave again."""
        if not self._closed:
            self._loop_host.post(self._table.retry)

    def use_simple_bots(self) -> None:
        """Let bots that think in this process play on (Hard and Expert seats play Medium)."""
        if not self._closed:
            self._loop_host.post(self._table.use_simple_bots)

    def record(self) -> Record:
        """The record as of the update on screen (with the table's meta and, once over, the result)."""
        if self._record is None:
            raise Refused("not-your-turn", "the game has not started")
        return self._record

    def history(self) -> list[Event]:
        """Every public event the table has told up to the update on screen (none before the game starts)."""
        return list(self._history)

    def can_save(self) -> bool:
        """A local game can be saved under a name while it is open."""
        return not self._closed

    def save_as(self, path: Path) -> None:
        """Write a named save that can be continued later (the game as of the update on screen)."""
        write_atomic(Path(path), record_text(self.record()))

    def close(self) -> None:
        """Stop bots, flush the autosave and stop the table's loop."""
        if self._closed:
            return
        self._closed = True
        # the table's close (bots stopped, autosave flushed) runs last on its loop; then a hint still
        # thinking ends and the loop is freed
        self._loop_host.close(self._table.close())
        runner, self._hint_runner = self._hint_runner, None
        if runner is not None:
            runner.shutdown()
