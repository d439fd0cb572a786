"""MIMIC's pictures say their words whole and legible, and the rules card says what is dealt.

Checked on the text-box records (``rendering.layout``) of many seeded boards from computer
games of every mode, in English and Czech, with names as short as the demo's: where there is
room nothing is cut with "…", and every text is at least ``theme.MIN_TEXT`` px at 1000 px wide.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.autoplay import autoplay
from bot.games import REGISTRY
from bot.games.core import start
from bot.i18n import words
from rendering import canvas, layout, mimic, theme
from rendering.mimic.result import render_result

RULES = REGISTRY["mimic"]
NAMES = ["Ada", "Ben", "Cleo", "Dev"]
MODES = [(1, {}), (2, {}), (3, {}), (3, {"advanced": True}), (4, {}), (4, {"teams": True})]
SEEDS = ("demo", "soak-1")
EVERY = 9  # every ninth board of each game, and its last


def boards(lang: str) -> list[tuple[str, bytes, list[layout.Placed]]]:
    """(what, picture, its text records) of seeded games' boards and result cards."""
    w = words(lang)
    out = []
    for players, options in MODES:
        for seed in SEEDS:
            moves = list(autoplay(RULES, seed, players, options))
            for i, move in enumerate(moves):
                last = i == len(moves) - 1
                if i % EVERY and not last:
                    continue
                view, names = RULES.view(move.state, None), NAMES[:players]
                renders = [("board", lambda v=view, n=names: mimic.render_board(v, n, w))]
                if last:
                    renders.append(("result", lambda v=view, n=names: render_result(v, n, w)))
                for kind, render in renders:
                    with layout.recording() as placed:
                        png = render()
                    out.append((f"{lang} {players}p {options} {seed} #{i} {kind}", png, placed))
    with layout.recording() as placed:
        png = mimic.render_rules(w)
    out.append((f"{lang} rules card", png, placed))
    return out


@pytest.fixture(scope="module", params=["en", "cs"])
def drawn(request):
    return boards(request.param)


def test_no_text_is_cut_where_there_is_room(drawn):
    """The Czech team row ("zbývá 8, na desc…") and the Czech rules card's turn notes
    ("před okrajem…") were cut though the picture had room for them."""
    cut = [f"{what}: {p.text!r}" for what, _, placed in drawn for p in placed
           if canvas.ELLIPSIS in p.text]
    assert not cut, "\n".join(cut[:20])


def test_every_text_is_at_least_the_phone_floor_at_1000_px(drawn):
    small = []
    for what, png, placed in drawn:
        floor = theme.MIN_TEXT * Image.open(io.BytesIO(png)).width / theme.BOARD_WIDTH
        small += [f"{what}: {p.text!r} at {p.size} px" for p in placed if p.size < floor - 0.01]
    assert not small, "\n".join(small[:20])


def kit(players: int, **options: bool) -> list[str]:
    """The power cards a basic game deals each player (`bot.games.mimic.setup`)."""
    return start(RULES, "kit", players, options)["powers"][0]["active"]


def test_the_rules_card_says_what_the_basic_game_deals():
    """The card said every basic game has Orange; with 2 or 3 players it deals two Reds and no
    Orange (rules §Preparation 4: Orange goes back in the box for 2 and 3 players)."""
    assert kit(2).count("red") == kit(3).count("red") == 2
    assert "orange" not in kit(2) and "orange" not in kit(3)
    assert "orange" in kit(1) and "orange" in kit(4) and "orange" in kit(4, teams=True)
    assert "green" not in kit(1)
    said = {}
    for lang in ("en", "cs"):
        with layout.recording() as placed:
            mimic.render_rules(words(lang))
        said[lang] = " ".join(p.text for p in placed)
    assert "Red remove (you hold two)" in said["en"]
    assert "Orange jump, only solo and with 4 players" in said["en"]
    assert "Green 3rd card (not solo)" in said["en"]
    assert "Červená vyřazení (máš dvě)" in said["cs"]
    assert "Oranžová přeskok, jen ve hře pro jednoho a ve čtyřech" in said["cs"]
    assert "(ne ve hře pro jednoho)" in said["cs"]
    # The /mimic rules text beside the card says the same.
    assert "(only solo and with 4 players)" in words("en")("mimic.rules", hand="H", draw="D")
    assert "(jen ve hře pro jednoho a ve čtyřech)" in words("cs")("mimic.rules", hand="H",
                                                                  draw="D")
