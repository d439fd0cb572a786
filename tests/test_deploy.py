"""The files that run several bot processes (deploy/): the compose file's shards, database and
secrets, the image, the systemd unit, and the README's commands naming things that exist. Read
as files only: no Docker and no systemd is run. One test stops `python -m bot` with SIGINT, the
signal both of them stop it with.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shlex
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from bot import shards
from bot.settings import Settings
from tests.test_wheel import SOURCES

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMPOSE_TEXT = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
COMPOSE = yaml.safe_load(COMPOSE_TEXT)  # YAML merge keys (<<: *bot) are resolved here
DOCKERFILE = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
UNIT_PATH = DEPLOY / "menagerie@.service"
SYNC_UNIT_PATH = DEPLOY / "menagerie-sync.service"
# ${NAME}, ${NAME:-default}, ${NAME:?error}: Compose fills these in from .env or the shell.
VARIABLE = re.compile(r"\$\{(\w+)(?::?([-?])([^}]*))?\}")
SECRET = re.compile(r"TOKEN|PASSWORD|SECRET", re.IGNORECASE)


def services() -> dict[str, dict]:
    return COMPOSE["services"]


def bots() -> dict[str, dict]:
    """The services that run the bot: every one but the database and the one-off sync."""
    return {name: s for name, s in services().items() if name not in ("postgres", "sync")}


def environment(service: dict) -> dict[str, str]:
    found = service.get("environment") or {}
    assert isinstance(found, dict), "write environment: as a mapping (NAME: value)"
    return {key: str(value) for key, value in found.items()}


# -- compose.yaml ---------------------------------------------------------------------------

def test_the_bot_services_run_every_shard_exactly_once():
    assert len(bots()) >= 2, "the compose file is for several processes"
    counts = {environment(s).get("SHARD_COUNT") for s in bots().values()}
    assert len(counts) == 1, f"every process needs the same SHARD_COUNT, not {counts}"
    run: Counter[int] = Counter()
    for name, service in bots().items():
        env = environment(service)
        assert env.get("SHARD_IDS"), f"{name} has no SHARD_IDS: it would run every shard"
        count, ids = shards.parse(env["SHARD_COUNT"], env["SHARD_IDS"])  # as the bot reads them
        run.update(ids)
    assert count is not None
    assert sorted(run) == list(range(count)), f"shards run: {sorted(run)} of 0..{count - 1}"
    twice = [shard for shard, times in run.items() if times > 1]
    assert not twice, f"shards run by two processes: {twice}"


def test_every_bot_uses_the_one_postgres_service_and_waits_until_it_answers():
    urls = {environment(s)["DATABASE_URL"] for s in bots().values()}
    assert len(urls) == 1, f"the processes must share one database, not {urls}"
    url = urls.pop()
    database = services()["postgres"]
    db_env = environment(database)
    parts = urlsplit(url)
    assert parts.scheme == "postgresql" and parts.hostname == "postgres", url
    assert parts.username == db_env["POSTGRES_USER"], url
    assert parts.path == f"/{db_env['POSTGRES_DB']}", url
    # The bot reads it as PostgreSQL (not as a SQLite path), whatever the password becomes.
    assert Settings.from_env({"DATABASE_URL": VARIABLE.sub("secret", url)}).database_url
    for name, service in bots().items():
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy", name
        assert service["restart"] == "unless-stopped", name
        assert service.get("stop_signal", "SIGINT") == "SIGINT", name


def test_the_commands_are_synced_once_before_the_bots_start():
    """Without it a deployment following the README is online with no slash commands."""
    sync = services()["sync"]
    assert sync["command"] == ["python", "-m", "bot", "sync"]
    assert sync["restart"] == "no"  # it exits when done: never started again by compose
    # The bots' settings (token, database) without shards: it joins no gateway.
    a_bot = environment(next(iter(bots().values())))
    assert environment(sync) == {k: v for k, v in a_bot.items() if k != "SHARD_IDS"}
    for name, service in bots().items():
        assert "command" not in service, name  # the image's CMD: python -m bot
        assert service["depends_on"]["sync"]["condition"] == "service_completed_successfully", name


def test_the_postgres_service_keeps_its_data_in_a_named_volume_and_has_a_healthcheck():
    database = services()["postgres"]
    assert database["image"].split(":")[1].startswith("16"), database["image"]
    volumes = [v.split(":") for v in database["volumes"]]
    assert any(target == "/var/lib/postgresql/data" and source in COMPOSE["volumes"]
               for source, target, *_ in volumes), volumes
    assert "pg_isready" in " ".join(database["healthcheck"]["test"])
    assert "ports" not in database, "the database is for the bots only: publish no port"


def test_no_token_or_password_is_written_in_the_compose_file():
    """Secrets come from .env or the shell; the one default is the database's development
    password, and the bots' URL carries the very same expression as the server's setting."""
    for name, service in services().items():
        for key, value in environment(service).items():
            if SECRET.search(key):
                match = VARIABLE.fullmatch(value)
                assert match and match.group(1) == key, f"{name}: {key} must be ${{{key}…}}"
    token = VARIABLE.fullmatch(environment(next(iter(bots().values())))["DISCORD_TOKEN"])
    assert token and token.group(2) == "?", "a missing DISCORD_TOKEN must stop compose"
    password = environment(services()["postgres"])["POSTGRES_PASSWORD"]
    for service in bots().values():
        assert urlsplit(environment(service)["DATABASE_URL"]).password == password
    defaults = {m.group(1) for m in VARIABLE.finditer(COMPOSE_TEXT) if m.group(2) == "-"
                and m.group(3) and SECRET.search(m.group(1))}
    assert defaults <= {"POSTGRES_PASSWORD"}, defaults
    assert not re.search(r"[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,}", COMPOSE_TEXT), "a token?"


def test_the_image_is_built_from_the_project_and_runs_the_bot_unprivileged():
    for name, service in bots().items():
        build = service["build"]
        assert (DEPLOY / build["context"]).resolve() == ROOT, name
        assert (ROOT / build["dockerfile"]).resolve() == DEPLOY / "Dockerfile", name
    lines = [line.split(None, 1) for line in DOCKERFILE.splitlines()
             if line.strip() and not line.startswith(("#", " "))]
    steps = [(word.upper(), rest.strip()) for word, rest in lines]
    user = [rest for word, rest in steps if word == "USER"]
    assert user and user[-1] not in ("root", "0"), user
    assert ("CMD", '["python", "-m", "bot"]') in steps, steps
    assert ("STOPSIGNAL", "SIGINT") in steps
    # A plain install, as pip install . gives everyone (tests/test_wheel.py plays from one).
    assert any(word == "RUN" and re.search(r"pip install \.", rest) for word, rest in steps)
    copied = {source for word, rest in steps if word == "COPY" for source in rest.split()[:-1]}
    # Everything a wheel is built from (the wheel's test builds one from the same list): the
    # packages, the games' content and the licence.
    for needed in SOURCES:
        assert needed in copied, needed
    for source in copied:
        assert (ROOT / source).exists(), source


# -- menagerie@.service ---------------------------------------------------------------------

class CaseSensitive(configparser.ConfigParser):
    """Keys as written: systemd's are case-sensitive (ConfigParser lower-cases them)."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def unit(path: Path = UNIT_PATH) -> configparser.ConfigParser:
    parser = CaseSensitive(strict=False, interpolation=None)
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser


def test_every_instance_syncs_the_commands_before_it_starts():
    bot, sync = unit(), unit(SYNC_UNIT_PATH)
    assert "menagerie-sync.service" in bot["Unit"]["Wants"].split()
    assert "menagerie-sync.service" in bot["Unit"]["After"].split()
    service = sync["Service"]
    assert service["Type"] == "oneshot"
    assert shlex.split(service["ExecStart"])[1:] == ["-m", "bot", "sync"]
    for key in ("User", "EnvironmentFile", "ProtectSystem", "NoNewPrivileges"):
        assert service[key] == bot["Service"][key], key
    assert "Install" not in sync, "started by the instances, not enabled by itself"


def test_the_unit_runs_the_bot_with_the_instance_as_its_shards():
    service = unit()["Service"]
    command = shlex.split(service["ExecStart"])
    assert "SHARD_IDS=%i" in command, command  # %i: the instance as typed (%I would unescape -)
    python = next(word for word in command if word.endswith("/bin/python"))
    assert "/.venv/" in python, python
    at = command.index(python)
    assert command[at + 1:at + 3] == ["-m", "bot"], command
    # Environment= would lose to the EnvironmentFile, so SHARD_IDS must not be set there.
    assert "SHARD_IDS" not in service.get("Environment", "")
    assert service["EnvironmentFile"].startswith("/etc/"), service["EnvironmentFile"]


def test_the_unit_restarts_on_failure_stops_cleanly_and_is_hardened():
    parsed = unit()
    service = parsed["Service"]
    assert service["Restart"] == "on-failure"
    assert "2" in service["RestartPreventExitStatus"].split()  # a bad setting: no loop
    assert service["KillSignal"] == "SIGINT"
    assert 10 <= int(service["TimeoutStopSec"]) <= 90
    assert service["User"] not in ("", "root", "0")
    assert service["NoNewPrivileges"] == "yes"
    assert service["ProtectSystem"] in ("strict", "full")
    assert service["ProtectHome"] == "yes"
    assert "network-online.target" in parsed["Unit"]["After"].split()
    assert parsed["Install"]["WantedBy"] == "multi-user.target"


def test_the_readme_starts_instances_the_unit_can_run():
    started = re.findall(r"systemctl enable --now ((?:menagerie@\S+ ?)+)", README)
    assert started, "the README says how to start the instances"
    count = int(environment(next(iter(bots().values())))["SHARD_COUNT"])
    run: Counter[int] = Counter()
    for name in started[0].split():
        instance = name.removeprefix("menagerie@")
        assert re.fullmatch(r"[\w:.-]+", instance), f"systemd refuses the unit name {name}"
        run.update(shards.parse(str(count), instance)[1] or ())
    assert sorted(run) == list(range(count)), started


# -- the README names what exists -----------------------------------------------------------

def test_every_make_target_the_readme_names_exists():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    phony = re.search(r"^\.PHONY:(.*)$", makefile, re.MULTILINE)
    assert phony is not None
    named = set(re.findall(r"\bmake ([a-z][\w-]*)", README))
    assert named, "the README names make targets"
    missing = named - set(phony.group(1).split())
    assert not missing, f"README.md names make targets that do not exist: {sorted(missing)}"


def test_every_module_the_readme_runs_exists():
    named = set(re.findall(r"python -m ([\w.]+)", README))
    assert {"bot", "bot.db.copy"} <= named, named
    missing = [m for m in sorted(named) if importlib.util.find_spec(m) is None]
    assert not missing, f"README.md runs modules that do not exist: {missing}"


def test_every_deploy_file_the_readme_names_exists():
    named = set(re.findall(r"deploy/[\w@.-]+", README))
    assert {"deploy/compose.yaml", "deploy/menagerie@.service"} <= named, named
    missing = [n for n in sorted(named) if not (ROOT / n).exists()]
    assert not missing, missing


# -- a clean stop ---------------------------------------------------------------------------

# `python -m bot` with a client that only waits (no Discord needed): what SIGINT does to the
# entry point, which the unit (KillSignal) and the image (STOPSIGNAL) rely on.
WAITING_BOT = """
import asyncio, sys
import discord
import bot.__main__ as entry

class Waiting(discord.Client):
    async def start(self, token, *, reconnect=True):
        print("started", flush=True)
        await asyncio.Event().wait()

    async def close(self):
        print("closed", flush=True)
        await super().close()

entry.create_bot = lambda settings, sync=False: Waiting(intents=discord.Intents.none())
sys.exit(entry.main([]))
"""


def ignore_sigint() -> None:
    """In a child before it runs: SIGINT ignored, as a shell starts a background job."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.skipif(os.name != "posix", reason="signals as systemd and Docker send them")
@pytest.mark.parametrize("started", ["in the foreground", "with SIGINT ignored"])
def test_sigint_closes_the_bot_and_exits_0(tmp_path, started):
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "DATABASE_URL": "",
           "DATABASE_PATH": str(tmp_path / "menagerie.sqlite3"), "SHARD_COUNT": "",
           "SHARD_IDS": "", "DEV_GUILD_ID": "", "LOG_LEVEL": "WARNING",
           "PYTHONPATH": str(ROOT)}
    bot = subprocess.Popen([sys.executable, "-c", WAITING_BOT], cwd=tmp_path, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           preexec_fn=ignore_sigint if started != "in the foreground" else None)
    try:
        assert bot.stdout is not None
        assert bot.stdout.readline().strip() == "started", bot.stderr.read() if bot.stderr else ""
        bot.send_signal(signal.SIGINT)
        # Waited for as long as systemd waits before it kills the bot (how soon a bot stops
        # is make bench's figure): a bot still running then has not stopped by itself.
        out, err = bot.communicate(timeout=int(unit()["Service"]["TimeoutStopSec"]))
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.communicate()  # reaped, and its pipes closed
    assert bot.returncode == 0, err
    assert out.split() == ["closed"], (out, err)
