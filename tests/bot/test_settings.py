"""Settings.from_env: what each setting accepts, and the words a refused one is refused with.
How `python -m bot` reports a refused setting is tested in tests/e2e/test_startup.py."""

from __future__ import annotations

import pytest

from bot.settings import Settings


@pytest.mark.parametrize(("given", "level"), [
    ("", "INFO"), ("debug", "DEBUG"), (" Warning ", "WARNING"), ("WARN", "WARN"),
    ("error", "ERROR"), ("critical", "CRITICAL"),
])
def test_a_logging_level_is_accepted_in_any_case(given, level):
    assert Settings.from_env({"LOG_LEVEL": given}).log_level == level


@pytest.mark.parametrize("given", ["verbose", "10", "info,debug"])
def test_an_unknown_log_level_is_refused_with_the_allowed_ones(given):
    with pytest.raises(ValueError) as refused:
        Settings.from_env({"LOG_LEVEL": given})
    message = str(refused.value)
    assert message == ("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL"
                       f" (not {given!r})")


def test_dotenv_is_read_from_the_working_directory(tmp_path, monkeypatch, capsys):
    """`make run` or `menagerie` in a folder with a .env reads that .env (the README's place
    for it), wherever the code is installed."""
    import bot.__main__ as entry

    for name in ("DISCORD_TOKEN", "LOG_LEVEL"):
        monkeypatch.setenv(name, "")  # so that teardown restores the environment as it was
        monkeypatch.delenv(name)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-dotenv\nLOG_LEVEL=LOUD\n")
    monkeypatch.chdir(tmp_path)
    assert entry.main([]) == 2
    assert "LOG_LEVEL must be" in capsys.readouterr().err  # the .env's setting was read


def test_no_dotenv_beside_the_code_is_looked_for(tmp_path, monkeypatch):
    """Started elsewhere, only the working directory's .env counts: the bot never walks up from
    its own files to find one (a checkout's .env would leak into an installed bot's start)."""
    import bot.__main__ as entry

    read: list[object] = []
    monkeypatch.setattr(entry, "load_dotenv", lambda *args, **kwargs: read.append(args) or False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "")
    entry.main([])
    assert read == [(tmp_path / ".env",)]


def test_the_web_board_is_off_unless_its_address_is_set():
    settings = Settings.from_env({})
    assert (settings.web_url, settings.web_host, settings.web_port) == ("", "127.0.0.1", 8080)
    secret = "k" * 32
    on = Settings.from_env({"WEB_URL": "https://board.example/", "WEB_SECRET": secret,
                            "WEB_HOST": "0.0.0.0", "WEB_PORT": "9000"})
    assert (on.web_url, on.web_host, on.web_port) == ("https://board.example", "0.0.0.0", 9000)
    assert secret not in repr(on)


def test_the_activity_needs_the_web_board_and_the_client_secret_which_is_never_shown():
    client = "c" * 32
    assert not Settings.from_env({"DISCORD_CLIENT_SECRET": client}).activity
    assert not Settings.from_env({"WEB_URL": "https://board.example",
                                  "WEB_SECRET": "k" * 32}).activity
    on = Settings.from_env({"WEB_URL": "https://board.example", "WEB_SECRET": "k" * 32,
                            "DISCORD_CLIENT_SECRET": f" {client} "})
    assert on.activity and on.discord_client_secret == client
    assert client not in repr(on) and on.discord_api == "https://discord.com/api/v10"


@pytest.mark.parametrize(("env", "says"), [
    ({"WEB_URL": "https://board.example"}, "WEB_SECRET"),
    ({"WEB_URL": "https://board.example", "WEB_SECRET": "short"}, "WEB_SECRET"),
    ({"WEB_URL": "board.example", "WEB_SECRET": "k" * 32}, "WEB_URL"),
    ({"WEB_URL": "https://board.example", "WEB_SECRET": "k" * 32, "WEB_PORT": "eighty"},
     "WEB_PORT"),
])
def test_a_web_board_that_cannot_be_safe_is_refused(env, says):
    with pytest.raises(ValueError, match=says):
        Settings.from_env(env)
