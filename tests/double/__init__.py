"""A fake Discord (REST v10 + gateway on 127.0.0.1) that the real discord.py client logs into.

``FakeDiscord`` serves the API, ``World`` holds the guild and every message,
``Driver`` plays the users, ``run_bot`` starts (and can kill) a bot against it.
"""

from .actions import Action
from .driver import Driver, InteractionRejected, Ping
from .interactions import InteractionResult
from .mentions import Pings
from .models import Attachment, Channel, Message, User
from .runner import RunningBot, run_bot
from .server import FakeDiscord
from .snowflake import Clock, snowflake_time
from .world import World

__all__ = [
    "Action",
    "Attachment",
    "Channel",
    "Clock",
    "Driver",
    "FakeDiscord",
    "InteractionRejected",
    "InteractionResult",
    "Message",
    "Ping",
    "Pings",
    "RunningBot",
    "User",
    "World",
    "run_bot",
    "snowflake_time",
]
