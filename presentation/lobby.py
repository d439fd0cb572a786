"""A lobby in words for every front end: its options' names and values as players read them,
and the choices a host is offered when opening one (the game's server-chosen options, the
turn timer, a thread of its own)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import GAMES
from bot.i18n import Words
from bot.i18n import words as words_of
from presentation.durations import duration

EN = words_of("en")
SECONDS = {"reveal", "settle"}  # options given in seconds (the turn timer is stored in seconds)
TIMERS = (0, 60, 120, 300, 600, 1800)
"""The turn timers a host may pick where they pick from a list (seconds; 0: none)."""


def option_name(key: str, w: Words = EN) -> str:
    """A lobby option's name as a player reads it."""
    return w(f"option.{key}") if w.has(f"option.{key}") else key.replace("_", " ")


def option_text(key: str, value: Any, w: Words = EN) -> str:
    """One lobby option's value as a player reads it: 5 min, off, yes, 2,5 s."""
    if key == "turn_timer":
        seconds = int(value)
        return duration(seconds, w) if seconds else w("value.off")
    if isinstance(value, bool):
        return w("value.yes" if value else "value.no")
    if key in SECONDS:
        return w("unit.seconds", value=w.number(float(value)))
    return w(f"value.{value}") if w.has(f"value.{value}") else str(value)


def options_line(options: Mapping[str, Any], w: Words = EN) -> str:
    """A lobby's options in one line ('' when it has none)."""
    return ", ".join(f"{option_name(k, w)}: {option_text(k, v, w)}"
                     for k, v in sorted(options.items()))


def choices(game: str, defaults: Mapping[str, Any], w: Words = EN
            ) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """What a host may choose when opening ``game``: each option as (key, name, [(value,
    label)…]), the value it gets when left alone (``defaults``: `bot.defaults.lobby_options`
    of nothing given) first. Values are text, as a form sends them (`chosen` reads them)."""
    spec = GAMES[game]
    found: list[tuple[str, str, list[tuple[str, str]]]] = []
    for option in spec.server_options:
        values = list(option.choices)
        first = str(defaults.get(option.key, values[0]))
        ordered = [first, *(v for v in values if v != first)]
        found.append((option.key, option_name(option.key, w),
                      [(v, option_text(option.key, v, w)) for v in ordered]))
    if spec.timed:
        first_timer = int(defaults.get("turn_timer", 0))
        timers = [first_timer, *(t for t in TIMERS if t != first_timer)]
        found.append(("turn_timer", option_name("turn_timer", w),
                      [(str(t), option_text("turn_timer", t, w)) for t in timers]))
    thread = bool(defaults.get("thread", False))
    found.append(("thread", option_name("thread", w),
                  [(str(v).lower(), option_text("thread", v, w)) for v in (thread, not thread)]))
    return found


def chosen(game: str, sent: Mapping[str, Any]) -> dict[str, Any]:
    """The options a host chose from `choices` (values as text), checked against them: an
    option not offered, or a value not among its choices, is left to the defaults (None)."""
    spec = GAMES[game]
    given: dict[str, Any] = {}
    for option in spec.server_options:
        value = sent.get(option.key)
        given[option.key] = value if isinstance(value, str) and value in option.choices else None
    if spec.timed:
        timer = sent.get("turn_timer")
        given["turn_timer"] = int(timer) if timer in {str(t) for t in TIMERS} else None
    thread = sent.get("thread")
    given["thread"] = {"true": True, "false": False}.get(thread) if isinstance(thread, str) \
        else None
    return given
