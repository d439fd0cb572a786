"""Colours and sizes shared by every picture the bot draws, so all games look like one bot."""

from __future__ import annotations

RGB = tuple[int, int, int]

# -- table and text -------------------------------------------------------------------------
# A warm light table: Discord shows images on dark and light themes alike, and dark text on a
# light ground reads on both.
BACKGROUND: RGB = (246, 241, 228)
PANEL: RGB = (252, 250, 242)
PANEL_EDGE: RGB = (205, 194, 170)
INK: RGB = (40, 36, 32)
INK_SOFT: RGB = (110, 102, 92)
INK_FAINT: RGB = (170, 162, 150)
ACCENT: RGB = (32, 110, 96)  # the bot's teal: title bars, card backs
ACCENT_DARK: RGB = (20, 72, 64)
ON_ACCENT: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (242, 178, 42)  # "look here": whose turn, the camera holder, revealed cards
CROSS: RGB = (200, 40, 40)  # crossed-out (tried) orientations
SHADE: RGB = (236, 229, 212)  # alternating table rows

# Gold, silver, bronze for the top three of a leaderboard.
MEDALS: tuple[RGB, RGB, RGB] = ((236, 190, 60), (190, 196, 204), (205, 140, 80))
MEDAL_ROWS: tuple[RGB, RGB, RGB] = ((252, 236, 184), (232, 235, 240), (244, 222, 200))

# -- sizes ----------------------------------------------------------------------------------
# Boards are about 1000 px wide: Discord scales them to the phone's width, and at that scale a
# 40 px label is still comfortably legible.
BOARD_WIDTH = 1000
MARGIN = 24
RADIUS = 14
TITLE_SIZE = 40
HEADING_SIZE = 28
TEXT_SIZE = 24
SMALL_SIZE = 19
MIN_TEXT = 22
"""The smallest text a player must read, in a BOARD_WIDTH-wide picture (a picture of another
width scales it): Discord shows a board about 400 px wide on a phone, where 22 px is ~9 px."""

# -- Mimikri --------------------------------------------------------------------------------
# Each animal's palette, darkest first; the subject cards are painted only from these (plus
# white/black details), so the four butterflies of one animal share its colours.
PALETTES: dict[str, tuple[RGB, ...]] = {
    "frog": ((24, 84, 36), (58, 150, 52), (132, 206, 70), (214, 40, 38), (250, 120, 60)),
    "chameleon": ((30, 70, 150), (70, 150, 220), (44, 140, 70), (120, 200, 80), (250, 214, 50)),
    "snake": ((22, 20, 20), (196, 30, 36), (250, 206, 40), (120, 20, 24), (60, 44, 30)),
    "sloth": ((70, 48, 32), (128, 92, 62), (176, 146, 110), (128, 128, 122), (200, 198, 188)),
    "toucan": ((20, 20, 24), (186, 70, 16), (244, 120, 20), (252, 210, 40), (250, 246, 226)),
}
CARD_BACK: RGB = ACCENT
CARD_BACK_PATTERN: RGB = (44, 132, 116)
CARD_FACE: RGB = PANEL
BUTTERFLY_GROUND: RGB = PANEL  # a butterfly's light ground blends into any panel or card
BUTTERFLY_BODY: RGB = (46, 38, 34)
