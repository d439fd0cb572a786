# Menagerie: every target installs what it needs into .venv first, so a fresh machine works.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: help run test lint demo bench sync clean

help:
	@echo "make run    start the bot (needs DISCORD_TOKEN in the environment or .env)"
	@echo "make test   install with test extras and run the whole suite"
	@echo "make demo   play every game between computer players into demo/ (no Discord needed)"
	@echo "make bench  measure actions, renders and Discord round trips"
	@echo "make lint   ruff over the code"

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP)

run: $(STAMP)
	$(PY) -m bot

sync: $(STAMP)
	$(PY) -m bot --sync

test: $(TEST_STAMP)
	$(PY) -m pytest

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check bot cogs rendering tests

demo: $(STAMP)
	$(PY) -m bot.demo demo

bench: $(TEST_STAMP)
	$(PY) -m tests.bench

clean:
	rm -rf $(VENV) demo .pytest_cache
