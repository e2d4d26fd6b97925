"""The type checker passes (pyproject.toml [tool.mypy]: strict for engine, bots, table and net).

Why a test: CI runs README's test command only, so mypy runs through pytest. It checks the
packages as installed (tools/typecheck.py lays them out, net/ as patrician_qt.net) and fails
with mypy's own messages, in the repo's paths.
"""

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "typecheck.py"


def _typecheck():
    spec = importlib.util.spec_from_file_location("typecheck", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mypy_passes():
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is missing: install the test extra (pip install -e '.[test]')")
    done = subprocess.run([sys.executable, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"mypy found problems:\n{done.stdout}{done.stderr}"
    assert "Success: no issues found" in done.stdout


def test_the_lower_layers_are_checked_strictly():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    strict = [o for o in config["overrides"] if o.get("disallow_untyped_defs")]
    assert len(strict) == 1
    assert set(strict[0]["module"]) == {f"patrician_qt.{layer}.*" for layer in ("engine", "bots", "table", "net")}
    flags = {k for k, v in strict[0].items() if v is True}
    assert flags >= {"disallow_any_generics", "disallow_untyped_calls", "disallow_untyped_defs", "check_untyped_defs",
                     "warn_return_any", "strict_equality"}
    assert strict[0]["implicit_reexport"] is False
    assert config["warn_unused_ignores"] is True  # a stale `# type: ignore` is an error too


def test_no_blanket_ignores():
    """Only per-line `# type: ignore[code]` (the config enables ignore-without-code); no file or module opts out."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    assert "ignore-without-code" in config["enable_error_code"]
    for section in [config, *config.get("overrides", [])]:
        assert not section.get("ignore_errors")
        assert not section.get("ignore_missing_imports")
        assert not section.get("disable_error_code")
    for path in [*(ROOT / "patrician_qt").rglob("*.py"), *(ROOT / "net").rglob("*.py")]:
        assert "# mypy:" not in path.read_text("utf-8"), path
        assert "# type: ignore\n" not in path.read_text("utf-8"), path


def test_messages_name_the_repo_paths_of_net(tmp_path):
    module = _typecheck()
    prefixes = module.lay_out(tmp_path)
    assert (tmp_path / "patrician_qt" / "net" / "host.py").is_file()
    assert module.repo_path("patrician_qt/net/host.py:3: error: x", prefixes) == "net/host.py:3: error: x"
    assert module.repo_path("patrician_qt/engine/rules.py:1: note", prefixes) == "patrician_qt/engine/rules.py:1: note"
