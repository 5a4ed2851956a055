"""The web server builds its messages from ``tcg.present``, never from the terminal front end
(``tcg.ui``), and ``tcg.present`` stays plain data: it imports neither ``rich`` nor ``tcg.ui``
nor ``tcg.web``. Found by static analysis (``ast``): every import, at module level or inside a
function, absolute or relative."""
from __future__ import annotations

import ast
import pathlib

SRC = pathlib.Path(__file__).resolve().parents[2] / "src"


def _package_of(path: pathlib.Path, root: pathlib.Path) -> list[str]:
    """The dotted package a module's relative imports start from."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return parts[:-1]  # a package's __init__ and a plain module alike: their folder


def imported(path: pathlib.Path, root: pathlib.Path = SRC) -> set[str]:
    """Every module name ``path`` imports, relative imports made absolute; ``from pkg import
    name`` counts as both ``pkg`` and ``pkg.name``."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package_of(path, root)
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def offenders(folder: str, forbidden: tuple[str, ...], root: pathlib.Path = SRC) -> dict[str, list[str]]:
    """Module -> the forbidden modules it imports, for every module under ``tcg/<folder>``."""
    found = {}
    for path in sorted((root / "tcg" / folder).rglob("*.py")):
        bad = sorted(n for n in imported(path, root) if any(_within(n, f) for f in forbidden))
        if bad:
            found[str(path.relative_to(root))] = bad
    return found


def test_web_imports_nothing_from_ui():
    assert list((SRC / "tcg" / "web").rglob("*.py")), "no web modules found"
    assert offenders("web", ("tcg.ui",)) == {}


def test_present_imports_neither_rich_nor_ui_nor_web():
    assert list((SRC / "tcg" / "present").rglob("*.py")), "no present modules found"
    assert offenders("present", ("rich", "tcg.ui", "tcg.web")) == {}


def test_the_check_sees_relative_and_function_level_imports(tmp_path):
    web = tmp_path / "tcg" / "web"
    web.mkdir(parents=True)
    mod = web / "m.py"
    mod.write_text("def f():\n    from ..ui import get_renderer\n    from .. import ui\n"
                   "    import tcg.ui.terminal\n", encoding="utf-8")
    assert imported(mod, tmp_path) >= {"tcg.ui", "tcg.ui.get_renderer", "tcg.ui.terminal"}
    assert offenders("web", ("tcg.ui",), tmp_path) == {"tcg/web/m.py": [
        "tcg.ui", "tcg.ui.get_renderer", "tcg.ui.terminal"]}
