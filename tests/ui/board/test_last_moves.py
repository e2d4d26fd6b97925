"""The memory behind the last-move marks (ui/board/last_moves.py): it follows public events only, moves a
mark with a relocated floor (R13 moves a tower's top floor), and forgets a seat's marks when it moves again."""

from __future__ import annotations

from patrician_qt.ui.board.last_moves import LastMoves


def turn(seat: int, card: str, city: str, plots: str, take: str | None = None,
         reloc: tuple[str, str, str] | None = None) -> list[dict]:
    """One turn's public events."""
    evs: list[dict] = [{"e": "played", "seat": seat, "card": card}]
    evs += [{"e": "built", "seat": seat, "city": city, "plot": p} for p in plots]
    if reloc:
        evs.append({"e": "relocated", "seat": seat, "city": reloc[0], "from": reloc[1], "to": reloc[2]})
    if take:
        evs.append({"e": "took", "seat": seat, "city": take, "card": "X-1"})
        evs.append({"e": "revealed", "city": take, "card": "X-2"})
    return evs


def test_a_turn_marks_its_floors_at_their_levels_and_the_card_taken():
    m = LastMoves()
    m.apply(turn(0, "LUC-4", "Lucca", "AA", take="Lucca"))
    m.apply(turn(1, "LUC-5", "Lucca", "AB", take="Siena"))
    assert m.turns[0].floors == [("Lucca", "A", 0), ("Lucca", "A", 1)]
    assert m.turns[1].floors == [("Lucca", "A", 2), ("Lucca", "B", 0)]
    assert m.turns[1].took == ("Siena", "X-1") and m.turns[1].laid == "X-2"
    marks = m.marks_by_city()
    assert ("took", (1, "X-1", "X-2")) in marks["Siena"]
    assert ("played", (0, "LUC-4")) in marks["Lucca"] and ("played", (1, "LUC-5")) in marks["Lucca"]


def test_r13_a_relocated_floor_takes_its_mark_along():
    m = LastMoves()
    m.apply(turn(0, "LUC-4", "Lucca", "AA"))
    m.apply(turn(1, "SIE-3", "Siena", "A", reloc=("Lucca", "A", "B")))  # moves seat 0's top floor to B
    assert m.turns[0].floors == [("Lucca", "A", 0), ("Lucca", "B", 0)]
    assert m.turns[1].relocated == ("Lucca", "A", 1, "B", 0)
    assert ("moved", ("A", 1, "B", 0, 1)) in m.marks_by_city()["Lucca"]


def test_a_seat_moving_again_clears_its_old_marks_and_since_lists_the_others_in_order():
    m = LastMoves()
    m.apply(turn(0, "LUC-4", "Lucca", "AA"))
    m.apply(turn(1, "SIE-4", "Siena", "AB"))
    m.apply(turn(2, "MIL-4", "Milano", "BB"))
    assert [s.seat for s in m.since(0)] == [1, 2]
    m.apply(turn(0, "FER-4", "Ferrara", "AB"))
    assert m.turns[0].floors == [("Ferrara", "A", 0), ("Ferrara", "B", 0)]
    assert "Lucca" not in m.marks_by_city()
    assert m.since(0) == []
    assert [s.seat for s in m.since(1)] == [2, 0]


def test_sync_takes_heights_from_a_view_and_drops_marks_the_towers_no_longer_hold():
    m = LastMoves()
    view = {"cities": {"Lucca": {"towers": [[2, 2, 1], []]}}}
    m.sync(view)  # a window that starts following a game under way (a LAN peer)
    m.apply(turn(0, "LUC-4", "Lucca", "AB"))
    assert m.turns[0].floors == [("Lucca", "A", 3), ("Lucca", "B", 0)]
    m.sync({"cities": {"Lucca": {"towers": [[2, 2, 1, 0], []]}}})
    assert m.turns[0].floors == [("Lucca", "A", 3)]
