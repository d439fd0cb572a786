"""Mimikri's and the leaderboard's Discord code answer only with words from the catalogue (the
check `tests/test_i18n.py` makes of every migrated module, enforced here for these two now)."""

from __future__ import annotations

import pytest

from tests.test_i18n import ROOT, literal_replies


@pytest.mark.parametrize("module", ["cogs/mimikri/cog.py", "cogs/leaderboard.py"])
def test_replies_come_from_the_catalogue(module):
    assert literal_replies(ROOT / module) == []
