"""Shared fixtures of the engine tests (the tiny "High Card" game lives in tinygame.py)."""
from __future__ import annotations

import pathlib
import sys

import pytest

_HERE = pathlib.Path(__file__).resolve().parent
_SRC = _HERE.parents[1] / "src"
try:  # the package is normally installed in the environment; fall back to the source tree
    import tcg  # noqa: F401
except ImportError:  # pragma: no cover
    sys.path.insert(0, str(_SRC))
if str(_HERE) not in sys.path:
    sys.path.insert(0, str(_HERE))

import tinygame  # noqa: E402


@pytest.fixture
def rules():
    return tinygame.RULES


@pytest.fixture
def decks():
    return [tinygame.make_deck(), tinygame.make_deck()]


@pytest.fixture
def game():
    return tinygame.new_game(seed=7)
