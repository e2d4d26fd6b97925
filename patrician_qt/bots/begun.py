"""A turn a human has already begun (a card, some plots, a relocation), so that a hint completes it.

Why: a hint that ignores the card already chosen sends the player back to the start of the
turn. The begun part is a partial turn map: ``card``, ``build`` (the plots placed so far) and,
once chosen, ``relocate`` and ``take``; a bot asked for a hint picks only among the turns that
complete it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patrician_qt.engine.rules import make_turn

from .greedy import Indices

Begun = dict[str, Any]


def completes(option: Indices, begun: Begun | None) -> bool:
    """Whether a turn (engine indices) finishes the turn begun (plots in any order: AB and BA end alike)."""
    return not begun or completes_map(make_turn(*option).to_map(), begun)


def completes_map(m: Mapping[str, Any], begun: Begun) -> bool:
    """Whether a turn map finishes the turn begun (the UI asks this of a hint as the player goes on)."""
    if "card" in begun and m["card"] != begun["card"]:
        return False
    rest = list(m["build"])
    for plot in begun.get("build", []):
        if plot not in rest:
            return False
        rest.remove(plot)
    if "relocate" in begun and m["relocate"] != begun["relocate"]:
        return False
    return not ("take" in begun and m["take"] != begun["take"])


def within(options: list[Indices], begun: Begun | None) -> list[Indices]:
    """The options that complete the turn begun (all of them when none does: a stale or foreign prefix)."""
    if not begun:
        return options
    kept = [o for o in options if completes(o, begun)]
    return kept or options
