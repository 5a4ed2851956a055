"""The engine imports no game (issue 31): every module of ``tcg.engine``, imported in a fresh
interpreter (the ``tcg`` package without its ``__init__``, which imports the public API and with
it the registry), leaves no ``tcg.games`` module in ``sys.modules``."""
from __future__ import annotations

import subprocess
import sys

CODE = """
import importlib, importlib.util, pkgutil, sys, types
# the package ``tcg`` without its __init__ (which imports the public API, hence the games)
found = importlib.util.find_spec("tcg")
package = types.ModuleType("tcg")
package.__path__ = list(found.submodule_search_locations)
sys.modules["tcg"] = package
import tcg.engine
names = sorted(m.name for m in pkgutil.walk_packages(tcg.engine.__path__, "tcg.engine."))
for name in names:
    importlib.import_module(name)
print(len(names))
print(sorted(m for m in sys.modules if m == "tcg.games" or m.startswith("tcg.games.")))
"""


def test_every_engine_module_imports_no_game():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    count, games = out.stdout.strip().splitlines()
    assert int(count) >= 10  # the engine's modules were all imported
    assert games == "[]", f"the engine imported {games}"


def test_no_engine_module_imports_a_game_even_inside_a_function():
    """Imports made only when a function runs count too (``from ..games import ...`` in a body)."""
    import ast
    import pathlib

    import tcg.engine
    root = pathlib.Path(tcg.engine.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        package = "tcg." + ".".join(path.relative_to(root.parent).with_suffix("").parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                module = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else [])) \
                    if node.level else (node.module or "")
                names = [module] + [f"{module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            if any(n == "tcg.games" or n.startswith("tcg.games.") for n in names):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, f"engine modules importing a game: {found}"
