"""A new lobby's options: the host's choice, else the server's default, else the game's."""

from __future__ import annotations

from bot.defaults import ServerSettings, lobby_options, timed_games

NOTHING = ServerSettings()
CHOSEN = ServerSettings(threads=True, options={("schicki_micki", "input"): "buttons"},
                        timers={"mimic": 180},
                        channels=frozenset({7}))


def test_left_out_options_are_the_games_own_defaults_on_a_server_that_chose_nothing():
    assert lobby_options("mimic", {"advanced": False, "turn_timer": None, "thread": None},
                         NOTHING) == {"advanced": False, "turn_timer": 600}
    assert lobby_options("mimikri", {"subjects": 4}, NOTHING)["turn_timer"] == 300
    assert lobby_options("schicki_micki", {"input": None}, NOTHING) == {"input": "reactions"}


def test_the_servers_defaults_fill_what_the_host_left_out():
    assert lobby_options("mimic", {"turn_timer": None, "thread": None}, CHOSEN) == {
        "turn_timer": 180, "thread": True}
    # A game the server set no timer for keeps the game's own.
    assert lobby_options("mariposas", {}, CHOSEN)["turn_timer"] == 600
    assert lobby_options("schicki_micki", {}, CHOSEN) == {"input": "buttons", "thread": True}


def test_the_hosts_choice_wins_over_the_server():
    assert lobby_options("mimic", {"turn_timer": 0, "thread": False}, CHOSEN) == {
        "turn_timer": 0}
    assert lobby_options("schicki_micki", {"input": "reactions"}, CHOSEN)["input"] == "reactions"


def test_schicki_micki_has_no_turn_timer():
    assert "turn_timer" not in lobby_options("schicki_micki", {}, CHOSEN)
    assert timed_games() == ["mimikri", "mimic", "mariposas"]


def test_game_channels_allow_their_threads_and_no_list_allows_everything():
    assert NOTHING.allows(1)
    assert CHOSEN.allows(7) and CHOSEN.allows(99, parent_id=7)
    assert not CHOSEN.allows(8) and not CHOSEN.allows(99, parent_id=8)
