# Menagerie: every target installs what it needs into .venv first, so a fresh machine works.
PYTHON ?= python3
# The oldest Python that runs Menagerie: pyproject.toml's requires-python (a test keeps them equal).
MIN_PYTHON := 3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
LINT_STAMP := $(VENV)/.installed-lint
GOAL := $(or $(firstword $(MAKECMDGOALS)),run)

.PHONY: help run test check lint demo boards bench tournament sync vendor discord-spec clean

help:
	@echo "make run    start the bot (needs DISCORD_TOKEN in the environment or .env)"
	@echo "make test   install with test extras and run the whole suite"
	@echo "make check  lint, type check and the quick tests (no e2e, PostgreSQL, slow or browser ones), on every core"
	@echo "make lint   ruff and mypy over the code, tests and tools"
	@echo "make demo   play every game between computer players into demo/ (no Discord needed)"
	@echo "make boards draw the README's board pictures again into docs/boards/"
	@echo "make bench  measure actions (SQLite and PostgreSQL), restarts, renders and Discord round trips"
	@echo "make tournament  every game's computer levels against each other, 100 games a pairing"
	@echo "make sync   register the slash commands with Discord and exit (after command changes)"
	@echo "make vendor build the web board's copy of Discord's Embedded App SDK again (needs npm)"
	@echo "make discord-spec  download Discord's OpenAPI spec again (the double checks requests by it)"
	@echo "make clean  remove .venv, demo/, builds and caches (the next target makes .venv again)"
	@echo "Each target makes .venv with $(PYTHON) first (Python $(MIN_PYTHON) or newer;" \
	      "PYTHON=python3.12 names another)."

# A Python's version ("3.12.1"); nothing when it does not run.
version_of = $(1) -c 'import platform; print(platform.python_version())' 2>/dev/null
# Succeeds when the version on its input is MIN_PYTHON or newer.
new_enough = awk -F. -v min=$(MIN_PYTHON) 'BEGIN { split(min, m, ".") } \
	{ exit !($$1 > m[1] || ($$1 == m[1] && $$2 >= m[2])) }'

# A .venv made by a too-old Python, or whose Python is gone (uninstalled, moved), is made again
# rather than reported: make made it, nothing of the user's is in it, and a newcomer told to
# run `make clean` would only do the same by hand. It is looked at here, when the Makefile is
# read, so that a dry run (make -n) shows the rebuild too.
ifneq ($(wildcard $(VENV)),)
VENV_VERSION := $(shell $(call version_of,$(PY)))
ifeq ($(shell echo '$(VENV_VERSION)' | $(new_enough) && echo ok),)
VENV_PROBLEM := $(if $(VENV_VERSION),was made with Python $(VENV_VERSION),has no Python that runs)
$(VENV)/pyvenv.cfg: FORCE
endif
endif

# The Python that makes .venv is checked first, so that a too-old one is named in one line
# rather than by pip refusing the install inside a .venv already made with it.
$(VENV)/pyvenv.cfg:
	@v=$$($(call version_of,$(PYTHON))); \
	if ! echo "$$v" | $(new_enough); then \
	  if [ -n "$$v" ]; then found="$(PYTHON) is Python $$v"; else found="$(PYTHON) does not run"; fi; \
	  echo "make: Menagerie needs Python $(MIN_PYTHON) or newer, but $$found$(if $(VENV_PROBLEM), (and $(VENV) $(VENV_PROBLEM))): install one and name it, e.g. make $(GOAL) PYTHON=python3.12" >&2; \
	  exit 1; \
	fi
	$(if $(VENV_PROBLEM),@echo "make: $(VENV) $(VENV_PROBLEM); making it again with $(PYTHON)" >&2)
	$(if $(VENV_PROBLEM),rm -rf $(VENV))
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

FORCE:

$(STAMP): pyproject.toml $(VENV)/pyvenv.cfg
	$(PY) -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml $(VENV)/pyvenv.cfg
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP) $(LINT_STAMP)

# The web board's browser tests drive Debian's Chromium with Playwright (nothing is downloaded
# at run time): installed once with apt, as root or with sudo. Without apt (not Debian) they
# are skipped, saying why.
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	@if command -v apt-get >/dev/null; then \
	  echo "make: installing Debian's chromium for the web board's browser tests" >&2; \
	  $(if $(filter 0,$(shell id -u)),,sudo) sh -c 'apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'; \
	else echo "make: no apt-get here: the browser tests will be skipped" >&2; fi

# Linting needs ruff, not the test extras (a PostgreSQL server among them).
$(LINT_STAMP): pyproject.toml $(VENV)/pyvenv.cfg
	$(PY) -m pip install --quiet -e '.[lint]'
	touch $@ $(STAMP)

run: $(STAMP)
	$(PY) -m bot

sync: $(STAMP)
	$(PY) -m bot sync

# Everything, on every core; a worker takes whole files (an e2e file's tests share its set-up
# and each worker starts its own PostgreSQL). Coverage of the code (pyproject.toml's
# [tool.coverage]: lines and branches) is measured and reported on the way, and falls short of
# its floor as a failure; not measured: the bots the tests start as processes of their own, and
# the slow tests (tests/conftest.py says why).
test: $(TEST_STAMP) $(CHROMIUM)
	$(PY) -m pytest -n auto --dist loadfile --cov

# The quick round while working: lint, then every test but the e2e, PostgreSQL, slow and
# browser ones, on every core (it needs no Chromium).
check: $(TEST_STAMP)
	$(VENV)/bin/ruff check bot cogs data presentation rendering root web tests tools setup.py
	$(VENV)/bin/mypy
	$(PY) -m pytest -n auto -q -m "not e2e and not postgres and not slow and not browser"

lint: $(LINT_STAMP)
	$(VENV)/bin/ruff check bot cogs data presentation rendering root web tests tools setup.py
	$(VENV)/bin/mypy

demo: $(STAMP)
	$(PY) -m presentation.demo demo

boards: $(STAMP)
	$(PY) -m bot.showcase docs/boards

bench: $(TEST_STAMP) $(CHROMIUM)
	$(PY) -m tools.bench

# GAMES=200 plays more games per pairing; fewer than 100 is labelled the short form.
tournament: $(TEST_STAMP)
	$(PY) -m tools.tournament --games $(or $(GAMES),100)

# Discord's Embedded App SDK for the Activity, built from the npm registry in a scratch folder
# into web/static/vendor (committed: the bot needs no Node.js). Not part of the tests.
vendor: $(STAMP)
	$(PY) -m tools.vendor_sdk

# Discord's OpenAPI spec, which the test double checks every request against, downloaded again
# from github.com/discord/discord-api-spec into tests/double/discord-api-spec (committed).
discord-spec: $(STAMP)
	$(PY) -m tools.discord_spec

clean:
	rm -rf $(VENV) demo .pytest_cache .hypothesis .ruff_cache .mypy_cache .coverage .coverage.* \
	  build dist *.egg-info bench-results
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
