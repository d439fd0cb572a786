"""A finished game's replay: the states it went through, rebuilt from its seed and action log.

Nothing is stored for a replay: the match's seed, options, player count and action log rebuild
every state exactly (the engine's RNG comes from the seed and the version), so a replay is as
trustworthy as the game itself. The steps are the versions the channel's board showed — a
multi-step turn (Mariposas) is played on its player's private panel and its sub-steps never
reached the board, so they are left out. What a step may show is each game's public view,
and a seat's own view only to that seat (the caller decides who is asking).

Pure: no Discord, no pictures, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import spec_of
from bot.games.core import Event, Rules, Seat, State, apply_checked, start

LogEntry = tuple[Seat, str, int]  # (seat, action, at_ms), as `Repo.action_log` returns them


@dataclass(frozen=True, slots=True)
class Frame:
    """The game after ``version`` actions, and the events of the action that led to it."""

    version: int
    state: State
    events: tuple[Event, ...] = ()


def rebuild(
    rules: Rules[Any], seed: str, n_players: int, options: Mapping[str, Any],
    log: Sequence[LogEntry],
) -> list[Frame]:
    """Every state of the match, version 0 (the deal) to the last, from its seed and log.

    Raises:
        RuleError: the log does not replay (a stored game that was tampered with).
    """
    state = start(rules, seed, n_players, options)
    frames = [Frame(0, state)]
    for version, (seat, action, at_ms) in enumerate(log):
        step = apply_checked(rules, state, seed=seed, version=version, seat=seat, action=action,
                             seen_version=None, at_ms=at_ms)
        state = step.state
        frames.append(Frame(step.version, state, tuple(step.events)))
    return frames


def shown(rules: Rules[Any], frames: Sequence[Frame]) -> list[Frame]:
    """The frames the channel's board showed: all but the sub-steps of an open multi-step turn
    (its spec's ``turn_open``), whose events are carried to the step that closes the turn. The first
    and the last frame are always kept."""
    turn_open = spec_of(rules).turn_open
    kept: list[Frame] = []
    carried: list[Event] = []
    for index, frame in enumerate(frames):
        carried.extend(frame.events)
        last = index in (0, len(frames) - 1)
        if not last and turn_open is not None and rules.outcome(frame.state) is None \
                and turn_open(frame.state):
            continue
        kept.append(Frame(frame.version, frame.state, tuple(carried)))
        carried = []
    return kept


def public_view(rules: Rules[Any], frame: Frame) -> Mapping[str, Any]:
    """What everyone at the table saw at this step: the game's public view."""
    view: Mapping[str, Any] = rules.view(frame.state, None)
    return view


def own_view(rules: Rules[Any], frame: Frame, seat: Seat | None, n_players: int
             ) -> Mapping[str, Any] | None:
    """What ``seat`` alone saw at this step (its hand), or None for a reader who had no seat
    at this table."""
    if seat is None or not 0 <= seat < n_players:
        return None
    view: Mapping[str, Any] = rules.view(frame.state, seat)
    return view


def public_events(frame: Frame) -> list[Event]:
    """The step's events that everyone could see (never another seat's secret)."""
    return [e for e in frame.events if e.visible_to is None]


def sample(count: int, cap: int) -> list[int]:
    """At most ``cap`` indices of ``count`` frames, evenly spread, always the first and the
    last (an animation of a long game shows its course, not only its start)."""
    if count <= 0:
        return []
    if count <= cap:
        return list(range(count))
    if cap < 2:
        return [count - 1]
    return sorted({round(i * (count - 1) / (cap - 1)) for i in range(cap)})
