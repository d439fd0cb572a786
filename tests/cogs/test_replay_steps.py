"""Who sees which hand in a replay: the reader's own seat only, decided from the reader and
the stored seats (never from what a button says), and only in a game whose UI shows hands
(`Table.own_hand`: a MIMIC hand drawn, a Mariposas hand in words)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.autoplay import autoplay
from bot.db.rows import MatchRow, SeatRow
from bot.games import GAMES, REGISTRY
from bot.i18n import words
from bot.replay import rebuild
from cogs.mariposas.cog import MariposasUI
from cogs.mimic.table import MimicUI
from cogs.mimikri.cog import MimikriUI
from cogs.replay_steps import Replay, hand, hand_words, has_hand
from presentation.table import Tables
from rendering.mariposas.panels import card_words
from rendering.mimic.hand import render_hand

EN = words("en")
ALICE, BOB, CAROL = 11, 22, 33
TABLES = Tables(GAMES)
BOT = SimpleNamespace(uis={"mimic": MimicUI(TABLES["mimic"]),
                           "mimikri": MimikriUI(TABLES["mimikri"]),
                           "mariposas": MariposasUI(TABLES["mariposas"])}, tables=TABLES)
"""What the replay reads of the bot: each game's Discord UI and table."""


def replay_of(game: str) -> Replay:
    rules = REGISTRY[game]
    moves = list(autoplay(rules, "hands", 2, {}))
    frames = rebuild(rules, "hands", 2, {}, [(m.seat, m.action, 0) for m in moves])
    match = MatchRow(1, game, 5, 6, 7, ALICE, "hands", {}, frames[-1].state, len(moves),
                     "finished", None, False)
    seats = [SeatRow(0, ALICE, "Alice", False, 0), SeatRow(1, BOB, "Bob", False, 0)]
    return Replay(match, seats, rules, frames)


def test_each_player_gets_their_own_hand_and_a_stranger_none():
    replay = replay_of("mimic")
    rules = replay.rules
    for user, seat in ((ALICE, 0), (BOB, 1)):
        assert has_hand(BOT, replay, user)
        assert hand(BOT, replay, 3, user, EN) == render_hand(
            rules.view(replay.steps[3].state, seat), ["Alice", "Bob"], EN)
    assert hand(BOT, replay, 3, ALICE, EN) != hand(BOT, replay, 3, BOB, EN)
    assert not has_hand(BOT, replay, CAROL) and hand(BOT, replay, 3, CAROL, EN) is None


def test_a_seat_a_computer_took_over_is_still_its_players():
    replay = replay_of("mimic")
    taken = [SeatRow(0, ALICE, "Alice", True, 3), replay.seats[1]]
    replay = Replay(replay.match, taken, replay.rules, replay.steps)
    assert has_hand(BOT, replay, ALICE) and hand(BOT, replay, 0, ALICE, EN) is not None


def test_games_without_hands_show_none():
    replay = replay_of("mimikri")
    assert not has_hand(BOT, replay, ALICE) and hand(BOT, replay, 1, ALICE, EN) is None


def test_a_mariposas_hand_is_named_in_words_for_its_own_player_only():
    replay = replay_of("mariposas")
    rules = replay.rules
    alice = hand_words(BOT, replay, 0, ALICE, EN)
    bob = hand_words(BOT, replay, 0, BOB, EN)
    cards = rules.view(replay.steps[0].state, 0)["hand"]
    assert alice == "🃏 Your hand (only you see it): " + " · ".join(
        card_words(c, EN) for c in cards)
    assert alice != bob
    assert hand_words(BOT, replay, 0, CAROL, EN) is None and hand(BOT, replay, 0, ALICE, EN) is None
