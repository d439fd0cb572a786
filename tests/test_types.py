"""The views the rules hand the pictures and the Discord layer are typed key by key: reading a
key a game's view does not have is a type error (mypy, run by `make lint`)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

mypy = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent
READER = '''
    from bot.games.mariposas.views import MariposasView
    from bot.games.mimic.views import MimicView
    from bot.games.mimikri.views import MimikriView
    from bot.games.schicki_micki.views import SchickiView


    def good(a: MimicView, b: MimikriView, c: SchickiView, d: MariposasView) -> object:
        return (a["faceup"], b["grid"][0]["pos"], c["figures"]["red_holder"], d["flowers"])


    def renamed(a: MimicView, b: MimikriView, c: SchickiView, d: MariposasView) -> object:
        return (a["face_up"], b["grid"][0]["position"], c["figures"]["red"], d["flower"])
'''


def test_a_misspelt_view_key_is_a_type_error(tmp_path):
    reader = tmp_path / "reader.py"
    reader.write_text(textwrap.dedent(READER), encoding="utf-8")
    out, _, status = mypy.run([str(reader), "--explicit-package-bases", "--no-incremental",
                               "--config-file", str(ROOT / "pyproject.toml")])
    assert status == 1, out
    errors = [line for line in out.splitlines() if ": error:" in line]
    wrong = sorted(line.split('"')[-2] for line in errors)
    assert wrong == ["face_up", "flower", "position", "red"], out
    assert all(":13:" in line for line in errors), out  # none in the good reader
