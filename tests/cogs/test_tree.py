"""The command tree's option check, on a command of its own: every kind of declared limit
(range, one-sided range, choices, text length, the value's type) and the words it answers with.
The commands of the games are checked end to end in tests/e2e/test_options.py."""

from __future__ import annotations

import pytest
from discord import app_commands

from cogs._tree import given_options, option_problem


@app_commands.command(name="demo", description="Every kind of limit")
@app_commands.choices(size=[app_commands.Choice(name="small", value=4),
                            app_commands.Choice(name="large", value=5)])
async def demo(
    interaction, size: int = 4, minutes: app_commands.Range[int, 0, 60] = 5,
    name: app_commands.Range[str, 2, 5] = "ab", pace: app_commands.Range[float, 0.5, None] = 1.0,
    loud: bool = False, free: str = "",
) -> None:
    """Does nothing: only its parameters matter."""


@pytest.mark.parametrize(("name", "value", "reason"), [
    ("minutes", -5, "`minutes` must be between 0 and 60 (not -5)"),
    ("minutes", 61, "`minutes` must be between 0 and 60 (not 61)"),
    ("minutes", 2.5, "`minutes` must be a whole number"),
    ("minutes", True, "`minutes` must be a whole number"),
    ("minutes", "5", "`minutes` must be a whole number"),
    ("size", 7, '`size` must be one of "small" or "large"'),
    ("name", "a", "`name` must be between 2 and 5 characters long (not 1)"),
    ("name", "abcdef", "`name` must be between 2 and 5 characters long (not 6)"),
    ("pace", 0.1, "`pace` must be at least 0.5 (not 0.1)"),
    ("pace", float("inf"), "`pace` must be a number"),
    ("loud", 1, "`loud` must be true or false"),
])
def test_a_value_outside_the_declared_limits_is_named_with_what_is_allowed(name, value, reason):
    problem = option_problem(demo, [{"name": name, "value": value}])
    assert problem is not None and problem.startswith(reason), problem


@pytest.mark.parametrize(("name", "value"), [
    ("minutes", 0), ("minutes", 60), ("size", 5), ("name", "ab"), ("name", "abcde"),
    ("pace", 0.5), ("pace", 1000), ("loud", True), ("free", "x" * 500), ("unknown", -1),
])
def test_a_value_inside_the_limits_passes(name, value):
    assert option_problem(demo, [{"name": name, "value": value}]) is None


def test_the_options_of_a_subcommand_are_found_inside_its_group():
    data = {"name": "mimic", "options": [{"type": 1, "name": "new", "options": [
        {"type": 4, "name": "turn_timer", "value": 999}]}]}
    assert given_options(data) == [{"type": 4, "name": "turn_timer", "value": 999}]
    assert given_options({"name": "help"}) == []


@app_commands.command(name="count", description="An integer option declared without limits")
async def count(interaction, n: int = 0) -> None:
    """Does nothing: only its parameter matters."""


def test_an_integer_declared_without_limits_keeps_to_discords_own():
    """A hand-made request's 2**70 passed unchecked to the command (and on to the database,
    which holds 64 bits); Discord's API allows integers within ±(2**53 - 1) only."""
    assert option_problem(count, [{"name": "n", "value": 2**53 - 1}]) is None
    assert option_problem(count, [{"name": "n", "value": -(2**53 - 1)}]) is None
    for sent in (2**53, 2**53 + 1, 2**70, -(2**63)):
        problem = option_problem(count, [{"name": "n", "value": sent}])
        assert problem is not None and problem.startswith("`n` must be between"), problem
