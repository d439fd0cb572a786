"""Every game's table says the same words to both front ends: its status line, log lines and
alt-text scores come from the game's `Table` once, and a front end only chooses how a name is
written into them (`Style`): Discord mentions the players to act and escapes every name, the
web writes names exactly as the players wrote them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.autoplay import autoplay
from bot.db.rows import MatchRow, SeatRow
from bot.games import GAMES
from bot.i18n import words
from cogs._replies import DISCORD, mention, plain
from presentation.table import PLAIN, Table, Tables

EN, CS = words("en"), words("cs")
TABLES = Tables(GAMES)
NAMES = ["*Ann*_x", "<@99> Bob", "Cé|ine", "Dan"]  # markdown, a fake ping, a pipe


def seats(n: int) -> list[SeatRow]:
    return [SeatRow(i, 100 + i, NAMES[i], False, 0) for i in range(n)]


def game(name: str) -> tuple[Table, list[SeatRow], list]:
    """A whole game between computers at its fewest players: every state and event."""
    rules = GAMES[name].rules
    n = max(rules.min_players, 2)
    return TABLES[name], seats(n), list(autoplay(rules, f"tables-{name}", n, {}))


def match(name: str, state, version: int, status: str = "active") -> MatchRow:
    return MatchRow(1, name, 5, 6, 7, 100, "seed", {}, state, version, status, None, False)


def test_every_game_has_a_table_its_spec_names():
    assert set(TABLES) == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_web_and_discord_say_the_same_words_but_for_names(name):
    table, sat, moves = game(name)
    rules = GAMES[name].rules
    said_plain = said_discord = 0
    for move in moves:
        view = rules.view(move.state, None)
        row = match(name, move.state, move.version,
                    "finished" if rules.outcome(move.state) else "active")
        web = table.status(row, sat, view, EN, PLAIN)
        discord = table.status(row, sat, view, EN, DISCORD)
        # The same line once the names are written back as they are (and Discord's controls
        # left unnamed, as the web has none of them).
        back = table.status(row, sat, view, EN, replace(DISCORD, controls=False))
        assert "`/" not in web and EN("mariposas.discord.button.panel") not in web, \
            "the web names no Discord command or button"
        for seat in sat:
            back = back.replace(mention(seat, EN), seat.name).replace(plain(seat.name),
                                                                        seat.name)
        assert back == web
        said_plain += sum(n in web for n in NAMES)
        said_discord += sum(f"<@{s.user_id}>" in discord for s in sat)
        assert "<@99>" not in discord.replace(plain("<@99>"), ""), "a name never pings"
        for event in move.events:
            if event.visible_to is None:
                line = table.describe(event, sat, EN, PLAIN)
                escaped = table.describe(event, sat, EN, DISCORD)
                assert (line is None) == (escaped is None)
                assert (table.describe(event, sat, CS, PLAIN) is None) == (line is None)
    assert said_plain and said_discord, "the status lines name the players"
    final = rules.view(moves[-1].state, None)
    scores = table.scores(sat, final, EN)
    assert scores is None or any(n in scores for n in NAMES), "alt text names as written"
