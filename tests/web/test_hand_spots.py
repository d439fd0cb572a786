"""Where a seat's private picture is clicked (`web.games.Hand`) is where its renderer drew what
is clicked: MIMIC's hand cards and power cards, Mariposas' numbered landings on the part of
the private map that is shown; a seat's panel offers on it only what it may do now."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games.core import SYSTEM, apply_checked
from bot.games.mariposas.rules import content
from bot.i18n import words
from presentation.mariposas.prompt import step_of
from rendering import theme
from tests.rendering.gallery import RULES, playout
from web import games

NAMES = ["Alice", "Bob", "Carol"]


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def at(img: Image.Image, box: list[float] | tuple[float, ...]) -> tuple[int, int]:
    """The pixel at the middle of ``box`` (fractions of the picture)."""
    return (round((box[0] + box[2]) / 2 * img.width), round((box[1] + box[3]) / 2 * img.height))


def amber(colour: tuple[int, ...]) -> bool:
    """Near the highlight's amber (the picture is stored in fewer colours)."""
    return sum(abs(a - b) for a, b in zip(colour, theme.HIGHLIGHT, strict=True)) < 40


def mariposas_landing() -> tuple[dict[str, Any], int, list[str]]:
    """A Mariposas state whose seat is to say where its butterfly lands (a seeded playout)."""
    rules = RULES["mariposas"]
    state = playout("mariposas", 3, {}, 5, 0)
    rng = random.Random(1)
    for version in range(400):
        active = sorted(rules.active_seats(state))
        seat = SYSTEM if SYSTEM in active else active[0]
        legal = sorted(rules.legal_actions(state, seat))
        if seat != SYSTEM and step_of(legal) == "land":
            return state, seat, legal
        state = apply_checked(rules, state, seed="hand-spots", version=version, seat=seat,
                              action=rng.choice(legal), seen_version=None,
                              at_ms=version * 700).state
    raise AssertionError("no landing in the playout")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_each_mimic_hand_card_is_clicked_where_it_is_drawn(lang):
    rules = RULES["mimic"]
    state = playout("mimic", 2, {}, 3, 0)  # the first turn: cards to lay, power cards to use
    seat = min(rules.active_seats(state))
    view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
    w = words(lang)
    hand = games.hand("mimic", view, legal, w)
    assert hand is not None
    img = picture(hand.draw(NAMES))
    cards = [f["id"] for f in view["hand"]]
    assert set(cards) <= set(hand.spots)
    lefts = [hand.spots[card][0] for card in cards]
    assert lefts == sorted(lefts)  # in the hand's order, left to right
    for card in cards:  # the middle of each card's box is on its tile, not the page behind
        assert img.getpixel(at(img, hand.spots[card])) != theme.BACKGROUND
    chips = [key for key in hand.spots if key.startswith("power:")]
    assert chips  # the power cards in play are clicked on the picture too
    for chip in chips:
        assert img.getpixel(at(img, hand.spots[chip])) != theme.BACKGROUND
    # The panel offers on it only what is offered now: every card that has a cell to go to.
    panel = games.panel("mimic", view, legal, w)
    assert panel.hand is not None
    offered = {g.id for g in panel.groups} | {c.code for c in panel.choices}
    assert set(panel.hand.spots) <= offered
    placeable = {code.split(":")[1] for code in legal if code.startswith("place:")}
    assert placeable and placeable <= set(panel.hand.spots)
    assert "power:green" in panel.hand.spots  # a power card played at once, as a choice
    assert panel.data()["hand"] is not None


def test_a_mimic_spectator_and_a_game_without_hands_have_no_private_picture():
    rules = RULES["mimic"]
    state = playout("mimic", 2, {}, 3, 6)
    assert games.hand("mimic", rules.view(state, None), [], words("en")) is None
    assert games.hand("mimikri", rules.view(state, None), [], words("en")) is None


def test_each_mariposas_landing_is_clicked_at_its_number_on_the_shown_part_of_the_map():
    rules = RULES["mariposas"]
    state, seat, legal = mariposas_landing()
    view = rules.view(state, seat)
    hand = games.hand("mariposas", view, legal, words("en"))
    assert hand is not None
    assert set(hand.spots) == set(legal) - {"undo"}
    img = picture(hand.draw(NAMES))
    assert img.width < theme.BOARD_WIDTH  # a part of the map, its marks large enough
    michoacan = f"land:{content().board.michoacan}"
    for code, box in hand.spots.items():
        assert all(0 <= v <= 1 for v in box), code
        if code == michoacan:  # its number's tag at its top right, inside its box
            x1, y0 = round(box[2] * img.width), round(box[1] * img.height)
            near = [img.getpixel((x, y)) for x in range(x1 - 60, x1 - 20, 4)
                    for y in range(y0 + 10, y0 + 30, 4)]
        else:  # its number's tag in the middle of its hex
            x, y = at(img, box)
            near = [img.getpixel((x + dx, y + dy)) for dx in range(-12, 13, 3)
                    for dy in range(-4, 16, 3)]
        assert any(amber(colour) for colour in near), code
    panel = games.panel("mariposas", view, legal, words("en"))
    assert panel.hand is not None and set(panel.hand.spots) == set(hand.spots)


def test_a_mariposas_seat_not_to_act_has_no_private_map():
    rules = RULES["mariposas"]
    state, seat, _ = mariposas_landing()
    other = next(s for s in range(3) if s != seat)
    assert games.hand("mariposas", rules.view(state, other), [], words("en")) is None
