"""Nothing outside ``tcg/games/`` names a game or looks one up by string (issue 31): the front
ends, the simulator and the research adapters receive ``GameSpec``s from the registry.

Read with ``ast`` (docstrings and comments do not count): a string that is a game id, a module
path into a game's package (``tcg.games.<id>``, also in an f-string or an import), a call of
``import_module`` / ``__import__``, or ``getattr(<module>, "name", default)`` probing a module.
``tcg/agents/heuristics/__init__.py`` registers the heuristic players by game id (the one place
allowed), and the modules below load what a game declares by the path the game gives."""
from __future__ import annotations

import ast
import pathlib
import re

import tcg
from tcg.games import game_ids

ROOT = pathlib.Path(tcg.__file__).parent
#: where names of games are the point: the games themselves and the heuristics' registration
SKIP = ("games/", "agents/heuristics/")
#: module loading allowed (path -> why): each loads a module a game names itself, naming no game
LOADERS = {
    "spec.py": "GameSpec.part: the one helper loading a game's declared part",
    "engine/steps.py": "StepRuleset.game_module: the rules' own package (cards, deckcheck, view)",
    "engine/cards.py": "card_loader: the effects module a game's cards module names",
    "agents/registry.py": "the built-in agents, by agent name (no game)",
}
#: a game's package as a module path: "tcg.games.zx", "games.kemuri", "tcg.games."
GAME_PATH = re.compile(r"(^|\.)games\.(" + "|".join(map(re.escape, game_ids())) + r")\b|tcg\.games\.$")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                ids.add(id(body[0].value))
    return ids


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def offences(path: pathlib.Path, rel: str) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    ids = set(game_ids())
    out = []
    loaded: set[str] = set()  # names bound to a module loaded by string
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and _call_name(node.value) in ("import_module", "__import__"):
            loaded.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in ast.walk(tree):
        where = f"{rel}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if node.value in ids or GAME_PATH.search(node.value):
                out.append(f"{where}: game named by string {node.value!r}")
        elif isinstance(node, ast.ImportFrom) and node.module and GAME_PATH.search("." + node.module):
            out.append(f"{where}: imports a game's module ({node.module})")
        elif isinstance(node, ast.Import):
            out.extend(f"{where}: imports a game's module ({a.name})" for a in node.names if GAME_PATH.search(a.name))
        elif isinstance(node, ast.Call):
            name = _call_name(node)
            if name in ("import_module", "__import__") and rel not in LOADERS:
                out.append(f"{where}: loads a module by string ({name})")
            elif name == "getattr" and len(node.args) == 3 and isinstance(node.args[1], ast.Constant):
                target = node.args[0]
                if (isinstance(target, ast.Call) and _call_name(target) in ("import_module", "__import__")) \
                        or (isinstance(target, ast.Name) and target.id in loaded):
                    out.append(f"{where}: probes a module ({ast.unparse(node)})")
    return out


def test_no_module_outside_the_games_names_a_game_or_probes_one():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(SKIP):
            continue
        found.extend(offences(path, rel))
    assert not found, "outside tcg/games/:\n" + "\n".join(found)


def test_the_check_finds_what_it_looks_for(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('"""zx in a docstring is fine."""\nimport importlib\n'
                   'def f(game):\n    """kemuri"""\n    if game == "kemuri":\n        pass\n'
                   '    m = importlib.import_module(f"tcg.games.{game}.text")\n'
                   '    fn = getattr(m, "menu", None)\n    from ..games.zx import text\n', encoding="utf-8")
    found = offences(bad, "bad.py")
    assert len(found) == 5, found
    assert any("'kemuri'" in f for f in found) and any("probes a module" in f for f in found)
