"""The Activity's table around a game: what a channel without a game offers (each game and its
options), a lobby's requests from the page — open, join, leave, computers, start, cancel,
rematch — made through the same session service as Discord's lobby buttons (so the lobby's
message is posted and kept in the channel, and players join from either side), a lobby's
seats as its boards' frames carry them, a game's rules card, and the server's standings in a
game once it is over.

Who asks, and where, is the Activity's to prove (`web.activity`): here a `Who` is taken as
proven.
"""

from __future__ import annotations

import asyncio
import functools
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from aiohttp import web

from bot.computers import LEVELS
from bot.db import leaderboards
from bot.db.history import open_rematch
from bot.db.repo import ChannelBusy
from bot.db.server_settings import server_settings
from bot.defaults import ServerSettings, lobby_options
from bot.games import GAMES
from bot.games.core import RuleError
from bot.i18n import LANGUAGES, Words
from bot.i18n import words as words_of
from bot.links import BadToken, check
from presentation.languages import game_name
from presentation.leaderboard import standings
from presentation.lobby import choices, chosen, options_line
from presentation.seats import seat_name
from presentation.table import unmarked
from web.frames import LobbyData, SeatData

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from presentation.table import Tables
    from web.host import Host

TOP = 15  # players in the standings shown after a game, as /leaderboard shows them
OPS = ("open", "join", "leave", "computer", "uncomputer", "start", "cancel", "rematch")


@dataclass(frozen=True, slots=True)
class Who:
    """A signed-in user of the Activity and where it runs (proven with Discord)."""

    user_id: int
    name: str  # as they show themselves (their display name)
    guild_id: int
    channel_id: int


class Refused(Exception):
    """A request the table does not grant; ``text`` says why in the asker's words."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class OptionOffer(TypedDict):
    """One option a host may choose: its key, its name, and its values with their labels
    (the default first)."""

    key: str
    name: str
    choices: list[list[str]]


class GameOffer(TypedDict):
    """A game the Activity may open here."""

    id: str
    name: str
    players: str  # how many play it, e.g. "2–4"
    options: list[OptionOffer]


async def offer(host: Host, tables: Tables, guild_id: int, w: Words) -> list[GameOffer]:
    """Every game with a table, in the order players read them, with the options its host may
    choose (the server's defaults first)."""
    server = await server_settings(host.sessions.repo, guild_id)
    found: list[GameOffer] = []
    for game in tables:
        rules = host.sessions.rules(game)
        low, high = rules.min_players, rules.max_players
        defaults = lobby_options(game, {}, server)
        found.append(GameOffer(
            id=game, name=game_name(game),
            players=str(low) if low == high else f"{low}–{high}",
            options=[OptionOffer(key=key, name=name, choices=[[v, label] for v, label in values])
                     for key, name, values in choices(game, defaults, w)]))
    return found


def lobby_data(match: MatchRow, seats: list[SeatRow], low: int, high: int, w: Words
               ) -> LobbyData:
    """A lobby as its boards show it: who sits where (names as written), its host, options,
    how many may play, and the levels a computer may be added at."""
    return LobbyData(
        host=str(match.host_id),
        seats=[SeatData(name=seat_name(s, w), user=None if s.is_computer or s.user_id is None
                        else str(s.user_id)) for s in seats],
        options=options_line(match.options, w), low=low, high=high,
        levels=[[level, w(f"level.{level}")] for level in LEVELS])


async def here(host: Host, channel_id: int) -> MatchRow | None:
    """The lobby or game of a channel: its own, or else the newest one that moved from it
    into a thread of its own (an Activity opened in the thread finds it by the thread)."""
    repo = host.sessions.repo
    match = await repo.open_match_in(channel_id)
    if match is None:
        threads = await repo.threads_from(channel_id)
        match = threads[-1] if threads else None
    return match


async def request(host: Host, who: Who, sent: dict[str, Any], w: Words) -> MatchRow:
    """Do what the page asked (``sent["op"]``, one of `OPS`) as ``who``: the match it leaves
    the page on (the channel's lobby or game, or the rematch opened). Raises `Refused` with
    the reason, or `web.HTTPBadRequest` for a request no page of ours sends."""
    op = sent.get("op")
    if op not in OPS:
        raise web.HTTPBadRequest(text="Unknown request.")
    sessions = host.sessions
    try:
        if op == "open":
            return await _open(host, who, sent, w)
        if op == "rematch":
            return await _rematch(host, who, sent, w)
        match = await here(host, who.channel_id)
        if match is None:
            raise Refused(w("web.activity.no_game"))
        if op == "join":
            await sessions.join(match.id, who.user_id, who.name)
        elif op == "leave":
            await sessions.leave_lobby(match.id, who.user_id)
        elif op == "computer":
            level = sent.get("level")
            if level not in LEVELS:
                raise web.HTTPBadRequest(text="Unknown level.")
            await sessions.add_computer(match.id, who.user_id, str(level))
        elif op == "uncomputer":
            await sessions.remove_computer(match.id, who.user_id)
        elif op == "start":
            await sessions.start(match.id, who.user_id)
        else:
            await sessions.cancel(match.id, who.user_id, is_admin=False)
    except RuleError as why:
        raise Refused(why.say(w)) from None
    return await sessions.repo.match(match.id) or match


async def _open(host: Host, who: Who, sent: dict[str, Any], w: Words) -> MatchRow:
    """A lobby of the chosen game with the chosen options (the rest the server's defaults,
    else the game's), announced so that its message is posted in the channel; where the
    channel has a game already, that one."""
    game, given = sent.get("game"), sent.get("options")
    if not isinstance(game, str) or game not in GAMES \
            or not isinstance(given, dict):
        raise web.HTTPBadRequest(text="A game and its options are needed.")
    repo = host.sessions.repo
    server = await server_settings(repo, who.guild_id)
    if not server.allows(who.channel_id, await _parent(host, who.channel_id, server)):
        raise Refused(w("web.activity.not_here"))
    try:
        return await host.sessions.open_lobby(
            game, guild_id=who.guild_id, channel_id=who.channel_id, host_id=who.user_id,
            host_name=who.name, options=lobby_options(game, chosen(game, given), server),
            announce=True)
    except ChannelBusy:  # opened meanwhile, here or in Discord: the page shows that one
        busy = await here(host, who.channel_id)
        if busy is None:
            raise Refused(w("games.busy", what=w("games.another"))) from None
        return busy


async def _parent(host: Host, channel_id: int, server: ServerSettings) -> int | None:
    """The channel a thread belongs to, asked of Discord only where the server keeps games
    to some channels and this is not one of them (a thread of one is a game channel too)."""
    if server.allows(channel_id):
        return None
    try:
        channel = await host.discord.http.get_channel(channel_id)
    except Exception:  # unknown here: the channel counts as itself only
        return None
    parent = channel.get("parent_id") if isinstance(channel, dict) else None
    return int(parent) if isinstance(parent, str | int) and str(parent).isdigit() else None


async def _rematch(host: Host, who: Who, sent: dict[str, Any], w: Words) -> MatchRow:
    """A new lobby of a game finished here, with its options and its computers again, as
    Discord's Rematch opens it (one rematch lobby for all who press it)."""
    finished_id = sent.get("match")
    repo = host.sessions.repo
    finished = await repo.match(finished_id) if isinstance(finished_id, int) else None
    if finished is None or finished.status != "finished" \
            or who.channel_id not in (finished.channel_id, finished.home_channel_id):
        raise Refused(w("games.over"))
    seats = await repo.seats(finished.id)
    played = [s.user_id for s in seats if s.user_id is not None]
    if who.user_id not in played:
        raise Refused(w("rematch.not_played"))
    opened = await open_rematch(repo, finished, played)
    if opened is not None:
        return opened
    try:
        match = await host.sessions.open_lobby(
            finished.game, guild_id=finished.guild_id, channel_id=who.channel_id,
            host_id=who.user_id, host_name=who.name, options=dict(finished.options),
            announce=True)
    except ChannelBusy:  # another press was first: its lobby
        busy = await here(host, who.channel_id)
        if busy is None:
            raise Refused(w("games.busy", what=w("games.another"))) from None
        return busy
    await host.sessions.seat_computers_again(match.id, who.user_id, seats)
    return await repo.match(match.id) or match


class Extras:
    """The page's reads beside the board: a game's rules card (text and picture, in a
    language) and, once a game is over, its server's standings in that game."""

    def __init__(self, host: Host, tables: Tables, secret: str) -> None:
        self.host = host
        self.tables = tables
        self.secret = secret

    def add_routes(self, app: web.Application) -> None:
        """``GET /rules/<game>`` (JSON), ``/rules/<game>.png`` and
        ``/m/<match>/standings`` (JSON)."""
        app.router.add_get("/rules/{game:[a-z_]{1,40}}", self.rules)
        app.router.add_get("/rules/{game:[a-z_]{1,40}}.png", self.rules_picture)
        app.router.add_get("/m/{match:[0-9]{1,18}}/standings", self.standings)

    def _card(self, request: web.Request) -> tuple[str, Words]:
        game = request.match_info["game"]
        lang = request.query.get("l", "en")
        if game not in self.tables or lang not in LANGUAGES:
            raise web.HTTPNotFound(text="No such rules.")
        return game, words_of(lang)

    async def rules(self, request: web.Request) -> web.Response:
        """A game's rules in short, as its `/… rules` says them."""
        game, w = self._card(request)
        card = await asyncio.to_thread(_rules, self.tables, game, w.lang)
        if card is None:
            raise web.HTTPNotFound(text="No such rules.")
        return web.json_response({"title": game_name(game), "text": unmarked(card[0])})

    async def rules_picture(self, request: web.Request) -> web.Response:
        """The picture of a game's rules card, drawn once per language."""
        game, w = self._card(request)
        card = await asyncio.to_thread(_rules, self.tables, game, w.lang)
        if card is None:
            raise web.HTTPNotFound(text="No such rules.")
        return web.Response(body=card[1], content_type="image/png")

    async def standings(self, request: web.Request) -> web.Response:
        """The server's best players of the match's game (for a link to that match)."""
        match_id = int(request.match_info["match"])
        try:
            check(self.secret, request.query.get("t", ""), match_id, time.time())
        except BadToken:
            raise web.HTTPForbidden(text="This link is not good.") from None
        repo = self.host.sessions.repo
        match = await repo.match(match_id)
        if match is None:
            raise web.HTTPNotFound(text="No such game.")
        w = await self.host.languages.server(match.guild_id)
        ranked = standings(await leaderboards.board(repo, match.guild_id, match.game))
        head = [w(f"leaderboard.col.{c}") for c in ("rank", "player", "games", "wins",
                                                     "rating")]
        rows = [[str(r["rank"]), r["name"], str(r["games"]), str(r["wins"]),
                 w.number(round(r["rating"], 1))] for r in ranked[:TOP]]
        return web.json_response({
            "title": w("leaderboard.title", game=game_name(match.game),
                       server=w("leaderboard.this_server")),
            "head": head, "rows": rows, "empty": w("leaderboard.empty")})


@functools.lru_cache(maxsize=16)
def _rules(tables: Tables, game: str, lang: str) -> tuple[str, bytes] | None:
    """A game's rules card in a language, drawn once (pure, and the same every time)."""
    return tables[game].rules(words_of(lang))

