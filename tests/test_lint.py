"""The linters the suite enforces (``./run-tests``, ``.ci/run``): ruff (``[tool.ruff]`` in
pyproject.toml: pyflakes, pycodestyle errors) on ``src`` and ``tests``, and mypy (``[tool.mypy]``:
``check_untyped_defs``, the engine, the rules side of each game, the presentation package and
``web/``) on the files the configuration names. Both run as the project environment's own executables (the ``dev`` group
pins them); a test is skipped, saying why, only when its executable is not installed."""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    """The executable next to this Python (the project's venv), else one on PATH; skip if none."""
    here = pathlib.Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (uv sync installs the dev group, which pins it)")
    return found


def _run(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff():
    done = _run([_tool("ruff"), "check", "--no-cache", "src", "tests"])
    assert done.returncode == 0, f"ruff check src tests:\n{done.stdout}{done.stderr}"


def test_mypy():
    done = _run([_tool("mypy"), "--no-incremental", "--cache-dir", "/dev/null"])
    assert done.returncode == 0, f"mypy (the files of [tool.mypy] in pyproject.toml):\n{done.stdout}{done.stderr}"
