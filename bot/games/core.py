"""The game-engine contract every game follows, and the one gate every action passes.

A game is a `Rules` object: pure functions over JSON-safe state (plain dicts and lists with a
``"schema"`` number). Actions are short strings (``"reveal:B3"``), so the same code travels in
a button's custom_id, the action log and the legal-action list. Randomness comes in as a
``random.Random`` and time as ``at_ms``; nothing here reads a clock or the global RNG.

`apply_checked` is the single gatekeeper (game over, stale version, not your turn, not legal)
in front of every game's `apply`; `replay` rebuilds a state from its seed and action log.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

JSON = Any
State = dict[str, JSON]
Seat = int
ViewT = TypeVar("ViewT", bound=Mapping[str, Any], covariant=True)
"""A game's view type (``MimicView``…): what its ``view`` returns, key by key."""
SYSTEM: Seat = -1
"""The seat of chance and timers: actions nobody at the table chose."""


@dataclass(frozen=True, slots=True)
class Term:
    """A refusal's value that is itself a message of the catalogues (a card's name, a power's
    colour): said in the reader's words with the rest; ``otherwise`` where the catalogue has
    no such message (a colour a player typed)."""

    key: str
    otherwise: str = ""


class Phrasebook(Protocol):
    """A language's messages (`bot.i18n.Words`), as a refusal needs them."""

    def __call__(self, key: str, /, **values: Any) -> str: ...

    def n(self, key: str, count: int, /, **values: Any) -> str: ...

    def has(self, key: str) -> bool: ...


class RuleError(ValueError):
    """A rejected action or request. It names a message of the catalogues (``key``, in every
    language) and the values of its placeholders: a `Term` is itself a message, and ``n``
    picks a plural form. Rules never hold words: `say` gives them in a reader's language;
    ``str()`` is the key and its values (for logs), since the rules import no catalogue."""

    def __init__(self, key: str, /, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def say(self, w: Phrasebook) -> str:
        """The refusal in ``w``'s words."""
        values = {name: _said(value, w) for name, value in self.values.items()}
        if "n" in values:
            return w.n(self.key, values.pop("n"), **values)
        return w(self.key, **values)

    def __str__(self) -> str:
        if not self.values:
            return self.key
        shown = ", ".join(f"{name}={_logged(value)!r}" for name, value in self.values.items())
        return f"{self.key} ({shown})"


def _logged(value: Any) -> Any:
    return value.key if isinstance(value, Term) else value


def _said(value: Any, w: Phrasebook) -> Any:
    if isinstance(value, Term):
        return w(value.key) if w.has(value.key) else value.otherwise or value.key
    return value


class InvalidAction(RuleError):
    """The action code cannot be decoded for this game."""


class IllegalAction(RuleError):
    """Well-formed, but not legal in the current position."""


class NotYourTurn(IllegalAction):
    """The seat may not act now; `active` names who may."""

    def __init__(self, active: frozenset[Seat]) -> None:
        super().__init__("ui.not_your_turn")
        self.active = active


class GameOver(IllegalAction):
    """The match already has an outcome."""

    def __init__(self) -> None:
        super().__init__("lobby.error.over")


class StaleAction(RuleError):
    """The action was built from an older version of the board."""

    def __init__(self) -> None:
        super().__init__("ui.stale")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: one score per seat and the set of winners (ties share)."""

    termination: str
    scores: tuple[int, ...]
    winners: frozenset[Seat]

    def ranks(self) -> tuple[int, ...]:
        """Competition ranks (1 = best): one more than the number of better seats.

        Winners rank 1. A seat is better than a non-winner if it scored more, or scored the
        same and won: a tie broken by a tie-break (MIMIC's showdown) puts the loser below
        the winner, so the ratings see a win, not a draw.
        """
        def better(other: Seat, seat: Seat) -> bool:
            mine, theirs = self.scores[seat], self.scores[other]
            return theirs > mine or (theirs == mine and other in self.winners)

        return tuple(
            1 if seat in self.winners
            else 1 + sum(better(other, seat) for other in range(len(self.scores)))
            for seat in range(len(self.scores))
        )


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as data; cogs turn it into words.

    ``visible_to`` None means everyone may see it; otherwise only those seats.
    """

    kind: str
    seat: Seat | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)
    visible_to: frozenset[Seat] | None = None


class Rules(Protocol[ViewT]):
    """What every game package exports as ``RULES``: ``Rules[MimicView]`` for a game whose
    views are ``MimicView`` (so its view reaches its pictures and front ends typed, key by
    key); code for any game takes ``Rules[Any]``."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    schema: ClassVar[int]

    def setup(self, n_players: int, options: Mapping[str, JSON], rng: random.Random) -> State:
        """Return the starting state for ``n_players`` seats (version 0)."""

    def active_seats(self, state: State) -> frozenset[Seat]:
        """Seats that may act now (empty when the game is over)."""

    def legal_actions(self, state: State, seat: Seat) -> Sequence[str]:
        """Every legal action code for ``seat``, in a deterministic order."""

    def explain_illegal(self, state: State, seat: Seat, action: str) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` now: the refusal to raise (a catalogue
        key and its values)."""

    def apply(
        self, state: State, seat: Seat, action: str, *, rng: random.Random, at_ms: int
    ) -> tuple[State, list[Event]]:
        """Apply a legal action to a copy of ``state``; return the new state and events."""

    def view(self, state: State, seat: Seat | None) -> ViewT:
        """What ``seat`` may see (None: the public table). Never another seat's secrets. Each
        game declares its keys (a ``TypedDict`` in its ``views`` module)."""

    def outcome(self, state: State) -> Outcome | None:
        """None while the game runs, then how it ended."""

    def load(self, data: Mapping[str, JSON]) -> State:
        """Validate stored data and return it as a state; raise ValueError if it is broken."""


def dump(state: State) -> str:
    """Serialise a state canonically (sorted keys), so equal states give equal text."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def setup_rng(seed: str) -> random.Random:
    """The RNG of a match's set-up; string seeds are stable across processes."""
    return random.Random(f"{seed}:setup")


def action_rng(seed: str, version: int) -> random.Random:
    """The RNG for the action that turns ``version`` into ``version + 1``."""
    return random.Random(f"{seed}:{version}")


@dataclass(frozen=True, slots=True)
class Step:
    """The result of one accepted action."""

    state: State
    version: int
    events: list[Event]
    outcome: Outcome | None


def apply_checked(
    rules: Rules[Any],
    state: State,
    *,
    seed: str,
    version: int,
    seat: Seat,
    action: str,
    seen_version: int | None,
    at_ms: int = 0,
) -> Step:
    """Check an action against the current position and apply it.

    Args:
        rules: the game.
        state: the current state (not modified).
        seed: the match seed, for this action's RNG.
        version: the current version of the match.
        seat: who acts.
        action: the action code.
        seen_version: the version the player saw when acting (None: don't check).
        at_ms: when the action happened, in milliseconds (the game decides what it means).

    Raises:
        GameOver, StaleAction, NotYourTurn, IllegalAction: each names its message.
    """
    if rules.outcome(state) is not None:
        raise GameOver()
    if seen_version is not None and seen_version != version:
        raise StaleAction()
    active = rules.active_seats(state)
    if seat not in active:
        raise NotYourTurn(active)
    if action not in rules.legal_actions(state, seat):
        raise rules.explain_illegal(state, seat, action)
    new_state, events = rules.apply(
        copy.deepcopy(state), seat, action, rng=action_rng(seed, version), at_ms=at_ms
    )
    return Step(new_state, version + 1, events, rules.outcome(new_state))


def start(rules: Rules[Any], seed: str, n_players: int, options: Mapping[str, JSON]) -> State:
    """Set up a match from its seed, checking the player count."""
    if not rules.min_players <= n_players <= rules.max_players:
        raise IllegalAction("lobby.error.players", game=rules.name, low=rules.min_players,
                            high=rules.max_players, count=n_players)
    return rules.setup(n_players, options, setup_rng(seed))


def replay(
    rules: Rules[Any],
    seed: str,
    n_players: int,
    options: Mapping[str, JSON],
    log: Sequence[tuple[Seat, str, int]],
    *,
    trusted: bool = False,
    since: int = 0,
) -> tuple[State, list[Event]]:
    """Rebuild a state from its seed and its log of ``(seat, action, at_ms)``.

    Returns the final state and every event on the way (computer players rebuild their
    memory from them), or only those of the actions from the ``since``-th on (what changed
    after a version already known). A ``trusted`` log is a match's own, each action checked
    when it was played and committed: it is applied as it stands, without checking each
    action against the legal ones again or copying the state between actions — 2 to 7 times
    faster, which is what a restart spends per open game. Its events are copied as they
    come, so none of them shares an object with the state the next action changes.
    """
    state = start(rules, seed, n_players, options)
    events: list[Event] = []
    if trusted:
        for version, (seat, action, at_ms) in enumerate(log):
            state, new = rules.apply(state, seat, action, rng=action_rng(seed, version),
                                     at_ms=at_ms)
            if version >= since:
                events.extend(copy.deepcopy(new))
        return state, events
    for version, (seat, action, at_ms) in enumerate(log):
        step = apply_checked(
            rules, state, seed=seed, version=version, seat=seat, action=action,
            seen_version=None, at_ms=at_ms,
        )
        state = step.state
        if version >= since:
            events.extend(step.events)
    return state, events
