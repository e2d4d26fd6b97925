"""Game records (records/README.md): read, write and replay, with messages people can act on."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, cast

from .errors import IllegalTurn, RecordError
from .rules import apply
from .scoring import result_of
from .setup import deal_of, from_deal
from .state import OPEN, VISIBILITIES, GameState
from .turn import Turn
from .wire_types import DealMap, GameEvent, RecordMap, RecordTurn, ResultMap

FORMAT = "patrician-record"
VERSION = 1
_KNOWN = ("format", "version", "players", "visibility", "deal", "turns", "meta", "result")


@dataclass(slots=True)
class Record:
    """A whole game: players, the deal, every turn (with ``seat``), plus kept extras.

    ``visibility`` is the table option (R26a): "rulebook" or "open"; None for a record written
    before the option existed, which was played at an open table and replays as one.
    """

    players: list[str]
    deal: DealMap
    turns: list[RecordTurn] = field(default_factory=list)
    meta: dict[str, Any] | None = None
    result: ResultMap | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    visibility: str | None = None

    @property
    def effective_visibility(self) -> str:
        """The table option the game was played with ("open" for a record without one, R26a)."""
        return OPEN if self.visibility is None else self.visibility

    def to_map(self) -> RecordMap:
        """The JSON object of the record, known keys first, unknown keys kept."""
        # Built key by key in the order of records/README.md; a RecordMap plus the keys this
        # version does not know, kept as they were read (which no TypedDict can list).
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "players": list(self.players)}
        if self.visibility is not None:
            out["visibility"] = self.visibility
        out["deal"] = self.deal
        out["turns"] = self.turns
        if self.meta is not None:
            out["meta"] = self.meta
        if self.result is not None:
            out["result"] = self.result
        out.update(self.extra)
        return cast(RecordMap, out)


def new_record(state: GameState, meta: dict[str, Any] | None = None) -> Record:
    """A record for a game about to start (its deal, no turns yet)."""
    return Record(list(state.players), deal_of(state), [], meta, visibility=state.visibility)


def write_record(record: Record) -> str:
    """The record as UTF-8 JSON text."""
    return json.dumps(record.to_map(), ensure_ascii=False, indent=1) + "\n"


#: How deep maps and lists may nest in a record (a real one nests 5 deep). Deeper JSON is
#: refused when read, so nothing that walks a record later can hit Python's recursion limit.
MAX_DEPTH = 32


def _too_deep(value: Any) -> bool:
    """True if maps and lists nest more than MAX_DEPTH deep (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((sub, depth + 1) for sub in (item.values() if isinstance(item, dict) else item))
    return False


def read_record(text: str | bytes) -> Record:
    """Parse and check the shape of a record; raises RecordError with a clear message."""
    try:
        raw = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"not a JSON file: {exc}") from None
    except RecursionError:
        raise RecordError(f"not a game record: nested more than {MAX_DEPTH} levels deep") from None
    if _too_deep(raw):
        raise RecordError(f"not a game record: nested more than {MAX_DEPTH} levels deep")
    if not isinstance(raw, dict):
        raise RecordError("a record must be a JSON object")
    if raw.get("format") != FORMAT:
        raise RecordError(f"not a Patrician record: 'format' must be {FORMAT!r}")
    if raw.get("version") != VERSION:
        raise RecordError(f"unsupported record version {raw.get('version')!r} (this app reads {VERSION})")
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("'players' must be a list of names")
    deal = raw.get("deal")
    if not isinstance(deal, dict):
        raise RecordError("'deal' must be a map")
    turns = raw.get("turns")
    if not isinstance(turns, list) or not all(isinstance(t, dict) for t in turns):
        raise RecordError("'turns' must be a list of turn maps")
    meta = raw.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise RecordError("'meta' must be a map")
    result = raw.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("'result' must be a map")
    visibility = raw.get("visibility")
    if visibility is not None and visibility not in VISIBILITIES:
        raise RecordError(f"'visibility' must be 'rulebook' or 'open' (R26a), not {visibility!r}")
    extra = {k: v for k, v in raw.items() if k not in _KNOWN}
    # Only the shapes are checked here: start_state checks the deal in full and replay each turn;
    # a result is kept as written (replay_result computes the true one).
    return Record(players, cast(DealMap, deal), turns, meta, cast(ResultMap | None, result), extra, visibility)


def start_state(record: Record) -> GameState:
    """The state before the first turn of a record."""
    colors = None
    if record.meta and isinstance(record.meta.get("colors"), list):
        colors = record.meta["colors"]
        if not all(isinstance(c, str) for c in colors):
            raise RecordError("'meta.colors' must be a list of colour names")
    try:
        return from_deal(record.players, record.deal, colors, record.effective_visibility)
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def replay_turn(state: GameState, index: int, raw: RecordTurn) -> tuple[GameState, list[GameEvent]]:
    """Apply the record's turn number ``index`` (0-based), raising RecordError naming it."""
    if state.over:
        raise RecordError(f"turn {index}: the game is already over (R23)")
    seat = raw.get("seat")
    if seat != state.to_move:
        rule = "R19" if isinstance(seat, int) and 0 <= seat < state.n_players and not state.hands[seat] else "R7"
        raise RecordError(f"turn {index}: it is seat {state.to_move}'s turn, not seat {seat!r}'s ({rule})")
    try:
        return apply(state, Turn.from_map(raw))
    except IllegalTurn as exc:
        rule = f" ({exc.rule})" if exc.rule else ""
        raise RecordError(f"turn {index}: {exc.text}{rule}") from None


def replay(record: Record, *, complete: bool = True) -> GameState:
    """Replay every turn; with ``complete`` a record that stops before the end is an error (R23)."""
    state = start_state(record)
    for i, raw in enumerate(record.turns):
        state, _ = replay_turn(state, i, raw)
    if complete and not state.over:
        raise RecordError(f"the record is cut short: the game is not over after {len(record.turns)} turns (R23)")
    return state


def replay_result(record: Record) -> ResultMap:
    """The result map of a complete record (what ``patrician replay`` prints)."""
    result = result_of(replay(record))
    assert result is not None
    return result


def saved_mid_game(record: Record) -> bool:
    """Whether the app wrote this record before the game ended (a save, autosave or export has
    ``meta.app`` and no ``result``): such a record stops early on purpose, it is not cut short."""
    app = (record.meta or {}).get("app")
    return record.result is None and isinstance(app, str) and app.startswith("patrician ")
