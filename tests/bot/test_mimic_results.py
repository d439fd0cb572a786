"""What a finished MIMIC game stores: ranks that follow the showdown, and ratings that move."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from bot.db import leaderboards
from bot.games import REGISTRY
from bot.games.core import apply_checked, start
from bot.games.mimic import ai

RULES = REGISTRY["mimic"]
GUILD, CHANNEL, HOST, GUEST = 10, 20, 100, 200
DEFAULT_MU = PlackettLuce().rating().mu


def computer_game(seed: str, n_players: int, *, aimless: bool = False
                  ) -> tuple[list[tuple[int, str]], object]:
    """The moves the computer player makes for every seat of a game from ``seed``, and how
    that game ends (pure rules, no storage)."""
    state = start(RULES, seed, n_players, {})
    rng = random.Random(seed)
    moves = []
    while RULES.outcome(state) is None:
        seat = min(RULES.active_seats(state))
        legal = RULES.legal_actions(state, seat)
        action = rng.choice(legal) if aimless else ai.choose(RULES.view(state, seat), legal, rng)
        moves.append((seat, action))
        state = apply_checked(RULES, state, seed=seed, version=len(moves) - 1, seat=seat,
                              action=action, seen_version=None).state
    return moves, RULES.outcome(state)


async def play_stored(sessions, seed: str, users: list[int], moves, channel: int = CHANNEL):
    """A MIMIC match of these users on ``seed``, the moves submitted as the players'."""
    match = await sessions.open_lobby("mimic", guild_id=GUILD, channel_id=channel,
                                      host_id=users[0], host_name=f"U{users[0]}",
                                      options={"turn_timer": 0})
    for user in users[1:]:
        await sessions.join(match.id, user, f"U{user}")
    # The seed a lobby draws, fixed for the test.
    await sessions.repo.execute("UPDATE matches SET seed = ? WHERE id = ?", (seed, match.id))
    await sessions.start(match.id, users[0])
    for seat, action in moves:
        current = await sessions.repo.match(match.id)
        await sessions.submit(match.id, users[seat], action, current.version)
    final = await sessions.repo.match(match.id)
    assert final.status == "finished"
    return final


@pytest.mark.asyncio
async def test_a_tie_won_in_the_showdown_is_stored_and_rated_as_a_win(sessions):
    seed, moves, outcome = next(
        (seed, moves, outcome) for seed in (f"showdown-{i}" for i in range(40))
        # The computer rarely ties now: any legal move spoils lines and so reaches showdowns.
        for moves, outcome in [computer_game(seed, 2, aimless=True)]
        if outcome.termination == "showdown"
    )
    assert outcome.scores[0] == outcome.scores[1] and len(outcome.winners) == 1
    match = await play_stored(sessions, seed, [HOST, GUEST], moves)
    rows = await sessions.repo.fetch_all(
        "SELECT seat, score, rank, won FROM results WHERE match_id = ? ORDER BY seat",
        (match.id,),
    )
    stored = {row[0]: tuple(row)[1:] for row in rows}
    (winner,) = outcome.winners
    loser = 1 - winner
    assert stored[winner] == (outcome.scores[winner], 1, 1)
    assert stored[loser] == (outcome.scores[loser], 2, 0)
    users = [HOST, GUEST]
    rated = await sessions.repo.ratings(GUILD, "mimic", users)
    assert rated[users[winner]][0] > DEFAULT_MU > rated[users[loser]][0]


@pytest.mark.asyncio
async def test_solo_games_stay_off_the_board_and_have_one_of_their_own(sessions):
    """Spec §End: a solo score is a personal best worth a board of its own. A match of one
    seat is solo (here a one-seat lobby started by its host, without the `solo` option)."""
    solo = [computer_game(f"solo-{i}", 1) for i in range(3)]
    for i, (moves, _) in enumerate(solo):
        await play_stored(sessions, f"solo-{i}", [HOST], moves)
    scores = [outcome.scores[0] for _, outcome in solo]
    assert len(set(scores)) > 1, "the best of different scores"
    moves, duel = computer_game("duel-0", 2)
    await play_stored(sessions, "duel-0", [HOST, GUEST], moves)

    board = {r.user_id: (r.games, r.wins, r.points) for r in
             await leaderboards.board(sessions.repo, GUILD, "mimic")}
    assert board == {user: (1, int(seat in duel.winners), duel.scores[seat])
                     for seat, user in enumerate([HOST, GUEST])}
    solo_board = await leaderboards.solo_board(sessions.repo, GUILD, "mimic")
    assert [(r.user_id, r.name, r.games, r.best) for r in solo_board] == \
        [(HOST, f"U{HOST}", 3, max(scores))]
    assert await leaderboards.player_games(sessions.repo, GUILD, GUEST) == ["mimic"]
