# The two commands of the README:
#   make up     set everything up on this machine and run the main job (API + admin + a worker)
#   make test   run the whole test suite (lint, types, tests) against PostgreSQL and Redis
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
TEST_DATABASE_URL ?= postgres://root@localhost:5432/eredan
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15
# The long schemathesis run (docs/api.md "Quality checks"): a database and a Redis database of its own.
FUZZ_DATABASE_URL ?= postgres://root@localhost:5432/eredan_fuzz
FUZZ_REDIS_URL ?= redis://127.0.0.1:6379/9

.PHONY: up install bootstrap serve test lint typecheck pytest services browser bench fuzz clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

bootstrap: install
	$(BIN)/python manage.py bootstrap --demo

serve: bootstrap
	$(BIN)/python manage.py serve --host $(HOST) --port $(PORT)

up: serve

services:
	bash .ci/services.sh

browser:
	bash .ci/browser.sh

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: install
	$(BIN)/mypy

pytest: install services browser
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(BIN)/pytest $(PYTEST_ARGS)

test: lint typecheck pytest

bench: install
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

# schemathesis over the whole API against gunicorn + PostgreSQL: 5,100 cases (anonymous, player,
# staff), 0 failures expected. Not part of `make test` (about 15 minutes).
fuzz: install services
	DATABASE_URL=$(FUZZ_DATABASE_URL) REDIS_URL=$(FUZZ_REDIS_URL) \
		$(BIN)/python benchmarks/api_fuzz.py $(FUZZ_ARGS)

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache .grimp_cache .import_linter_cache
