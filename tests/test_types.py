"""The views the rules hand the pictures and the Discord layer are typed key by key: reading a
key a game's view does not have is a type error (mypy, run by `make lint`)."""

from __future__ import annotations

import os
import re
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
        return (a["faceup"], b["grid"][0]["pos"], c["figures"]["red_holder"], d["flowers"],
                a["board"]["D4"]["cube"], a["step"]["pending"], c["table"][0]["kind"],
                d["butterflies"][0]["gen"])


    def renamed(a: MimicView, b: MimikriView, c: SchickiView, d: MariposasView) -> object:
        return (a["face_up"], b["grid"][0]["position"], c["figures"]["red"], d["flower"],
                a["board"]["D4"]["cubes"], a["step"]["pend"], c["table"][0]["type"],
                d["butterflies"][0]["generation"])
'''


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch):
    """mypy finds the packages (explicit_package_bases) from the folder it runs in."""
    monkeypatch.chdir(ROOT)


def run_mypy(*paths: str) -> tuple[str, int]:
    """pyproject.toml's settings, afresh and writing no cache, so that no other mypy (make lint,
    another test worker) shares one with it."""
    out, err, status = mypy.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental",
                                 "--cache-dir", os.devnull, *paths])
    return out + err, status


def test_a_misspelt_view_key_is_a_type_error(tmp_path):
    reader = tmp_path / "reader.py"
    reader.write_text(textwrap.dedent(READER), encoding="utf-8")
    out, status = run_mypy(str(reader))
    assert status == 1, out
    errors = [line for line in out.splitlines() if ": error:" in line]
    # A card's "type" is wrong twice, once for each kind of card (a hen, a close-up).
    wrong = sorted({line.split('"')[-2] for line in errors})
    assert wrong == ["cubes", "face_up", "flower", "generation", "pend", "position", "red",
                     "type"], out
    renamed = textwrap.dedent(READER).splitlines().index("def renamed(a: MimicView, b: "
                                                        "MimikriView, c: SchickiView, "
                                                        "d: MariposasView) -> object:") + 1
    # None in the good reader: every error is in the renamed one.
    assert all(int(re.search(r"reader\.py:(\d+):", line)[1]) > renamed for line in errors), out


def test_the_code_type_checks_clean():
    # What `make lint` checks (pyproject.toml's files), so that a change breaking it fails the
    # quick tests too.
    out, status = run_mypy()
    assert status == 0, out
    assert out.startswith("Success: no issues found"), out
