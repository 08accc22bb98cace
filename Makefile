# Tableside: the README's two commands are `make run` and `make test`.
# Both set everything up on a fresh machine (Python 3.12+ venv, dependencies,
# database) and are safe to run again.

SHELL := /bin/bash
.DEFAULT_GOAL := help
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

# A Python 3.12+ interpreter: PYTHON=... if given, else the first one on PATH, else
# one of pyenv's installed versions (newest first).
define find_python
for candidate in python3.14 python3.13 python3.12 python3 python \
    $$(ls -d "$${PYENV_ROOT:-$$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -Vr); do \
  if command -v "$$candidate" >/dev/null 2>&1 && \
     "$$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
    command -v "$$candidate"; exit 0; \
  fi; \
done; exit 1
endef
PYTHON ?= $(shell $(find_python))

.PHONY: help run test test-fast lint bench bench-dice demo migrate static check-python browser-deps clean

help:
	@echo "make run    set up, migrate, load the demo table, serve on http://$(HOST):$(PORT)"
	@echo "make test   set up, then ruff and the whole pytest suite (browser tests included)"
	@echo "make bench  the figures: rolls, pages, live feed, dashboard, bytes, pool, dice (bench/)"
	@echo "make lint   ruff and the import contracts (lint-imports)"

check-python:
	@if [ -z "$(PYTHON)" ]; then \
	  echo "Tableside needs Python 3.12 or newer (Django 6), and none was found on PATH"; \
	  echo "or among pyenv's versions. Install one, for example:"; \
	  echo "    pyenv install 3.13    (or: apt-get install python3.13 python3.13-venv)"; \
	  echo "then run make again, or point at it: make test PYTHON=/path/to/python3.13"; \
	  exit 1; \
	fi
	@"$(PYTHON)" -c 'import sys; sys.exit(sys.version_info < (3, 12))' || \
	  { echo "PYTHON=$(PYTHON) is older than 3.12; Django 6 needs 3.12+"; exit 1; }

$(STAMP): pyproject.toml | check-python
	@if [ -x $(BIN)/python ] && ! $(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then \
	  echo "Removing $(VENV): it was made with a Python older than 3.12"; rm -rf $(VENV); fi
	@[ -x $(BIN)/python ] || { echo "Creating $(VENV) with $(PYTHON)"; "$(PYTHON)" -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

# Browser tests drive Debian's Chromium (never `playwright install`: it downloads).
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "The browser tests need Debian's chromium: sudo apt-get install chromium"; exit 1; \
	  fi; \
	fi

migrate: $(STAMP)
	DJANGO_DEBUG=1 $(BIN)/python manage.py migrate --noinput

demo: migrate
	DJANGO_DEBUG=1 $(BIN)/python manage.py demo --host $(HOST) --port $(PORT)

static: $(STAMP)
	$(BIN)/python manage.py collectstatic --noinput -v0

run: demo static
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports  # the import contracts in pyproject.toml (docs/architecture.md)

test: $(STAMP) browser-deps lint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Everything but the browser tests, for a quick loop while working.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not browser" $(PYTEST_ARGS)

# Figures, not tests: uvicorn x 2 on 127.0.0.1 (PostgreSQL + Redis when DATABASE_URL and
# REDIS_URL are set, else a scratch SQLite file); prints a table, writes bench/results.json.
# BENCH_ARGS picks sections: make bench BENCH_ARGS="roll page"; `tables` (capacity,
# minutes) runs only when named: BENCH_TABLES_STEPS=25,50 BENCH_TABLES_SECONDS=60.
bench: $(STAMP)
	$(BIN)/python -m bench $(BENCH_ARGS)

# The dice alone (rolls per second, largest exact odds), no server.
bench-dice: $(STAMP)
	$(BIN)/python -m sheets.systems.dice.bench

clean:
	rm -rf $(VENV) .staticfiles db.sqlite3
