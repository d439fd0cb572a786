"""The custom_id grammar: whatever the decoder accepts names ids the database can hold, every
template of every loaded game does, and nothing it is given makes it raise."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

import cogs.mariposas.panel
import cogs.privacy
import cogs.rematch
import cogs.replay
import cogs.schicki_micki.cog  # noqa: F401  (each registers its templates on import)
from cogs._custom_ids import MAX_ID, TEMPLATES, decode, match_of, unhandled_reason, up_to

NUMBER = re.compile(r"[0-9]+")


def fields_fit(found: re.Match[str]) -> bool:
    """Every number among the decoded fields fits a signed 64-bit integer."""
    return all(int(n) <= MAX_ID for value in found.groupdict().values() if value
               for n in NUMBER.findall(value))


@given(st.integers(min_value=0, max_value=2**70))
def test_the_id_pattern_takes_exactly_the_storable_ids(n: int):
    assert (re.fullmatch(up_to(MAX_ID), str(n)) is not None) == (n <= MAX_ID)


@given(st.integers(min_value=0, max_value=999), st.integers(min_value=0, max_value=1200))
def test_the_bounded_pattern_for_small_bounds(bound: int, n: int):
    assert (re.fullmatch(up_to(bound), str(n)) is not None) == (n <= bound)


PREFIXES = sorted({t.pattern.split(":", 1)[0] for t in TEMPLATES})
PIECE = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["orient", "N", "join", "computer_hard", "knock", "grab", "red", "preview",
                     "gif", "f", "0", "", "-", "9" * 19, str(2**63), str(2**63 - 1)]),
    st.text(max_size=12),
)


@given(st.sampled_from(PREFIXES), st.lists(PIECE, max_size=7))
def test_decoding_random_ids_of_our_shape_never_raises_and_never_overflows(prefix, pieces):
    custom_id = ":".join([prefix, *pieces])
    found = decode(custom_id)
    if found is not None:
        assert fields_fit(found), custom_id
        match_id = match_of(custom_id)
        assert match_id is None or 0 <= match_id <= MAX_ID
    assert unhandled_reason(custom_id, None) in ("ui.moved_on", "ui.unknown_button")


@given(st.text(max_size=120))
def test_decoding_any_text_never_raises(custom_id: str):
    found = decode(custom_id)
    assert found is None or (fields_fit(found) and len(custom_id) <= 100)


def test_every_template_refuses_an_id_beyond_64_bits():
    """The ids from the issue, with each game's prefix: a 19-digit number that SQLite cannot
    look up was taken for an id, and the click went unanswered."""
    for custom_id in ("mg:9999999999999999999:0:orient:N", f"ml:{2**63}:join",
                      f"mq:{2**63}:preview", "mr:9999999999999999999",
                      "mr:9999999999999999999:knock", "mp:9999999999999999999:1:0:f",
                      "mx:9999999999999999999:gif", "mpb:9999999999999999999:0:confirm",
                      "mps:9999999999999999999:0:1"):
        assert decode(custom_id) is None, custom_id
        assert match_of(custom_id) is None
        assert unhandled_reason(custom_id, None) == "ui.unknown_button"
    assert match_of(f"mg:{MAX_ID}:0:orient:N") == MAX_ID


def test_an_action_naming_a_number_past_nine_digits_is_refused():
    """Found by the property above: an action's text took any number (``mpb:0:0:`` and 19
    nines). Actions name cells, spaces and cards: up to nine digits in a row pass."""
    for custom_id in ("mpb:0:0:9999999999999999999", "mg:0:0:orient:9999999999999999999",
                      "mpb:1:2:land:1234567890"):
        assert decode(custom_id) is None, custom_id
    for custom_id in ("mpb:1:2:land:123456789", "mg:1:2:place:r3:C4", "mpb:1:2:card:7"):
        assert decode(custom_id) is not None, custom_id
