"""Browser tests (marked ``e2e``) run after every other test of the session: once Playwright has
run in a process, asyncio-based tests in that process fail ("cannot be called from a running
event loop")."""
from __future__ import annotations


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)
