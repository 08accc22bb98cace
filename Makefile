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
# `make table` listens on every address of this machine unless HOST is given.
TABLE_HOST := $(if $(filter command line environment,$(origin HOST)),$(HOST),0.0.0.0)

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

.PHONY: help run table loopback-only test test-fast lint bench bench-dice demo migrate static check-python browser-deps proxy-deps gettext-deps catalogues messages clean

help:
	@echo "make run    set up, migrate, load the demo table, serve on http://$(HOST):$(PORT)"
	@echo "make table  game night: serve the table to this network (DEBUG off), print its address"
	@echo "make test   set up, then ruff and the whole pytest suite (browser tests included)"
	@echo "make bench  the figures: rolls, pages, live feed, dashboard, bytes, pool, dice (bench/)"
	@echo "make lint   ruff and the import contracts (lint-imports)"
	@echo "make messages  gather the marked strings into config/locale (Swedish), then compile"

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

# $(call debian_package,COMMANDS,PACKAGE,WHAT FOR): when one of COMMANDS is missing,
# install Debian's PACKAGE (as root, with apt-get), or else say how to.
define debian_package
	@missing=; for command in $(1); do command -v $$command >/dev/null 2>&1 || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's $(2) for $(3)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
	  else \
	    echo "Debian's $(2) is needed for $(3): sudo apt-get install $(2)"; exit 1; \
	  fi; \
	fi
endef

# Browser tests drive Debian's Chromium (never `playwright install`: it downloads).
browser-deps:
	$(call debian_package,chromium,chromium,the browser tests)

# The two-node test (tests/deploy/, PostgreSQL + Redis leg) runs Debian's nginx as the
# proxy; it starts its own on 127.0.0.1, so the package's service is kept from starting.
proxy-deps:
	@if ! command -v nginx >/dev/null 2>&1 && ! [ -x /usr/sbin/nginx ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's nginx for the two-node test (its service is not started)"; \
	    guard=; if [ ! -e /usr/sbin/policy-rc.d ]; then \
	      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && guard=1; fi; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      nginx libnginx-mod-http-brotli-static >/dev/null; code=$$?; \
	    [ -z "$$guard" ] || rm -f /usr/sbin/policy-rc.d; exit $$code; \
	  else \
	    echo "The two-node test needs Debian's nginx: sudo apt-get install nginx"; exit 1; \
	  fi; \
	fi

# The translation catalogues (docs/i18n.md): the .po files are in git, the .mo files are
# compiled from them in pure Python (config/catalogue.py), so serving and testing need
# no GNU gettext. Extracting (`make messages`, and the catalogue test in tests/i18n/)
# runs gettext's xgettext: installed here like chromium for the browser tests.
catalogues: $(STAMP)
	@$(BIN)/python -m config.catalogue

gettext-deps:
	$(call debian_package,xgettext msgmerge,gettext,the catalogue test and make messages)

# Gather every marked string (Python, templates: django; static/js: djangojs) into the
# Swedish catalogues, keeping their translations, then compile them.
MESSAGES_ARGS := -l sv --no-obsolete --add-location=file -i tests -i bench -i deploy -i docs -i media -i backups
messages: $(STAMP) gettext-deps
	DJANGO_DEBUG=1 $(BIN)/python manage.py makemessages $(MESSAGES_ARGS)
	DJANGO_DEBUG=1 $(BIN)/python manage.py makemessages -d djangojs $(MESSAGES_ARGS)
	$(BIN)/python -m config.catalogue --force

migrate: $(STAMP) catalogues
	DJANGO_DEBUG=1 $(BIN)/python manage.py migrate --noinput

demo: migrate
	DJANGO_DEBUG=1 $(BIN)/python manage.py demo --host $(HOST) --port $(PORT)

static: $(STAMP)
	$(BIN)/python manage.py collectstatic --noinput -v0

# The development server runs with DEBUG on: it never listens beyond this machine.
loopback-only:
	@case "$(HOST)" in 127.*|localhost|::1|'[::1]') ;; *) \
	  echo "make run serves with DEBUG on, which must not face a network: HOST=$(HOST) refused."; \
	  echo "For players on this network run: make table   (HOST=$(HOST) PORT=$(PORT) if you need them)"; \
	  exit 1;; esac

run: loopback-only demo static
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

# Game night: DEBUG off, uvicorn, every address of this machine allowed; the key and the
# SQLite database in ~/.local/share/tableside (TABLESIDE_DATA_DIR). DEMO=1: the demo
# table with random passwords. See README "Game night at the table".
table: $(STAMP) catalogues
	$(BIN)/python -m config.table --host $(TABLE_HOST) --port $(PORT) $(if $(DEMO),--demo) $(if $(WORKERS),--workers $(WORKERS))

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports  # the import contracts in pyproject.toml (docs/architecture.md)

test: $(STAMP) browser-deps gettext-deps catalogues lint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Everything but the browser tests, for a quick loop while working.
test-fast: $(STAMP) gettext-deps catalogues
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
