"""Names in every script on every picture: drawn exactly where the fonts have the letters,
spelled out where they do not; never folded to ASCII, never dropped, never "Player N"."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pytest
from anyascii import anyascii

from bot.games import REGISTRY
from bot.i18n import words
from rendering import leaderboard, mimic, mimikri
from rendering import schicki_micki as sm

from .helpers import view_in
from .test_mimic import play as play_mimic
from .test_schicki_micki import table_view

NAMES = ["Kristýna", "Jiří Dvořák", "Łukasz", "Ørjan", "Дмитрий", "Ελένη", "李雷", "🦊 Foxy"]
SPELLED = {"李雷": "Li Lei"}  # no font has these letters: this is what is drawn
SERVER = "Hospoda U Šťastného"
CS = words("cs")  # the longer words: names must still be drawn


def stand_ins(name: str, seat: int) -> set[str]:
    """What an ASCII-only picture drew instead of ``name``: folded, letters dropped, or
    "Player N". The picture of the real name must differ from each."""
    folded = anyascii(name)
    dropped = " ".join("".join(c for c in name if c.isascii()).split())
    return {folded, dropped or f"Player {seat + 1}", f"Player {seat + 1}"} - {name}


def check_names(render: Callable[[list[str]], bytes], names: Sequence[str],
                seats: Iterable[int] | None = None) -> None:
    """``render`` is deterministic and draws the name of each of ``seats`` (default: all)."""
    png = render(list(names))
    assert png == render(list(names)), "renders must be byte-identical"
    for seat in range(len(names)) if seats is None else seats:
        name = names[seat]
        other = list(names)
        if name in SPELLED:
            other[seat] = SPELLED[name]
            assert render(other) == png, f"{name} is drawn as {SPELLED[name]}"
            continue
        for stand_in in stand_ins(name, seat):
            other[seat] = stand_in
            assert render(other) != png, f"{name} is drawn as {stand_in}"


def test_mimikri_board_draws_every_name():
    view = view_in("orient", 6, 5)
    check_names(lambda n: mimikri.render_board(view, n, CS), NAMES[:6])
    check_names(lambda n: mimikri.render_board(view, n, CS), NAMES[2:], seats=[4, 5])


def test_schicki_micki_table_draws_every_name():
    view = table_view(7, 7, seed=3, won=2, owed=1)
    check_names(lambda n: sm.render_table(view, n, words("cs")), NAMES[:7])
    check_names(lambda n: sm.render_table(view, n, words("en")), NAMES[1:], seats=[6])


@pytest.fixture(scope="module")
def teams() -> dict:
    return play_mimic(4, {"teams": True}, 3, 90)


@pytest.mark.parametrize("names", [NAMES[:4], NAMES[4:]], ids=["first four", "last four"])
def test_mimic_board_draws_every_name(teams, names):
    view = REGISTRY["mimic"].view(teams, None)
    check_names(lambda n: mimic.render_board(view, n, words("cs")), names)


@pytest.mark.parametrize("owner", ["🦊 Foxy", "李雷", "Jiří Dvořák"])
def test_mimic_hand_names_its_owner(teams, owner):
    seat = teams["turn"]
    view = REGISTRY["mimic"].view(teams, seat)
    names = ["Ann", "Ben", "Cleo", "Dev"]
    names[seat] = owner
    check_names(lambda n: mimic.render_hand(view, n, words("cs")), names, seats=[seat])


def rows(names: Sequence[str]) -> list[dict]:
    return [{"rank": i + 1, "name": name, "games": 30 - i, "wins": 15 - i,
             "win_rate": (15 - i) / (30 - i), "points": 200 - 10 * i, "rating": 30.0 - i}
            for i, name in enumerate(names)]


def test_leaderboard_draws_every_name_and_the_servers():
    title = f"Mimikri – {SERVER}"
    check_names(lambda n: leaderboard.render_leaderboard(title, rows(n), CS), NAMES)
    png = leaderboard.render_leaderboard(title, rows(NAMES), CS)
    assert png != leaderboard.render_leaderboard("Mimikri – Hospoda U Stastneho", rows(NAMES),
                                                 CS)
    # A row whose name no font has is spelled out, never "(unnamed)".
    assert leaderboard.render_leaderboard(title, rows(["李雷"]), CS) != \
        leaderboard.render_leaderboard(title, rows(["(bez jména)"]), CS)


def test_solo_board_and_stats_draw_names_exactly():
    solo = [{"rank": i + 1, "name": name, "best": 15 - i, "games": 3 + i}
            for i, name in enumerate(NAMES)]

    def render_solo(names: list[str]) -> bytes:
        named = [{**row, "name": n} for row, n in zip(solo, names, strict=True)]
        # The rows hold what the picture shows, not a standing's user id.
        return leaderboard.render_solo_board(
            f"MIMIC solo – {SERVER}", named, "cubes", CS)  # type: ignore[arg-type]

    check_names(render_solo, NAMES)
    stats = [("Mimikri", "#1 of 8 · 30 games · 15 wins (50%) · 200 points · rating 30.0")]
    png = leaderboard.render_stats(f"Kristýna on {SERVER}", stats, CS)
    assert png == leaderboard.render_stats(f"Kristýna on {SERVER}", stats, CS)
    assert png != leaderboard.render_stats("Kristyna on Hospoda U Stastneho", stats, CS)
