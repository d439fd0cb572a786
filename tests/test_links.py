"""Board links: a token lets in exactly the user and match it was signed for, until it expires;
anything changed in it, or signed with another secret, is refused."""

from __future__ import annotations

import pytest

from bot.links import LINK_LIFE, SPECTATOR, BadToken, Pass, board_url, check, sign

SECRET = "s" * 40
NOW = 1_800_000_000


def test_a_token_lets_in_its_user_on_its_match_until_it_expires():
    token = sign(SECRET, 42, 7, NOW + 60)
    assert check(SECRET, token, 7, NOW) == Pass(42, 7, NOW + 60)
    assert check(SECRET, token, 7, NOW + 60) == Pass(42, 7, NOW + 60)
    with pytest.raises(BadToken, match="expired"):
        check(SECRET, token, 7, NOW + 61)
    with pytest.raises(BadToken, match="another match"):
        check(SECRET, token, 8, NOW)


@pytest.mark.parametrize("token", [
    "", "x", "a.b.c", sign(SECRET, 42, 7, NOW + 60) + "x",
    sign("another secret of forty characters......", 42, 7, NOW + 60),
])
def test_malformed_and_forged_tokens_are_refused(token):
    with pytest.raises(BadToken):
        check(SECRET, token, 7, NOW)


def test_a_user_or_expiry_written_into_a_token_breaks_its_signature():
    _body, mac = sign(SECRET, SPECTATOR, 7, NOW + 60).split(".")
    other_body = sign(SECRET, 42, 7, NOW + 10**6).split(".")[0]
    with pytest.raises(BadToken, match="forged"):
        check(SECRET, f"{other_body}.{mac}", 7, NOW)


def test_the_board_link_names_the_match_and_carries_a_spectators_token():
    url = board_url("https://board.example", SECRET, 7, SPECTATOR, NOW)
    assert url.startswith("https://board.example/m/7?t=")
    assert check(SECRET, url.split("?t=")[1], 7, NOW + 3600) == Pass(SPECTATOR, 7,
                                                                       NOW + LINK_LIFE)
