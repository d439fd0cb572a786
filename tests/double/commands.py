"""The application commands the bot synced, and what invoking one looks like on the wire.

The driver never hand-writes interaction data: it walks the command tree the
bot itself uploaded, so a renamed option or a missing subcommand fails the
test just as it would fail for a real user.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .http_util import ApiError
from .models import INSTALL_CONTEXTS, Attachment, Guild, Role

if TYPE_CHECKING:
    from .world import World

SUBCOMMAND, GROUP = 1, 2
ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT: the Activity's "Launch" in the App Launcher
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)


class CommandError(LookupError):
    """The invocation could not be built: Discord's client would not let a user send it."""


def sync(world: World, scope: int | None, payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Bulk-overwrite the commands of a scope (None = global, else a guild id)."""
    # Discord keeps a command's id when a command of the same name and type survives.
    old = {(c["name"], c.get("type", 1)): c["id"] for c in world.commands.get(scope, [])}
    # An application with Activities has an Entry Point command, which an overwrite must keep.
    sent = {c.get("id") for c in payload} | {(c.get("name"), c.get("type", 1)) for c in payload}
    for cmd in world.commands.get(scope, []):
        if cmd.get("type") == ENTRY_POINT and not {cmd["id"], (cmd["name"], ENTRY_POINT)} & sent:
            raise ApiError(400, 50240, "You cannot remove this app's Entry Point command in a "
                           "bulk update operation. Please include the Entry Point command in "
                           "your update request or delete it separately.")
    stored = []
    for cmd in payload:
        kind = cmd.get("type", 1)
        entry = dict(cmd)
        entry.update(
            id=old.get((cmd["name"], kind)) or str(world.ids.next()),
            application_id=str(world.application_id),
            version=str(world.ids.next()),
            type=kind,
            default_member_permissions=cmd.get("default_member_permissions"),
            options=cmd.get("options") or [],
            description=cmd.get("description", ""),
            # Left out (or null), a global command is where the application is installed; a
            # server's command, in that server.
            integration_types=cmd.get("integration_types")
            or (list(INSTALL_CONTEXTS) if scope is None else [0]),
        )
        if scope is not None:
            entry["guild_id"] = str(scope)
        stored.append(entry)
    world.commands[scope] = stored
    return stored


def find_root(world: World, name: str, guild_id: int | None, kind: int = 1) -> dict[str, Any]:
    scopes = ([guild_id] if guild_id is not None else []) + [None]
    for scope in scopes:
        for cmd in world.commands.get(scope, []):
            if cmd["name"] == name and cmd.get("type", 1) == kind:
                return cmd
    known = sorted(c["name"] for cmds in world.commands.values() for c in cmds)
    raise CommandError(f"command {name!r} was never synced; synced: {known}")


def build_data(
    world: World,
    path: str,
    options: dict[str, Any],
    *,
    guild_id: int | None,
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of a type 2 (or, with ``focused``, type 4) interaction."""
    parts = path.split()
    root = find_root(world, parts[0], guild_id)
    data: dict[str, Any] = {"id": root["id"], "name": root["name"], "type": 1}
    if "guild_id" in root:
        data["guild_id"] = root["guild_id"]

    # Walk "group sub" down the tree; each level wraps the next in an option.
    node_defs = root.get("options") or []
    container: dict[str, Any] = data
    for part in parts[1:]:
        match = next(
            (o for o in node_defs if o["name"] == part and o["type"] in (SUBCOMMAND, GROUP)), None
        )
        if match is None:
            names = [o["name"] for o in node_defs if o["type"] in (SUBCOMMAND, GROUP)]
            raise CommandError(f"{path!r}: no subcommand {part!r} (have {names})")
        child: dict[str, Any] = {"type": match["type"], "name": part, "options": []}
        container.setdefault("options", []).append(child)
        container, node_defs = child, match.get("options") or []
    if any(o["type"] in (SUBCOMMAND, GROUP) for o in node_defs):
        raise CommandError(f"{path!r} is a group; name one of its subcommands")

    resolved: dict[str, dict[str, Any]] = {}
    guild = world.guilds.get(guild_id) if guild_id is not None else None
    values = container.setdefault("options", [])
    by_name = {o["name"]: o for o in node_defs}
    for name, value in options.items():
        if name not in by_name:
            raise CommandError(f"{path!r} has no option {name!r} (have {sorted(by_name)})")
        definition = by_name[name]
        entry: dict[str, Any] = {"name": name, "type": definition["type"]}
        if name == focused:
            # While typing, Discord sends the raw text whatever the option type.
            entry["value"] = str(value)
            entry["focused"] = True
        else:
            entry["value"] = _wire_value(world, definition, value, resolved, guild)
        values.append(entry)
    if focused is None:
        missing = [o["name"] for o in node_defs if o.get("required") and o["name"] not in options]
        if missing:
            raise CommandError(f"{path!r}: required options missing: {missing}")
    elif focused not in options:
        raise CommandError(f"{path!r}: the focused option {focused!r} needs a typed value")
    if resolved:
        data["resolved"] = resolved
    return data


def _wire_value(
    world: World,
    definition: dict[str, Any],
    value: Any,
    resolved: dict[str, Any],
    guild: Guild | None = None,
) -> Any:
    """An option's value on the wire, its users, roles and channels resolved as seen in
    ``guild`` (the first guild when not given)."""
    guild = guild or world.guild
    kind = definition["type"]
    choices = definition.get("choices")
    if kind == STRING:
        wire: Any = str(value)
        if definition.get("max_length") and len(wire) > definition["max_length"]:
            raise CommandError(
                f"option {definition['name']!r} is longer than {definition['max_length']}"
            )
    elif kind == INTEGER:
        wire = int(value)
    elif kind == NUMBER:
        wire = float(value)
    elif kind == BOOLEAN:
        wire = bool(value)
    elif kind in (USER, MENTIONABLE) and not isinstance(value, Role):
        user = world.user(value)
        member = guild.members.get(user.id)
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if member is not None:
            resolved.setdefault("members", {})[str(user.id)] = member.payload(
                with_user=False, permissions=guild.member_permissions(user.id)
            )
        wire = str(user.id)
    elif kind in (ROLE, MENTIONABLE):
        role = (
            value
            if isinstance(value, Role)
            else next(r for r in guild.roles if r.id == int(value))
        )
        resolved.setdefault("roles", {})[str(role.id)] = role.payload()
        wire = str(role.id)
    elif kind == CHANNEL:
        channel = world.channel(value)
        resolved.setdefault("channels", {})[str(channel.id)] = dict(
            channel.payload(), permissions=str(guild.member_permissions(world.bot_user.id))
        )
        wire = str(channel.id)
    elif kind == ATTACHMENT:
        att = _attachment(world, value)
        resolved.setdefault("attachments", {})[str(att.id)] = dict(att.payload(), ephemeral=True)
        wire = str(att.id)
    else:
        raise CommandError(f"option type {kind} is not supported by the double")
    if choices is not None and wire not in [c["value"] for c in choices]:
        raise CommandError(f"{wire!r} is not a choice of option {definition['name']!r}")
    for bound, ok in (("min_value", lambda b: wire >= b), ("max_value", lambda b: wire <= b)):
        if definition.get(bound) is not None and not ok(definition[bound]):
            raise CommandError(
                f"{wire!r} breaks {bound}={definition[bound]} of {definition['name']!r}"
            )
    return wire


def _attachment(world: World, value: Any) -> Attachment:
    if isinstance(value, Attachment):
        return value
    if isinstance(value, (bytes, bytearray)):
        return world.new_attachment(0, "upload.bin", bytes(value))
    filename, data = value
    return world.new_attachment(0, filename, bytes(data))
