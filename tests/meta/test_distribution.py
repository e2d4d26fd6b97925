"""The distribution ships every package and the art: a wheel that forgets one breaks installed games."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_in_the_tree_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    mapped = {name: path for name, path in config.get("package-dir", {}).items()}
    found = set()
    for init in (ROOT / "patrician_qt").rglob("__init__.py"):
        found.add(".".join(init.parent.relative_to(ROOT).parts))
    for name, path in mapped.items():  # resources/ and net/ live at the top, installed inside patrician_qt
        for init in (ROOT / path).rglob("__init__.py"):
            found.add(".".join((name, *init.parent.relative_to(ROOT / path).parts)))
    assert found == listed


def test_only_patrician_qt_goes_into_site_packages():
    """No generic top-level name (like `net`) that another project may also install."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    assert {name.split(".")[0] for name in config["packages"]} == {"patrician_qt"}


def test_packaging_folder_is_not_importable():
    # packaging/ must never shadow the 'packaging' library that pip uses
    assert not (ROOT / "packaging" / "__init__.py").exists()
