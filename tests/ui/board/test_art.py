"""The shipped SVG art and icons load, render and match the palette (DESIGN.md: art & text)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest

from patrician_qt.ui.board import palette as pal

ART = pal.art_path()
SVGS = sorted(ART.rglob("*.svg"))
FORBIDDEN_TAGS = {"image", "text", "script", "foreignObject", "style", "use", "filter", "mask"}


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def test_art_root_is_the_source_tree() -> None:
    assert ART.is_dir()
    assert (ART / "arms").is_dir()


def test_every_expected_file_exists() -> None:
    expected = [ART / "arms" / f"{c.lower()}.svg" for c in pal.CITIES]
    expected += [ART / "heads" / f"{h}.svg" for h in ("lady", "cap", "beard")]
    expected += [ART / "actions" / f"{a}.svg" for a in ("relocate", "take_any", "star")]
    expected += [ART / "symbols" / f"{s}.svg" for s in pal.SYMBOL_NAMES]
    expected += [ART / "map" / "italy.svg", ART / "parchment.svg", ART / "icon" / "patrician.svg"]
    missing = [str(p.relative_to(ART)) for p in expected if not p.is_file()]
    assert not missing
    assert Path(pal.arms_path("Verona")).is_file()
    assert Path(pal.head_path("beard")).is_file()
    assert Path(pal.action_path("take-any")).is_file()
    with pytest.raises(KeyError):
        pal.arms_path("Venezia")


@pytest.mark.parametrize("svg", SVGS, ids=lambda p: str(p.relative_to(ART)))
def test_svg_is_self_contained(svg: Path) -> None:
    root = ET.parse(svg).getroot()
    assert _local(root.tag) == "svg"
    view_box = [float(v) for v in root.attrib["viewBox"].split()]
    assert len(view_box) == 4 and view_box[2] > 0 and view_box[3] > 0
    for el in root.iter():
        assert _local(el.tag) not in FORBIDDEN_TAGS, f"{svg.name}: <{_local(el.tag)}>"
        for key, value in el.attrib.items():
            assert not key.endswith("href"), f"{svg.name}: external reference"
            assert "url(" not in value or value.startswith("url(#"), f"{svg.name}: {value}"


@pytest.mark.parametrize("svg", SVGS, ids=lambda p: str(p.relative_to(ART)))
def test_svg_renders(qapp, svg: Path) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    assert renderer.isValid()
    box = renderer.viewBoxF()
    assert box.width() > 0 and box.height() > 0
    image = QImage(96, 96, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, 96, 96))
    painter.end()
    opaque = sum(
        1 for y in range(0, 96, 2) for x in range(0, 96, 2) if image.pixelColor(x, y).alpha() > 0
    )
    assert opaque > 48 * 48 * 0.05


@pytest.mark.parametrize("city", pal.CITIES)
def test_arms_use_the_city_colour(city: str) -> None:
    text = Path(pal.arms_path(city)).read_text(encoding="utf-8")
    assert pal.CITY_COLORS[city].upper() in text.upper()


def _coverage(qapp, path, size: int) -> list[float]:
    """Antialiased coverage of a path rasterised at a small size, one value per pixel."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillPath(path, Qt.GlobalColor.black)
    painter.end()
    return [image.pixelColor(x, y).alphaF() for y in range(size) for x in range(size)]


def test_symbol_paths_are_non_empty_and_distinct(qapp) -> None:
    paths = {name: pal.symbol_path(name, 24) for name in pal.SYMBOL_NAMES}
    for name, path in paths.items():
        assert not path.isEmpty(), name
        rect = path.boundingRect()
        assert 14 <= rect.width() <= 24 and 14 <= rect.height() <= 24, name
    for size in (10, 16, 24):  # the board draws symbols as small as 10 px
        cover = {name: _coverage(qapp, pal.symbol_path(name, size), size) for name in paths}
        for a, b in combinations(cover, 2):
            differing = sum(abs(x - y) for x, y in zip(cover[a], cover[b], strict=True))
            assert differing >= size * size * 0.1, (a, b, size)
    with pytest.raises(KeyError):
        pal.symbol_path("hexagon", 10)


def test_symbol_svgs_match_the_paths(qapp) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    for name in pal.SYMBOL_NAMES:
        image = QImage(24, 24, QImage.Format.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        QSvgRenderer(str(pal.art_path("symbols", f"{name}.svg"))).render(
            painter, QRectF(0, 0, 24, 24)
        )
        painter.end()
        svg_cover = [image.pixelColor(x, y).alphaF() for y in range(24) for x in range(24)]
        path_cover = _coverage(qapp, pal.symbol_path(name, 24), 24)
        differing = sum(abs(a - b) for a, b in zip(svg_cover, path_cover, strict=True))
        assert differing <= 6, name


@pytest.mark.parametrize("size", pal.ICON_SIZES)
def test_icon_png_exists_at_every_size(qapp, size: int) -> None:
    from PySide6.QtGui import QImage

    image = QImage(pal.icon_path(size))
    assert not image.isNull()
    assert (image.width(), image.height()) == (size, size)
    assert image.pixelColor(size // 2, size // 2).alpha() == 255


def test_map_matches_the_projection_and_cities_are_on_land(qapp) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(pal.art_path("map", "italy.svg")))
    box = renderer.viewBoxF()
    assert (box.x(), box.y(), box.width(), box.height()) == (0, 0, pal.MAP_WIDTH, pal.MAP_HEIGHT)
    w, h = int(pal.MAP_WIDTH), int(pal.MAP_HEIGHT)
    image = QImage(w, h, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, w, h))
    painter.end()

    def is_land(x: int, y: int) -> bool:
        c = image.pixelColor(x, y)
        return c.red() > c.blue() + 12  # parchment land is warm, sea and rivers are cool

    for compact in (False, True):
        for city in pal.CITIES:
            cx, cy = (round(v) for v in pal.city_position(city, compact))
            window = [is_land(cx + dx, cy + dy) for dx in range(-4, 5) for dy in range(-4, 5)]
            assert sum(window) >= 0.7 * len(window), (city, compact)
    assert not is_land(int(pal.project(42.5, 9.9)[0]), int(pal.project(42.5, 9.9)[1]))  # sea
    assert not is_land(int(pal.project(44.0, 13.5)[0]), int(pal.project(44.0, 13.5)[1]))  # sea


def _charge_mask(city: str, w: int = 40, h: int = 48) -> list[bool]:
    """Pixels of the arms that are not the field colour: the charge and outline, colour ignored."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    image = QImage(w, h, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(pal.arms_path(city)).render(painter, QRectF(0, 0, w, h))
    painter.end()
    field = QColor(pal.CITY_COLORS[city])
    mask = []
    for y in range(h):
        for x in range(w):
            c = image.pixelColor(x, y)
            far = (
                abs(c.red() - field.red())
                + abs(c.green() - field.green())
                + abs(c.blue() - field.blue())
            )
            mask.append(c.alpha() >= 128 and far > 150)
    return mask


def test_arms_differ_in_shape_not_only_colour(qapp) -> None:
    """At 40 px the charges alone tell the ten cities apart (docs/rules.md: each city its own arms)."""
    masks = {city: _charge_mask(city) for city in pal.CITIES}
    for a, b in combinations(masks, 2):
        differing = sum(x != y for x, y in zip(masks[a], masks[b], strict=True))
        assert differing >= 0.08 * len(masks[a]), (a, b)


def test_map_colours_and_parchment_match_the_art(qapp) -> None:
    map_svg = pal.art_path("map", "italy.svg").read_text(encoding="utf-8").upper()
    for color in (pal.MAP_SEA, pal.MAP_LAND, pal.MAP_COAST, pal.MAP_RIVER):
        assert color.upper() in map_svg
    parchment_svg = pal.art_path("parchment.svg").read_text(encoding="utf-8").upper()
    for _, color in pal.PARCHMENT_STOPS:
        assert color.upper() in parchment_svg
    gradient = pal.parchment_gradient(800, 600)
    assert [c.name().upper() for _, c in gradient.stops()] == [c for _, c in pal.PARCHMENT_STOPS]
