"""The real-time dealer without Discord: it deals, stops at the first reaction, submits the
window's reactions in key order, resolves, and plays computers to the end."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.dealer import Dealer
from bot.games import REGISTRY
from bot.games.core import RuleError, dump, replay
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.spec import NOT_PLAYING, PAST_ROW, TOO_EARLY, TOO_LATE
from bot.games.schicki_micki.table import read_table
from bot.i18n import LANGUAGES, words
from bot.reactions import Reaction
from tests.waiting import until

RULES = REGISTRY["schicki_micki"]


class FakeTable:
    """The dealer's TableIO, recording what it was asked to show."""

    def __init__(self) -> None:
        self.rows: list[int] = []
        self.results: list[dict] = []
        self.resets: list[int] = []
        self.troubles: list[BaseException] = []

    async def new_row(self, match) -> None:
        self.rows.append(match.state["row"])

    async def shown(self, match_id: int, version: int) -> float:
        return time.time()

    async def announce(self, match, transition) -> None:
        self.results += [e.data for e in transition.events if e.kind == "resolved"]

    async def reset_row(self, match) -> None:
        self.resets.append(match.state["row"])

    async def trouble(self, match_id: int, error: BaseException) -> None:
        self.troubles.append(error)


async def started(sessions, humans: int, computers: int):
    match = await sessions.open_lobby("schicki_micki", guild_id=1, channel_id=2, host_id=100,
                                      host_name="Host", options={})
    for user in range(1, humans):
        await sessions.join(match.id, 100 + user, f"User {user}")
    for _ in range(computers):
        await sessions.add_computer(match.id, 100)
    return (await sessions.start(match.id, 100)).match


@pytest.mark.asyncio
async def test_computers_play_a_whole_game_that_replays(sessions):
    io = FakeTable()
    dealer = Dealer(sessions, io, time_scale=0.002)
    match = await started(sessions, humans=1, computers=2)
    dealer.watch(match)

    async def over():
        return (await sessions.repo.match(match.id)).status == "finished"
    await until(over)
    await dealer.close()
    final = await sessions.repo.match(match.id)
    log = await sessions.repo.action_log(match.id)
    state, _ = replay(RULES, final.seed, 3, final.options, log)
    assert dump(state) == dump(final.state)
    assert io.rows[0] == 1 and io.rows == sorted(io.rows)
    assert io.results and any(r["table_cleared"] for r in io.results)
    assert any(code.startswith(("call", "grab", "knock")) for _, code, _ in log)


@pytest.mark.asyncio
async def test_input_that_came_with_the_last_window_goes_with_the_game(sessions):
    """A reaction stored while the final window was being submitted can never be judged: the
    game's end takes it out of the inbox (nothing waits forever under a player's id)."""
    class Late(FakeTable):
        async def announce(self, match, transition) -> None:
            await super().announce(match, transition)
            if transition.match.status == "finished":
                await sessions.repo.add_inbox(match.id, user_id=100, seat=0, code="knock",
                                              at=time.time(), at_ms=5, seq=1)

    dealer = Dealer(sessions, Late(), time_scale=0.002)
    match = await started(sessions, humans=1, computers=2)
    dealer.watch(match)
    assert dealer.dealing() == {match.id}
    await until(lambda: not dealer.dealing(), "the dealer to stop at the game's end", timeout=20)
    assert (await sessions.repo.match(match.id)).status == "finished"
    assert await sessions.repo.inbox(match.id) == []
    assert match.id not in dealer.tables


@pytest.mark.asyncio
async def test_a_window_is_submitted_in_key_order_not_arrival_order(sessions):
    io = FakeTable()
    dealer = Dealer(sessions, io, time_scale=0.05)
    match = await started(sessions, humans=3, computers=0)
    dealer.watch(match)

    async def first_card():
        return bool((await sessions.repo.match(match.id)).state["table"])
    await until(first_card)
    now = time.time()
    # Arrival order: user 2, then user 1, then the host; keys say host, user 1, user 2.
    for key, user in ((3, 102), (2, 101), (1, 100)):
        dealer.react(match.id, Reaction((now, key), now, "knock", user_id=user))

    async def resolved():
        return bool(io.results)
    await until(resolved)
    await dealer.close()
    assert [r["seat"] for r in io.results[0]["reactions"]] == [0, 1, 2]


@pytest.mark.asyncio
async def test_what_waits_for_a_windows_result_wakes_once_it_is_resolved(sessions):
    """`settled` holds whoever waits (the table's picture) while a window's reactions are
    submitted and resolved, and lets it go the moment the dealer is done."""
    waiters: list[tuple[asyncio.Task, bool]] = []

    class Watching(FakeTable):
        async def announce(self, match, transition) -> None:
            await super().announce(match, transition)
            waiter = asyncio.create_task(dealer.settled(match.id, 10))
            await asyncio.sleep(0.01)
            waiters.append((waiter, waiter.done()))

    io = Watching()
    dealer = Dealer(sessions, io, time_scale=0.05)
    match = await started(sessions, humans=2, computers=0)
    dealer.watch(match)

    async def first_card():
        return bool((await sessions.repo.match(match.id)).state["table"])
    await until(first_card)
    assert await dealer.settled(match.id, 0), "no window: settled without waiting at all"
    now = time.time()
    dealer.react(match.id, Reaction((now, 1), now, "knock", user_id=100))

    async def resolved():
        return bool(waiters)
    await until(resolved)
    waiter, done_while_resolving = waiters[0]
    assert not done_while_resolving
    assert await asyncio.wait_for(waiter, 10) is True  # a guard: it ends with the window
    await dealer.close()


@pytest.mark.parametrize("why", [NOT_PLAYING, TOO_EARLY, TOO_LATE, PAST_ROW])
def test_the_dealers_refusals_are_catalogue_keys(why):
    """The dealer names why a reaction does not count; the Discord layer says it in the
    reader's language."""
    assert all(words(lang).has(why) for lang in LANGUAGES)


@pytest.mark.asyncio
async def test_a_stranger_is_refused_by_name_and_stops_nothing(sessions):
    io = FakeTable()
    dealer = Dealer(sessions, io, time_scale=0.05)
    match = await started(sessions, humans=2, computers=0)
    dealer.watch(match)

    async def first_card():
        return bool((await sessions.repo.match(match.id)).state["table"])
    await until(first_card)
    told: list[str] = []

    async def refused(why: RuleError) -> None:
        told.append(why.key)
    now = time.time()
    dealer.react(match.id, Reaction((now, 1), now, "knock", user_id=999, refused=refused))
    await asyncio.sleep(0.01)
    await dealer.close()
    assert told == [NOT_PLAYING]
    assert not dealer.tables[match.id].waiting


@pytest.mark.asyncio
async def test_between_a_won_row_and_the_next_card_every_reaction_is_refused(sessions):
    """One table message for the game: a reaction after a won row (left from it, or early for
    the next) is refused at once, and never judged in the next row."""
    io = FakeTable()
    dealer = Dealer(sessions, io, time_scale=0.05)
    match = await started(sessions, humans=2, computers=0)
    announced = asyncio.Event()
    told: list[str] = []

    async def refused(why: RuleError) -> None:
        told.append(why.key)

    async def announce(match, transition) -> None:
        io.results += [e.data for e in transition.events if e.kind == "resolved"]
        now = time.time()  # right after the result, before the next row's countdown
        dealer.react(match.id, Reaction((now, 9), now, "knock", user_id=101, refused=refused))
        announced.set()
    io.announce = announce
    dealer.watch(match)
    for _ in range(200):  # the right reaction to each card, until a row is won
        current = await sessions.repo.match(match.id)
        if current.state["row"] > 1:
            break
        if current.state["table"] and current.state["phase"] == "dealing":
            correct = read_table(cards()[c] for c in current.state["table"]).correct
            if correct:
                now = time.time()
                dealer.react(match.id, Reaction((now, 1), now, correct, user_id=100))
                await asyncio.wait_for(announced.wait(), 10)
                announced.clear()
        await asyncio.sleep(0.01)

    async def next_card():
        state = (await sessions.repo.match(match.id)).state
        return state["row"] == 2 and bool(state["table"])
    await until(next_card)
    await dealer.close()
    assert TOO_EARLY in told
    log = await sessions.repo.action_log(match.id)
    assert (1, "knock") not in [(seat, code) for seat, code, _ in log]


class Stamped(FakeTable):
    """Each card becomes visible at a given moment (its edit's response), but the dealer hears
    of the last one late: reactions come in between, as they do on a busy bot."""

    def __init__(self, stamps: list[float]) -> None:
        super().__init__()
        self.stamps = stamps
        self.asked = 0
        self.pending = asyncio.Event()  # the last card is visible; the dealer not told yet
        self.release = asyncio.Event()

    async def shown(self, match_id: int, version: int) -> float:
        self.asked += 1
        if self.asked == len(self.stamps):
            self.pending.set()
            await self.release.wait()
        return self.stamps[self.asked - 1]


async def times_of(sessions, stamps: list[float], offsets: list[float]) -> list[int]:
    """Deal ``len(stamps)`` cards visible at ``stamps``; while the dealer still waits to hear
    of the last one, four players react at ``stamps[-1] + offset`` each; the window's times."""
    io = Stamped(stamps)
    dealer = Dealer(sessions, io, time_scale=0.01)
    match = await started(sessions, humans=4, computers=0)
    dealer.watch(match)
    await asyncio.wait_for(io.pending.wait(), 10)
    for seq, offset in enumerate(offsets):
        at = stamps[-1] + offset
        dealer.react(match.id, Reaction((at, seq), at, "knock", user_id=100 + seq))
    io.release.set()

    async def resolved():
        return bool(io.results)
    await until(resolved)
    await dealer.close()
    return [r["at_ms"] for r in io.results[0]["reactions"]]


@pytest.mark.asyncio
async def test_a_reaction_to_a_rows_first_card_is_timed_from_that_card(sessions):
    """The first card became visible at a known moment; reactions 10, 11 and 250 ms later are
    timed so, though they came before the dealer heard the card was shown."""
    shown = time.time() - 30
    assert await times_of(sessions, [shown], [0.010, 0.011, 0.250]) == [10, 11, 250]


@pytest.mark.asyncio
async def test_each_reaction_is_timed_from_the_card_it_answered(sessions):
    """A burst around the second card's appearance: the reaction that came before it answered
    the first card (visible 1 s earlier), the others the second one, milliseconds apart."""
    first = time.time() - 30
    second = first + 1.0
    times = await times_of(sessions, [first, second], [-0.300, 0.010, 0.011, 0.013])
    assert times == [700, 10, 11, 13]


@pytest.mark.asyncio
async def test_a_game_cancelled_while_the_dealer_waits_to_deal_ends_quietly(sessions, caplog):
    """The host cancels between two cards: the dealer's next deal finds the game over and it
    stops, with nothing logged as a failure (a soak of 2,000 games met this once)."""
    io = FakeTable()
    dealer = Dealer(sessions, io, time_scale=0.05)
    match = await started(sessions, humans=2, computers=0)
    dealer.watch(match)

    async def first_card():
        return bool((await sessions.repo.match(match.id)).state["table"])
    await until(first_card)
    await sessions.cancel(match.id, 100, is_admin=False)  # during the next card's wait
    await until(lambda: match.id not in dealer.tables)
    await dealer.close()
    assert not [r for r in caplog.records if "failed" in r.getMessage()]
