"""Schicki Micki's "what happened" pictures: a row's result and the game's end card.

The result is drawn from the ``data`` of the rules' ``resolved`` event: the table as it
stood when the first reaction came (the cards that were laid, the ones that decided the row
framed), a banner naming who won the row, and who reacted how, in the order they came,
with the time after the newest card and what it earned. The end card ranks the final scores
under a winner banner. Under a result the players' panel shows the scores after the row;
under the game's last result it is the final ranking.

Every picture of a table — the table itself, each row's result, the end card — is
`game_height` high, so the reaction bar under the message never moves under the players'
thumbs: a result's cards take the room its reactions leave (a reaction that a player's later
one replaced is left out when the rows would not fit).
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.rules import REPLACED
from bot.games.schicki_micki.views import Judged, Resolved, SchickiView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.schicki_micki import art
from rendering.schicki_micki.parts import (
    GRID_MAX_H,
    GRID_Y,
    INFO_H,
    INFO_Y,
    TEXT,
    TITLE_H,
    M,
    W,
    centred_note,
    draw_cards,
    draw_players,
    frame,
    ordinal,
    player_name,
    players_height,
    says,
)

REACTION_ROW = 68
RANK_ROW = 72
BANNER_H = 130
GOOD: theme.RGB = (34, 140, 64)
BAD: theme.RGB = theme.CROSS
WON = ("won_all", "won_one")
FAULTS = ("gave_back", "had_none")
MIN_GRID = 300  # the laid cards' least height on a result (a full ranking, many reactions)


@functools.cache
def game_height(n_players: int) -> int:
    """The one height of every picture of an ``n_players`` table: the table with its tallest
    row of cards, or a result with a reaction per player and the final ranking, whichever
    needs more."""
    table = GRID_Y + GRID_MAX_H + 14 + players_height(n_players) + M
    result = (GRID_Y + MIN_GRID + 14 + reactions_height(n_players) + 14
              + max(players_height(n_players), _ending_height(n_players)) + M)
    return max(table, result)


def _ending_height(n_players: int) -> int:
    return BANNER_H + 14 + ranking_height(n_players)


def result_size(n_players: int, cards_laid: int = 0, reactions: int = 0, over: bool = False
                ) -> tuple[int, int]:
    """The size of a row's result: the game's one size, whatever was laid and done."""
    return W, game_height(n_players)


def end_size(n_players: int) -> tuple[int, int]:
    """The size of the end card: the game's one size."""
    return W, game_height(n_players)


def cards_room(view: SchickiView, resolved: Resolved) -> int:
    """How high the laid cards may be on a row's result: what the reactions and the players
    (or the final ranking) leave of the game's height."""
    n = view["players"]
    below = _ending_height(n) if view["phase"] == "over" else players_height(n)
    shown = shown_reactions(resolved["reactions"], n)
    return game_height(n) - M - below - 14 - reactions_height(len(shown)) - 14 - GRID_Y


def shown_reactions(results: list[Judged], n_players: int) -> list[Judged]:
    """The reactions a result lists: all of them, or where there are more than players (some
    replaced by their player's later one), the ones that counted."""
    if len(results) <= n_players:
        return results
    return [r for r in results if r["result"] != REPLACED][:n_players]


def reactions_height(n: int) -> int:
    return max(1, n) * REACTION_ROW + 12


def ranking_height(n_players: int) -> int:
    return n_players * RANK_ROW + 12


# -- the row's result ----------------------------------------------------------------------------

def draw_result(view: SchickiView, names: list[str], w: Words,
                resolved: Resolved) -> Image.Image:
    """The row's result (see the module's docstring); ``view`` is the table after it."""
    n = view["players"]
    over = view["phase"] == "over"
    laid = [cards()[card].to_json() for card in resolved["table"]]
    results = shown_reactions(resolved["reactions"], n)
    height = game_height(n)
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    row = resolved["row"] - 1 if resolved["table_cleared"] else resolved["row"]
    title = w("schicki.picture.row", row=w.number(row))
    canvas.title_bar(img, title, w("schicki.picture.game_over") if over
                     else w("schicki.picture.result.subtitle"), TITLE_H)
    _row_banner(draw, resolved, names, w)
    # From the bottom up: the players (or the final ranking), the reactions, and the cards
    # in the room left above them.
    y = height - M - (_ending_height(n) if over else players_height(n))
    top = y - 14 - reactions_height(len(results))
    room = cards_room(view, resolved)
    if laid:
        boxes = draw_cards(img, laid, GRID_Y, room)
        for i in _deciding(resolved):
            frame(draw, boxes[i], GOOD)
    else:
        centred_note(draw, GRID_Y, room, w("schicki.picture.waiting"))
    _reactions(draw, results, names, w, top)
    if over:
        _game_banner(draw, view, names, w, y)
        _ranking(draw, view, names, w, y + BANNER_H + 14)
    else:
        draw_players(draw, view, names, w, y, reactions=False)
    return img


def _deciding(resolved: Resolved) -> list[int]:
    """Positions of the laid cards that decided the row: the two-worm hen, the twins, or the
    cards showing the one pair (with two pairs or more nearly every card shows one: none)."""
    laid = resolved["table"]
    situation = resolved.get("situation")
    if situation == "knock":
        keep = set(resolved["two_worms"])
    elif situation == "red":
        keep = {card for twins in resolved["identical"] for card in twins}
    elif situation == "call":
        pair = tuple(resolved["pairs"][0])
        keep = {card for card in laid if pair in cards()[card].items}
    else:
        keep = set()
    return [i for i, card in enumerate(laid) if card in keep]


def _row_banner(draw: ImageDraw.ImageDraw, resolved: Resolved, names: list[str],
                w: Words) -> None:
    """Who won the row, large on gold (grey when nobody did), and what the table showed."""
    results = resolved["reactions"]
    whole = [r for r in results if r["result"] == "won_all"]
    ones = [r for r in results if r["result"] == "won_one"]
    if whole:
        r = whole[0]
        text = w.n("schicki.picture.result.won_all", len(r["cards"]),
                   name=player_name(names, r["seat"], w))
    elif ones:
        who = ", ".join(player_name(names, r["seat"], w) for r in ones)
        text = w.n("schicki.picture.result.won_one", len(ones), names=who)
    else:
        text = w("schicki.picture.result.nobody")
    won = bool(whole or ones)
    box = (M, INFO_Y, W - M, INFO_Y + INFO_H)
    fill, edge = (theme.MEDAL_ROWS[0], theme.HIGHLIGHT) if won else (theme.SHADE, theme.PANEL_EDGE)
    canvas.card(draw, box, fill, edge, 4)
    if won:
        _star(draw, M + 56, INFO_Y + INFO_H / 2, 38)
    left = M + (108 if won else 24)
    canvas.label(draw, (left, INFO_Y + 10, W - M - 20, INFO_Y + 66), text, 40, theme.INK,
                 bold=True)
    situation = resolved.get("situation", "none")
    feature = ""
    if situation == "call" and resolved.get("pairs"):
        feature = w(f"schicki.picture.feature.{resolved['pairs'][0][0]}")
    canvas.label(draw, (left, INFO_Y + 70, W - M - 20, INFO_Y + INFO_H - 10),
                 w(f"schicki.picture.situation.{situation}", feature=feature), TEXT + 4,
                 theme.INK_SOFT)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A five-pointed gold star: the winner's."""
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=theme.HIGHLIGHT, outline=art.OUTLINE, width=3)


def _mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, result: str) -> theme.RGB:
    """A tick for a win, a cross for a fault, a dash for nothing; returns its colour."""
    if result in WON:
        draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=GOOD)
        draw.line([(cx - 9, cy), (cx - 2, cy + 8), (cx + 10, cy - 8)], fill=theme.ON_ACCENT,
                  width=5, joint="curve")
        return GOOD
    if result in FAULTS:
        draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=BAD)
        for dx in (-8, 8):
            draw.line([(cx - dx, cy - 8), (cx + dx, cy + 8)], fill=theme.ON_ACCENT, width=5)
        return BAD
    draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=theme.INK_FAINT)
    draw.line([(cx - 8, cy), (cx + 8, cy)], fill=theme.ON_ACCENT, width=5)
    return theme.INK_SOFT


def _reactions(draw: ImageDraw.ImageDraw, results: list[Judged], names: list[str], w: Words,
               top: int) -> None:
    """One line a reaction, in the order they came: the order and the time, who, what they
    did, and what became of it."""
    canvas.card(draw, (M, top, W - M, top + reactions_height(len(results))))
    if not results:
        canvas.label(draw, (M + 20, top + 6, W - M - 20, top + 6 + REACTION_ROW),
                     w("schicki.picture.result.quiet"), TEXT + 2, theme.INK_SOFT, "m")
        return
    for i, r in enumerate(results):
        y = top + 6 + i * REACTION_ROW
        if i % 2:
            canvas.card(draw, (M + 6, y, W - M - 6, y + REACTION_ROW), theme.SHADE, None, 0,
                        radius=10)
        colour = _mark(draw, M + 36, y + REACTION_ROW / 2, r["result"])
        x = M + 66
        canvas.label(draw, (x, y + 4, x + 60, y + 34), ordinal(r["order"], w), TEXT + 2,
                     theme.INK, bold=True)
        seconds = w("schicki.picture.result.seconds", seconds=w.number(r["at_ms"] / 1000, 1))
        canvas.label(draw, (x, y + 36, x + 110, y + REACTION_ROW - 4), seconds, TEXT,
                     theme.INK_SOFT)
        x += 116
        split = x + 340
        canvas.label(draw, (x, y + 4, split - 12, y + 34), player_name(names, r["seat"], w),
                     TEXT + 2, theme.INK, bold=True)
        canvas.label(draw, (x, y + 36, split - 12, y + REACTION_ROW - 4),
                     says(r["action"], w), TEXT, theme.INK_SOFT)
        outcome = w(f"schicki.picture.outcome.{r['result']}")
        if r["cards"] and r["result"] in WON:
            outcome += " " + w.n("schicki.picture.result.cards", len(r["cards"]))
        canvas.paragraph(draw, (split, y + 4, W - M - 16, y + REACTION_ROW - 4), outcome,
                         TEXT + 2, colour, bold=True, leading=1.15)


# -- the end card ------------------------------------------------------------------------------

def draw_end(view: SchickiView, names: list[str], w: Words) -> Image.Image:
    """The game's end: who won, large, and every seat ranked by score with its cards won."""
    img = canvas.new(W, game_height(view["players"]))
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, w("schicki.picture.title"), w("schicki.picture.game_over"), TITLE_H)
    _game_banner(draw, view, names, w, INFO_Y)
    _ranking(draw, view, names, w, INFO_Y + BANNER_H + 14)
    return img


def _game_banner(draw: ImageDraw.ImageDraw, view: SchickiView, names: list[str], w: Words,
                 top: int) -> None:
    """Who won the game and with how many cards, large on gold beside a star."""
    scores = view["scores"]
    best = max(scores, default=0)
    winners = [player_name(names, s, w) for s, p in enumerate(scores) if p == best]
    if len(winners) == 1:
        text = w.n("schicki.picture.won_alone", best, name=winners[0])
    else:
        text = w.n("schicki.picture.won_shared", best, names=", ".join(winners))
    canvas.card(draw, (M, top, W - M, top + BANNER_H), theme.MEDAL_ROWS[0], theme.HIGHLIGHT, 4)
    _star(draw, M + 62, top + BANNER_H / 2, 44)
    canvas.paragraph(draw, (M + 120, top + 12, W - M - 20, top + BANNER_H - 12), text, 36,
                     theme.INK, bold=True, leading=1.4)


def _ranking(draw: ImageDraw.ImageDraw, view: SchickiView, names: list[str], w: Words,
             top: int) -> None:
    """Every seat, best score first (ties share a rank), with its cards won and owed."""
    n = view["players"]
    scores, won, owed = view["scores"], view["won"], view["owed"]
    order = sorted(range(n), key=lambda s: (-scores[s], s))
    canvas.card(draw, (M, top, W - M, top + ranking_height(n)))
    best = max(scores, default=0)
    rank = 0
    for i, seat in enumerate(order):
        if i == 0 or scores[seat] != scores[order[i - 1]]:
            rank = i + 1
        y = top + 6 + i * RANK_ROW
        cell = (M + 6, y, W - M - 6, y + RANK_ROW)
        if scores[seat] == best:
            canvas.card(draw, cell, theme.MEDAL_ROWS[0], theme.HIGHLIGHT, 2, radius=10)
        elif i % 2:
            canvas.card(draw, cell, theme.SHADE, None, 0, radius=10)
        medal = theme.MEDALS[rank - 1] if rank <= 3 else theme.PANEL_EDGE
        cx, cy = M + 44, y + RANK_ROW / 2
        draw.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=medal, outline=art.OUTLINE,
                     width=2)
        canvas.label(draw, (cx - 22, cy - 20, cx + 22, cy + 20), w.number(rank), 28, theme.INK,
                     "m", bold=True)
        canvas.label(draw, (W - M - 130, y + 6, W - M - 20, y + RANK_ROW - 6),
                     w.number(scores[seat]), 46, theme.ACCENT_DARK, "r", bold=True)
        x = M + 86
        canvas.label(draw, (x, y + 6, W - M - 460, y + RANK_ROW - 6),
                     player_name(names, seat, w), 30, theme.INK, bold=scores[seat] == best)
        if owed[seat]:
            detail = w("schicki.picture.won_owed", won=w.number(won[seat]),
                       owed=w.number(owed[seat]))
        else:
            detail = w("schicki.picture.won", won=w.number(won[seat]))
        canvas.label(draw, (W - M - 440, y + 6, W - M - 150, y + RANK_ROW - 6), detail, TEXT + 2,
                     theme.INK_SOFT, "r")
