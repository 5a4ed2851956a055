"""Shared helpers of the simulation tests: small batches of random games between sample decks."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

import tcg
from tcg.cli import app

GAME = "turutoru"  # quick games with sample decks


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def decks():
    names = tcg.list_decks(GAME)
    assert len(names) >= 3
    return names


def run(runner, *args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200", "NO_COLOR": "1"},
                         catch_exceptions=False)
