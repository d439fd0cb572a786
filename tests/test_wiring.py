"""Services are wired in one place (`root/compose.py`): no other module hands an object another's
function by assigning it to an attribute (``sessions.publish = publisher.publish``), the old
way that made the order extensions load in matter and was never undone on unload."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "rendering", "presentation", "web", "root")
COMPOSITION_ROOT = "root/compose.py"


def functions() -> set[str]:
    """The name of every function and method the packages define."""
    return {node.name for package in PACKAGES for path in (ROOT / package).rglob("*.py")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def callback_assignments(source: str, known: set[str]) -> list[tuple[int, str]]:
    """``other.attribute = some function`` (a lambda, or a name or attribute naming one of
    ``known``), where ``other`` is not the object's own ``self``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        value = node.value
        named = (value.id if isinstance(value, ast.Name)
                 else value.attr if isinstance(value, ast.Attribute) else None)
        if not (isinstance(value, ast.Lambda) or named in known):
            continue
        for target in targets:
            if isinstance(target, ast.Attribute) and not (
                    isinstance(target.value, ast.Name) and target.value.id in ("self", "cls")):
                found.append((node.lineno, ast.unparse(target)))
    return found


def test_the_check_sees_the_old_wiring():
    known = {"publish", "check_options", "retry"}
    old = ("bot.sessions.publish = bot.publisher.publish\n"
           "bot.tree.interaction_check = check_options\n"
           "self.threads.reopened = self.turn_pings.retry\n"
           "self.ready = lambda: None\n"
           "found.ratings = ratings\n")
    assert [line for line, _ in callback_assignments(old, known)] == [1, 2, 3]


def test_no_module_but_the_composition_root_assigns_another_objects_callbacks():
    known = functions()
    wrong = [f"{path.relative_to(ROOT)}:{line} {target}"
             for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
             if str(path.relative_to(ROOT)) != COMPOSITION_ROOT
             for line, target in callback_assignments(path.read_text(encoding="utf-8"), known)]
    assert not wrong, "\n".join(wrong)
