"""Leaderboard and stats pictures."""

from __future__ import annotations

from bot.i18n import words
from rendering import leaderboard, theme
from rendering.leaderboard import render_leaderboard, render_stats

from .colours import all_near, near
from .helpers import decode

EN, CS = words("en"), words("cs")


def rows(n: int) -> list[dict]:
    return [{"rank": i + 1, "name": f"Player {i + 1}" if i != 1 else "Zoë 🦋 " * 10,
             "games": 30 - i, "wins": 15 - i, "win_rate": (15 - i) / (30 - i),
             "points": 200 - 10 * i, "rating": 30.0 - i} for i in range(n)]


def test_leaderboard_is_deterministic():
    assert render_leaderboard("Mimikri", rows(8), EN) == render_leaderboard("Mimikri", rows(8), EN)


def test_top_three_are_highlighted_and_the_rest_alternate():
    img = decode(render_leaderboard("Mimikri", rows(6), EN)).convert("RGB")
    top = leaderboard.TITLE_H + 16 + leaderboard.HEADER_H

    def row_colour(i: int) -> tuple[int, int, int]:
        # A spot between the name and the numbers: row background, never text.
        return img.getpixel((540, top + i * leaderboard.ROW_H + 8))

    assert all_near([row_colour(i) for i in range(3)], list(theme.MEDAL_ROWS))
    assert near(row_colour(3), theme.SHADE)
    assert near(row_colour(4), theme.PANEL)


def test_empty_leaderboard_is_a_friendly_picture():
    empty = render_leaderboard("Mimikri", [], EN)
    assert empty == render_leaderboard("Mimikri", [], EN)
    assert decode(empty).size[0] == theme.BOARD_WIDTH
    assert empty != render_leaderboard("Mimikri", rows(1), EN)


def test_stats_card_grows_with_its_lines():
    short = render_stats("Alice", [("Games", "3")], EN)
    long = render_stats("Alice", [("Games", "3"), ("Wins", "1"), ("Rating", "25.0")], EN)
    assert short == render_stats("Alice", [("Games", "3")], EN)
    assert decode(long).height > decode(short).height


def solo_rows(n: int) -> list[dict]:
    return [{"rank": i + 1, "name": f"Player {i + 1}" if i != 1 else "Zoë 🦋 " * 10,
             "best": 15 - i, "games": 3 + i} for i in range(n)]


def test_solo_board_is_deterministic_narrow_and_grows_with_its_rows():
    png = leaderboard.render_solo_board("MIMIC solo", solo_rows(5), "cubes", EN)
    assert png == leaderboard.render_solo_board("MIMIC solo", solo_rows(5), "cubes", EN)
    img = decode(png)
    assert img.width == leaderboard.SOLO_W < theme.BOARD_WIDTH
    taller = decode(leaderboard.render_solo_board("MIMIC solo", solo_rows(6), "cubes", EN))
    assert taller.height == img.height + leaderboard.SOLO_ROW_H
    assert png != leaderboard.render_solo_board("MIMIC solo", solo_rows(5), "points", EN)


def test_solo_board_highlights_the_top_three_and_an_empty_one_is_friendly():
    img = decode(leaderboard.render_solo_board("MIMIC solo", solo_rows(5), "cubes", EN)).convert(
        "RGB")
    top = leaderboard.TITLE_H + 16 + leaderboard.HEADER_H
    colours = [img.getpixel((420, top + i * leaderboard.SOLO_ROW_H + 8)) for i in range(5)]
    assert all_near(colours, [*theme.MEDAL_ROWS, theme.SHADE, theme.PANEL])
    assert leaderboard.render_solo_board("MIMIC solo", [], "cubes", EN) == \
        render_leaderboard("MIMIC solo", [], EN)


def test_a_stats_line_of_numbers_is_shown_whole():
    # The cog's line for a game: its last number must reach the picture, not an ellipsis.
    line = "#12 of 15 · 130 games · 105 wins (81%) · 2000 points · rating {}"
    title = "Jiří Dvořák on Hospoda U Šťastného"
    for label in ("Mimikri", "Schicki Micki"):
        lines = [(label, line.format("31.4")), ("Schicki Micki reactions", "fastest 0.41 s")]
        changed = [(label, line.format("31.5")), lines[1]]
        assert render_stats(title, lines, EN) != render_stats(title, changed, EN), label


def test_czech_pictures_speak_czech_and_stay_deterministic():
    # The same table in Czech: other heads, other count, 0,5 for 0.5; the same size.
    for render in (lambda w: render_leaderboard("Mimikri", rows(6), w),
                   lambda w: leaderboard.render_solo_board("MIMIC", solo_rows(4), "cubes", w),
                   lambda w: render_leaderboard("Mimikri", [], w),
                   lambda w: render_stats("Alice", [], w)):
        english, czech = render(EN), render(CS)
        assert czech == render(CS)
        assert czech != english
        assert decode(czech).size == decode(english).size


def test_a_solo_unit_the_catalogue_does_not_know_is_named_as_the_game_names_it():
    assert leaderboard.render_solo_board("Game", solo_rows(3), "laps", CS) != \
        leaderboard.render_solo_board("Game", solo_rows(3), "cubes", CS)
