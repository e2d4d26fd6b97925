"""Colour maths and palette contrast (docs/rules.md Board layout: colours told apart by CVD viewers)."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from patrician_qt.ui.board import color_vision as cv
from patrician_qt.ui.board import palette as pal

# Sharma, Wu & Dalal 2005, Table 1: (L1, a1, b1), (L2, a2, b2), published CIEDE2000.
SHARMA_2005 = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]

THRESHOLD = 10.0
"""Minimum CIEDE2000 between colours that must be told apart, in every vision."""


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA_2005)
def test_ciede2000_matches_sharma_2005(lab1, lab2, expected) -> None:
    assert cv.ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert cv.ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_lab_of_reference_colours() -> None:
    assert cv.hex_to_lab("#FFFFFF") == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
    assert cv.hex_to_lab("#000000") == pytest.approx((0.0, 0.0, 0.0), abs=1e-6)
    # sRGB red in CIELAB D65 (IEC 61966-2-1 primaries): L 53.24, a 80.09, b 67.20.
    assert cv.hex_to_lab("#FF0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.02)


def test_machado_matrices_are_the_published_ones() -> None:
    # Machado, Oliveira & Fernandes 2009, Table 1, severity 1.0 (first and last entries).
    assert cv.MACHADO_2009["protanopia"][0] == (0.152286, 1.052583, -0.204868)
    assert cv.MACHADO_2009["deuteranopia"][1] == (0.280085, 0.672501, 0.047413)
    assert cv.MACHADO_2009["tritanopia"][2] == (0.004733, 0.691367, 0.303900)
    for matrix in cv.MACHADO_2009.values():
        for row in matrix:  # every row sums to one: greys stay grey
            assert sum(row) == pytest.approx(1.0, abs=1e-5)


def test_simulation_known_values() -> None:
    # Pure red through protanopia is the matrix's first column, (0.152286, 0.114503, <0),
    # re-encoded with the sRGB curve: 0.42662 * 255 = 109, 0.37267 * 255 = 95, 0.
    assert cv.simulate("#FF0000", "protanopia") == "#6D5F00"
    for kind in cv.MACHADO_2009:
        assert cv.simulate("#FFFFFF", kind) == "#FFFFFF"
        assert cv.simulate("#808080", kind) == "#808080"
    # The classic confusions: red and green collapse for protans and deutans.
    assert cv.delta_e2000(*(cv.simulate(c, "deuteranopia") for c in ("#D03020", "#6A8A00"))) < 10
    assert cv.delta_e2000("#D03020", "#6A8A00") > 30


def test_srgb_round_trip() -> None:
    for v in range(256):
        c = v / 255
        assert cv.linear_to_srgb(cv.srgb_to_linear(c)) == pytest.approx(c, abs=1e-9)
    assert cv.rgb_to_hex(cv.hex_to_rgb("#3b2A1a")) == "#3B2A1A"


def test_palettes_are_complete() -> None:
    for high_contrast in (False, True):
        cities, players = pal.palette(high_contrast)
        assert set(cities) == set(pal.CITIES) and len(pal.CITIES) == 10
        assert list(players) == ["black", "white", "red", "yellow", "blue"]
        assert set(pal.PLAYER_SYMBOLS) == set(players)
        assert len(set(pal.PLAYER_SYMBOLS.values())) == 5
        for hex_color in [*cities.values(), *players.values()]:
            assert cv.rgb_to_hex(cv.hex_to_rgb(hex_color)) == hex_color


def _worst(colors: dict[str, str], kind: str) -> tuple[float, str, str]:
    """Smallest difference between two named colours as seen with one vision."""
    seen = {name: cv.simulate(c, kind) for name, c in colors.items()}
    return min((cv.delta_e2000(seen[a], seen[b]), a, b) for a, b in combinations(seen, 2))


@pytest.mark.parametrize("high_contrast", [False, True], ids=["normal", "high-contrast"])
@pytest.mark.parametrize("kind", cv.VISIONS)
def test_city_colours_told_apart(kind: str, high_contrast: bool) -> None:
    cities, _ = pal.palette(high_contrast)
    delta, a, b = _worst(dict(cities), kind)
    assert delta >= THRESHOLD, f"{a} vs {b} under {kind}: {delta:.2f}"


@pytest.mark.parametrize("high_contrast", [False, True], ids=["normal", "high-contrast"])
@pytest.mark.parametrize("kind", cv.VISIONS)
def test_player_colours_told_apart(kind: str, high_contrast: bool) -> None:
    _, players = pal.palette(high_contrast)
    delta, a, b = _worst(dict(players), kind)
    assert delta >= THRESHOLD, f"{a} vs {b} under {kind}: {delta:.2f}"


@pytest.mark.parametrize("high_contrast", [False, True], ids=["normal", "high-contrast"])
@pytest.mark.parametrize("kind", cv.VISIONS)
def test_every_colour_stands_out_from_parchment(kind: str, high_contrast: bool) -> None:
    cities, players = pal.palette(high_contrast)
    bg = cv.simulate(pal.PARCHMENT, kind)
    for name, c in [*cities.items(), *players.items()]:
        delta = cv.delta_e2000(cv.simulate(c, kind), bg)
        assert delta >= THRESHOLD, f"{name} vs parchment under {kind}: {delta:.2f}"


@pytest.mark.parametrize("kind", cv.VISIONS)
def test_player_colours_differ_from_city_colours(kind: str) -> None:
    """Floors (player colour) sit on city tiles (city colour): keep them apart too."""
    delta = cv.min_cross_delta(pal.CITY_COLORS.values(), pal.PLAYER_COLORS.values(), kind)
    assert delta >= THRESHOLD


@pytest.mark.parametrize("kind", cv.VISIONS)
def test_high_contrast_player_colours_differ_from_city_colours(kind: str) -> None:
    """High contrast trades some player/city distance for more within each set; floors keep symbols."""
    delta = cv.min_cross_delta(
        pal.HIGH_CONTRAST_CITY_COLORS.values(), pal.HIGH_CONTRAST_PLAYER_COLORS.values(), kind
    )
    assert delta >= pal.HIGH_CONTRAST_CROSS_THRESHOLD


def test_high_contrast_is_more_contrasted() -> None:
    """Its worst pair, over every vision, is further apart than the normal palette's worst."""
    for normal, high in (
        (pal.CITY_COLORS, pal.HIGH_CONTRAST_CITY_COLORS),
        (pal.PLAYER_COLORS, pal.HIGH_CONTRAST_PLAYER_COLORS),
    ):
        worst_normal = min(cv.min_pairwise_delta(normal.values(), k) for k in cv.VISIONS)
        worst_high = min(cv.min_pairwise_delta(high.values(), k) for k in cv.VISIONS)
        assert worst_high > worst_normal
        assert worst_high >= 12.0


def test_contrast_ink_readable() -> None:
    assert pal.contrast_ink("#FFFFFF") != pal.contrast_ink("#000000")
    for c in [*pal.CITY_COLORS.values(), *pal.PLAYER_COLORS.values()]:
        assert pal.contrast_ink(c) in ("#1A140E", "#FFFFFF")


def test_projection_places_cities_inside_the_map() -> None:
    for compact in (False, True):
        x0, y0, w, h = pal.map_view_rect(compact)
        for city in pal.CITIES:
            x, y = pal.city_position(city, compact)
            assert x0 + 10 <= x <= x0 + w - 10 and y0 + 10 <= y <= y0 + h - 10, (city, compact)
    assert pal.city_position("Roma", True)[1] < pal.city_position("Roma", False)[1]
    assert pal.city_position("Milano", True) == pal.city_position("Milano", False)


def test_projection_round_trip_and_orientation() -> None:
    for lat, lon in pal.CITY_LATLON.values():
        back = pal.unproject(*pal.project(lat, lon))
        assert back == pytest.approx((lat, lon), abs=1e-9)
    milano, verona = pal.city_position("Milano"), pal.city_position("Verona")
    assert verona[0] > milano[0]  # east is right
    assert pal.city_position("Siena")[1] > pal.city_position("Firenze")[1]  # south is down
    # equirectangular with a 44° standard parallel: one degree east is cos(44°) of one north
    assert pal.MAP_X_SCALE == pytest.approx(pal.MAP_SCALE * math.cos(math.radians(44)))


def test_palette_module_imports_no_qt_at_top_level() -> None:
    """The palette must import without a QApplication (and without PySide6) for engine tools."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(pal.__file__).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
                a.name for a in node.names
            ]
            assert not any(n.startswith("PySide6") for n in names), names


def _hue(hex_color: str) -> float:
    import colorsys

    r, g, b = (c / 255 for c in cv.hex_to_rgb(hex_color))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


@pytest.mark.parametrize("high_contrast", [False, True], ids=["normal", "high-contrast"])
def test_pistoia_is_the_orange_city_as_in_the_box(high_contrast: bool) -> None:
    """The rulebook's Pistoia has an orange coat of arms; no other city may look orange beside it."""
    cities, _ = pal.palette(high_contrast)
    orange = [city for city, c in cities.items() if 15 <= _hue(c) <= 35]
    assert orange == ["Pistoia"], {city: round(_hue(c)) for city, c in cities.items()}
