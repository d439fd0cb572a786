"""The README shows one board of each game, and those pictures are the renderers' current ones."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot import showcase
from bot.games import REGISTRY
from rendering import theme

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", sorted(showcase.boards()))
def test_the_readme_shows_each_games_board_as_drawn_today(name):
    """Each README picture exists, is referenced, is a board's width, and has the size the
    renderer draws now — a redesign without `make boards` fails here."""
    path = f"docs/boards/{name}.png"
    assert f"({path})" in (ROOT / "README.md").read_text(encoding="utf-8")
    with Image.open(ROOT / path) as committed, \
            Image.open(io.BytesIO(showcase.board(name))) as fresh:
        assert committed.width == theme.BOARD_WIDTH
        assert committed.size == fresh.size


def test_every_game_has_a_readme_board():
    """Every game the engine plays has its picture in the README (a new game adds its own)."""
    assert {game.id for game in showcase.boards().values()} == set(REGISTRY)
