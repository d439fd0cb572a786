"""The Mariposas board's words around the map: the status line, the season's goal cards (in
the map's empty south-east corner) and one panel per player (score, flowers held,
butterflies by generation, life cycle cards, bonus move cards, abilities)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.games.mariposas.rules import content
from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mariposas.parts import (
    BADGE,
    MAP_Y,
    SETS,
    SMALL,
    STAGES,
    M,
    W,
    badge,
    flower,
    goal_card,
    goal_words,
    life_card,
    name_of,
    season_name,
)

GOALS_BOX = (350, MAP_Y + 826, W - M - 4, MAP_Y + 1160)
"""The season goals' panel: in the map's empty corner south-east of Houston."""
TURNS = (4, 5, 6)
PLAYER_H = 128
SHORT_H = 94
"""A player's panel: with its line of abilities and bonus cards, and without (none yet)."""


def status(view: MariposasView, names: Sequence[str], w: Words) -> str:
    """Whose turn, or what the table waits for, in a few words."""
    phase = view["phase"]
    if phase == "over":
        return w("mariposas.picture.over")
    if phase == "free":
        return w("mariposas.picture.free_hatch")
    who = name_of(names, view["active"][0], w) if view["active"] else ""
    return w("mariposas.picture.turn_of", who=who)


def title(view: MariposasView, w: Words) -> str:
    """"Summer · round 3 of 5" (fall's extra turns and the game's end say so)."""
    season = season_name(view["season"], w)
    if view["phase"] == "over":
        return w("mariposas.picture.title_over")
    if view.get("extra"):
        return w("mariposas.picture.title_extra", season=season)
    turns = TURNS[view["season"]]
    current = min(view["round"] + 1, turns)
    return w("mariposas.picture.title", season=season, round=w.number(current),
             rounds=w.number(turns))


def card_words(code: str, w: Words) -> str:
    """A played card's code in words: "Reuse your card: Move 5 + Add 1 Move"."""
    main, *extras = code.split("+")
    base, _, target = main.partition("=")
    text = _card_name(base, w)
    if target:
        text = w("mariposas.picture.reuse_as", card=text, target=_card_name(target, w))
    return " + ".join([text, *(w(f"mariposas.bonus.{e.partition('@')[0]}") for e in extras)])


def _card_name(card: str, w: Words) -> str:
    kind, _, copy = card.rpartition("-")
    if copy.isdigit():
        return w(f"mariposas.action.{kind}")
    return w(f"mariposas.bonus.{card}") if card != "pass" else w("mariposas.action.pass")


def goals_panel(draw: ImageDraw.ImageDraw, view: MariposasView, names: Sequence[str], w: Words,
                box: tuple[float, float, float, float] = GOALS_BOX) -> None:
    """The current season's goal card in words, then the later seasons' cards if revealed;
    at the bottom the card the active player is playing."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box, theme.PANEL, theme.PANEL_EDGE, 2)
    current = view["turn"]
    if current is not None and current["card"]:
        y1 -= 40
        line = w("mariposas.picture.playing", who=name_of(names, current["seat"], w),
                 card=card_words(current["card"], w))
        draw.line([(x0 + 14, y1 + 2), (x1 - 14, y1 + 2)], fill=theme.PANEL_EDGE, width=2)
        canvas.label(draw, (x0 + 14, y1 + 6, x1 - 14, y1 + 36), line, SMALL, theme.INK,
                     bold=True)
    season = view["season"]
    y = y0 + 8
    for later in range(season, 3):
        card_id = view["goal_cards"][later]
        head_key = "mariposas.picture.goals_now" if later == season else \
            "mariposas.picture.goals_later"
        head = w(head_key, season=season_name(later, w))
        if card_id is None:
            waiting = sum(view["on_card"][later])
            text = w.n("mariposas.picture.goals_hidden", waiting,
                       season=season_name(later, w)) if waiting else \
                w("mariposas.picture.goals_hidden_now", season=season_name(later, w))
            canvas.label(draw, (x0 + 14, y, x1 - 14, y + 30), text, SMALL, theme.INK_SOFT)
            y += 32
            continue
        canvas.label(draw, (x0 + 14, y, x1 - 14, y + 32), head, theme.TEXT_SIZE + 2,
                     theme.ACCENT_DARK if later == season else theme.INK_SOFT, bold=True)
        y += 34
        for goal in goal_card(card_id).goals:
            text = "• " + goal_words(goal, w)
            size = theme.TEXT_SIZE if later == season else SMALL
            room = min(y1 - 8, y + 3 * size * 1.25 + 2)
            if room - y < size * 1.25:
                break  # no room left in the corner: the card is cut, never spilled
            used = canvas.paragraph(draw, (x0 + 14, y, x1 - 14, room), text, size,
                                    theme.INK if later == season else theme.INK_SOFT)
            y += used + 4
        y += 6
        if y > y1 - 60:
            break


def _cards_line(view: MariposasView, seat: int, w: Words) -> str:
    """A seat's abilities, then its bonus move cards (used ones marked), in words."""
    bits = [w(f"mariposas.ability.{token}") for token in view["has_ability"][seat]]
    bits += [w(f"mariposas.bonus.{card}") for card in view["bonus"][seat]["held"]]
    bits += [w("mariposas.picture.bonus_used", card=w(f"mariposas.bonus.{card}"))
             for card in view["bonus"][seat]["used"]]
    return " · ".join(bits)


def _height(view: MariposasView, seat: int) -> int:
    has_cards = view["has_ability"][seat] or view["bonus"][seat]["held"] or \
        view["bonus"][seat]["used"]
    return PLAYER_H if has_cards else SHORT_H


SETS_H = 60  # room for an ability's words on two lines ("+1 motýl v Michoacánu")


def sets_line(draw: ImageDraw.ImageDraw, view: MariposasView, w: Words, top: float) -> None:
    """What completing each life cycle set gives in this game: the set's colour (a full row
    of cards) and its ability token in words."""
    x = M + 4
    canvas.label(draw, (x, top, x + 200, top + SETS_H), w("mariposas.picture.sets"), SMALL,
                 theme.INK_SOFT, bold=True)
    x += min(200, canvas.text_width(w("mariposas.picture.sets"), SMALL, True)) + 14
    room = (W - M - x) / 3
    for i, life_set in enumerate(SETS):
        cx = x + i * room
        life_card(draw, life_set, "adult", (cx, top + 16, cx + 30, top + SETS_H - 16))
        token = view["abilities"].get(life_set)
        text = w(f"mariposas.ability.{token}") if token else "—"
        box = (cx + 36, top, cx + room - 10, top + SETS_H)
        if canvas.text_width(text, SMALL) <= box[2] - box[0]:
            canvas.label(draw, box, text, SMALL)
        else:  # two lines rather than a cut: the words say what the set gives
            canvas.paragraph(draw, (box[0], top + 3, box[2], box[3] - 1), text, SMALL,
                             leading=1.1)


def players_height(view: MariposasView) -> int:
    return sum(_height(view, seat) for seat in range(view["players"])) + 8


def players(draw: ImageDraw.ImageDraw, view: MariposasView, names: Sequence[str], w: Words,
            top: float) -> None:
    """One panel per player, in seat order; the active player's framed in amber."""
    y = top
    for seat in range(view["players"]):
        h = _height(view, seat)
        _player(draw, view, names, w, seat, (M, y, W - M, y + h - 8))
        y += h


def _player(draw: ImageDraw.ImageDraw, view: MariposasView, names: Sequence[str], w: Words,
            seat: int, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    active = seat in view["active"]
    canvas.card(draw, box, theme.PANEL, theme.HIGHLIGHT if active else theme.PANEL_EDGE,
                4 if active else 2)
    # Line 1: the seat's badge, the name, the score.
    badge(draw, seat, None, x0 + 24, y0 + 24)
    score = w.n("mariposas.picture.points", view["scores"][seat])
    score_w = canvas.text_width(score, theme.HEADING_SIZE, True) + 4
    canvas.label(draw, (x1 - 14 - score_w, y0 + 6, x1 - 14, y0 + 42), score,
                 theme.HEADING_SIZE, theme.INK, "r", bold=True)
    canvas.label(draw, (x0 + 48, y0 + 6, x1 - 30 - score_w, y0 + 42), name_of(names, seat, w),
                 theme.HEADING_SIZE - 2, theme.INK, bold=True)
    # Line 2: flowers held, butterflies on the map by generation, life cycle cards.
    mid = y0 + 64
    x = x0 + 14
    for kind in content().board.flower_types:
        flower(draw, kind, x + 10, mid, 10)
        count = str(view["flowers"][seat].get(kind, 0))
        canvas.text(draw, (x + 24, mid), count, SMALL, theme.INK, "lm", bold=True,
                    box=(x + 22, mid - 16, x + 62, mid + 16))
        x += 66
    _flock(draw, view, seat, x, mid)
    _life_cycle(draw, view["life_cycle"][seat], (x1 - 190, y0 + 46, x1 - 14, y0 + 80))
    # Line 3 (only once there is something): abilities and bonus move cards in words.
    line = _cards_line(view, seat, w)
    if line:
        canvas.label(draw, (x0 + 14, y0 + 90, x1 - 14, y1 - 4), line, SMALL)


def _flock(draw: ImageDraw.ImageDraw, view: MariposasView, seat: int, x: float, mid: float) -> None:
    """The seat's butterflies on the map by generation: a badge per generation (a double
    generation 4 apart) and how many, "×3"."""
    counts: dict[tuple[int, bool], int] = {}
    for b in view["butterflies"]:
        if b["seat"] == seat:
            key = (b["gen"], bool(b["double"]))
            counts[key] = counts.get(key, 0) + 1
    x += 6
    for (gen, double), count in sorted(counts.items()):
        badge(draw, seat, gen, x + BADGE + 4, mid, double)
        left = x + 2 * BADGE + (16 if double else 10)  # clear of a double's ring
        canvas.text(draw, (left + 2, mid), f"×{count}", SMALL, theme.INK, "lm",
                    box=(left, mid - 16, left + 38, mid + 16))
        x = left + 42


def _life_cycle(draw: ImageDraw.ImageDraw, held: Sequence[str],
                box: tuple[float, float, float, float]) -> None:
    """The 12 life cycle cards as a 3 × 4 grid (sets by row, stages by column): filled where
    held, an outline where not; a completed row is underlined in gold."""
    x0, y0, x1, y1 = box
    cw, ch, gap = (x1 - x0 - 9) / 4, (y1 - y0 - 6) / 3, 3
    for row, life_set in enumerate(SETS):
        for col, stage in enumerate(STAGES):
            cx, cy = x0 + col * (cw + gap), y0 + row * (ch + gap)
            life_card(draw, life_set, stage, (cx, cy, cx + cw, cy + ch),
                      f"{life_set}_{stage}" in held)
        if all(f"{life_set}_{stage}" in held for stage in STAGES):
            cy = y0 + row * (ch + gap) + ch / 2
            draw.line([(x0 - 10, cy), (x0 - 4, cy)], fill=theme.HIGHLIGHT, width=5)
