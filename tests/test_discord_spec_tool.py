"""`make discord-spec` (tools/discord_spec.py): the copy of Discord's spec is refreshed from the
newest commit, says which commit it is, and is left alone when the download is not a spec."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import discord_spec

COMMIT = "0123456789abcdef0123456789abcdef01234567"
SPEC = {"openapi": "3.1.0", "paths": {"/gateway": {"get": {}}}}


def github(spec: object) -> dict[str, bytes]:
    """What GitHub answers for the newest commit and that commit's two files."""
    raw = "https://raw.githubusercontent.com/discord/discord-api-spec/" + COMMIT
    return {
        "https://api.github.com/repos/discord/discord-api-spec/commits/main": json.dumps(
            {"sha": COMMIT, "commit": {"committer": {"date": "2026-11-30T12:00:00Z"}}}).encode(),
        raw + "/specs/openapi.json": json.dumps(spec).encode(),
        raw + "/LICENSE": b"MIT License\n",
    }


def test_the_copy_comes_from_the_newest_commit_and_names_it(tmp_path: Path) -> None:
    answers = github(SPEC)
    before, after = discord_spec.refresh(tmp_path, fetch=answers.__getitem__)
    assert (before, after) == (None, COMMIT)
    assert json.loads((tmp_path / "openapi.json").read_text()) == SPEC
    assert (tmp_path / "LICENSE").read_text() == "MIT License\n"
    source = (tmp_path / "SOURCE").read_text()
    assert f"commit: {COMMIT}\n" in source and "committed: 2026-11-30T12:00:00Z\n" in source
    assert discord_spec.current_commit(tmp_path) == COMMIT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["LICENSE", "SOURCE", "openapi.json"]


def test_a_download_that_is_no_spec_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "openapi.json").write_text("the old copy")
    with pytest.raises(ValueError, match=r"not an OpenAPI 3\.1 spec"):
        discord_spec.refresh(tmp_path, fetch=github({"swagger": "2.0"}).__getitem__)
    assert (tmp_path / "openapi.json").read_text() == "the old copy"
    assert not (tmp_path / "SOURCE").exists()


def test_the_projects_copy_names_its_commit_and_licence() -> None:
    """The copy in the project is what its SOURCE says: a commit, and Discord's MIT licence."""
    commit = discord_spec.current_commit(discord_spec.OUT)
    assert commit is not None and len(commit) == 40
    assert (discord_spec.OUT / "LICENSE").read_text().startswith("MIT License")
    spec = json.loads((discord_spec.OUT / "openapi.json").read_text(encoding="utf-8"))
    assert spec["openapi"].startswith("3.1") and "/channels/{channel_id}/messages" in spec["paths"]
