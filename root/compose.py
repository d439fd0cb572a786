"""The composition root's one job: names the command tree, builds the services both front ends
run on, hands each its dependencies, loads Discord's extensions (commands, buttons, each game's
UI) and starts the web board.

The application imports this module by name (`bot.app`), as it loads the extensions: layers
point downward. Everything is wired here, once: the session service gets its placement (games'
threads), the publisher the session service and the threads, each game's Discord UI and the
web board (its `web.host.Host`) the games' tables, the change feed (other processes' commits,
on PostgreSQL) the session service and the web's boards, and the listeners of committed
changes subscribe in a fixed order — the games' tables first (what a picture remembers is kept
before any board is drawn), then the board publisher, so whatever another listener posts after
a game's end follows its final board. No extension needs another loaded before it.
"""

from __future__ import annotations

import importlib.util
import logging
from typing import TYPE_CHECKING, Any

from bot.db.repo import Repo
from bot.dealer import Dealer
from bot.feed import ChangeFeed
from bot.games import GAMES
from bot.sessions.service import SessionService
from bot.settings import Settings
from cogs._buttons import DYNAMIC_ITEMS
from cogs._cog import GameCog
from cogs._pings import TurnPings
from cogs._publisher import Publisher
from cogs._threads import Threads
from cogs._translator import CommandTranslator
from cogs._tree import GameTree
from cogs._ui import GameUI
from cogs._web import LaunchButton, PlayButton, board_buttons
from cogs.rematch import RematchButton
from presentation.languages import Languages
from presentation.table import Tables
from web.activity import Activity
from web.host import Host
from web.live import LiveBoards
from web.server import BoardServer

if TYPE_CHECKING:
    from cogs._bot import GameBot

    class RootBot(GameBot):
        """The bot as the root leaves it: plus the web board it started (None: WEB_URL is
        not set) and the change feed (None: not on PostgreSQL)."""

        web: BoardServer | None
        feed: ChangeFeed | None

log = logging.getLogger(__name__)

Tree = GameTree
"""The bot's command tree: every command's options checked, every command error answered."""

SHARED = ("cogs.games", "cogs.leaderboard", "cogs.daily", "cogs.settings", "cogs.privacy",
          "cogs.replay")
"""The extensions every game shares: lobbies and /game, leaderboards, /daily, /settings,
/privacy, replays."""


def game_extensions() -> dict[str, str]:
    """Each game's own extension: the ``cog`` module of its package ``cogs.<game>`` (a game of
    `bot.games` without one is not played in Discord)."""
    return {game: f"cogs.{game}.cog" for game in GAMES
            if importlib.util.find_spec(f"cogs.{game}")}


def extensions() -> list[str]:
    """What the bot loads: the shared extensions and each game's own."""
    return [SHARED[0], *game_extensions().values(), *SHARED[1:]]


def game_uis(bot: GameBot) -> dict[str, GameUI[Any]]:
    """How each game looks in Discord: what its extension's ``ui(bot, table)`` builds on the
    game's table (before any extension loads, so every cog finds every game's)."""
    return {game: importlib.import_module(module).ui(bot, bot.tables[game])
            for game, module in game_extensions().items()}


def community(bot: GameBot, guild_id: int) -> object:
    """A server's community locale, from the bot's gateway cache (None: not a server of ours)."""
    guild = bot.get_guild(guild_id)
    return guild.preferred_locale if guild is not None else None


async def start_web(bot: RootBot, settings: Settings) -> None:
    """The live web board (and the Activity), when WEB_URL is set: it hears every commit after
    Discord's board publisher, so Discord's board is not held up."""
    bot.web = None
    if not settings.web_url:
        return
    live = LiveBoards(bot.sessions, bot.tables)
    bot.sessions.subscribe(live)
    if bot.feed is not None:  # other processes' commits reach these boards too
        bot.feed.subscribe(live)
    host = Host(sessions=bot.sessions, languages=bot.languages, dealer=bot.dealer,
                discord=bot, picture=bot.tables.picture)
    activity = Activity(host, settings, bot.tables) if settings.activity else None
    bot.web = BoardServer(host, live, settings, activity)
    await bot.web.start()


async def compose(bot: RootBot) -> None:
    """Build and wire every service on ``bot`` (its database is open), then load the
    extensions."""
    settings = bot.settings
    threads = Threads(bot)
    repo = Repo(bot.db)
    bot.sessions = SessionService(repo, computer_delay=settings.computer_delay,
                                  owner=settings.owner, placement=threads)
    bot.languages = Languages(repo, lambda guild_id: community(bot, guild_id))
    # Every game's table picture, for both front ends: it hears each change first (before
    # any board is redrawn), so a picture that shows more than the view (Schicki Micki's
    # newest result) is drawn with it by whichever front end asks.
    bot.tables = Tables(GAMES)
    bot.sessions.subscribe(bot.tables)
    # The web board's buttons under the boards: none unless WEB_URL is set, the bot as ever.
    bot.publisher = Publisher(bot, bot.sessions, threads, retry_delay=settings.retry_delay,
                              web=board_buttons(settings))
    bot.sessions.subscribe(bot.publisher)
    # Turn pings and reminders: after the publisher, which they wait on (a ping goes out once
    # the board shows the turn).
    bot.pings = TurnPings(bot, bot.publisher)
    bot.sessions.subscribe(bot.pings)
    # The real-time games' clock: it starts dealing when such a game starts, from either
    # front end; Discord's table (the game's cog) attaches itself as what it deals on.
    bot.dealer = Dealer(bot.sessions, time_scale=settings.time_scale,
                        retry_delay=settings.retry_delay)
    bot.sessions.subscribe(bot.dealer)
    # On PostgreSQL other processes commit too (a move on the web board one of them serves):
    # the change feed tells the session service, which drives a game of its own guilds on and
    # tells its listeners as if the change were its own (Discord's board redrawn, the turn
    # pinged), and the web's boards, which show games of every guild.
    bot.feed = ChangeFeed(settings.database_url) if settings.database_url else None
    if bot.feed is not None:
        bot.feed.subscribe(bot.sessions)
    await start_web(bot, settings)
    if bot.feed is not None:
        await bot.feed.start()
    # A turn ping an archived thread kept is deleted once the thread is reopened.
    threads.when_reopened(bot.pings.retry)
    bot.uis.update(game_uis(bot))
    # Lobby and Rematch buttons work after a restart too.
    bot.add_dynamic_items(*DYNAMIC_ITEMS, RematchButton, PlayButton, LaunchButton)
    await bot.tree.set_translator(CommandTranslator())  # Czech clients see Czech commands
    for extension in extensions():
        await bot.load_extension(extension)


async def resume(bot: RootBot) -> int:
    """At start-up: resume the open games' timers and computer players, then bring every
    message up to date that may be behind the database — open games, and ended ones whose
    final board or announcement a crash cut off — and each cog's own (only in the guilds this
    process owns: sharded, another process sees to the others'). Returns how many open games
    were resumed."""
    sessions = bot.sessions
    resumed = await sessions.resume()
    publisher = bot.publisher
    matches = await sessions.repo.unsettled_matches(owner=sessions.owner)
    await bot.pings.load(owner=sessions.owner)
    for match in matches:
        bot.pings.known(match)  # the seats to act now were pinged before the restart
    publisher.resume(matches)
    bot.pings.sweep_loaded()
    for cog in list(bot.cogs.values()):
        if isinstance(cog, GameCog):
            await cog.resume_games()
    await bot.dealer.resume()
    return len(resumed)


async def close(bot: RootBot) -> None:
    """Stop dealing, unload the extensions (they stop their clocks and workers), then stop the
    board workers (pending redraws are redone at the next start-up) and the session service's
    timers."""
    if hasattr(bot, "dealer"):  # also when start-up failed before building it
        await bot.dealer.close()
    for extension in reversed(list(bot.extensions)):
        await bot.unload_extension(extension)
    await bot.tree.set_translator(None)  # the one hook compose installed on the tree
    feed = getattr(bot, "feed", None)
    if feed is not None:
        await feed.close()
    board = getattr(bot, "web", None)
    if board is not None:
        await board.close()
    if hasattr(bot, "pings"):
        await bot.pings.close()
    if hasattr(bot, "publisher"):
        await bot.publisher.close()
    if hasattr(bot, "sessions"):
        await bot.sessions.close()
