"""`/help` and the README against the commands the bot really has: the list is read from the
command tree the bot synced to the fake Discord, so a new, renamed or removed command fails
here until both say so, and neither names a command that does not exist.

How each game is played (buttons, emoji reactions, slash commands) is checked where the code
says it: Schicki Micki's emojis come from its words (the ones its cog reads).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from presentation.schicki_micki.words import EMOJI
from tests.double import commands
from tests.double.models import FLAG_EPHEMERAL
from tests.e2e.table import ephemeral_text

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.asyncio, pytest.mark.started]
DISCORD_LIMIT = 2000  # characters in one message
# Commands that /help or the README may leave out on purpose, each with the reason.
UNMENTIONED: dict[str, str] = {}


def synced_commands(world: Any) -> set[str]:
    """Every slash command a user can type, as "/group sub", from the synced command tree."""
    found: set[str] = set()

    def walk(prefix: str, options: list[dict[str, Any]]) -> None:
        nested = [o for o in options if o["type"] in (commands.SUBCOMMAND, commands.GROUP)]
        if not nested:
            found.add(prefix)
        for option in nested:
            walk(f"{prefix} {option['name']}", option.get("options") or [])

    for scope in world.commands.values():
        for command in scope:
            if command.get("type", 1) == 1:  # context menus are not typed
                walk(f"/{command['name']}", command.get("options") or [])
    return found


def mentioned(text: str, command: str) -> bool:
    """Whether ``text`` names ``command`` in code style (`/mimic take`, `/mimic place card:…`)."""
    return re.search(re.escape(f"`{command}") + r"[` ]", text) is not None


def unknown_commands(text: str, known: set[str]) -> list[str]:
    """The code-style command mentions in ``text`` that name no command the bot has: a group
    alone (`/mimic`) or a command with options (`/mimic new solo:True`) is fine, a word that is
    neither a subcommand nor an option (`/mimic fly`, `/help me`) is not."""
    prefixes = {" ".join(name.split()[:n]) for name in known
                for n in range(1, len(name.split()) + 1)}
    wrong = []
    for said in re.findall(r"`(/[^`]*)`", text):
        words = said.split()
        path, rest = words[0], words[1:]
        while rest and f"{path} {rest[0]}" in prefixes:
            path, rest = f"{path} {rest[0]}", rest[1:]
        # After a command only its options (name:value) may follow; after a group, nothing.
        if path not in prefixes or (path not in known and rest) or any(":" not in w for w in rest):
            wrong.append(said)
    return wrong


def assert_names_every_command(text: str, known: set[str], where: str) -> None:
    missing = sorted(c for c in known - set(UNMENTIONED) if not mentioned(text, c))
    assert not missing, f"{where} does not mention {missing}"
    stale = unknown_commands(text, known)
    assert not stale, f"{where} names commands the bot does not have: {stale}"


async def help_messages(result: Any) -> list[str]:
    """Every private message /help sent: its response, then its follow-up."""
    assert result.ephemeral, result
    followups = await result.wait_followups(1)
    assert all(m.flags & FLAG_EPHEMERAL for m in followups), followups
    return [ephemeral_text(result)] + [m.content for m in followups]


async def test_help_names_every_command_the_bot_has(table):
    known = synced_commands(table.driver.world)
    assert {"/help", "/mimic place", "/mimic take", "/game list"} <= known  # the tree is read
    messages = await help_messages(await table.driver.slash("alice", "games", "help"))
    assert len(messages) == 2, messages  # the games, then the commands
    for text in messages:
        assert text and len(text) <= DISCORD_LIMIT, len(text)
    assert_names_every_command("\n".join(messages), known, "/help")


async def test_help_says_how_schicki_micki_is_played(table):
    """By reacting with the table's emojis (buttons only when a game is opened so)."""
    text = "\n".join(await help_messages(await table.driver.slash("alice", "games", "help")))
    schicki = next(line for line in text.splitlines() if "Schicki Micki" in line)
    missing = [emoji for emoji in EMOJI if emoji not in schicki]
    assert not missing, f"/help's Schicki Micki line lacks the reactions {missing}"
    assert "input:buttons" in schicki, schicki


async def test_the_readme_names_every_command_the_bot_has(table):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert_names_every_command(readme, synced_commands(table.driver.world), "README.md")
