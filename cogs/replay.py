"""/game history and /game replay: a server's finished games, and each one again, privately.

The two commands are in the `/game` group of `cogs.games`, which calls `history_command` and
`replay_command`; this extension registers their buttons. Everything is answered ephemerally. The
buttons are `DynamicItem`s whose custom_id carries all they need, so an old replay keeps stepping
after a restart:

    ``mh:<page>:<n|o>``                  a page of /game history (newer / older)
    ``mp:<match>:<step>:<hand>:<which>`` a replay step; hand 1 shows the reader's own hand
    ``mx:<match>:<gif|webp>``            the whole game as one animated file

Who may see what is decided at every click from the reader and the stored game, never from
the custom_id: another server's game is refused, and a hand is only ever the reader's own.
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
import re
import weakref
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.db.history import FinishedGame, finished_count, finished_games
from bot.i18n import Words
from cogs._cog import GameCog
from cogs._custom_ids import ID, known_template
from cogs._pings import RETRYABLE
from cogs._replies import alt_text, apologise, plain, png_file, reader, tell
from cogs._ui import EN, game_name, seat_name
from cogs.replay_steps import (
    TEXT_LIMIT,
    NotReplayable,
    Replay,
    animation_frames,
    board,
    forget,
    hand,
    hand_words,
    has_hand,
    load,
    step_text,
)
from rendering.replay import LIMIT, TooLarge, fit

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

PER_PAGE = 8
LINE_LIMIT = 220  # characters of one history line: a page stays within Discord's 2000
HISTORY = known_template(r"mh:(?P<p>[0-9]{1,6}):(?P<b>[no])")
STEP = known_template(rf"mp:(?P<m>{ID}):(?P<s>[0-9]{{1,6}}):(?P<h>[01]):(?P<b>[fbnlh])")
EXPORT = known_template(rf"mx:(?P<m>{ID}):(?P<f>gif|webp)")
# The bots drawing an animation now: one at a time each, as drawing keeps a core busy (a
# second is refused, not queued: nobody waits behind someone else's long game).
_exporting: weakref.WeakSet[Any] = weakref.WeakSet()


# -- /game history ---------------------------------------------------------------------------

async def history_page(bot: GameBot, guild_id: int, page: int, w: Words
                       ) -> tuple[str, discord.ui.View | None]:
    """One page of the server's finished games, newest first, and its Newer/Older buttons."""
    repo = bot.sessions.repo
    pages = max(1, math.ceil(await finished_count(repo, guild_id) / PER_PAGE))
    page = min(max(1, page), pages)
    games = await finished_games(repo, guild_id, offset=(page - 1) * PER_PAGE, limit=PER_PAGE)
    if not games:
        return w("history.empty"), None
    lines = [w("history.head", page=page, pages=pages)]
    lines += [_line(bot, game, w) for game in games]
    view = discord.ui.View(timeout=None)
    if pages > 1:
        view.add_item(HistoryButton(page - 1, "n", w, disabled=page == 1))
        view.add_item(HistoryButton(page + 1, "o", w, disabled=page == pages))
    return "\n".join(lines), view if view.children else None


def _line(bot: GameBot, game: FinishedGame, w: Words) -> str:
    players = ", ".join(plain(seat_name(s, w)) for s in game.seats)
    winners = ", ".join(plain(seat_name(s, w)) for s in game.seats if s.seat in game.winners)
    line = w("history.line", id=game.match.id, game=game_name(game.match.game),
             players=players, winners=winners or "—", when=f"<t:{int(game.finished_at)}:f>")
    return line if len(line) <= LINE_LIMIT else line[:LINE_LIMIT - 1] + "…"


async def history_command(interaction: discord.Interaction[GameBot], page: int = 1) -> None:
    """/game history (a command of `cogs.games`): the server's finished games, privately, a
    page at a time."""
    text, view = await history_page(interaction.client, interaction.guild_id or 0, page,
                                    reader(interaction))
    await tell(interaction, text, **({"view": view} if view else {}))


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HISTORY):
    """Newer or Older under a page of /game history."""

    def __init__(self, page: int, which: str, w: Words = EN, disabled: bool = False) -> None:
        label = w("history.button.newer" if which == "n" else "history.button.older")
        super().__init__(discord.ui.Button(
            custom_id=f"mh:{max(1, page)}:{which}", label=label, disabled=disabled,
            emoji="◀️" if which == "n" else "▶️", style=discord.ButtonStyle.secondary))
        self.page = max(1, page)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> HistoryButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["p"]), match["b"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """The page in place of the one shown (of the server the click comes from)."""
        try:
            text, view = await history_page(interaction.client, interaction.guild_id or 0,
                                            self.page, reader(interaction))
            await interaction.response.edit_message(content=text, view=view)
        except RETRYABLE as error:
            await _sorry(interaction, None, error)
        except Exception:
            await apologise(interaction, None)


# -- /game replay ----------------------------------------------------------------------------

async def replay_command(interaction: discord.Interaction[GameBot], match_id: int,
                         format: str = "steps", step: int = 0) -> None:
    """/game replay (a command of `cogs.games`): a finished game of this server again,
    privately: from its deal (or ``step``), or as an animation."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    replay = await _load(interaction, match_id)
    if replay is None:
        return
    if format in ("gif", "webp"):
        await send_animation(interaction, replay, format)
    else:
        await show_step(interaction, replay, step, with_hand=False, edit=False)


async def _load(interaction: discord.Interaction[GameBot], match_id: int) -> Replay | None:
    """The replay, or None once the reader was told why not."""
    try:
        return await load(interaction.client, interaction.guild_id, match_id)
    except NotReplayable as refused:
        await tell(interaction, reader(interaction)(refused.key, **refused.values))
    except Exception:
        await apologise(interaction, match_id)
    return None


async def show_step(interaction: discord.Interaction[GameBot], replay: Replay, index: int, *,
                    with_hand: bool, edit: bool) -> None:
    """Draw step ``index`` (and the reader's own hand, if asked and they had one) and show it:
    in place of the step shown (``edit``), or as the answer to the command."""
    bot, w, user = interaction.client, reader(interaction), interaction.user.id
    index = min(max(0, index), len(replay.steps) - 1)
    with_hand = with_hand and has_hand(bot, replay, user)
    try:
        text = step_text(bot, replay, index, w)
        mine = hand_words(bot, replay, index, user, w) if with_hand else None
        pictures = await asyncio.to_thread(
            lambda: (board(bot, replay, index, w),
                     hand(bot, replay, index, user, w) if with_hand else None))
    except Exception:
        await apologise(interaction, replay.match.id)
        return
    files = [png_file(pictures[0], f"replay-{replay.match.id}-{index}.png",
                      alt_text(text, replay.seats))]
    if pictures[1] is not None:
        files.append(png_file(pictures[1], "my-hand.png", w("replay.hand_alt")))
    view = step_buttons(replay, index, with_hand, has_hand(bot, replay, user), w)
    content = f"{text}\n{mine}"[:TEXT_LIMIT] if mine else text
    try:
        if edit:
            await interaction.edit_original_response(content=content, attachments=files,
                                                      view=view)
        else:
            await interaction.followup.send(content, files=files, view=view, ephemeral=True)
    except RETRYABLE as error:
        await _sorry(interaction, replay.match.id, error)


def step_buttons(replay: Replay, index: int, with_hand: bool, can_hand: bool, w: Words
                 ) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭, then the reader's hand (a seated reader, a game with hands) and Export."""
    last, h, m = len(replay.steps) - 1, int(with_hand), replay.match.id
    view = discord.ui.View(timeout=None)
    for which, target, emoji, off in (("f", 0, "⏮️", index == 0),
                                      ("b", index - 1, "◀️", index == 0),
                                      ("n", index + 1, "▶️", index == last),
                                      ("l", last, "⏭️", index == last)):
        view.add_item(StepButton(m, max(0, min(target, last)), h, which, w, emoji=emoji,
                                 disabled=off))
    if can_hand:
        view.add_item(StepButton(m, index, 1 - h, "h", w, emoji="🃏", row=1))
    for fmt in ("gif", "webp"):
        view.add_item(ExportButton(m, fmt, w))
    return view


class StepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=STEP):
    """A move through a replay: first, back, next, last, or the reader's hand on or off."""

    LABELS: ClassVar[dict[str, str]] = {
        "f": "replay.button.first", "b": "replay.button.back", "n": "replay.button.next",
        "l": "replay.button.last"}

    def __init__(self, match_id: int, step: int, hand: int, which: str, w: Words = EN,
                 **button: Any) -> None:
        key = self.LABELS.get(which) or ("replay.button.hand_on" if hand
                                         else "replay.button.hand_off")
        super().__init__(discord.ui.Button(
            custom_id=f"mp:{match_id}:{step}:{hand}:{which}", label=w(key),
            style=discord.ButtonStyle.primary if which in "nh" else discord.ButtonStyle.secondary,
            row=button.pop("row", 0), **button))
        self.match_id, self.step, self.hand = match_id, step, bool(hand)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> StepButton:
        """Rebuild the button from its custom_id (after a restart too)."""
        return cls(int(match["m"]), int(match["s"]), int(match["h"]), match["b"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge at once (drawing takes a moment), then show the step in place."""
        await interaction.response.defer()
        replay = await _load(interaction, self.match_id)
        if replay is not None:
            await show_step(interaction, replay, self.step, with_hand=self.hand, edit=True)


class ExportButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=EXPORT):
    """The whole game as one animated file, sent privately."""

    def __init__(self, match_id: int, fmt: str, w: Words = EN) -> None:
        super().__init__(discord.ui.Button(
            custom_id=f"mx:{match_id}:{fmt}", label=w(f"replay.button.{fmt}"), emoji="🎞️",
            style=discord.ButtonStyle.secondary, row=1))
        self.match_id, self.fmt = match_id, fmt

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> ExportButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["m"]), match["f"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """"Thinking…" while the frames are drawn, then the file."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        replay = await _load(interaction, self.match_id)
        if replay is not None:
            await send_animation(interaction, replay, self.fmt)


async def send_animation(interaction: discord.Interaction[GameBot], replay: Replay, fmt: str
                         ) -> None:
    """Draw the game's public boards (an even sample of at most `MAX_FRAMES`) into one
    animated file and send it privately; one animation is drawn at a time."""
    bot, w = interaction.client, reader(interaction)
    if bot in _exporting:
        await tell(interaction, w("replay.busy"))
        return
    _exporting.add(bot)
    try:
        frames = await asyncio.to_thread(animation_frames, bot, replay, w)
        # Sized for this server's uploads (its boosts), which the interaction tells.
        limit = getattr(interaction, "filesize_limit", None) or LIMIT
        data, count = await asyncio.to_thread(fit, frames, fmt, limit)
    except TooLarge:
        await tell(interaction, w("replay.too_large"))
        return
    except Exception:
        await apologise(interaction, replay.match.id)
        return
    finally:
        _exporting.discard(bot)
    name = game_name(replay.match.game)
    text = w.n("replay.exported", count, game=name, id=replay.match.id)
    try:
        await interaction.followup.send(
            text, file=discord.File(io.BytesIO(data), filename=f"game-{replay.match.id}.{fmt}",
                                    description=alt_text(text)), ephemeral=True)
    except RETRYABLE as error:
        await _sorry(interaction, replay.match.id, error)


async def _sorry(interaction: discord.Interaction[Any], match_id: int | None,
                 error: BaseException) -> None:
    """Discord refused or failed the answer: say so privately if it still lets us (a refusal
    is Discord's, not a bug of ours: a warning, not an error)."""
    log.warning("could not show the replay of match %s: %s", match_id, error)
    try:
        await tell(interaction, reader(interaction)("replay.failed"))
    except RETRYABLE:
        log.warning("could not apologise for the replay of match %s", match_id)


# -- the extension ---------------------------------------------------------------------------

ITEMS = (HistoryButton, StepButton, ExportButton)


class Replays(GameCog):
    """The buttons of /game history and /game replay (the commands are in the /game group of
    `cogs.games`)."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the buttons."""
        self.bot.add_dynamic_items(*ITEMS)

    async def cog_unload(self) -> None:
        """Take them off again; forget the rebuilt games."""
        self.bot.remove_dynamic_items(*ITEMS)
        forget(self.bot)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Replays(bot))
