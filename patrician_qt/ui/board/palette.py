"""Colours, symbols, map geometry and art paths for the board (docs/rules.md R1, R3, Board layout).

Pure Python so that it imports without a QApplication; Qt is imported inside the few
functions that return Qt objects. The colour-vision maths that proves, in a test, that every
colour is told apart under the three dichromacies is in ``color_vision``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from patrician_qt.ui.board.color_vision import hex_to_rgb, srgb_to_linear

if TYPE_CHECKING:  # pragma: no cover - typing only
    from PySide6.QtGui import QPainterPath, QRadialGradient

# --------------------------------------------------------------------------------------------
# Palettes
# --------------------------------------------------------------------------------------------

CITIES: tuple[str, ...] = (
    "Bologna", "Firenze", "Roma", "Pistoia", "Lucca",
    "Siena", "Milano", "Ferrara", "Parma", "Verona",
)  # fmt: skip
"""The ten cities of docs/rules.md R1, in the order of its table."""

PLAYER_COLOR_NAMES: tuple[str, ...] = ("black", "white", "red", "yellow", "blue")
"""The five player colours of docs/rules.md R3."""

PARCHMENT = "#ECDEC3"
"""Board background: the colour every floor and city colour must stand out from."""

INK = "#3B2A1A"
"""Outline and text colour on parchment (iron-gall ink brown)."""

CITY_COLORS: dict[str, str] = {
    "Bologna": "#58978B",
    "Firenze": "#A03E41",
    "Roma": "#72435B",
    "Pistoia": "#C8652C",
    "Lucca": "#879165",
    "Siena": "#6C2819",
    "Milano": "#275488",
    "Ferrara": "#2F7A5F",
    "Parma": "#896990",
    "Verona": "#D29D2D",
}
"""Each city's colour (docs/rules.md Board layout); every pair CIEDE2000 >= 10 in all four visions.

Pistoia is the one orange, as its coat of arms is in the German edition's rulebook;
Bologna took Pistoia's former teal, so every distance the tests check stays as it was."""
PLAYER_COLORS: dict[str, str] = {
    "black": "#222224",
    "white": "#F7F7F4",
    "red": "#BE1F0D",
    "yellow": "#FBCE07",
    "blue": "#4A6AD0",
}
"""Player colours (R3); >= 10 apart, from the parchment and from every city colour, in all visions."""
HIGH_CONTRAST_CITY_COLORS: dict[str, str] = {
    "Bologna": "#5E988C",
    "Firenze": "#A33B41",
    "Roma": "#71425C",
    "Pistoia": "#C9642E",
    "Lucca": "#83936A",
    "Siena": "#6A2313",
    "Milano": "#27518B",
    "Ferrara": "#347B62",
    "Parma": "#896990",
    "Verona": "#D69E25",
}
"""High-contrast city colours: the same hues pushed further apart (>= 12 in all visions)."""
HIGH_CONTRAST_PLAYER_COLORS: dict[str, str] = {
    "black": "#000000",
    "white": "#FFFFFF",
    "red": "#BF1C0C",
    "yellow": "#FBCC07",
    "blue": "#4B69D0",
}
"""High-contrast player colours: pure black and white, >= 12 from the parchment."""

HIGH_CONTRAST_CROSS_THRESHOLD = 10.0
"""Smallest CIEDE2000 asserted between a high-contrast player colour and a city colour."""

PLAYER_SYMBOLS: dict[str, str] = {
    "black": "circle",
    "white": "square",
    "red": "triangle",
    "yellow": "diamond",
    "blue": "cross",
}
"""Each player colour's floor symbol, so floors are never told apart by colour alone (R3)."""

SYMBOL_NAMES: tuple[str, ...] = tuple(PLAYER_SYMBOLS.values())

def contrast_ink(hex_color: str) -> str:
    """Black or white, whichever reads better on top of the colour (WCAG luminance)."""
    r, g, b = (srgb_to_linear(c) for c in hex_to_rgb(hex_color))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#1A140E" if lum > 0.2 else "#FFFFFF"


def palette(high_contrast: bool = False) -> tuple[Mapping[str, str], Mapping[str, str]]:
    """The (city colours, player colours) pair for the chosen contrast setting."""
    if high_contrast:
        return HIGH_CONTRAST_CITY_COLORS, HIGH_CONTRAST_PLAYER_COLORS
    return CITY_COLORS, PLAYER_COLORS

# --------------------------------------------------------------------------------------------
# Map geometry (docs/rules.md "Board layout")
# --------------------------------------------------------------------------------------------

CITY_LATLON: dict[str, tuple[float, float]] = {
    "Milano": (45.46, 9.19),
    "Verona": (45.44, 10.99),
    "Parma": (44.80, 10.33),
    "Ferrara": (44.84, 11.62),
    "Bologna": (44.49, 11.34),
    "Lucca": (43.84, 10.50),
    "Pistoia": (43.93, 10.91),
    "Firenze": (43.77, 11.25),
    "Siena": (43.32, 11.33),
    "Roma": (41.90, 12.50),
}
"""Latitude and longitude of each city, as given in docs/rules.md."""

MAP_LON_MIN = 7.3
"""Longitude of the left edge of map/italy.svg's viewBox."""
MAP_LAT_MAX = 46.7
"""Latitude of the top edge of map/italy.svg's viewBox."""
MAP_SCALE = 100.0
"""viewBox units per degree of latitude."""
MAP_STD_PARALLEL = 44.0
"""Standard parallel of the equirectangular projection: longitude shrinks by its cosine."""
MAP_WIDTH = 490.0
MAP_HEIGHT = 540.0
MAP_X_SCALE = MAP_SCALE * math.cos(math.radians(MAP_STD_PARALLEL))
MAP_LON_MAX = MAP_LON_MIN + MAP_WIDTH / MAP_X_SCALE
MAP_LAT_MIN = MAP_LAT_MAX - MAP_HEIGHT / MAP_SCALE

ROMA_COMPACT_LAT = 42.72
"""Where Roma is drawn when the board pulls it north to save space."""
MAP_COMPACT_HEIGHT = 440.0
"""Height of the part of the map a compact board shows (from the top of the viewBox)."""


MAP_SEA = "#C4D0C2"
"""Sea colour of map/italy.svg, for anything the board draws over or around the map."""
MAP_LAND = "#EEE2C2"
"""Land colour of map/italy.svg."""
MAP_COAST = "#6B5235"
"""Coastline and frame colour of map/italy.svg."""
MAP_RIVER = "#8DA7AE"
"""River and lake-shore colour of map/italy.svg."""


def project(lat: float, lon: float) -> tuple[float, float]:
    """Equirectangular projection of a latitude/longitude into map viewBox units."""
    return ((lon - MAP_LON_MIN) * MAP_X_SCALE, (MAP_LAT_MAX - lat) * MAP_SCALE)


def unproject(x: float, y: float) -> tuple[float, float]:
    """Inverse of project(): viewBox units back to (latitude, longitude)."""
    return (MAP_LAT_MAX - y / MAP_SCALE, MAP_LON_MIN + x / MAP_X_SCALE)


def city_position(city: str, compact: bool = False) -> tuple[float, float]:
    """Where a city sits on map/italy.svg, in viewBox units; compact pulls Roma north."""
    lat, lon = CITY_LATLON[city]
    if compact and city == "Roma":
        lat = ROMA_COMPACT_LAT
    return project(lat, lon)


def map_view_rect(compact: bool = False) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the map the board should show; compact crops the far south."""
    return (0.0, 0.0, MAP_WIDTH, MAP_COMPACT_HEIGHT if compact else MAP_HEIGHT)

PARCHMENT_STOPS: tuple[tuple[float, str], ...] = (
    (0.0, "#F1E6CB"),
    (0.6, PARCHMENT),
    (1.0, "#D6C39A"),
)
"""Radial gradient stops of parchment.svg, for boards that paint the background in code."""


def parchment_gradient(width: float, height: float) -> QRadialGradient:
    """A radial parchment gradient (light centre, browned edges) filling a width x height box."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QRadialGradient

    centre = QPointF(width * 0.5, height * 0.46)
    gradient = QRadialGradient(centre, 0.72 * max(width, height))
    for stop, color in PARCHMENT_STOPS:
        gradient.setColorAt(stop, QColor(color))
    return gradient


# --------------------------------------------------------------------------------------------
# Player symbols (R3: floors are marked by symbol as well as colour)
# --------------------------------------------------------------------------------------------

_SYMBOL_POLYGONS: dict[str, tuple[tuple[float, float], ...]] = {
    "square": ((3, 3), (21, 3), (21, 21), (3, 21)),
    "triangle": ((12, 2.5), (22, 20.5), (2, 20.5)),
    "diamond": ((12, 0.5), (23.5, 12), (12, 23.5), (0.5, 12)),
    "cross": (
        (9, 2), (15, 2), (15, 9), (22, 9), (22, 15), (15, 15),
        (15, 22), (9, 22), (9, 15), (2, 15), (2, 9), (9, 9),
    ),
}  # fmt: skip
"""Symbol outlines on the 24-unit grid of resources/art/symbols/*.svg (circle: r 8 at 12,12)."""


def symbol_path(name: str, size: float = 1.0) -> QPainterPath:
    """A player symbol as a QPainterPath in a size x size box at the origin (0, 0)-(size, size)."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainterPath, QPolygonF

    k = size / 24.0
    path = QPainterPath()
    if name == "circle":
        path.addEllipse(QPointF(12 * k, 12 * k), 8 * k, 8 * k)
    elif name in _SYMBOL_POLYGONS:
        path.addPolygon(QPolygonF([QPointF(x * k, y * k) for x, y in _SYMBOL_POLYGONS[name]]))
        path.closeSubpath()
    else:
        raise KeyError(f"unknown symbol {name!r}; expected one of {SYMBOL_NAMES}")
    return path


# --------------------------------------------------------------------------------------------
# Art files
# --------------------------------------------------------------------------------------------


def _art_root() -> Path:
    """resources/art, installed (patrician_qt.resources) or in a source checkout."""
    try:
        root = Path(str(resources.files("patrician_qt.resources") / "art"))
        if root.is_dir():
            return root
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parents[2] / "resources" / "art"


def art_path(*parts: str) -> Path:
    """Path of a file under resources/art, e.g. art_path('heads', 'lady.svg')."""
    return _art_root().joinpath(*parts)


def arms_path(city: str) -> str:
    """File path of a city's coat of arms SVG (docs/rules.md: each city has its own arms)."""
    if city not in CITY_LATLON:
        raise KeyError(f"unknown city {city!r}")
    return str(art_path("arms", f"{city.lower()}.svg"))


def head_path(kind: str) -> str:
    """File path of a patrician head SVG ('lady', 'cap', 'beard'; docs/rules.md R2)."""
    return str(art_path("heads", f"{kind}.svg"))


def action_path(action: str) -> str:
    """File path of an action or star SVG ('relocate', 'take-any', 'star'; R2, R13, R15)."""
    return str(art_path("actions", f"{action.replace('-', '_')}.svg"))


def icon_path(size: int | None = None) -> str:
    """The app icon: the SVG, or the PNG render at one of ICON_SIZES."""
    if size is None:
        return str(art_path("icon", "patrician.svg"))
    return str(art_path("icon", f"patrician-{size}.png"))


ICON_SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)
