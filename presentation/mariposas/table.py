"""Mariposas' public table for every front end: the picture (the map, the goals and every
player's board), whose turn it is, the log's lines and the alt text's scores; and a seat's
hand named for its player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.core import Event
from bot.games.mariposas.content import load
from bot.games.mariposas.views import MariposasView
from presentation.mariposas import words
from presentation.seats import seat_name, seat_names
from presentation.table import PLAIN, Style, Table

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.i18n import Words


K = words.K  # the catalogue's keys of the table's words


class MariposasTable(Table[MariposasView]):
    """How a Mariposas table is drawn and told."""

    own_hand = "words"  # a replay names a seat's few cards for its player

    def rules(self, w: Words) -> tuple[str, bytes]:
        """/mariposas rules: the text and its picture."""
        from rendering import mariposas as art  # the pictures load with the game, not before

        return w(f"{K}rules"), art.render_rules(w)

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: MariposasView,
                w: Words) -> bytes:
        """The map, goals and every player's board."""
        # Imported when first drawn: the map's renderer loads its art and fonts.
        from rendering import mariposas as art
        return art.render_board(view, seat_names(seats, w), w)

    def status(self, match: MatchRow, seats: Sequence[SeatRow], view: MariposasView,
               w: Words, style: Style = PLAIN) -> str:
        """Whose turn it is, who still chooses a free hatch, or who won."""
        if view["phase"] == "over":
            result = view["result"]
            winners = [style.seat(seats[s], w) for s in result["winners"]] if result else []
            best = max(result["scores"]) if result else 0
            return w(f"{K}status.won", winners=", ".join(winners), points=best)
        who = ", ".join(style.seat(seats[s], w) for s in view["active"])
        if view["phase"] == "free":
            return w(f"{K}status.free", who=who)
        season = w(f"{K}season.{view['season']}")
        if not style.controls:  # no button to name: whose turn, in which season
            return w(f"{K}status.turn_plain", who=who, season=season)
        return w(f"{K}status.turn", who=who, season=season, button=w(f"{K}button.panel"))

    def scores(self, seats: Sequence[SeatRow], view: MariposasView, w: Words) -> str:
        """Everyone's points, for the board's alt text."""
        return w(f"{K}alt.scores", scores=", ".join(
            f"{seat_name(s, w)}: {p}" for s, p in zip(seats, view["scores"], strict=True)))

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words,
                 style: Style = PLAIN) -> str | None:
        """A line for what cannot be undone: a finished turn, a waystation, the seasons."""
        names = [style.quote(seat_name(s, w)) for s in seats]
        name = names[event.seat] if event.seat is not None and 0 <= event.seat < len(names) \
            else ""
        data = event.data
        match event.kind:
            case "started":
                return w(f"{K}log.started")
            case "drew":
                return w(f"{K}log.turn_done", name=name)
            case "waystation_flipped":
                city = words.city(data["city"], load().board.city(data["city"]).name, w)
                return w(f"{K}log.waystation", name=name, city=city)
            case "season_scored":
                return w(f"{K}log.season_scored", season=w(f"{K}season.{data['season']}"))
            case "season_started":
                return w(f"{K}log.season_started", season=w(f"{K}season.{data['season']}"))
            case "game_over":
                return w(f"{K}log.over")
            case "timed_out":
                key = f"{K}log.timed_out_kept" if data["handed_over"] else f"{K}log.timed_out"
                return w(key, name=style.quote(data["name"]))
            case "replaced":
                return w(f"{K}log.replaced", name=style.quote(data["name"]))
        return None

    def hand_words(self, view: MariposasView, w: Words) -> str:
        """A seat's hand of cards, each named as the private panel names it."""
        from rendering.mariposas.panels import card_words
        return " · ".join(card_words(card, w) for card in view["hand"]) or "—"
