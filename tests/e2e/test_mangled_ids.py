"""Clicks whose custom_id is malformed, forged or foreign, through the fake Discord: each one
gets a private answer in the clicker's language, none crashes the bot or goes unanswered, and
none changes the game."""

from __future__ import annotations

import pytest

from bot.i18n import words
from tests.double import interactions as ix
from tests.e2e.table import Table, ephemeral_text
from tests.e2e.test_mimikri_languages import open_czech_game

pytestmark = [pytest.mark.asyncio, pytest.mark.czech]

TOO_BIG = "9999999999999999999"  # 19 digits, beyond a signed 64-bit match id
JUST_TOO_BIG = str(2**63)


def mangled(match_id: int) -> list[str]:
    """Ids no button of ours carries: every game's prefix with numbers out of range, fields
    missing or extra, signs, non-digits, and prefixes that are nobody's."""
    ids = []
    for prefix in ("mg", "ml", "mq", "mr", "mp", "mx", "mpb", "mps"):
        ids += [f"{prefix}:{TOO_BIG}:0:orient:N", f"{prefix}:{JUST_TOO_BIG}:join"]
    ids += [
        f"mg:{TOO_BIG}:0:orient:N", f"mg:{JUST_TOO_BIG}:0:orient:N",
        f"mg:{match_id}:{TOO_BIG}:orient:N",
        f"ml:{TOO_BIG}:join", f"ml:{JUST_TOO_BIG}:start", f"mq:{TOO_BIG}:preview",
        f"mr:{TOO_BIG}", f"mr:{TOO_BIG}:knock", f"mp:{TOO_BIG}:1:0:f", f"mx:{TOO_BIG}:gif",
        f"mpb:{TOO_BIG}:0:confirm", f"mps:{TOO_BIG}:0:1", "mh:9999999:n",
        f"mg:-{match_id}:0:orient:N", "ml:-1:join", f"mg:{match_id}:-1:orient:N",
        f"mg:{match_id}:0", f"mg:{match_id}", "mg:", "mg", f"mg:{match_id}:0:orient:N:1:2:3:4",
        f"ml:{match_id}:join:extra", f"mq:{match_id}", f"mr:{match_id}:knock:now:please",
        "mg:abc:0:orient:N", f"mg:{match_id}:x:orient:N", f"ml:{match_id}:dance",
        "mg:１２:0:orient:N", f"mg:{match_id}.0:0:orient:N", "mg:0x1F:0:orient:N",
        "zz:1:0:orient:N", "lobby:1:join", "", " ", "pd:xyz", "mg:1:0:steal:everything!",
        "mg:" + "9" * 90,
    ]
    return ids


async def test_every_mangled_id_gets_a_private_answer_in_the_readers_language(table: Table):
    driver = table.driver
    board, match_id = await open_czech_game(table)
    before = await table.match(match_id)
    channel = driver.channel("games")
    answers = {user: {words(lang)(key) for key in
                      ("ui.unknown_button", "ui.moved_on", "ui.not_running", "games.over",
                       "games.cancelled")}
               for user, lang in (("alice", "cs"), ("bob", "en"))}
    for custom_id in mangled(match_id):
        for user in ("alice", "bob"):
            data = {"custom_id": custom_id, "component_type": 2}
            result = await driver._interact(ix.COMPONENT, user, channel, data, message=board)
            told = ephemeral_text(result)
            assert result.ephemeral and told in answers[user], (custom_id, user, told,
                                                                 result.errors)
    after = await table.match(match_id)
    assert (after.version, after.state) == (before.version, before.state)
    # The fixture fails the test if discord.py logged an exception (an unanswered crash).


async def test_a_real_buttons_id_sent_as_another_kind_of_component_is_answered(table: Table):
    """A button's id arriving as a select menu's (a modified client) is routed by discord.py to
    no item; the bot still answers, privately."""
    driver = table.driver
    board, _match_id = await open_czech_game(table)
    real = next(c["custom_id"] for c in driver.latest(board).iter_components()
                if str(c.get("custom_id", "")).startswith("mg:"))
    data = {"custom_id": real, "component_type": 3, "values": ["N"]}
    result = await driver._interact(ix.COMPONENT, "alice", driver.channel("games"), data,
                                    message=board)
    assert result.ephemeral and ephemeral_text(result) == words("cs")("ui.unknown_button")
