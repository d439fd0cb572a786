"""Imports point downward only (DESIGN.md §Layers): the application and the rules never import
the Discord layer above them, which they load by name; rendering never imports the app; the
presentation layer imports neither front end nor their libraries."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {  # package → packages it may not import, even for typing
    "bot": ("cogs", "web", "root", "presentation"),
    "rendering": ("cogs", "web", "root", "bot.app", "bot.sessions", "bot.db"),
    # Below both front ends: what a player is told, for Discord and the web alike.
    "presentation": ("discord", "aiohttp", "cogs", "web", "root"),
    # The two front ends are peers: neither imports the other, nor the root above them.
    "cogs": ("web", "root"),
    "web": ("cogs", "root"),
}


def imported(path: Path) -> set[str]:
    """Every module a file imports, wherever the import stands (TYPE_CHECKING included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_points_upward(package):
    wrong = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for module in sorted(imported(path))
        if any(module == f or module.startswith(f + ".") for f in FORBIDDEN[package])
    ]
    assert not wrong, "\n".join(wrong)


def runtime_imports(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` a file imports when it runs: at the top or inside a function
    (a lazy import is an import all the same), but not those for type checkers only. ``from
    package import name`` counts as importing ``package.name`` when that is a module."""
    found: set[str] = set()

    def visit(node: ast.AST, typing_only: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, typing_only)
            return
        if not typing_only and isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif not typing_only and isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            modules = [name for name in names if name in known]
            found.update(modules if len(modules) == len(names) else [node.module, *modules])
        for child in ast.iter_child_nodes(node):
            visit(child, typing_only)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found & known


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a loop (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_cycle_check_finds_a_lazy_loop():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_module_imports_itself_round_a_loop():
    """Lazy imports included: a module that must import another inside a function because
    that one imports it is a knot, not a design."""
    paths = [p for package in ("bot", "cogs", "rendering") for p in (ROOT / package).rglob("*.py")]
    known = {module_name(p) for p in paths}
    graph = {module_name(p): runtime_imports(p, known) - {module_name(p)} for p in paths}
    assert cycles(graph) == []
