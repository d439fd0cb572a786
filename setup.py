"""What pyproject.toml cannot say to setuptools: the packages, with ``data/`` among them.

The code's packages are found as pyproject.toml's own search found them (folders of files such
as web/static among them, as namespace packages). The game content's top-level ``data/``
folder (one folder per game) ships as the package ``menagerie_data``, read with
importlib.resources (`bot.games.content`); each game's folder is named too, so setuptools
takes it for content rather than warn of a package left out. Everything else is in
pyproject.toml.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

CODE = ["bot*", "cogs*", "presentation*", "rendering*", "root*", "web*"]
DATA = "menagerie_data"
games = sorted(folder.name for folder in Path(__file__).parent.joinpath("data").iterdir()
               if folder.is_dir() and folder.name.isidentifier())

setup(packages=[*find_namespace_packages(include=CODE), DATA,
                *(f"{DATA}.{game}" for game in games)],
      package_dir={DATA: "data"})
