"""Colours, symbols, map geometry and art paths for the board (RULES.md R1, R3, Board layout).

Pure Python so that it imports without a QApplication; Qt is imported inside the few
functions that return Qt objects. The colour-vision maths lives here too so that the palette
can prove, in a test, that every colour is told apart under the three dichromacies.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from PySide6.QtGui import QPainterPath, QRadialGradient

# --------------------------------------------------------------------------------------------
# Palettes
# --------------------------------------------------------------------------------------------

CITIES: tuple[str, ...] = (
    "Bologna", "Firenze", "Roma", "Pistoia", "Lucca",
    "Siena", "Milano", "Ferrara", "Parma", "Verona",
)  # fmt: skip
"""The ten cities of RULES.md R1, in the order of its table."""

PLAYER_COLOR_NAMES: tuple[str, ...] = ("black", "white", "red", "yellow", "blue")
"""The five player colours of RULES.md R3."""

PARCHMENT = "#ECDEC3"
"""Board background: the colour every floor and city colour must stand out from."""

INK = "#3B2A1A"
"""Outline and text colour on parchment (iron-gall ink brown)."""

CITY_COLORS: dict[str, str] = {
    "Bologna": "#C8652C",
    "Firenze": "#A03E41",
    "Roma": "#72435B",
    "Pistoia": "#58978B",
    "Lucca": "#879165",
    "Siena": "#6C2819",
    "Milano": "#275488",
    "Ferrara": "#2F7A5F",
    "Parma": "#896990",
    "Verona": "#D29D2D",
}
"""Each city's colour (RULES.md Board layout); every pair CIEDE2000 >= 10 in all four visions."""
PLAYER_COLORS: dict[str, str] = {
    "black": "#222224",
    "white": "#F7F7F4",
    "red": "#BE1F0D",
    "yellow": "#FBCE07",
    "blue": "#4A6AD0",
}
"""Player colours (R3); >= 10 apart, from the parchment and from every city colour, in all visions."""
HIGH_CONTRAST_CITY_COLORS: dict[str, str] = {
    "Bologna": "#C9642E",
    "Firenze": "#A33B41",
    "Roma": "#71425C",
    "Pistoia": "#5E988C",
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

# --------------------------------------------------------------------------------------------
# Colour maths: sRGB, Machado et al. 2009 dichromacy simulation, CIELAB, CIEDE2000
# --------------------------------------------------------------------------------------------

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO_2009: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado, Oliveira & Fernandes 2009, severity 1.0, applied to linear sRGB."""

VISIONS: tuple[str, ...] = ("normal", "protanopia", "deuteranopia", "tritanopia")

RGB = tuple[float, float, float]
Lab = tuple[float, float, float]


def hex_to_rgb(hex_color: str) -> RGB:
    """Parse '#RRGGBB' into sRGB components in 0..1."""
    h = hex_color.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"not a #RRGGBB colour: {hex_color!r}")
    return (int(h[0:2], 16) / 255.0, int(h[2:4], 16) / 255.0, int(h[4:6], 16) / 255.0)


def rgb_to_hex(rgb: Iterable[float]) -> str:
    """Format sRGB components in 0..1 as '#RRGGBB', clipping out-of-gamut values."""
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02X}" for c in rgb)


def srgb_to_linear(c: float) -> float:
    """Undo the sRGB transfer curve (IEC 61966-2-1) so light can be mixed linearly."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_to_srgb(c: float) -> float:
    """Apply the sRGB transfer curve to a linear component."""
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _mul(m: Matrix, v: RGB) -> RGB:
    """Multiply a 3x3 matrix by a vector."""
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def simulate(hex_color: str, kind: str) -> str:
    """How a colour looks to a dichromat ('protanopia', 'deuteranopia', 'tritanopia')."""
    if kind == "normal":
        return rgb_to_hex(hex_to_rgb(hex_color))
    lin = tuple(srgb_to_linear(c) for c in hex_to_rgb(hex_color))
    sim = _mul(MACHADO_2009[kind], lin)  # type: ignore[arg-type]
    return rgb_to_hex(linear_to_srgb(c) for c in sim)


_SRGB_TO_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_D65_WHITE: RGB = (0.95047, 1.0, 1.08883)


def hex_to_lab(hex_color: str) -> Lab:
    """CIELAB (D65, 2°) of an sRGB colour: the space CIEDE2000 is defined on."""
    lin: RGB = tuple(srgb_to_linear(c) for c in hex_to_rgb(hex_color))  # type: ignore[assignment]
    xyz = _mul(_SRGB_TO_XYZ, lin)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(xyz[i] / _D65_WHITE[i]) for i in range(3))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    d_lp = L2 - L1
    d_cp = c2p - c1p
    if c1p * c2p == 0:
        d_hp = 0.0
    elif abs(h2p - h1p) <= 180:
        d_hp = h2p - h1p
    elif h2p - h1p > 180:
        d_hp = h2p - h1p - 360
    else:
        d_hp = h2p - h1p + 360
    d_big_hp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(d_hp / 2))

    l_bar = (L1 + L2) / 2
    c_bar_p = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2

    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_bar_p**7 / (c_bar_p**7 + 25.0**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (d_lp / s_l) ** 2
        + (d_cp / s_c) ** 2
        + (d_big_hp / s_h) ** 2
        + r_t * (d_cp / s_c) * (d_big_hp / s_h)
    )


def delta_e2000(hex_a: str, hex_b: str) -> float:
    """CIEDE2000 difference between two sRGB hex colours."""
    return ciede2000(hex_to_lab(hex_a), hex_to_lab(hex_b))


def min_pairwise_delta(colors: Iterable[str], kind: str = "normal") -> float:
    """Smallest CIEDE2000 between any two of the colours as seen with the given vision."""
    seen = [simulate(c, kind) for c in colors]
    return min(delta_e2000(a, b) for a, b in combinations(seen, 2))


def min_cross_delta(group_a: Iterable[str], group_b: Iterable[str], kind: str = "normal") -> float:
    """Smallest CIEDE2000 between a colour of one group and a colour of the other."""
    sa = [simulate(c, kind) for c in group_a]
    sb = [simulate(c, kind) for c in group_b]
    return min(delta_e2000(a, b) for a in sa for b in sb)


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
# Map geometry (RULES.md "Board layout")
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
"""Latitude and longitude of each city, as given in RULES.md."""

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
    """File path of a city's coat of arms SVG (RULES.md: each city has its own arms)."""
    if city not in CITY_LATLON:
        raise KeyError(f"unknown city {city!r}")
    return str(art_path("arms", f"{city.lower()}.svg"))


def head_path(kind: str) -> str:
    """File path of a patrician head SVG ('lady', 'cap', 'beard'; RULES.md R2)."""
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
