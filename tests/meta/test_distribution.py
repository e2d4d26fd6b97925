"""The distribution ships every package and the art: a wheel that forgets one breaks installed games."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_in_the_tree_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    mapped = {name: path for name, path in config.get("package-dir", {}).items()}
    found = set()
    for top in ("patrician_qt", "net"):
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    for name, path in mapped.items():
        assert (ROOT / path / "__init__.py").is_file(), name
        found.add(name)
    assert found == listed


def test_packaging_folder_is_not_importable():
    # packaging/ must never shadow the 'packaging' library that pip uses
    assert not (ROOT / "packaging" / "__init__.py").exists()
