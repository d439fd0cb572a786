"""Every tool of tools/ (make bench, make tournament, the soak…) imports: a tool is run by hand
or by a make target no test runs whole, so a name moved elsewhere in the code would otherwise
be found only when someone measures."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

TOOLS = sorted(path.stem for path in (Path(__file__).resolve().parents[1] / "tools").glob("*.py")
               if path.stem != "__init__")


@pytest.mark.parametrize("tool", TOOLS)
def test_the_tool_imports(tool):
    importlib.import_module(f"tools.{tool}")
