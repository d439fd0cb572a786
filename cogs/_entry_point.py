"""The global commands synced with the application's Activity Entry Point kept. Enabling
Activities in the developer portal gives the application an Entry Point command (type 4,
"Launch" in Discord's App Launcher), which discord.py does not know; Discord refuses a bulk
overwrite of the global commands that leaves it out (code 50240), so `make sync` would fail
once Activities are on. Here the commands are sent with every Entry Point Discord has, as it
has them (with its id, so it stays the same command)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT, an application command type discord.py 2.7 lacks
KEPT = ("id", "type", "name", "name_localizations", "description",
        "description_localizations", "handler", "contexts", "integration_types",
        "default_member_permissions", "nsfw")


async def sync_global(tree: app_commands.CommandTree[Any]) -> list[app_commands.AppCommand]:
    """Bulk-overwrite the global commands with the tree's and the Entry Point Discord has."""
    client = tree.client
    if client.application_id is None:
        raise app_commands.MissingApplicationID
    http = client.http
    existing = await http.get_global_commands(client.application_id)
    kept = [{k: c[k] for k in KEPT if k in c} for c in existing
            if c.get("type") == ENTRY_POINT]
    commands = tree.get_commands()
    translator = tree.translator
    if translator:
        payload = [await c.get_translated_payload(tree, translator) for c in commands]
    else:
        payload = [c.to_dict(tree) for c in commands]
    try:
        data = await http.bulk_upsert_global_commands(client.application_id,
                                                      payload=[*payload, *kept])
    except discord.HTTPException as error:
        if error.status == 400 and error.code == 50035:
            raise app_commands.CommandSyncFailure(error, commands) from None
        raise
    state = client._connection  # what discord.py's own sync builds its answer with
    return [app_commands.AppCommand(data=d, state=state) for d in data
            if d.get("type") != ENTRY_POINT]
