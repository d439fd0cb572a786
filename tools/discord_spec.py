"""Refreshes the project's copy of Discord's OpenAPI spec (``make discord-spec``): asks GitHub
for the newest commit of github.com/discord/discord-api-spec, downloads that commit's
``specs/openapi.json`` and ``LICENSE`` into ``tests/double/discord-api-spec/`` and writes
``SOURCE`` naming the commit, so the copy says exactly what it is. Nothing is written unless
every file came and the spec reads as an OpenAPI 3.1 document of Discord's API. Not part of
the tests: run it, read the diff, and run `make test` (the double checks every request of the
bot against the copy, so a change of Discord's spec shows up there)."""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path

REPOSITORY = "discord/discord-api-spec"
BRANCH = "main"
COMMITS = "https://api.github.com/repos/{repository}/commits/{branch}"
RAW = "https://raw.githubusercontent.com/{repository}/{commit}/{path}"
FILES = {"specs/openapi.json": "openapi.json", "LICENSE": "LICENSE"}
OUT = Path(__file__).resolve().parent.parent / "tests" / "double" / "discord-api-spec"

Fetch = Callable[[str], bytes]


def download(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "menagerie-discord-spec"})  # noqa: S310 (https only)
    with urllib.request.urlopen(request, timeout=60) as answer:  # noqa: S310 (https only)
        return bytes(answer.read())


def current_commit(out: Path) -> str | None:
    """The commit the copy in ``out`` came from (None: no copy yet)."""
    source = out / "SOURCE"
    if not source.exists():
        return None
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.startswith("commit: "):
            return line.removeprefix("commit: ").strip()
    return None


def refresh(out: Path = OUT, *, fetch: Fetch = download, commits: str = COMMITS,
            raw: str = RAW) -> tuple[str | None, str]:
    """Download the newest spec into ``out``; the commits before and after."""
    head = json.loads(fetch(commits.format(repository=REPOSITORY, branch=BRANCH)))
    commit = str(head["sha"])
    committed = str(head["commit"]["committer"]["date"])
    files = {name: fetch(raw.format(repository=REPOSITORY, commit=commit, path=path))
             for path, name in FILES.items()}
    spec = json.loads(files["openapi.json"])
    if not str(spec.get("openapi", "")).startswith("3.1") or not spec.get("paths"):
        raise ValueError(f"commit {commit}'s specs/openapi.json is not an OpenAPI 3.1 spec")
    before = current_commit(out)
    out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        temporary = out / (name + ".part")
        temporary.write_bytes(data)
        temporary.replace(out / name)
    (out / "SOURCE").write_text(
        f"repository: https://github.com/{REPOSITORY}\n"
        f"commit: {commit}\n"
        f"committed: {committed}\n"
        "files: " + ", ".join(f"{path} -> {name}" for path, name in FILES.items()) + "\n",
        encoding="utf-8")
    return before, commit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the copy lives")
    args = parser.parse_args(argv)
    try:
        before, after = refresh(args.out)
    except (OSError, ValueError, KeyError) as exc:
        print(f"discord-spec: could not refresh the copy: {exc}", file=sys.stderr)
        return 1
    if before == after:
        print(f"discord-spec: already at {after}")
    else:
        print(f"discord-spec: {before or 'nothing'} -> {after}; read the diff, then make test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
