"""Every command's check: each slash command's option values against the limits the
command itself declares (ranges, choices, lengths), before the command runs.

Discord's client enforces those limits, but the interaction arrives from whoever sends it: a
modified client or a hand-made request can send `turn_timer=-5`, and discord.py passes it on
unchecked. The limits are read from each command's own parameters, so a new command or option
is covered without being listed here.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Mapping
from typing import Any

import discord
from discord import AppCommandOptionType, app_commands

from bot.games.core import RuleError
from bot.i18n import Words, words
from cogs._entry_point import sync_global
from cogs._replies import apologise, reader, reason, tell
from cogs._ui import EN

log = logging.getLogger(__name__)

SUBCOMMAND, GROUP = 1, 2  # option types that wrap the options of a subcommand
# Discord's own bounds of an integer option, which it applies to one declared without any:
# a hand-made request's 2**70 would otherwise reach the database, which cannot hold it. Its
# API spec (discord-api-spec, components/schemas/Int53Type) allows ±(2**53 - 1), and a
# command declared with max_value 2**53 is refused at sync (400 Invalid Form Body) with every
# other command of the bulk overwrite: declared bounds use this too.
INTEGER_LIMIT = 2**53 - 1


class GameTree(app_commands.CommandTree[Any]):
    """The bot's command tree (the composition root names it): every command's options are
    checked before it runs, and whatever a command raises is answered in one place."""

    async def sync(self, *, guild: discord.abc.Snowflake | None = None
                   ) -> list[app_commands.AppCommand]:
        """Sync as discord.py does, the global commands with the Activity's Entry Point kept
        (`cogs._entry_point`)."""
        return await super().sync(guild=guild) if guild is not None else await sync_global(self)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every command, whichever cog brought it, has its options checked."""
        return await check_options(interaction)

    async def on_error(self, interaction: discord.Interaction[Any],
                       error: app_commands.AppCommandError, /) -> None:
        """Expected errors explained, the rest logged and apologised for."""
        original = getattr(error, "original", error)
        if isinstance(original, RuleError):
            await tell(interaction, reason(original, [], reader(interaction)))
        elif isinstance(error, app_commands.CheckFailure):
            await tell(interaction, reader(interaction)("games.cant_use"))
        else:
            await apologise(interaction, None, original)


async def check_options(interaction: discord.Interaction[Any], /) -> bool:
    """Every command's check (`GameTree.interaction_check`): let a command run only if every
    option it was given is within its declared limits, else refuse with a private reason.

    Autocomplete is not checked: there the user is still typing.
    """
    if interaction.type is not discord.InteractionType.application_command:
        return True
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True  # a context menu has no options; an unknown command fails later
    why = option_problem(command, given_options(interaction.data or {}), words(interaction.locale))
    if why is None:
        return True
    try:
        await tell(interaction, why)
    except discord.HTTPException as error:
        log.warning("could not refuse /%s: %s", command.qualified_name, error)
    return False


def given_options(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The options of the invoked (sub)command in an interaction's data."""
    options: list[Mapping[str, Any]] = list(data.get("options") or [])
    while options and options[0].get("type") in (SUBCOMMAND, GROUP):
        options = list(options[0].get("options") or [])
    return options


def option_problem(
    command: app_commands.Command[Any, ..., Any], given: Iterable[Mapping[str, Any]],
    w: Words = EN,
) -> str | None:
    """Why the given option values break the command's declared limits (None: they don't)."""
    parameters = {p.display_name: p for p in command.parameters}
    for option in given:
        parameter = parameters.get(str(option.get("name")))
        if parameter is None:
            continue  # discord.py ignores options the command does not have
        problem = value_problem(parameter, option.get("value"), w)
        if problem is not None:
            return w("option.problem", option=parameter.display_name, problem=problem)
    return None


def value_problem(parameter: app_commands.Parameter, value: Any, w: Words = EN) -> str | None:
    """Why ``value`` is not allowed for ``parameter`` (None: it is)."""
    kind = parameter.type
    expected = _EXPECTED.get(kind)
    if expected is not None and not expected[0](value):
        return w("option.must_be", what=w(expected[1]))
    if parameter.choices:
        if value not in [choice.value for choice in parameter.choices]:
            names = w("option.or").join(f'"{choice.name}"' for choice in parameter.choices)
            return w("option.must_be_one_of", names=names)
        return None
    low, high = parameter.min_value, parameter.max_value
    if kind is AppCommandOptionType.string:
        return _outside(len(value), low, high, w("option.characters"), str(len(value)), w)
    if kind is AppCommandOptionType.integer:
        low = -INTEGER_LIMIT if low is None else low
        high = INTEGER_LIMIT if high is None else high
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        return _outside(value, low, high, "", w.number(value), w)
    return None


def _is_integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    # JSON has no NaN or infinity, but Python's parser accepts them.
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


_EXPECTED = {  # option type → (accepts, catalogue key of what it expects)
    AppCommandOptionType.integer: (_is_integer, "option.whole_number"),
    AppCommandOptionType.number: (_is_number, "option.number"),
    AppCommandOptionType.string: (lambda v: isinstance(v, str), "option.text"),
    AppCommandOptionType.boolean: (lambda v: isinstance(v, bool), "option.true_false"),
}


def _outside(
    amount: float, low: float | None, high: float | None, unit: str, sent: str, w: Words
) -> str | None:
    """The reason when ``amount`` is below ``low`` or above ``high`` (either may be absent)."""
    if (low is None or amount >= low) and (high is None or amount <= high):
        return None
    bounds = {"low": w.number(low) if low is not None else "",
              "high": w.number(high) if high is not None else "", "unit": unit, "sent": sent}
    if low is not None and high is not None:
        return w("option.between", **bounds)
    return w("option.at_least" if low is not None else "option.at_most", **bounds)
