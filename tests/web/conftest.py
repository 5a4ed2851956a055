"""The fixtures of the browser tests: one Chromium per test module, and a ``tcg serve`` process
on a fresh database for each test (a module may keep its own, e.g. one server for the module)."""
from __future__ import annotations

import pytest

from .browser import ARGS, Server, chromium_path


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "games.sqlite3").start()
    yield s
    s.stop()
