"""Where a game's content is read from: its folder of ``data/`` (``data/<game>/``).

The folder sits at the project's top, beside the code (content as data, one folder per game),
and an install carries it as the package ``menagerie_data`` (setup.py maps the folder into it
at build time; an editable install maps it to the checkout's). So a game reads its files with
importlib.resources, the same from a wheel, an editable install or a test.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

PACKAGE = "menagerie_data"
"""The import name of the ``data/`` folder once installed."""


def folder(game: str) -> Traversable:
    """The folder of a game's content (``data/<game>/``)."""
    return resources.files(PACKAGE) / game
