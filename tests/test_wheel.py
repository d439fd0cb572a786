"""`pip install .` gives a working bot: the wheel is built from a copy of the project, installed
into a new virtual environment outside the checkout, and from a folder that holds no part of the
project it plays a whole game of each kind between computer players (decks, cards, the map and
the fonts read from the installed packages), opens a database (the migrations ship too) and
answers as `menagerie`, the console script.

Slow (a build and an install: about 20 s); pip takes the dependencies from its cache, which
`make test` has just filled."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "bot", "cogs", "data",
           "presentation", "rendering", "root", "web")

CHECK_INSTALLED = """
import asyncio, importlib, pathlib, pkgutil, sys
import bot, cogs, menagerie_data
# Nothing comes from the checkout: every package is the installed one.
for package in (bot, cogs, menagerie_data):
    assert all("site-packages" in folder for folder in package.__path__), package.__path__
for module in pkgutil.walk_packages(cogs.__path__, "cogs."):
    importlib.import_module(module.name)
from bot.db import open_db
async def opened():
    db = await open_db("menagerie.sqlite3")
    await db.close()
asyncio.run(opened())
from bot.i18n import words
assert words("cs")("ui.player_n", n=2) == "Hráč 2", words("cs")("ui.player_n", n=2)
print("installed ok")
"""


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A new venv with the project's wheel installed, and an environment to run it in."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in SOURCES:  # a copy, so the build's build/ and egg-info stay out of the checkout
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "DISCORD_TOKEN", "DATABASE_URL")}
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w",
                  str(work / "dist"), str(source)], work, env)
    assert built.returncode == 0, built.stderr
    (wheel,) = (work / "dist").glob("menagerie-*.whl")
    venv = work / "venv"
    made = _run([sys.executable, "-m", "venv", str(venv)], work, env)
    assert made.returncode == 0, made.stderr
    done = _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                work, env)
    assert done.returncode == 0, done.stderr
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    return venv, {**env, "DATABASE_PATH": str(elsewhere / "menagerie.sqlite3")}


def test_the_wheel_carries_every_data_file_and_the_licence(installed):
    venv, _ = installed
    (wheel,) = venv.parent.joinpath("dist").glob("menagerie-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    # data/<game>/ is installed as the package menagerie_data.
    shipped = {"menagerie_data/" + path.relative_to(ROOT / "data").as_posix()
               for path in ROOT.glob("data/*/*")}
    assert shipped and shipped <= names, sorted(shipped - names)
    assert any(name.endswith("licenses/LICENSE") for name in names)
    metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "License-Expression: MIT" in text


def test_every_game_plays_to_the_end_from_the_installed_package(installed, tmp_path):
    venv, env = installed
    played = _run([str(venv / "bin" / "python"), "-m", "presentation.demo", "out"], tmp_path, env)
    assert played.returncode == 0, played.stderr
    for game in ("mimikri", "schicki_micki", "mimic", "mariposas"):
        transcript = (tmp_path / "out" / game / "transcript.md").read_text(encoding="utf-8")
        assert "Winners: " in transcript
        assert list((tmp_path / "out" / game).glob("*.png"))


def test_the_installed_bot_opens_its_database_and_loads_every_cog(installed, tmp_path):
    venv, env = installed
    checked = _run([str(venv / "bin" / "python"), "-c", CHECK_INSTALLED], tmp_path, env)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == "installed ok"


def test_the_console_script_runs_the_bot(installed, tmp_path):
    venv, env = installed
    started = _run([str(venv / "bin" / "menagerie")], tmp_path, env)
    assert started.returncode == 2  # no token: it says how to get one
    assert "No DISCORD_TOKEN is set" in started.stderr
    assert "menagerie" in started.stderr
