"""/privacy show and /privacy delete: a player sees, privately, everything Menagerie keeps
about them, and can have it removed after confirming with a button.

Deleting first takes the player out of every open game through the session service, as
`/game leave` would (a computer takes a running game's seat and the game goes on; a lobby seat
is freed; a lobby they host is closed, since nobody agreed to host it in their place), then
erases the rest in one transaction (`bot.db.privacy.erase`), and only then says what was
done: a reply Discord refuses can never leave a half-deleted player.

The confirmation is a button whose custom_id carries a one-time token known only to this
process, tied to the player and a few minutes: it works once, only for them, and not after a
restart (they simply ask again). What is stored and how it is erased is in `bot.db.privacy`.
"""

from __future__ import annotations

import datetime as dt
import io
import logging
import re
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.privacy import (
    Erased,
    OpenSeat,
    SeatLine,
    StillSeated,
    Stored,
    erase,
    open_seats,
    stored_about,
)
from bot.games.core import RuleError
from bot.i18n import Words
from bot.ratings import display
from cogs._cog import GameCog
from cogs._custom_ids import known_template
from cogs._pings import NO_PINGS, RETRYABLE
from cogs._replies import apologise, plain, reader, tell
from cogs._ui import EN

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

LIMIT = 2000  # characters Discord allows in one message
CONFIRM_MINUTES = 5
ATTEMPTS = 3  # rounds of leaving games, should the player join another one meanwhile
CONFIRM = known_template(r"pd:(?P<t>[0-9a-f]{16})")
FILENAME = "menagerie-your-data.txt"


# -- what is stored, in words --------------------------------------------------------------


def summary(found: Stored, w: Words) -> str:
    """One line counting what is stored ("Stored: 3 games, 2 results, …")."""
    items = [w.n(key, count) for key, count in (
        ("privacy.count.games", len({s.match_id for s in found.seats})),
        ("privacy.count.results", len(found.results)),
        ("privacy.count.ratings", len(found.ratings)),
        ("privacy.count.records", len(found.records)),
        ("privacy.count.daily", len(found.daily)),
        ("privacy.count.waiting", found.waiting)) if count]
    if found.pings is not None:
        items.append(w("privacy.count.settings"))
    return w("privacy.summary", items=", ".join(items))


def report(found: Stored, w: Words, servers: dict[int, str],
           games: dict[str, str] | None = None) -> list[str]:
    """Every stored row about the player, as lines in ``w``'s language, section by section.
    ``servers`` names the servers the bot knows (by id), others are shown by their id;
    ``games`` names the games (by key), others by their key."""
    def game(key: str) -> str:
        return (games or {}).get(key, key)

    def server(guild_id: int) -> str:
        name = servers.get(guild_id)
        return (w("privacy.server", name=plain(name), id=guild_id) if name
                else w("privacy.server_id", id=guild_id))

    lines: list[str] = []
    if found.seats:
        lines.append(w("privacy.section.games"))
        lines += [_seat_line(s, w, server(s.guild_id), game(s.game)) for s in found.seats]
    if found.ratings:
        lines.append(w("privacy.section.ratings"))
        lines += [w("privacy.rating_line", game=game(r.game), server=server(r.guild_id),
                    rating=w.number(display(r.mu, r.sigma), 1), mu=w.number(r.mu, 2),
                    sigma=w.number(r.sigma, 2)) for r in found.ratings]
    if found.records:
        lines.append(w("privacy.section.records"))
        lines += [w("privacy.record_line", game=game(r.game), id=r.match_id,
                    server=server(r.guild_id), value=_record(r.kind, r.value, w))
                  for r in found.records]
    if found.daily:
        lines.append(w("privacy.section.daily"))
        lines += [w("privacy.daily_line", day=d.day, id=d.match_id, server=server(d.guild_id))
                  for d in found.daily]
    seated = {s.match_id for s in found.seats}
    hosted = [m for m in found.hosted if m not in seated]  # hosts always sit, except in old rows
    if found.pings is not None or found.waiting or hosted:
        lines.append(w("privacy.section.other"))
    if found.pings is not None:
        lines.append(w("privacy.pings_on" if found.pings else "privacy.pings_off"))
    if found.waiting:
        lines.append(w.n("privacy.waiting_line", found.waiting))
    if hosted:
        lines.append(w("privacy.hosted_line", ids=", ".join(f"#{m}" for m in hosted)))
    return lines


def _seat_line(seat: SeatLine, w: Words, server: str, game: str) -> str:
    day = dt.datetime.fromtimestamp(seat.created_at, dt.UTC).date().isoformat()
    notes = [w(f"privacy.status.{seat.status}")]
    if seat.rank is not None:
        notes.append(w("privacy.result", rank=w.number(seat.rank),
                       score=w.n("leaderboard.unit.points", seat.score or 0)))
        if seat.won:
            notes.append(w("privacy.won"))
    if seat.taken_over:
        notes.append(w("privacy.taken_over"))
    if seat.host:
        notes.append(w("privacy.host"))
    return w("privacy.game_line", day=day, game=game, id=seat.match_id, server=server,
             seat=w.number(seat.seat + 1), name=plain(seat.name), notes=", ".join(notes))


def _record(kind: str, value: float, w: Words) -> str:
    key = f"privacy.record.{kind}"
    if w.has(key):
        return w(key, value=w.number(value / 1000, 3))  # the one kind so far: milliseconds
    return f"{kind} {w.number(value)}"


def done_text(erased: Erased, left: int, lobbies: int, closed: int, w: Words) -> str:
    """What the deletion did, in plain words."""
    parts = []
    if left:
        parts.append(w.n("privacy.done.left_games", left))
    if lobbies:
        parts.append(w.n("privacy.done.left_lobbies", lobbies))
    if closed:
        parts.append(w.n("privacy.done.closed_lobbies", closed))
    deleted = [w.n(key, count) for key, count in (
        ("privacy.count.ratings", erased.ratings), ("privacy.count.records", erased.records),
        ("privacy.count.daily", erased.daily), ("privacy.count.waiting", erased.waiting))
        if count]
    if erased.settings:
        deleted.append(w("privacy.count.settings"))
    anonymous = [w.n(key, count) for key, count in (
        ("privacy.done.seats", erased.seats), ("privacy.count.results", erased.results))
        if count]
    parts.append(w("privacy.done.deleted",
                   items=", ".join(deleted) if deleted else w("privacy.done.nothing")))
    if anonymous:
        parts.append(w("privacy.done.anonymous", items=", ".join(anonymous)))
    if erased.hosted:
        parts.append(w.n("privacy.done.hosted", erased.hosted))
    return "\n".join([w("privacy.done.title"), *parts, w("privacy.done.after")])


def elsewhere_text(seats: list[OpenSeat], w: Words, games: dict[str, str]) -> str:
    """Why nothing was deleted: the player's open games this process may not leave for them,
    each named with its channel (a mention the player's client shows by name)."""
    where = ", ".join(w("privacy.delete.game_in", game=games.get(s.game, s.game),
                        channel=f"<#{s.channel_id}>") for s in seats)
    return w("privacy.delete.elsewhere", games=where)


# -- Discord ---------------------------------------------------------------------------


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CONFIRM):
    """**Delete my data**, under the private question of `/privacy delete`."""

    def __init__(self, token: str, w: Words = EN) -> None:
        super().__init__(discord.ui.Button(
            custom_id=f"pd:{token}", label=w("privacy.delete.button"),
            style=discord.ButtonStyle.danger, emoji="🗑️"))
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ConfirmButton:
        """Rebuild the button from its custom_id (its token is checked in the callback)."""
        return cls(match["t"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """The confirmation: checked, then the deletion (see `Privacy.confirm`)."""
        cog = interaction.client.get_cog("Privacy")
        assert isinstance(cog, Privacy)  # noqa: S101 (narrows the type for mypy)
        await cog.confirm(interaction, self.token)


class Privacy(GameCog, commands.GroupCog, group_name="privacy",
              group_description="What Menagerie keeps about you"):
    """/privacy show and /privacy delete."""

    def __init__(self, bot: GameBot, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.clock = clock
        # token → (user id, when it stops working): a confirmation works once, for its user.
        self.pending: dict[str, tuple[int, float]] = {}
        bot.add_dynamic_items(ConfirmButton)

    async def cog_unload(self) -> None:
        """Forget the button's routing (the pending confirmations die with the process)."""
        self.bot.remove_dynamic_items(ConfirmButton)

    def _servers(self, found: Stored) -> dict[int, str]:
        ids = ({s.guild_id for s in found.seats} | {r.guild_id for r in found.ratings}
               | {d.guild_id for d in found.daily})
        return {g: guild.name for g in ids if (guild := self.bot.get_guild(g)) is not None}

    def _game_names(self) -> dict[str, str]:
        return {key: ui.name for key, ui in self.bot.uis.items()}

    @app_commands.command(name="show",
                          description="See privately everything Menagerie keeps about you")
    async def show(self, interaction: discord.Interaction[GameBot]) -> None:
        """Everything stored about the asker, only to them: as text, or as a file if long."""
        w = reader(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await stored_about(self.bot.sessions.repo, interaction.user.id)
        never = w("privacy.not_stored")
        if found.empty():
            await tell(interaction, "\n".join([w("privacy.show.nothing"), never]))
            return
        head = [w("privacy.show.title", id=interaction.user.id), summary(found, w), never]
        text = "\n".join([*head, "", *report(found, w, self._servers(found),
                                           self._game_names())])
        if len(text) <= LIMIT:
            await tell(interaction, text, allowed_mentions=NO_PINGS)
            return
        data = discord.File(io.BytesIO(text.encode("utf-8")), filename=FILENAME)
        await tell(interaction, "\n".join([*head, w("privacy.show.in_file")]), file=data,
                   allowed_mentions=NO_PINGS)

    @app_commands.command(name="delete",
                          description="Delete everything Menagerie keeps about you (asks first)")
    async def delete(self, interaction: discord.Interaction[GameBot]) -> None:
        """Ask, privately, with what would go and a button that confirms."""
        w = reader(interaction)
        found = await stored_about(self.bot.sessions.repo, interaction.user.id)
        if found.empty():
            await tell(interaction, w("privacy.delete.nothing"))
            return
        token = secrets.token_hex(8)
        self.pending = {t: p for t, p in self.pending.items() if p[1] > self.clock()}
        self.pending[token] = (interaction.user.id, self.clock() + CONFIRM_MINUTES * 60)
        view = discord.ui.View(timeout=None)
        view.add_item(ConfirmButton(token, w))
        await tell(interaction, w("privacy.delete.ask", summary=summary(found, w),
                                  minutes=w.number(CONFIRM_MINUTES)), view=view)

    async def confirm(self, interaction: discord.Interaction[GameBot], token: str) -> None:
        """The button: only its player, only once, only in time; then leave, erase, tell."""
        w = reader(interaction)
        pending = self.pending.get(token)
        if pending is not None and pending[0] != interaction.user.id:
            await tell(interaction, w("privacy.delete.not_yours"))
            return
        # Taken before the first await, so two presses at once cannot both go on.
        pending = self.pending.pop(token, None)
        if pending is None or pending[1] <= self.clock():
            await tell(interaction, w("privacy.delete.expired"))
            return
        try:
            await interaction.response.defer()
        except RETRYABLE:
            # Not acknowledged: nothing is done, and the button still works.
            log.warning("the privacy confirmation was not acknowledged; nothing deleted",
                        exc_info=True)
            self.pending[token] = pending
            return
        try:
            text = await self._forget(interaction.user.id, w)
        except Exception:
            await apologise(interaction, None)
            return
        try:
            await interaction.edit_original_response(content=text, view=None)
        except RETRYABLE:
            # Already committed: the deletion stands whether or not the player reads this.
            log.warning("could not tell user %s their data was deleted", interaction.user.id,
                        exc_info=True)

    async def _forget(self, user_id: int, w: Words) -> str:
        """Leave every open game, then erase the rest in one transaction; what was done."""
        sessions = self.bot.sessions
        left = lobbies = closed = 0
        playing: set[int] = set()
        for _ in range(ATTEMPTS):
            seats = await open_seats(sessions.repo, user_id)
            # Another process runs those servers' games (sharding): leaving them from here
            # would drive a game its owner does not know has changed.
            elsewhere = [s for s in seats if not sessions.owner.owns(s.guild_id)]
            if elsewhere:
                return elsewhere_text(elsewhere, w, self._game_names())
            for match_id, status, host, *_ in seats:
                try:
                    if status == "active":
                        await sessions.leave_game(match_id, user_id)
                        left += 1
                        playing.add(match_id)
                    elif host:
                        await sessions.cancel(match_id, user_id, is_admin=False)
                        closed += 1
                    else:
                        await sessions.leave_lobby(match_id, user_id)
                        lobbies += 1
                except RuleError:  # it ended or started meanwhile: the next round sees it
                    log.info("match %s changed while user %s left it", match_id, user_id)
            try:
                erased = await erase(sessions.repo, user_id)
            except StillSeated:
                continue  # they joined another game meanwhile: leave that too
            for match_id in playing:
                # Its seat was renamed after the leave was announced: "Computer (for …)" goes.
                self.bot.publisher.refresh(match_id)
            return done_text(erased, left, lobbies, closed, w)
        raise RuntimeError(f"user {user_id} kept joining games; nothing erased")


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Privacy(bot))
