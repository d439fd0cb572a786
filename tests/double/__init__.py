"""A fake Discord (REST v10 + gateway on 127.0.0.1) that the real discord.py client logs into.

``FakeDiscord`` serves the API, ``World`` holds the guilds and every message,
``Driver`` plays the users, ``run_bot`` starts (and can kill) a bot against it in this
process, ``start_bot_process`` the real ``python -m bot`` as a process of its own.
"""

from .actions import Action
from .driver import Driver, InteractionRejected, Ping
from .interactions import InteractionResult
from .mentions import Pings
from .models import Attachment, Channel, Guild, Message, User
from .process import BotProcess, BotProcessFailed, start_bot_process
from .runner import RunningBot, run_bot
from .server import FakeDiscord
from .snowflake import Clock, snowflake_time
from .world import World

__all__ = [
    "Action",
    "Attachment",
    "BotProcess",
    "BotProcessFailed",
    "Channel",
    "Clock",
    "Driver",
    "FakeDiscord",
    "Guild",
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
    "start_bot_process",
]
