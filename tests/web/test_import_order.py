"""The web modules import one way (issue 31): ``app`` builds on the page modules, which share
what they need through ``forms`` and never import ``app`` or each other, even inside a function."""
from __future__ import annotations

import ast
import pathlib

import tcg

WEB = pathlib.Path(tcg.__file__).parent / "web"
PAGES = ("card_pages", "deck_pages", "catalog_pages", "replay_pages", "forms")


def web_imports(name: str) -> set[str]:
    tree = ast.parse((WEB / f"{name}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module] if node.module else [a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tcg.web."):
            found.add(node.module.split(".")[2])
    return found


def test_no_page_module_imports_the_app_or_another_page():
    for name in PAGES:
        bad = web_imports(name) & ({"app"} | set(PAGES) - {"forms"})
        assert not bad, f"web/{name}.py imports {sorted(bad)}"
