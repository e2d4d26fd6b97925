"""A game in this process: ``LocalSession`` behind the Session contract (``session.contract``).

``LocalSession`` runs the authoritative ``patrician_qt.table.Table`` (true state, bots in
their worker, autosave) on a background asyncio loop, so nothing slow ever runs on the UI
thread. Every table change arrives on the UI thread as an ``Update`` carrying the views of
all seats, so the window can present changes one after the other at its own pace.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from patrician_qt.engine import Record, Turn, default_colors, seat_order
from patrician_qt.table import SeatSpec, Table, TableOptions
from patrician_qt.table.saves import discard_save, fresh_autosave_path
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


class _Listener:
    """The table's listener, called on the table's loop thread; forwards to the session."""

    def __init__(self, session: LocalSession) -> None:
        self._session = session

    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
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

    _post = Signal(object)  # Update from the table thread to the UI thread
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
        self._loop = self._loop_host.loop
        self._current: Update | None = None
        self._closed = False
        # Bound methods, never lambdas capturing self: a connection on one's own signal to a lambda
        # holding self keeps a closed session (its table, loop and fds) alive for ever (issue #20).
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

    def _open_table(self, config: GameConfig | None, autosave_dir: Path | None, resume: Path | None,
                    options: TableOptions | None) -> None:
        """Make (or resume) the table on its loop."""
        if resume is not None:
            source = Path(resume)
            copy = None  # a save from elsewhere goes on in an autosave of its own: the user's file stays as is
            if autosave_dir is not None and source.resolve().parent != Path(autosave_dir).resolve():
                copy = fresh_autosave_path(autosave_dir)
            try:
                self._table = self._call(lambda: Table.resume(source, options=options, autosave_file=copy))
            except BaseException:
                if copy is not None:
                    discard_save(copy)
                self._loop_host.close()
                raise
            self._seats = self._call(self._seats_from_table)
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
            self._table = self._call(
                lambda: Table("Patrician", specs, seed=seed, autosave_file=file, options=options,
                              visibility=config.visibility, **extra)
            )

    # -- the table's thread ------------------------------------------------------------------
    def _call(self, fn: Any, timeout: float = 10.0) -> Any:
        """Run ``fn`` on the table's loop and wait for its (quick) result."""

        async def run() -> Any:
            return fn()

        fut: Future[Any] = asyncio.run_coroutine_threadsafe(run(), self._loop)
        return fut.result(timeout)

    def _seats_from_table(self) -> list[SeatConfig]:
        state = self._table.true_state()
        colors = list(state.colors) if state is not None else list(default_colors(len(self._table.seats())))
        return [
            SeatConfig(s["name"], colors[i], "bot" if s["kind"] == "bot" and not s.get("away") else "human",
                       s.get("level"))
            for i, s in enumerate(self._table.seats())
        ]

    def _on_table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        table = self._table
        views: dict[Any, dict[str, Any]] = {}
        for seat in [*range(len(self._seats)), None]:
            cur = table.current(seat)
            if cur is None:
                return
            views[seat] = cur[1]
        # everyone sits at this machine: "Anna sat down" (the table seating them again) is no news
        events = [e for e in events if e.get("e") not in ("joined", "left")]
        mover = next((e["seat"] for e in events if e.get("e") == "played"), None)
        by_bot = mover is not None and bool(table.seats()[mover]["kind"] == "bot")
        self._post.emit(Update(seq, views, tuple(events), mover, by_bot))

    # -- the UI thread ---------------------------------------------------------------------
    def _emit_hint(self, answer: tuple[int, int, Any]) -> None:
        if not self._closed:
            self.hintReady.emit(*answer)

    def _emit_trouble(self, trouble: object) -> None:
        if not self._closed:
            self.troubled.emit(trouble)

    def _receive(self, update: Update) -> None:
        if self._closed:
            return
        if self._current is not None and update.seq <= self._current.seq:
            return
        self._current = update
        self.updated.emit(update)

    @property
    def seed(self) -> int:
        """The seed of the deal and the bots."""
        return self._seed

    @property
    def table(self) -> Table:
        """The authoritative table (touch it only on its loop, e.g. through ``_call``)."""
        return self._table

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

        self._call(sit)

    def submit(self, seat: int, turn: Turn | dict[str, Any]) -> None:
        """Send a human's whole turn to the table; a refused turn changes nothing and says why."""
        if self._closed:
            self.rejected.emit(_t("the game is closed"), "")
            return
        if seat not in self._tokens:
            self.rejected.emit(_t("this seat is not played at this machine"), "")
            return
        turn_map = turn.to_map() if isinstance(turn, Turn) else dict(turn)
        seq = self._current.seq if self._current is not None else 0
        table = self._table

        def do() -> tuple[str, str] | None:
            from patrician_qt.net.hosted import Refused

            try:
                table.submit(seat, seq, turn_map)
            except Refused as exc:
                return exc.message, exc.rule or ""
            return None

        problem = self._call(do)
        if problem is not None:
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

        async def run() -> None:
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

        asyncio.run_coroutine_threadsafe(run(), self._loop)

    def retry(self) -> None:
        """Try the failed bot turn again (a new worker), or write the whole autosave again."""
        if not self._closed:
            self._loop.call_soon_threadsafe(self._table.retry)

    def use_simple_bots(self) -> None:
        """Let bots that think in this process play on (Hard and Expert seats play Medium)."""
        if not self._closed:
            self._loop.call_soon_threadsafe(self._table.use_simple_bots)

    def record(self) -> Record:
        """The record so far (with the table's meta and, once over, the result)."""
        return self._call(self._table.record)

    def history(self) -> list[dict[str, Any]]:
        """Every public event the table has told so far (none before the game starts)."""
        return self._call(self._table.history)

    def can_save(self) -> bool:
        """A local game can be saved under a name while it is open."""
        return not self._closed

    def save_as(self, path: Path) -> None:
        """Write a named save that can be continued later."""
        self._call(lambda: self._table.save_as(Path(path)))

    def close(self) -> None:
        """Stop bots, flush the autosave and stop the table's loop."""
        if self._closed:
            return
        self._closed = True
        try:
            asyncio.run_coroutine_threadsafe(self._table.close(), self._loop).result(10)
        except Exception:  # the table may already be gone; closing must not raise
            pass
        self._loop_host.close()  # ends a hint still thinking, then frees the loop
        runner, self._hint_runner = self._hint_runner, None
        if runner is not None:
            runner.shutdown()
