"""The leaderboard's and stats' text: in the reader's language, numbers and plurals the
language's way, and always one Discord message — cut to the top rows, saying so, when long."""

from __future__ import annotations

from bot.db.leaderboards import BoardRow, SoloRow
from bot.i18n import words
from cogs.leaderboard import (
    LIMIT,
    as_text,
    bounded,
    counted,
    reactions_note,
    solo_text,
)
from presentation.leaderboard import solo_standings, standings
from rendering.leaderboard import Standing

EN, CS = words("en"), words("cs")


def board(count: int, name: str = "Player") -> list[Standing]:
    return standings([BoardRow(i + 1, f"{name} {i + 1}", 3, 2, 1234, 30.0 - i / 10, 1.0)
                      for i in range(count)])


def code(text: str) -> list[str]:
    """The lines of a message's code block."""
    assert text.count("```") == 2, text
    return text.split("```")[1].strip("\n").splitlines()


def test_the_table_is_in_the_readers_language():
    table = board(2)
    english = as_text("Mimikri - Here", table, EN)
    czech = as_text("Mimikri - Here", table, CS)
    assert english.startswith("**Mimikri - Here**\n```")
    assert code(english)[0].split() == ["#", "player", "games", "wins", "win%", "pts", "rating"]
    assert code(english)[1].split() == ["1", "Player", "1", "3", "2", "67%", "1,234", "27.0"]
    assert code(czech)[0].split() == ["#", "hráč", "hry", "výhry", "%", "výher", "body",
                                      "hodnocení"]
    # Czech: a decimal comma, a space before the percent sign, a space between thousands.
    assert code(czech)[1].split()[:7] == ["1", "Player", "1", "3", "2", "67", "%"]
    assert code(czech)[1].endswith(" 1\xa0234      27,0")


def test_columns_line_up():
    lines = code(as_text("T", board(12), EN))
    assert len({len(line) for line in lines}) == 1, lines


def test_a_long_board_is_cut_to_its_top_rows_and_says_so():
    table = board(120, name="A rather long name")
    text = as_text("Mimikri - Here", table, EN, total=300)
    assert len(text) <= LIMIT
    rows = code(text)[1:]
    assert 10 < len(rows) < 120 and rows[0].split()[0] == "1"
    assert text.endswith(f"Top {len(rows)} of 300 players shown.")
    czech = as_text("Mimikri - Here", table, CS, total=300)
    assert len(czech) <= LIMIT and "Zobrazeno prvních" in czech and "z 300 hráčů." in czech


def test_the_top_fifteen_of_more_say_so_too():
    text = as_text("T", board(15), EN, total=40)
    assert len(code(text)) == 16 and text.endswith("Top 15 of 40 players shown.")
    assert "shown" not in as_text("T", board(15), EN, total=15)


def test_a_name_cannot_break_out_of_the_code_block():
    table = standings([BoardRow(1, "```@everyone **x**", 1, 1, 1, None, None)])
    lines = code(as_text("T", table, EN))
    assert "'''@everyone **x**" in lines[1]


def test_reaction_games_show_each_players_fastest_and_the_servers_best():
    table = board(3)
    times = {1: [1500.0, 2000.0], 2: [840.0, 900.0, 3000.0], 99: [100.0]}
    note = reactions_note(times, table, table, EN)
    assert note == ("⚡ Fastest correct reaction here: Player 2, 0.84 s · medians:"
                    " Player 2 0.90 s, Player 1 1.75 s")
    text = as_text("T", table, CS, fastest={u: ms[0] for u, ms in times.items()},
                   tail=reactions_note(times, table, table, CS))
    lines = code(text)
    assert lines[0].split()[-1] == "nejrychleji"
    assert lines[1].endswith("1,50 s") and lines[2].endswith("0,84 s") and lines[3].endswith("-")
    assert text.endswith("⚡ Nejrychlejší správná reakce tady: Player 2, 0,84 s · mediány:"
                         " Player 2 0,90 s, Player 1 1,75 s")
    assert reactions_note({99: [100.0]}, table, table, EN) == ""


def test_an_empty_board_says_so_in_the_readers_language():
    assert as_text("T", [], EN) == "**T**\nNo finished games yet."
    assert as_text("T", [], CS) == "**T**\nZatím tu není žádná dohraná hra."


def test_the_solo_board_names_its_unit():
    table = solo_standings([SoloRow(1, "Alice", 1, 12), SoloRow(2, "Bob", 5, 9)])
    english = solo_text("MIMIC solo - Here", table, "cubes", EN)
    assert english.startswith("**MIMIC solo - Here** (best: most cubes in one game)")
    assert code(english)[1].split() == ["1", "Alice", "12", "1"]
    czech = solo_text("MIMIC sólo - Here", table, "cubes", CS)
    assert "(nejlépe: nejvíc kostek v jedné hře)" in czech
    assert code(czech)[0].split() == ["#", "hráč", "nejlépe", "hry"]
    assert "highest score" in solo_text("T", table, "goals", EN)


def test_counts_are_plural_the_languages_way():
    assert [EN.n("leaderboard.unit.games", n) for n in (1, 2)] == ["1 game", "2 games"]
    assert [CS.n("leaderboard.unit.games", n) for n in (1, 2, 5)] == ["1 hra", "2 hry", "5 her"]
    assert [CS.n("leaderboard.unit.wins", n) for n in (1, 4, 0)] == ["1 výhra", "4 výhry",
                                                                     "0 výher"]
    assert [counted("cubes", n, CS) for n in (1, 3, 12)] == ["1 kostka", "3 kostky", "12 kostek"]
    assert counted("goals", 3, EN) == "3 goals"


def test_stats_lines_are_cut_too_and_a_huge_note_gives_way_to_the_table():
    lines = [f"• **Game {i}**: " + "x" * 80 for i in range(60)]
    text = bounded("**Alice on Here**", lines, EN, cut="leaderboard.cut_lines")
    assert len(text) <= LIMIT and text.endswith(" of 60 lines shown.")
    text = bounded("**T**", ["row"], EN, head="head", tail="⚡" * 3000)
    assert text == "**T**\n```\nhead\nrow\n```"
