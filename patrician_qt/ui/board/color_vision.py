"""Colour-vision maths: sRGB, Machado et al. 2009 dichromacy simulation, CIELAB and CIEDE2000.

Why: the palette must prove, in a test, that every colour is told apart under the three
dichromacies; this is the measuring tape it uses. Pure Python, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import combinations

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
