"""Events (PROTOCOL.md) told in plain words for the log: "Anna built 2 floors in Roma"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, TypeAlias, TypedDict

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import Event
from patrician_qt.ui.text.card_names import capitalized, card_name
from patrician_qt.ui.text.plural import counted


def _t(text: str) -> str:
    return QCoreApplication.translate("Log", text)


class BuiltManyEvent(TypedDict):
    """Floors one seat built in a row in one city, told as one log line (the log's own; never sent)."""

    e: Literal["built_many"]
    seat: int
    city: str
    n: int
    plots: str  # "A+B"


#: What the log tells: the table's events, with a seat's floors in one city folded together.
LogEvent: TypeAlias = Event | BuiltManyEvent


def describe(event: LogEvent, names: list[str]) -> str:
    """One event as a sentence, with seat numbers replaced by names."""

    def who(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return _t("nobody")

    if event["e"] == "played":
        return _t("{who} played {card}").format(who=who(event["seat"]), card=card_name(event["card"]))
    if event["e"] == "built":
        return _t("{who} built a floor in {city} (plot {plot})").format(
            who=who(event["seat"]), city=event["city"], plot=event["plot"]
        )
    if event["e"] == "built_many":
        return counted("Log", "{who} built %n floor(s) in {city} ({plots})", int(event["n"])).format(
            who=who(event["seat"]), city=event["city"], plots=event["plots"]
        )
    if event["e"] == "scored":
        # A name and its points never part at a line break ("… Anna" / "5" read as Anna getting nothing)
        parts = [f"{who(seat)}\u00a0{value}" for seat, value in event["awards"]]
        return _t("{city} scored — {awards}").format(city=event["city"], awards=", ".join(parts))
    if event["e"] == "relocated":
        return _t("{who} relocated a floor in {city} from plot {a} to plot {b}").format(
            who=who(event["seat"]), city=event["city"], a=event["from"], b=event["to"]
        )
    if event["e"] == "took":
        return _t("{who} took {card} from {city}").format(
            who=who(event["seat"]), card=card_name(event["card"]), city=event["city"]
        )
    if event["e"] == "revealed":
        return capitalized(_t("{card} was laid at {city}").format(card=card_name(event["card"]), city=event["city"]))
    if event["e"] == "ended":
        result = event.get("result") or {}
        winners = ", ".join(who(s) for s in result.get("winners", []))
        return _t("Game over — won by {winners}").format(winners=winners)
    if event["e"] == "joined":  # during a game only a seat's own player comes (back) with its token
        return _t("{name} is back at the table").format(name=event.get("name", "?"))
    if event["e"] == "left":  # how they went, as the host saw it (docs/protocol.md): never "left" for a dropped line
        how = event.get("how")
        if how == "lost":
            return _t("{who}'s connection was lost (no answer)").format(who=who(event["seat"]))
        if how == "closed":
            return _t("{who}'s app closed the connection").format(who=who(event["seat"]))
        if how == "left":
            return _t("{who} left the table").format(who=who(event["seat"]))
        return _t("{who} is gone").format(who=who(event["seat"]))
    if event["e"] == "replaced":  # PROTOCOL.md: by is "bot" or "human"; a raw value never reaches the log
        if event.get("by") == "bot":
            return _t("{who} is now played by a bot").format(who=who(event["seat"]))
        if event.get("by") == "human":
            return _t("{who} is played by a player again").format(who=who(event["seat"]))
        return _t("{who} is now played by someone else").format(who=who(event["seat"]))
    return _t("(unknown event {e})").format(e=event.get("e"))


def merge_builds(events: Iterable[LogEvent]) -> list[LogEvent]:
    """Fold consecutive ``built`` events of one seat in one city into one log line."""
    out: list[LogEvent] = []
    for ev in events:
        prev = out[-1] if out else None
        if (
            ev["e"] == "built"
            and prev is not None
            and (prev["e"] == "built" or prev["e"] == "built_many")
            and prev["seat"] == ev["seat"]
            and prev["city"] == ev["city"]
        ):
            plots, n = (prev["plots"], prev["n"]) if prev["e"] == "built_many" else (prev["plot"], 1)
            out[-1] = {"e": "built_many", "seat": ev["seat"], "city": ev["city"], "n": n + 1,
                       "plots": f"{plots}+{ev['plot']}"}
        else:
            out.append(ev)
    return out
