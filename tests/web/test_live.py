"""The open boards' pusher (`web.live`): each board gets the match as it now stands once per
change, a change made by another process reaches them through `refresh`, and a slow board gets
the newest frame instead of every one in between."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from typing import Any

import pytest

from bot.db.rows import MatchRow
from web.live import LiveBoards


class Socket:
    """A board's socket that keeps what it was sent; ``hold`` stalls its sends."""

    def __init__(self) -> None:
        self.closed = False
        self.sent: list[dict[str, Any]] = []
        self.hold = asyncio.Event()
        self.hold.set()

    async def send_str(self, text: str) -> None:
        await self.hold.wait()
        self.sent.append(json.loads(text))


class Rules:
    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"turn": state["turn"]}


class Repo:
    def __init__(self, match: MatchRow) -> None:
        self.row = match

    async def match(self, match_id: int) -> MatchRow | None:
        return self.row if match_id == self.row.id else None

    async def seats(self, match_id: int) -> list[Any]:
        return []


class Sessions:
    def __init__(self, match: MatchRow) -> None:
        self.repo = Repo(match)

    def rules(self, game: str) -> Rules:
        return Rules()

    async def events_since(self, match: MatchRow, version: int) -> list[Any]:
        return []


def row(version: int, status: str = "active") -> MatchRow:
    return MatchRow(id=7, game="mimikri", guild_id=1, channel_id=2, message_id=3, host_id=4,
                    seed="s", options={}, state={"turn": version}, version=version,
                    status=status, deadline=None, reminded=False)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_a_change_from_another_process_reaches_the_boards_once():
    sessions = Sessions(row(3))
    live = LiveBoards(sessions)  # type: ignore[arg-type]
    socket = Socket()
    board = live.open(7, socket)  # type: ignore[arg-type]
    await live.refresh(7)
    await live.refresh(7)  # told twice (say, by two notifications): sent once
    await settle()
    assert [(f["version"], f["view"]) for f in socket.sent] == [(3, {"turn": 3})]
    sessions.repo.row = replace(row(3), status="cancelled")  # a cancel keeps the version
    await live.refresh(7)
    await settle()
    assert [f["status"] for f in socket.sent] == ["active", "cancelled"]
    await live.refresh(8)  # no board of that match here: nothing read, nothing sent
    await live.closed(7, board)
    assert live.count() == 0 and not live.pushed


@pytest.mark.asyncio
async def test_a_slow_board_gets_the_newest_frame_and_skips_those_between():
    sessions = Sessions(row(1))
    live = LiveBoards(sessions)  # type: ignore[arg-type]
    slow, quick = Socket(), Socket()
    slow.hold.clear()
    boards = [live.open(7, slow), live.open(7, quick)]  # type: ignore[arg-type]
    for version in (1, 2, 3):
        live.push(row(version))
        await settle()
    slow.hold.set()
    await settle()
    assert [f["version"] for f in quick.sent] == [1, 2, 3]
    assert [f["version"] for f in slow.sent] == [1, 3]
    for board in boards:
        await live.closed(7, board)


def test_a_board_may_send_a_burst_then_its_rate_and_is_closed_if_it_keeps_on():
    from web.play import Bucket

    bucket = Bucket(rate=10, burst=3, patience=2)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.1) is True  # a tenth of a second buys one more
    assert [bucket.take(0.1) for _ in range(3)] == [False, False, None]  # kept on: closed
    fresh = Bucket(rate=10, burst=3)
    assert all(fresh.take(t / 10) for t in range(100))  # ten a second, for ten seconds
