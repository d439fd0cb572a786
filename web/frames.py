"""Every frame the board's socket sends, key by key: the page's script reads these, so a key
renamed or left out is a type error here rather than a blank on a player's page.

A frame is JSON text; its ``type`` says which of these it is. `text` writes one compactly.
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypedDict


class ChoiceData(TypedDict):
    """One thing a seated player can click (`web.games.Choice`)."""

    code: str
    label: str
    group: str | None
    spot: str | None
    key: str | None


class GroupData(TypedDict):
    """A first click that opens choices (`web.games.Group`)."""

    id: str
    label: str


class HandData(TypedDict):
    """A seated player's private picture (`web.games.Hand`), loaded at its own address for
    the frame's version (`web.server`): its alt text, and where on it each group id or choice
    code is clicked (left, top, right, bottom as fractions of its size)."""

    alt: str
    spots: dict[str, list[float]]


class PanelData(TypedDict):
    """What a seated player's board offers now (`web.games.Panel`); ``hand`` None: no private
    picture."""

    prompt: str
    realtime: bool
    holding: list[str]
    groups: list[GroupData]
    choices: list[ChoiceData]
    spots: dict[str, list[float]]
    hand: HandData | None


class YouData(PanelData):
    """A seated player's own part of a state frame: their seat and panel."""

    seat: int


class _StateBase(TypedDict):
    type: Literal["state"]
    match: int
    game: str
    version: int
    status: str
    view: Any  # the game's public view (its own TypedDict), None before the game starts
    sent: float  # when the server sent it (the page measures how late it shows)


class TableWords(TypedDict):
    """What the table says in words, in the server's language (names as written): the same
    status line and alt text as Discord's board (`presentation.table`)."""

    status: str  # whose move it is and what to do, or who won
    alt: str  # the picture's alt text
    last: list[str]  # the newest move's log lines ([]: none known)
    acting: list[str]  # the names of those to act now
    deadline: float | None  # when the turn timer runs out (Unix seconds), if it runs


class SeatData(TypedDict):
    """A lobby's seat: its name as the table reads it, and its player's Discord id (None: a
    computer), by which a page knows its own seat."""

    name: str
    user: str | None


class LobbyData(TypedDict):
    """A lobby as its boards show it, before its game starts (`web.lobby.lobby_data`)."""

    host: str  # the host's Discord id: who may start and cancel
    seats: list[SeatData]
    options: str  # its options in one line
    low: int  # how many players the game takes, at least
    high: int  # and at most
    levels: list[list[str]]  # [level, its name] for each level a computer may play at


class StateFrame(_StateBase, total=False):
    """The match as it stands; ``said`` where the game has a table; ``lobby`` while it is one;
    ``you`` only on a seated player's board."""

    said: TableWords
    lobby: LobbyData
    you: YouData


class ErrorFrame(TypedDict):
    """The page's message was not understood or not allowed."""

    type: Literal["error"]
    error: str


class RefusedFrame(TypedDict):
    """A move understood but not legal now; ``text`` says why, in the board's words."""

    type: Literal["refused"]
    text: str


class PongFrame(TypedDict):
    """The answer to the page's keep-alive ``ping``."""

    type: Literal["pong"]


class TokenFrame(TypedDict):
    """A fresh link for the board, sent before its own expires: the page reconnects and loads
    pictures with it, so a board left open for days stays live."""

    type: Literal["token"]
    token: str


Frame = StateFrame | ErrorFrame | RefusedFrame | PongFrame | TokenFrame


def text(frame: Frame) -> str:
    """A frame as the socket sends it: compact JSON, words as they are (not escaped)."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)
