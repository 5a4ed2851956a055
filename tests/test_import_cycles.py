"""No import circles among the ``tcg`` modules, found by static analysis (``ast``, nothing imported).

An edge A -> B is an import of B anywhere in A's source: at module level and inside functions
alike (an import inside a function is still a dependency; it only runs later), but not under
``if TYPE_CHECKING:`` (types only, never run). ``from pkg import name`` is an edge to the module
``pkg.name`` when there is one, else to ``pkg``. A circle is a strongly connected set of two or
more modules (or a module importing itself)."""
from __future__ import annotations

import ast
import pathlib

SRC = pathlib.Path(__file__).resolve().parents[1] / "src"


def modules(root: pathlib.Path = SRC) -> dict[str, pathlib.Path]:
    """Module name -> source file of every module of the ``tcg`` package under ``root``."""
    out = {}
    for path in sorted((root / "tcg").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every import node of ``tree`` but those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def edges(mods: dict[str, pathlib.Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base_parts = package.split(".")
                    base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            for t in targets:
                while t and t not in mods:  # import a.b.c of a module a.b: the module a.b
                    t = t.rpartition(".")[0]
                if t and t.startswith("tcg") and (t != mod or isinstance(node, ast.Import)):
                    graph[mod].add(t)
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected sets of more than one module, or of one importing itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[set[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in graph[v]:
                    out.append(comp)
    return out


def test_the_analysis_finds_a_circle():
    graph = {"tcg.a": {"tcg.b"}, "tcg.b": {"tcg.c"}, "tcg.c": {"tcg.a"}, "tcg.d": {"tcg.a"}}
    assert circles(graph) == [{"tcg.a", "tcg.b", "tcg.c"}]


def test_edges_count_function_level_imports_but_not_type_checking(tmp_path):
    pkg = tmp_path / "tcg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                      "    from .b import B\n\ndef f():\n    from .. import c\n")
    (pkg / "sub" / "b.py").write_text("from . import a\n")
    (pkg / "c.py").write_text("import tcg.sub.b\n")
    graph = edges(modules(tmp_path))
    assert graph["tcg.sub.a"] == {"tcg.c"}
    assert graph["tcg.sub.b"] == {"tcg.sub.a"}
    assert graph["tcg.c"] == {"tcg.sub.b"}


def test_no_import_circles():
    found = circles(edges(modules()))
    assert not found, f"import circles among tcg modules: {[sorted(c) for c in found]}"
