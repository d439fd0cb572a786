"""The Makefile on machines unlike this one: a too-old Python is refused in one line before a
.venv is made with it, a .venv made by a too-old Python (or whose Python is gone) is made
again, and every target is listed by `make help` and the README.

Each run points VENV at a temporary folder and PYTHON at a stand-in script that only answers
the version question, so the real .venv is never touched and nothing is installed.
"""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def make(*args: str) -> subprocess.CompletedProcess[str]:
    """`make ARGS` in the project, as typed in a shell (not as a sub-make of `make test`)."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHON", "VENV")}
    return subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), *args],
                          env=environment, capture_output=True, text=True, timeout=60,
                          check=False)


def a_python(folder: Path, version: str) -> Path:
    """A stand-in interpreter that says it is Python ``version`` (and can do nothing else)."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / f"python{version}"
    script.write_text(f"#!/bin/sh\necho {version}\n")
    script.chmod(0o755)
    return script


def a_venv(folder: Path, version: str | None) -> Path:
    """A made and installed .venv whose Python says ``version`` (None: its Python is gone)."""
    venv = folder / "venv"
    (venv / "bin").mkdir(parents=True)
    if version is None:
        (venv / "bin" / "python").symlink_to(folder / "uninstalled" / "python3.11")
    else:
        a_python(venv / "bin", version).rename(venv / "bin" / "python")
    for made in ("pyvenv.cfg", ".installed", ".installed-test", ".installed-lint"):
        (venv / made).touch()
    return venv


def told(result: subprocess.CompletedProcess[str]) -> list[str]:
    """What the Makefile said on stderr, without make's own "*** [...] Error" line."""
    return [line for line in result.stderr.splitlines() if not line.startswith("make: ***")]


# -- too-old Python -------------------------------------------------------------------------

@pytest.mark.parametrize("goal", ["run", "test"])
def test_a_too_old_python_is_refused_in_one_line_before_a_venv_is_made(tmp_path, goal):
    python = a_python(tmp_path, "3.9.18")
    result = make(goal, f"VENV={tmp_path / 'venv'}", f"PYTHON={python}")
    assert result.returncode != 0
    lines = told(result)
    assert len(lines) == 1, result.stderr
    for words in ("Python 3.11 or newer", f"{python} is Python 3.9.18",
                  f"make {goal} PYTHON=python3.12"):
        assert words in lines[0], lines[0]
    assert not (tmp_path / "venv").exists()


def test_a_python_that_does_not_run_is_named(tmp_path):
    result = make("run", f"VENV={tmp_path / 'venv'}", f"PYTHON={tmp_path / 'python3'}")
    assert result.returncode != 0
    lines = told(result)
    assert len(lines) == 1 and f"{tmp_path / 'python3'} does not run" in lines[0], result.stderr
    assert not (tmp_path / "venv").exists()


def test_an_old_venv_and_an_old_python_are_both_named_and_the_venv_is_left(tmp_path):
    venv = a_venv(tmp_path, "3.9.18")
    python = a_python(tmp_path, "3.9.18")
    result = make("run", f"VENV={venv}", f"PYTHON={python}")
    assert result.returncode != 0
    lines = told(result)
    assert len(lines) == 1, result.stderr
    assert f"and {venv} was made with Python 3.9.18" in lines[0], lines[0]
    assert (venv / "bin" / "python").exists()


# -- an existing .venv ----------------------------------------------------------------------

@pytest.mark.parametrize(("made_with", "why"), [
    ("3.9.18", "was made with Python 3.9.18"),
    ("3.10.4", "was made with Python 3.10.4"),
    (None, "has no Python that runs"),
])
def test_a_venv_made_by_a_too_old_or_gone_python_is_made_again(tmp_path, made_with, why):
    venv = a_venv(tmp_path, made_with)
    python = a_python(tmp_path / "new", "3.12.1")
    plan = make("-n", "run", f"VENV={venv}", f"PYTHON={python}")  # -n: only say what it would do
    assert plan.returncode == 0, plan.stderr
    commands = plan.stdout.splitlines()
    assert f'echo "make: {venv} {why}; making it again with {python}" >&2' in commands
    rebuild = [f"rm -rf {venv}", f"{python} -m venv {venv}",
               f"{venv}/bin/python -m pip install --quiet -e .", f"{venv}/bin/python -m bot"]
    assert [c for c in commands if c in rebuild] == rebuild, plan.stdout


@pytest.mark.parametrize("made_with", ["3.11.0", "3.12.1", "4.0.0"])
def test_a_good_venv_is_used_as_it_is(tmp_path, made_with):
    venv = a_venv(tmp_path, made_with)
    plan = make("-n", "run", f"VENV={venv}", f"PYTHON={a_python(tmp_path, '3.9.18')}")
    assert plan.returncode == 0, plan.stderr
    assert plan.stdout.splitlines() == [f"{venv}/bin/python -m bot"]


def test_the_makefile_asks_for_the_python_pyproject_requires():
    with (ROOT / "pyproject.toml").open("rb") as file:
        requires = tomllib.load(file)["project"]["requires-python"]
    minimum = re.search(r"^MIN_PYTHON := (\S+)$", MAKEFILE, re.MULTILINE)
    assert minimum is not None
    assert requires == f">={minimum.group(1)}"


# -- every target is documented -------------------------------------------------------------

def targets() -> list[str]:
    phony = re.search(r"^\.PHONY:(.*)$", MAKEFILE, re.MULTILINE)
    assert phony is not None
    return phony.group(1).split()


def test_make_help_lists_every_target():
    listed = make("-s", "help").stdout
    missing = [t for t in targets() if t != "help" and f"make {t} " not in listed]
    assert not missing, f"`make help` does not list {missing}"


def test_the_readme_names_every_target():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [t for t in targets() if not re.search(rf"\bmake {t}\b", readme)]
    assert not missing, f"README.md does not name {missing}"
    first = re.search(r"```sh\n(.*?)```", readme, re.DOTALL)
    assert first is not None and "make run" in first.group(1) and "make test" in first.group(1)


# -- what each target installs and removes -----------------------------------------------------
def test_lint_installs_ruff_without_the_test_extras(tmp_path):
    """`make lint` on a fresh machine: ruff and mypy (the lint extra, with pytest for mypy to
    read the tests by), not the test extras and a PostgreSQL."""
    result = make("-n", f"VENV={tmp_path / 'venv'}", "PYTHON=python3", "lint")
    assert result.returncode == 0, result.stderr
    assert "install --quiet -e '.[lint]'" in result.stdout
    assert ".[test]" not in result.stdout


def test_sync_runs_the_sync_command():
    result = make("-n", "sync")
    assert "-m bot sync" in result.stdout


def test_clean_removes_builds_and_caches_and_git_ignores_them():
    result = make("-n", "clean")
    removed = result.stdout.split()
    for made in ("build", "dist", "*.egg-info", ".pytest_cache", ".ruff_cache", ".hypothesis",
                 ".coverage", ".coverage.*"):
        assert made in removed
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for made in ("build/", "dist/", "*.egg-info/", ".pytest_cache/", ".ruff_cache/", ".coverage",
                 ".coverage.*"):
        assert made in ignored
