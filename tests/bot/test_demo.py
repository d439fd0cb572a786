"""`make demo` writes Mariposas' pictures: a board per turn, the landing choices, the rules."""

from __future__ import annotations

from PIL import Image

from presentation.mariposas.demo import play as demo_mariposas
from rendering import theme


def test_the_mariposas_demo_draws_each_turn_and_ends_with_the_winner(tmp_path):
    lines = demo_mariposas(tmp_path, seed="demo-test", players=2)
    boards = sorted(tmp_path.glob("board-*.png"))
    # Two players take 4 + 5 + 6 turns each; season ends and the end add a few more boards.
    assert len(boards) >= 2 * (4 + 5 + 6)
    for name in ("rules.png", "landing-choices.png", boards[0].name, boards[-1].name):
        with Image.open(tmp_path / name) as picture:
            assert picture.width == theme.BOARD_WIDTH
    assert lines[-1].startswith("Winners: ") and len(lines[-1]) > len("Winners: ")
    assert (tmp_path / "transcript.md").read_text(encoding="utf-8").endswith(lines[-1] + "\n")


def test_help_explains_and_writes_nothing(tmp_path, monkeypatch, capsys):
    """`python -m presentation.demo --help` answers; it plays into no folder named --help."""
    import pytest

    from presentation.demo import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        main(["presentation.demo", "--help"])
    assert done.value.code == 0
    assert "FOLDER" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
