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


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` a file imports: at the top, inside a function (a lazy import
    is an import all the same) or for type checkers only (a loop that only the type checker
    sees is a knot all the same: two modules that each need the other's names). ``from
    package import name`` counts as importing ``package.name`` when that is a module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}: a relative import, which this check cannot follow"
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            modules = [name for name in names if name in known]
            found.update(modules if len(modules) == len(names) else [node.module, *modules])
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


# The one loop allowed, as its edges: `cogs._bot.GameBot` is a declaration for the type
# checker only (never built) of the bot the cogs see, naming the publisher, the turn pings and
# the UIs that the composition root and the games' extensions install on it; those type their
# bot as it.
TYPING_DECLARATIONS = {("cogs._bot", "cogs._publisher"), ("cogs._bot", "cogs._pings"),
                       ("cogs._bot", "cogs._ui")}


def import_graph() -> dict[str, set[str]]:
    paths = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")]
    known = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, known) - {module_name(p)} for p in paths}


PACKAGES = ("bot", "cogs", "presentation", "rendering", "root", "web")


def test_the_cycle_check_finds_a_lazy_loop():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_an_import_for_the_type_checker_counts(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("from typing import TYPE_CHECKING\n\ndef f():\n    import c\n\n"
                    "if TYPE_CHECKING:\n    from b import B\n", encoding="utf-8")
    assert imports_of(path, {"b", "c", "d"}) == {"b", "c"}


def test_no_module_imports_itself_round_a_loop():
    """Lazy and typing-only imports included: a module that must import another inside a
    function, or under TYPE_CHECKING, because that one imports it is a knot, not a design."""
    graph = import_graph()
    for module, other in TYPING_DECLARATIONS:
        assert other in graph[module], f"{module} no longer imports {other}: drop the exception"
        graph[module].discard(other)
    assert cycles(graph) == []
