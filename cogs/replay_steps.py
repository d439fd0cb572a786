"""A finished game's replay as Discord shows it: loaded, rebuilt and drawn, step by step.

`load` finds a finished game of the asking server and rebuilds its steps from seed and log
(`bot.replay`), never from stored pictures. It reaches a game only through its table
(`presentation.table.Table`, which its spec names): `board` draws one step as the table drew
it — what the channel showed at the time — and `step_text` its status and log lines; for a
reader who sat at the table, `hand` / `hand_words` add their own hand as the table shows it to
its player (`Table.own_hand`: a picture or a line of words), never another seat's;
`animation_frames` draws the whole game for the Export button (public boards only: a file can
be passed on). Rebuilt games are kept for a while, since a finished game never changes and a
reader steps through it click by click.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.daily import day_of, seed_for
from bot.db.rows import MatchRow, SeatRow
from bot.games.core import Rules
from bot.i18n import Words
from bot.replay import Frame, own_view, public_events, public_view, rebuild, sample, shown
from cogs._replies import DISCORD
from presentation.languages import game_name

if TYPE_CHECKING:
    from cogs._bot import GameBot

KEEP = 8  # rebuilt games kept in memory
MAX_FRAMES = 120  # frames of an exported animation, at most (spread over the whole game)
TEXT_LIMIT = 2000  # characters of a Discord message


@dataclasses.dataclass(frozen=True, slots=True)
class Replay:
    """A finished match and the steps its board showed."""

    match: MatchRow
    seats: list[SeatRow]
    rules: Rules[Any]
    steps: list[Frame]

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user played at (also one a computer took over), else None."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def at(self, index: int) -> MatchRow:
        """The match as it stood at step ``index`` (for the UI's status line)."""
        frame = self.steps[index]
        last = index == len(self.steps) - 1
        return dataclasses.replace(self.match, state=frame.state, version=frame.version,
                                   status=self.match.status if last else "active")


class NotReplayable(Exception):
    """The game cannot be replayed here; ``key`` names the reason in the catalogue."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, values


# Each bot's rebuilt games (one process may run several bots: the tests restart them).
_kept: weakref.WeakKeyDictionary[Any, OrderedDict[int, Replay]] = weakref.WeakKeyDictionary()


async def load(bot: GameBot, guild_id: int | None, match_id: int) -> Replay:
    """The replay of a finished game of this server (rebuilt off the event loop).

    Raises:
        NotReplayable: no such finished game here (another server's id is not told apart
            from an unknown one), or the game is not over yet.
    """
    repo = bot.sessions.repo
    match = await repo.match(match_id)
    if match is None or match.guild_id != guild_id or match.status == "cancelled" \
            or match.game not in bot.tables:
        raise NotReplayable("replay.unknown", id=match_id)
    if match.status != "finished":
        raise NotReplayable("replay.not_over", id=match_id)
    if match.seed == seed_for(day_of(time.time())):
        # Today's daily deal is the same for everyone: its course stays unseen until the day
        # is over, so nobody studies the deal before taking their own try.
        raise NotReplayable("replay.daily_today", id=match_id)
    shelf = _kept.setdefault(bot, OrderedDict())
    kept = shelf.get(match_id)
    if kept is not None:
        shelf.move_to_end(match_id)
        return kept
    seats = await repo.seats(match_id)
    log = await repo.action_log(match_id)
    rules = bot.sessions.rules(match.game)
    frames = await asyncio.to_thread(
        lambda: shown(rules, rebuild(rules, match.seed, len(seats), match.options, log)))
    replay = Replay(match, seats, rules, frames)
    shelf[match_id] = replay
    while len(shelf) > KEEP:
        shelf.popitem(last=False)
    return replay


def forget(bot: GameBot) -> None:
    """Drop the bot's rebuilt games (the extension is unloaded)."""
    _kept.pop(bot, None)


# -- pictures ----------------------------------------------------------------------------------

def board(bot: GameBot, replay: Replay, index: int, w: Words) -> bytes:
    """Step ``index``'s public board, as the channel showed it (slow: call off the loop)."""
    frame = replay.steps[index]
    return bot.tables[replay.match.game].step(
        replay.at(index), replay.seats, public_view(replay.rules, frame), frame.events, w)


def has_hand(bot: GameBot, replay: Replay, user_id: int) -> bool:
    """Whether this reader may see a hand of their own in this replay."""
    return bot.tables[replay.match.game].own_hand is not None \
        and replay.seat_of(user_id) is not None


def _own(replay: Replay, index: int, user_id: int) -> Mapping[str, Any] | None:
    return own_view(replay.rules, replay.steps[index], replay.seat_of(user_id),
                    len(replay.seats))


def hand(bot: GameBot, replay: Replay, index: int, user_id: int, w: Words) -> bytes | None:
    """The reader's own hand at step ``index`` as a picture — theirs only, never another
    seat's — or None when they had no seat or the game draws none (slow: off the loop)."""
    table = bot.tables[replay.match.game]
    view = _own(replay, index, user_id) if table.own_hand == "picture" else None
    return table.hand(replay.seats, view, w) if view is not None else None


def hand_words(bot: GameBot, replay: Replay, index: int, user_id: int, w: Words
               ) -> str | None:
    """The reader's own hand at step ``index`` in words (games whose hand is a line), or
    None."""
    table = bot.tables[replay.match.game]
    view = _own(replay, index, user_id) if table.own_hand == "words" else None
    said = table.hand_words(view, w) if view is not None else None
    return w("replay.hand_line", cards=said) if said is not None else None


def animation_frames(bot: GameBot, replay: Replay, w: Words, cap: int = MAX_FRAMES
                     ) -> list[bytes]:
    """The public boards of an evenly spread sample of the steps (slow: off the loop)."""
    return [board(bot, replay, i, w) for i in sample(len(replay.steps), cap)]


# -- words -----------------------------------------------------------------------------------

def step_text(bot: GameBot, replay: Replay, index: int, w: Words) -> str:
    """The step's head, the game's status line then, and the step's public log lines."""
    table = bot.tables[replay.match.game]
    frame = replay.steps[index]
    view = public_view(replay.rules, frame)
    head = w("replay.head", game=game_name(replay.match.game), id=replay.match.id,
             step=index, steps=len(replay.steps) - 1)
    status = table.step_status(replay.at(index), replay.seats, view, frame.events, w, DISCORD)
    lines = [table.describe(e, replay.seats, w, DISCORD) for e in public_events(frame)]
    text = "\n".join([head, status, *(f"> {line}" for line in lines if line)])
    return text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT - 1] + "…"

