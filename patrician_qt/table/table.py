"""The table: the one authority over a game (DESIGN.md "One idea").

Why: hot-seat, bot and LAN games differ only in where views travel; this
object owns the true state, seats, bots and autosave, and hands each seat
only its own view (docs/rules.md R26). It implements `net.hosted.HostedTable`, so
`net.host.Host` can serve it, and a `LocalSession` can use it directly.

When bots play and when a gone player's seat goes to a bot live in scheduling.py
(``BotTurns``, ``TakeoverClock``); the timings and the runner's contract in options.py.

Everything runs on the running asyncio loop's thread and returns at once;
bots think in the bots runner's worker process, per-turn saves are a journal
append (microseconds) plus a snapshot written off-loop. Only the snapshot at
the start of a game, `save_as` and `resume` write a file on the spot (one
fsync, about 10 ms here).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from patrician_qt import __version__
from patrician_qt.engine import (
    PLAYER_COLORS,
    RULEBOOK,
    Event,
    GameState,
    IllegalTurn,
    Record,
    RecordError,
    RecordTurn,
    SeatEvent,
    Turn,
    View,
    apply,
    check_visibility,
    new_game,
    new_record,
    public_view,
    replay_turn,
    result_of,
    seat_view,
    start_state,
)
from patrician_qt.net.hosted import (
    BOT,
    OPEN,
    Refused,
    SeatEntry,
    TableListener,
    clean_name,
    name_key,
    name_problem,
    plain_text,
    shown_name,
    takes_label,
)

from .options import BotRunnerLike, TableOptions
from .saves import (
    META_FORMAT,
    Journal,
    SaveError,
    autosave_path,
    journal_path,
    read_save,
    record_text,
    table_name,
    unfinished_game,
    write_atomic,
)
from .scheduling import BotHooks, BotTurns, TakeoverClock
from .seats import BOT_LEVELS, Seat, SeatSpec
from .tokens import seat_of_hash
from .trouble import Trouble, describe_cause

__all__ = ["BotRunnerLike", "Table", "TableOptions"]

log = logging.getLogger("patrician.table")


def _story_of(state: GameState, record: Record) -> list[tuple[int, list[Event]]]:
    """The updates of a saved game's turns, numbered with the lowest seqs they can have had (the game's
    first update is seq 1 or more, each turn one more): a resumed table's story (seat events are lost)."""
    story: list[tuple[int, list[Event]]] = []
    for i, raw in enumerate(record.turns):
        state, events = replay_turn(state, i, raw)
        story.append((i + 2, list(events)))
    return story


#: chat lines a table keeps with its game (so a host that opens its table again shows them)
CHAT_KEPT = 200


def _saved_chat(raw: object) -> list[tuple[str, str]]:
    """The chat lines of a save's meta.table; anything that is not a pair of texts is left out."""
    if not isinstance(raw, list):
        return []
    lines = [(plain_text(line[0]), plain_text(line[1])) for line in raw
             if isinstance(line, list) and len(line) == 2 and all(isinstance(x, str) for x in line)]
    return lines[-CHAT_KEPT:]


def _write_save(path: Path, record: Record) -> None:
    """Serialise and write a save file (runs on a worker thread)."""
    write_atomic(path, record_text(record))


class Table:
    """One game's seats, true state, bots, listeners and autosave.

    The autosave never takes the place of another game that is not over: if
    the table's autosave file holds one when the game starts (or cannot be read), this
    game autosaves under a name of its own (`autosave_file` tells which), unless
    `replace_unfinished` says the user chose to discard it.
    """

    def __init__(
        self,
        name: str,
        seats: Sequence[SeatSpec],
        *,
        seed: int | None = None,
        runner: BotRunnerLike | None = None,
        autosave_dir: Path | None = None,
        options: TableOptions | None = None,
        colors: Sequence[str] | None = None,
        replace_unfinished: bool = False,
        autosave_file: Path | None = None,
        visibility: str = RULEBOOK,
    ) -> None:
        """`autosave_file` names the autosave itself (else it is the table's name in `autosave_dir`)."""
        self._visibility = check_visibility(visibility)  # R26 (rulebook) or R26a (open)
        if not 2 <= len(seats) <= 5:
            raise ValueError(f"a game has 2 to 5 seats, not {len(seats)} (R3)")
        if colors is not None:
            colors = list(colors)
            if len(colors) != len(seats) or len(set(colors)) != len(colors):
                raise ValueError("each seat needs a colour of its own (R3)")
            bad = [c for c in colors if c not in PLAYER_COLORS]
            if bad:
                raise ValueError(f"unknown colour {bad[0]!r} (one of {', '.join(PLAYER_COLORS)})")
        self._colors = colors
        self.options = options or TableOptions()
        if self.options.takeover_level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {self.options.takeover_level!r}")
        self._name = table_name(name)
        self._replace_unfinished = replace_unfinished
        self._seats: list[Seat] = []
        bots = 0
        for spec in seats:
            if spec.kind == "bot":
                bots += 1
                if spec.level not in BOT_LEVELS:
                    raise ValueError(f"unknown bot level {spec.level!r}")
                self._seats.append(Seat("bot", self._bot_name(clean_name(spec.name or "")
                                                              or f"Bot {bots} ({spec.level})"),
                                        spec.level))
            elif spec.kind == "human":
                self._seats.append(Seat("open"))
            else:
                raise ValueError(f"unknown seat kind {spec.kind!r}")
        self._seed = secrets.randbits(62) if seed is None else int(seed)
        self._rng = random.Random(self._seed)
        self._phase = "lobby"
        self._state: GameState | None = None
        self._record: Record | None = None
        self._history: list[Event] = []
        self._seq = 0
        self._position_seq = 0
        self._views: dict[int | None, View] = {}
        self._listeners: list[TableListener[Event]] = []
        #: gone players' seats: since when, and the countdowns after which a bot takes them (scheduling.py)
        self._takeovers = TakeoverClock(self._options, self._takeover)
        #: the bot to move is asked for its turn once per position (scheduling.py)
        self._bots = BotTurns(runner, self._options, self._seed, BotHooks(
            state=self.true_state, position_seq=self._get_position_seq, playing=self._playing,
            closed=self._is_closed, bot_level=self._bot_level, history=self.history,
            last_change=self._get_last_change, commit=self._commit, report=self._report))
        #: every update that carried events, as (seq, events): the story a returning player is told
        self._story: list[tuple[int, list[Event]]] = []
        self._start_asked = False
        self._games = 1
        self._game_id = secrets.token_hex(8)
        self._save_path = (Path(autosave_file) if autosave_file is not None
                           else None if autosave_dir is None else autosave_path(autosave_dir, self._name))
        self._journal: Journal | None = None
        self._save_task: asyncio.Task[None] | None = None
        self._save_dirty = False
        self._over = asyncio.Event()
        self._closed = False
        self._last_change = 0.0
        self._trouble: Trouble | None = None  # background work that failed
        self._chat: list[tuple[str, str]] = []

    # resuming -----------------------------------------------------------------
    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        runner: BotRunnerLike | None = None,
        autosave_dir: Path | None = None,
        options: TableOptions | None = None,
        autosave_file: Path | None = None,
    ) -> Table:
        """Continue a saved or autosaved game: same deal, same turns, same seat tokens.

        It autosaves on into the same file, unless `autosave_file` or `autosave_dir` name another.
        """
        saved = read_save(Path(path))
        meta, record = saved.table, saved.record
        raw_seats = meta.get("seats")
        if not isinstance(raw_seats, list):
            raise SaveError("meta.table.seats must be a list", path=saved.path)
        try:
            seats = [Seat.from_meta(raw) for raw in raw_seats]
        except ValueError as exc:
            raise SaveError(str(exc), path=saved.path) from None
        if len(seats) != len(record.players):
            raise SaveError(f"{len(seats)} seats for {len(record.players)} players", path=saved.path)
        for i, (player, seat) in enumerate(zip(record.players, seats, strict=True)):
            # One rule for every name at a table: a name no `hello` could bring would be sent in
            # every view, and a host's peers cannot read a view with a 5,000-byte name
            problem = name_problem(player) or name_problem(seat.name)
            if problem is not None:
                raise SaveError(f"player {i + 1} ({shown_name(player)}): {problem}", path=saved.path)
        record.players = [clean_name(p) for p in record.players]
        try:
            state = start_state(record)
            history: list[Event] = []
            for i, raw in enumerate(record.turns):
                state, events = replay_turn(state, i, raw)
                history.extend(events)
        except RecordError as exc:
            raise SaveError(str(exc), path=saved.path) from None
        seed, seq, game = meta.get("seed"), meta.get("seq"), meta.get("game")
        if (not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(seq, int)
                or isinstance(seq, bool) or not 0 <= seq < 2**53 or not isinstance(game, str)):
            raise SaveError("meta.table needs 'seed', 'seq' and 'game'", path=saved.path)
        name = meta.get("name")
        table = cls(name if isinstance(name, str) else "Patrician", [SeatSpec("human")] * len(seats),
                    seed=seed, runner=runner, autosave_dir=autosave_dir, options=options,
                    autosave_file=autosave_file)
        table._seats = seats
        table._visibility = state.visibility  # as the record says; "open" for one from before R26a
        table._rng = random.Random(seed + len(record.turns))
        table._state = state
        table._record = record
        table._history = history
        table._story = _story_of(start_state(record), record)
        table._chat = _saved_chat(meta.get("chat"))
        table._game_id = game
        # Above every update the host ever sent: the journal notes seat events' seqs too.
        table._seq = table._position_seq = seq + 1
        table._phase = "over" if state.over else "playing"
        if state.over:
            record.result = result_of(state)
            table._over.set()
        if autosave_dir is None and autosave_file is None:
            table._save_path = saved.path
        if table._save_path is not None:
            if table._save_path.resolve() != saved.path.resolve():
                table._save_path = table._own_save_path(table._save_path)
            table._journal = Journal(journal_path(table._save_path))
            if table._save_path.resolve() == saved.path.resolve():
                table._journal.reopen()
                table._note_seq()  # a second crash before any news must not reuse this seq
            else:
                write_atomic(table._save_path, record_text(table._snapshot()))
                table._journal.reset()
        log.info("resumed %s at turn %d (seq %d)", saved.path, len(record.turns), table._seq)
        return table

    # HostedTable ---------------------------------------------------------------
    @property
    def name(self) -> str:
        """The table's name."""
        return self._name

    def phase(self) -> str:
        """"lobby", "playing" or "over"."""
        return self._phase

    def seats(self) -> list[SeatEntry]:
        """The public seat list (PROTOCOL.md `lobby.seats`)."""
        return [seat.public() for seat in self._seats]

    def game_options(self) -> dict[str, Any]:
        """The options everyone may know before sitting down (docs/protocol.md `lobby`): the table (R26a)."""
        return {"visibility": self._visibility}

    def seat_of(self, token_hash: str) -> int | None:
        """The seat this token hash was issued for."""
        return seat_of_hash(self._seats, token_hash)

    def sit(self, seat: int | None, name: str, token_hash: str) -> int:
        """Give an open seat to a player's token; in the lobby a player may move to another one.

        Names are plain text (`net.hosted.clean_name`) and unique at the table without
        regard to case and spaces: a name someone else's seat has is refused ("name-taken").
        """
        if self._phase != "lobby":
            raise Refused("table-full", "the game has started and no seat is open")
        name = clean_name(name)[:64]
        if not name:
            raise Refused("bad-name", "a player needs a name")
        open_seats = [i for i, s in enumerate(self._seats) if s.kind == "open"]
        if seat is None:
            if not open_seats:
                raise Refused("table-full", "every seat at this table is taken")
            seat = open_seats[0]
        if not 0 <= seat < len(self._seats):
            raise Refused("bad-seat", f"there is no seat {seat} (seats 0 to {len(self._seats) - 1})")
        if self._seats[seat].kind != "open":
            raise Refused("bad-seat", f"seat {seat} is taken")
        old = self.seat_of(token_hash)
        if self._name_taken(name, old) or takes_label(name):  # "Alice (spectator)" would pass for a spectator
            raise Refused("name-taken", f"someone at this table is already called {name}: choose another name")
        connected = host = False
        if old is not None:
            connected, host = self._seats[old].connected, self._seats[old].host
            self._seats[old] = Seat("open")
        self._seats[seat] = Seat("human", name, None, token_hash, connected, host=host)
        log.info("%s sits at seat %d", name, seat)
        self._lobby_changed()
        asyncio.get_running_loop().call_soon(self._maybe_start)
        return seat

    def set_connected(self, seat: int, connected: bool, how: str = "closed") -> None:
        """A human seat's player came or went; gone players' seats go to a bot after the grace.

        `how` says how a player went, for the `left` event: "left" (said goodbye), "closed" (the
        connection closed without a goodbye: the app was closed or crashed) or "lost" (silent).
        """
        if not 0 <= seat < len(self._seats):
            return
        s = self._seats[seat]
        if s.kind != "human" or s.connected == connected:
            return
        s.connected = connected
        if connected:
            self._takeovers.back(seat)
        else:
            self._takeovers.gone(seat)
        if self._phase == "lobby":
            # A gone player keeps the seat for the grace time (a flaky link must not cost it).
            if connected:
                self._takeovers.cancel(seat)
            else:
                self._start_timer(seat)
            self._lobby_changed()
            return
        events: list[SeatEvent] = []
        if connected:
            self._takeovers.cancel(seat)
            events.append({"e": "joined", "seat": seat, "name": s.name})
            if s.away:
                s.away = False
                s.level = None
                events.append({"e": "replaced", "seat": seat, "by": "human"})
                if self._state and self._state.to_move == seat:
                    self._bots.cancel()
                self._save_soon()
        else:
            events.append({"e": "left", "seat": seat, "how": how if how in ("left", "closed", "lost") else "closed"})
            self._start_timer(seat)
        self._lobby_changed()
        self._seat_events(events)

    def current(self, seat: int | None) -> tuple[int, View] | None:
        """(seq, view) for a seat (None: spectator); None before the game starts. Do not mutate."""
        if self._state is None:
            return None
        view = self._views.get(seat)
        if view is None:
            if seat is not None and not 0 <= seat < len(self._seats):
                return None
            view = self._views[seat] = self._view(seat)
        return self._seq, view

    def _view(self, seat: int | None) -> View:
        """view_for(state, seat), built from the shared spectator view: only seat, hand and own player differ."""
        state = self._state
        assert state is not None
        public = self._views.get(None)
        if public is None:
            public = self._views[None] = public_view(state)
        return seat_view(state, seat, public)

    def submit(self, seat: int, seq: int, turn: dict[str, Any]) -> None:
        """Apply a seat's turn answering update `seq`; Refused (naming the rule) changes nothing."""
        state = self._state
        if self._phase != "playing" or state is None:
            raise Refused("not-your-turn", "the game has not started" if self._phase == "lobby"
                          else "the game is over")
        if seat != state.to_move:
            raise Refused("not-your-turn", f"it is {state.players[state.to_move]}'s turn "
                          f"(seat {state.to_move})")
        if self._seats[seat].bot_plays:
            raise Refused("not-your-turn", "a bot plays this seat now")
        if not self._position_seq <= seq <= self._seq:
            raise Refused("rejected", f"stale turn: it answers update {seq}, but the position "
                          f"is that of update {self._position_seq}")
        try:
            parsed = Turn.from_map(turn)
            new_state, events = apply(state, parsed)
        except IllegalTurn as exc:
            raise Refused("rejected", exc.text, exc.rule) from None
        except Exception:  # an engine bug must not take the table down; nothing changed
            log.exception("could not check a turn of seat %d: %r", seat, turn)
            raise Refused("rejected", "the host could not check this turn", None) from None
        self._commit(seat, parsed, new_state, events)

    def say(self, sender: str, text: str) -> None:
        """Pass a chat line to every listener, as one line of plain text (never a forged log line), and keep
        it (the last CHAT_KEPT) with the game's saves."""
        sender, text = plain_text(sender), plain_text(text)
        self._chat.append((sender, text))
        del self._chat[:-CHAT_KEPT]
        if self._phase != "lobby":
            self._save_soon()
        for listener in list(self._listeners):
            self._call(listener.chat, sender, text)

    def listen(self, listener: TableListener[Event]) -> Callable[[], None]:
        """Add a listener (call inside the running loop); starts the table's work if it is ready."""
        self._listeners.append(listener)
        loop = asyncio.get_running_loop()
        loop.call_soon(self._wake)

        def unlisten() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(listener)

        return unlisten

    # more for the host's own UI and tools -----------------------------------
    @property
    def seq(self) -> int:
        """The seq of the last update."""
        return self._seq

    @property
    def seed(self) -> int:
        """The secret seed of the deal and the bots: for the host's records, never for a seat (R26)."""
        return self._seed

    @property
    def visibility(self) -> str:
        """"rulebook" (R26) or "open" (R26a): what players see of each other's stacks, tiles and scores."""
        return self._visibility

    @property
    def autosave_file(self) -> Path | None:
        """Where this table autosaves, if it does."""
        return self._save_path

    def true_state(self) -> GameState | None:
        """The whole state, secrets included: for the host's tests and tools, never for a seat."""
        return self._state

    def history(self) -> list[Event]:
        """Every public event of the game so far."""
        return list(self._history)

    def chat_history(self) -> list[tuple[str, str]]:
        """The last chat lines (sender, text), oldest first; a resumed table has those of its save."""
        return list(self._chat)

    def seat_host(self, token_hash: str, name: str | None = None, seat: int | None = None) -> int:
        """Mark the seat of the player who hosts the table (`"host": true` in the seat list).

        Why: only the real host may be labelled "host"; a headless host has no
        such seat, and seat 0 is nobody's sign of anything. If the token holds a seat
        (a resumed game) that seat is marked; otherwise, in the lobby, the host's player
        sits down first (at `seat`, or the first open one) under `name`, and then joins
        with the token like any peer. Returns the seat.
        """
        held = self.seat_of(token_hash)
        if held is None:
            if name is None:
                raise Refused("bad-token", "this token holds no seat at this table")
            held = self.sit(seat, name, token_hash)
        for i, s in enumerate(self._seats):
            s.host = i == held
        self._lobby_changed()
        self._save_soon()  # during a game the autosave keeps who hosts
        return held

    def story(self) -> list[tuple[int, list[Event]]]:
        """Every update of this game that had events, as (seq, events), seat events included.

        Why: a player back after a drop (or in a new app) is told what happened meanwhile
        (docs/protocol.md feature "history"). A resumed table knows its turns again but not the
        seat events before the break; their seqs are the lowest they can have been, so a peer
        that saw them never gets them twice.
        """
        return [(seq, list(events)) for seq, events in self._story]

    @property
    def games(self) -> int:
        """How many games this table has dealt (1, then one more for each rematch)."""
        return self._games

    def absences(self) -> list[dict[str, Any]]:
        """The gone players during a game: seat, name, seconds gone, seconds until a bot takes over
        (None: no countdown), whether a bot plays for them now, and whether the host holds the seat."""
        out = []
        for i, s in enumerate(self._seats):
            absence = self._takeovers.absence(i) if s.kind == "human" and not s.connected else None
            if absence is not None:
                out.append({"seat": i, "name": s.name, "gone_for": absence["gone_for"],
                            "takeover_in": absence["takeover_in"], "bot": s.away, "held": absence["held"]})
        return out

    def hold_seat(self, seat: int, hold: bool = True) -> None:
        """The host stops (or starts again) the countdown after which a bot plays a gone player's seat."""
        if self._phase != "playing":
            raise Refused("bad-seat", "only during a game")
        if not 0 <= seat < len(self._seats):
            raise Refused("bad-seat", f"there is no seat {seat}")
        s = self._seats[seat]
        if s.kind != "human" or s.connected or s.away:
            raise Refused("bad-seat", f"seat {seat} is not a gone player's seat")
        self._takeovers.hold(seat, hold)
        if not hold:
            self._start_timer(seat)
        self._lobby_changed()

    def rematch(self) -> None:
        """After a game: a new deal at this table, same seats (people keep their seats and tokens, bots theirs).

        The table goes back to the lobby (`phase()` "lobby", no current view) and the game
        starts as a first one does (`auto_start`, else `start_now`). The update numbers go on
        growing; the new game has its own game id and autosave (the finished one is not needed).
        """
        if self._phase != "over":
            raise Refused("bad-seat", "a rematch follows a finished game")
        self._takeovers.cancel_all()
        self._bots.cancel()
        loop = asyncio.get_running_loop()
        for i, s in enumerate(self._seats):
            if s.kind == "human":
                s.away, s.level = False, None
                if not s.connected:
                    self._start_timer(i)  # the lobby's grace: the seat opens if the player stays away
        self._takeovers.clear_holds()
        self._phase = "lobby"
        self._state = None
        self._record = None
        self._history = []
        self._story = []
        self._views.clear()
        self._over = asyncio.Event()
        self._start_asked = False
        self._game_id = secrets.token_hex(8)
        self._games += 1
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        log.info("rematch at %s: back to the lobby", self._name)
        self._lobby_changed()
        loop.call_soon(self._maybe_start)

    def hand_to_bot(self, seat: int, level: str | None = None) -> None:
        """Let a bot play a gone player's seat until the player comes back with the token."""
        if self._phase != "playing":
            raise Refused("bad-seat", "only during a game")
        if not 0 <= seat < len(self._seats):
            raise Refused("bad-seat", f"there is no seat {seat}")
        s = self._seats[seat]
        level = level or self.options.takeover_level
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        if s.kind != "human" or s.connected or s.away:
            raise Refused("bad-seat", f"seat {seat} is not a gone player's seat")
        self._takeovers.cancel(seat)
        self._takeovers.unhold(seat)
        s.away, s.level = True, level
        log.info("seat %d (%s) handed to a %s bot", seat, s.name, level)
        self._lobby_changed()
        self._seat_events([{"e": "replaced", "seat": seat, "by": "bot"}])
        self._save_soon()
        self._bots.kick()

    def set_seat(self, seat: int, kind: str, level: str | None = None, *, remove: str | None = None) -> None:
        """In the lobby, the host makes a seat open or a bot's; with `remove`, also the seat of that player.

        Why `remove` names the player: the host's view of a seat may be out of date, so a seat a
        player holds changes only when the host meant that very player (else "NAME sits at seat
        N"). A removed player's token then holds no seat (net.host closes its connection with
        `bad-token`); the player may join again as a new one while a seat is open. Nothing is
        saved in the lobby: the autosave begins when the game starts.
        """
        if self._phase != "lobby":
            raise Refused("bad-seat", "seats can change only in the lobby")
        if not 0 <= seat < len(self._seats):
            raise Refused("bad-seat", f"there is no seat {seat}")
        held = self._seats[seat]
        if held.kind == "human" and (remove is None or held.name != remove):
            raise Refused("bad-seat", f"{held.name} sits at seat {seat}")
        if kind not in (OPEN, BOT):
            raise ValueError(f"a seat is made 'open' or 'bot', not {kind!r}")
        if kind == "bot" and level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        if held.kind == "human":
            self._takeovers.cancel(seat)  # a gone player's grace must not free the seat's next holder
            log.info("the host removed %s from seat %d", held.name, seat)
        if kind == "open":
            self._seats[seat] = Seat("open")
        else:
            self._seats[seat] = Seat("open")  # its old name must not count against the new one
            self._seats[seat] = Seat("bot", self._bot_name(f"Bot {seat + 1} ({level})"), level)
        self._lobby_changed()
        asyncio.get_running_loop().call_soon(self._maybe_start)

    def start_now(self) -> None:
        """Start with the seats filled so far (at least two, R3): open seats are removed, others renumbered."""
        if self._phase != "lobby":
            raise Refused("bad-seat", "the game has already started")
        filled = [s for s in self._seats if s.kind != "open"]
        if len(filled) < 2:
            raise Refused("bad-seat", "a game needs at least two filled seats (R3)")
        if self._colors is not None:
            self._colors = [c for c, s in zip(self._colors, self._seats, strict=True) if s.kind != "open"]
        self._takeovers.cancel_all()
        self._seats = filled
        self._start_asked = True
        for i, s in enumerate(self._seats):
            if s.kind == "human" and not s.connected:
                self._start_timer(i)
        self._lobby_changed()
        # later, so that a host can renumber its connections first (net.host.Host.renumber_seats)
        asyncio.get_running_loop().call_soon(self._maybe_start)

    def record(self, *, for_sharing: bool = False) -> Record:
        """The game so far as a record (finished or not), meta included; export it with write_record.

        `for_sharing` leaves out the token hashes and the chat (a record for a bug report
        or a replay site need not carry them; it can then not be resumed with tokens).
        """
        if self._record is None:
            raise Refused("not-your-turn", "the game has not started")
        record = self._snapshot()
        if for_sharing:
            assert record.meta is not None
            table_meta = dict(record.meta["table"])
            table_meta["seats"] = [{**seat, "token_hash": None} for seat in table_meta["seats"]]
            table_meta.pop("chat", None)
            record.meta = {**record.meta, "table": table_meta}
        return record

    def save_as(self, path: Path) -> None:
        """Write a named save (atomically) that `Table.resume` can continue."""
        write_atomic(Path(path), record_text(self.record()))

    async def wait_over(self) -> None:
        """Return once the game is over."""
        await self._over.wait()

    async def flush(self) -> None:
        """Wait until the autosave holds every applied turn."""
        while self._save_task is not None and not self._save_task.done():
            await asyncio.shield(self._save_task)

    async def close(self) -> None:
        """Stop bots and timers, finish the autosave, close an owned runner."""
        self._closed = True
        self._takeovers.cancel_all()
        await self._bots.stop()
        await self.flush()
        if self._journal is not None:
            self._journal.close()
        await self._bots.close_runner()

    # troubles ---------------------------------------------------
    def trouble(self) -> Trouble | None:
        """The background failure the players have not resolved yet (None: all is well)."""
        return self._trouble

    def retry(self) -> None:
        """Try again what failed: the bot's turn (a new worker), or the whole autosave."""
        trouble, self._trouble = self._trouble, None
        if trouble is None or self._closed:
            return
        if trouble.kind == "autosave":
            self._rewrite_autosave()
        self._bots.kick()

    def use_simple_bots(self) -> None:
        """Go on with bots that think in this process (no worker; Hard and Expert seats play Medium)."""
        self._bots.use_simple_bots()
        if self._trouble is not None and self._trouble.kind == "bot":
            self._trouble = None
        self._bots.kick()

    def _report(self, trouble: Trouble) -> None:
        """Keep a failure and tell the listeners once (a bot's trouble outranks an autosave's)."""
        (log.warning if trouble.kind == "autosave" else log.error)("%s", trouble)
        current = self._trouble
        if current is not None and (current.kind == trouble.kind or current.kind == "bot"):
            return
        self._trouble = trouble
        for listener in list(self._listeners):
            tell = getattr(listener, "table_trouble", None)
            if tell is not None:
                self._call(tell, trouble)

    def _rewrite_autosave(self) -> None:
        """Write the snapshot and start an empty journal (what a game's start writes)."""
        if self._save_path is None or self._record is None:
            return
        try:
            write_atomic(self._save_path, record_text(self._snapshot()))
            if self._journal is None:
                self._journal = Journal(journal_path(self._save_path))
            self._journal.reset()
        except OSError as exc:
            self._report(Trouble("autosave", describe_cause(exc), None, exc.errno))

    # the game ---------------------------------------------------------------
    def _wake(self) -> None:
        """Start, resume timers and bots once someone listens."""
        if self._closed:
            return
        self._maybe_start()
        if self._phase == "playing":
            for i, s in enumerate(self._seats):
                if s.kind == "human" and not s.connected:
                    self._takeovers.gone(i, keep_earlier=True)  # a resumed table: gone since it opened again
                if s.kind == "human" and not s.connected and not s.away and not self._takeovers.running(i):
                    self._start_timer(i)
            self._bots.kick()

    def _maybe_start(self) -> None:
        if self._closed or self._phase != "lobby":
            return
        if any(s.kind == "open" for s in self._seats):
            return
        if not (self.options.auto_start or self._start_asked):
            return
        state = new_game([s.name for s in self._seats], self._rng, self._colors, self._visibility)
        self._state = state
        self._record = new_record(state)
        self._history = []
        self._story = []
        self._phase = "playing"
        self._seq += 1
        self._position_seq = self._seq
        self._views.clear()
        log.info("game starts: %s", ", ".join(state.players))
        if self._save_path is not None:
            try:
                self._save_path = self._own_save_path(self._save_path)
                write_atomic(self._save_path, record_text(self._snapshot()))
                self._journal = Journal(journal_path(self._save_path))
                self._journal.reset()
            except OSError as exc:  # the game goes on; the players are told
                self._report(Trouble("autosave", describe_cause(exc), None, exc.errno))
        self._lobby_changed()
        self._publish([])
        self._wake()

    def _commit(self, seat: int, turn: Turn, state: GameState, events: Sequence[Event]) -> None:
        assert self._record is not None
        entry: RecordTurn = {"seat": seat, **turn.to_map()}
        self._state = state
        self._record.turns.append(entry)
        self._history.extend(events)
        self._seq += 1
        self._position_seq = self._seq
        self._views.clear()
        if self._journal is not None:
            try:
                self._journal.append(self._game_id, len(self._record.turns) - 1, self._seq, entry)
            except OSError as exc:
                self._report(Trouble("autosave", describe_cause(exc), None, exc.errno))
        if state.over:
            self._phase = "over"
            self._record.result = result_of(state)
            log.info("game over: %s", self._record.result)
        self._publish(events)
        if state.over:
            self._lobby_changed()
            self._over.set()
        self._save_soon()
        self._bots.kick()

    def _seat_events(self, events: Sequence[SeatEvent]) -> None:
        """Publish seat events in an update (the position, and so the views, stay the same).

        The new seq is journaled before anyone sees it, so a host restarted after a crash
        continues above it (docs/protocol.md "`seq` and stale turns").
        """
        if events and self._state is not None:
            self._seq += 1
            self._note_seq()
            self._publish(events)

    def _note_seq(self) -> None:
        if self._journal is not None:
            try:
                self._journal.note_seq(self._game_id, self._seq)
            except OSError as exc:
                log.error("cannot write the autosave journal: %s", exc)

    # names and files ------------------------------------------------------------
    def _name_taken(self, name: str, mine: int | None = None) -> bool:
        """True if a seat other than `mine` has this name, case and spaces aside."""
        key = name_key(name)
        return any(i != mine and s.kind != "open" and name_key(s.name) == key
                   for i, s in enumerate(self._seats))

    def _bot_name(self, name: str) -> str:
        """A bot's name that no seat has yet ("Bot 2 (easy)", else "Bot 2 (easy) 2", …)."""
        candidate, n = name, 1
        while self._name_taken(candidate):
            n += 1
            candidate = f"{name} {n}"
        return candidate

    def _own_save_path(self, path: Path) -> Path:
        """`path`, unless it holds another game that is not over (or a file that cannot be read):
        then a file of this game's own, so that game stays as it was."""
        if self._replace_unfinished:
            return path
        found = unfinished_game(path)
        if found is None or found.game == self._game_id:  # nothing to keep, or this very game
            return path
        own = autosave_path(path.parent, self._name, self._game_id)
        log.warning("%s holds %s: this game autosaves to %s instead", path,
                    f"an unreadable file ({found.problem})" if found.problem else
                    "another unfinished game", own)
        return own

    def _publish(self, events: Sequence[Event]) -> None:
        self._last_change = asyncio.get_running_loop().time()
        if events:
            self._story.append((self._seq, list(events)))
        for listener in list(self._listeners):
            self._call(listener.table_changed, self._seq, events)

    def _lobby_changed(self) -> None:
        for listener in list(self._listeners):
            self._call(listener.lobby_changed)

    @staticmethod
    def _call(fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        except Exception:
            log.exception("a table listener failed")

    # take-over ---------------------------------------------------------------
    def _start_timer(self, seat: int) -> None:
        if self._phase == "over" or self._closed:
            return
        self._takeovers.start(seat)

    def _takeover(self, seat: int) -> None:
        """The grace is over: free the seat in the lobby, hand it to a bot during the game."""
        s = self._seats[seat]
        if s.kind != "human" or s.connected or s.away:
            return
        if self._phase == "lobby":
            log.info("%s did not come back: seat %d is open again", s.name, seat)
            self._seats[seat] = Seat("open")
            self._lobby_changed()
        elif self._phase == "playing":
            self.hand_to_bot(seat)

    # what bot scheduling reads (scheduling.BotHooks) --------------------------------
    def _options(self) -> TableOptions:
        return self.options

    def _get_position_seq(self) -> int:
        return self._position_seq

    def _get_last_change(self) -> float:
        return self._last_change

    def _playing(self) -> bool:
        return self._phase == "playing"

    def _is_closed(self) -> bool:
        return self._closed

    def _bot_level(self, seat: int) -> str | None:
        """The level of the bot that plays a seat now (a stand-in plays the take-over level); None: no bot."""
        s = self._seats[seat]
        return (s.level or self.options.takeover_level) if s.bot_plays else None

    # saving -------------------------------------------------------------------
    def _snapshot(self) -> Record:
        """A copy of the record with the table meta, safe to serialise on another thread."""
        assert self._record is not None and self._state is not None
        meta = dict(self._record.meta or {})
        meta["colors"] = list(self._state.colors)
        meta["app"] = f"patrician {__version__}"
        meta["table"] = {
            "format": META_FORMAT,
            "game": self._game_id,
            "name": self._name,
            "seed": self._seed,
            "seq": self._seq,
            "seats": [s.to_meta() for s in self._seats],
            "chat": [[sender, text] for sender, text in self._chat],
        }
        return Record(list(self._record.players), self._record.deal, list(self._record.turns),
                      meta, self._record.result, dict(self._record.extra), self._record.visibility)

    def _save_soon(self) -> None:
        if self._save_path is None or self._record is None:
            return
        self._save_dirty = True
        if self._save_task is None or self._save_task.done():
            self._save_task = asyncio.get_running_loop().create_task(self._save_loop())

    async def _save_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while self._save_dirty and self._save_path is not None:
            self._save_dirty = False
            snapshot = self._snapshot()
            path = self._save_path
            try:
                await loop.run_in_executor(None, _write_save, path, snapshot)
            except OSError as exc:
                self._report(Trouble("autosave", describe_cause(exc), None, exc.errno))
