"""Settings.from_env: what each setting accepts, and the words a refused one is refused with.
How `python -m bot` reports a refused setting is tested in tests/e2e/test_startup.py."""

from __future__ import annotations

import pytest

from bot.settings import Settings


@pytest.mark.parametrize(("given", "level"), [
    ("", "INFO"), ("debug", "DEBUG"), (" Warning ", "WARNING"), ("WARN", "WARN"),
    ("error", "ERROR"), ("critical", "CRITICAL"),
])
def test_a_logging_level_is_accepted_in_any_case(given, level):
    assert Settings.from_env({"LOG_LEVEL": given}).log_level == level


@pytest.mark.parametrize("given", ["verbose", "10", "info,debug"])
def test_an_unknown_log_level_is_refused_with_the_allowed_ones(given):
    with pytest.raises(ValueError) as refused:
        Settings.from_env({"LOG_LEVEL": given})
    message = str(refused.value)
    assert message == ("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL"
                       f" (not {given!r})")
