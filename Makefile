# Wizard score pad. `make help` lists the targets.
SHELL := /bin/bash
# No built-in rules: make would look for a way to remake each of the pad's sources (version
# control, parsers, compilers) before `make run`, most of the time make itself takes (§6 start).
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
VENV := .venv
# On Windows (make and bash from Git for Windows or MSYS2) Python is `python` and a virtual
# environment keeps its programs in Scripts\; elsewhere `python3` and bin/.
ifeq ($(OS),Windows_NT)
PYTHON ?= python
BIN := $(VENV)/Scripts
else
PYTHON ?= python3
BIN := $(VENV)/bin
endif
HOST ?= 0.0.0.0
PORT ?= 8000
# Test workers: one per core. Two per core were faster, but starved the live pages, whose
# promise (a change shown within 2 s) the browser tests check (docs/speed.md, "Test suite").
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print(os.cpu_count() or 1)')
# Debian packages the tests need: a real Chromium, PDF-to-text/PNG tools, fast font subsetting,
# fonts for the browser's pages, openssl for the HTTPS test's certificate, gettext for msgfmt's
# checks of the catalogues, nginx, which the tests run in front of the pad as docs/hosting.md
# sets it up (a stream passed through), and PostgreSQL, the second engine, whose server the tests
# start in a folder of their own (tests/support/postgres.py). The PDF's fonts ship with the app.
TEST_DEBS := chromium poppler-utils libharfbuzz-subset0 fonts-dejavu-core openssl gettext nginx postgresql
# Only the PDF needs these (WeasyPrint draws text with Pango); the pad serves without them.
RUN_DEBS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0

# The exact version of every package the pad, its tests and Litestream install (a pip
# constraints file): every machine and CI install the same ones. `make lock` updates it.
LOCK := requirements.lock

.DEFAULT_GOAL := help
.PHONY: help run test lint fmt bench clean messages coverage replicate restore lock

help: ## List the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{printf "  make %-6s %s\n", $$1, $$2}'

$(BIN)/activate:
	@echo "Making a Python environment for the pad in $(VENV)/ (once)..."
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip

# pip stays quiet, with a line before and after, since the first install takes a minute or more.
# setuptools' note on editable installs ("be careful with folders ... with the same name as your
# package") is for packagers, not for anyone running the pad: left out.
# The server's compiled speed-ups (the extra "speed", with psycopg's built libpq) come as built
# wheels only: where none exists for the machine, the same install again without them, and
# Uvicorn serves in pure Python (PostgreSQL then takes the system's libpq: docs/postgresql.md).
define pip_install
	@echo "Installing $(2) into $(VENV)/ (the first time, or after pyproject.toml or requirements.lock changed; about a minute)..."
	@start=$$(date +%s); export PYTHONWARNINGS='ignore:Editable installation'; \
	{ $(BIN)/python -m pip install --quiet -c $(LOCK) --only-binary=httptools,uvloop,psycopg-binary -e '.[speed$(if $(1),$(comma)$(1))]' 2>/dev/null \
	  || { echo "  (No built speed-ups for this machine: the server runs in pure Python.)"; \
	       $(BIN)/python -m pip install --quiet -c $(LOCK) -e '.$(if $(1),[$(1)])'; }; } \
	  && echo "  Installed in $$(( $$(date +%s) - start )) s."
endef
comma := ,

$(VENV)/.installed: pyproject.toml $(LOCK) | $(BIN)/activate
	$(call pip_install,,the pad's Python packages)
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(LOCK) | $(BIN)/activate
	$(call pip_install,test,the pad's Python packages and what the tests need)
	@touch $(VENV)/.installed $(VENV)/.installed-replica $@

$(VENV)/.installed-replica: pyproject.toml $(LOCK) | $(BIN)/activate
	$(call pip_install,replica,the pad's Python packages and Litestream)
	@touch $(VENV)/.installed $@

# Installs the Debian packages $(1) that are missing when this is Debian or Ubuntu, as root, with
# apt-get; otherwise says which are missing and what they are for ($(2)) and goes on.
define install_debs
	@if command -v dpkg >/dev/null 2>&1 && ! dpkg -s $(1) >/dev/null 2>&1; then \
	  missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ] && command -v apt-get >/dev/null 2>&1 && [ "$$EUID" = 0 ]; then \
	    echo "Installing system packages:$$missing"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; } \
	      && missing=""; \
	  fi; \
	  if [ -n "$$missing" ]; then \
	    echo "Missing system packages:$$missing"; \
	    echo "  (not installed here: install them with  sudo apt-get install$$missing)"; \
	    echo "  $(2)"; \
	  fi; \
	fi
endef

# The app's bytecode, written ahead: where PYTHONDONTWRITEBYTECODE is set (many containers),
# Python would compile every module of the pad from source at each start.
PY_SOURCES := $(shell find scorekeeper -name '*.py')
COMPILED := scorekeeper/__pycache__/compiled.stamp
$(COMPILED): $(PY_SOURCES) | $(VENV)/.installed
	$(BIN)/python -m compileall -q scorekeeper
	touch $@

# No pybabel run here (a third of the time to the first page): the app compiles a catalogue
# whose messages.po changed itself, at start (render/languages.py, compile_catalogues).
run: $(VENV)/.installed $(COMPILED) ## Serve the app on all interfaces (HOST, PORT to change)
	$(call install_debs,$(RUN_DEBS),The score pad serves anyway: only the printed PDF needs them.)
	@mkdir -p instance
	$(BIN)/python -m scorekeeper.serve --host $(HOST) --port $(PORT)

# The continuous copy of the database off the machine (docs/hosting.md, "A copy off the
# machine"). REPLICA is a folder (on another disk or mount) or an sftp:// or s3:// address;
# LITESTREAM_CONFIG a configuration of your own instead (an SFTP key, an S3 store's endpoint).
DATABASE ?= $(or $(SCOREKEEPER_DATABASE),$(CURDIR)/instance/scorekeeper.sqlite)
REPLICA ?=
LITESTREAM_CONFIG ?= litestream.yml
LITESTREAM = SCOREKEEPER_DATABASE='$(abspath $(DATABASE))' \
	SCOREKEEPER_REPLICA='$(if $(filter /%,$(REPLICA)),file://$(REPLICA),$(REPLICA))' \
	$(BIN)/litestream
# A configuration of your own (LITESTREAM_CONFIG) names its replica itself.
define need_replica
	@if [ -z '$(REPLICA)' ] && [ '$(LITESTREAM_CONFIG)' = litestream.yml ]; then \
	  echo 'Say where the copy is: make $@ REPLICA=/mnt/backup/scorekeeper (a folder on another'; \
	  echo 'disk, or an sftp:// or s3:// address; docs/hosting.md, "A copy off the machine").'; \
	  exit 2; fi
endef

replicate: $(VENV)/.installed-replica ## Copy the database off the machine as it changes (REPLICA=...)
	$(need_replica)
	@mkdir -p '$(dir $(abspath $(DATABASE)))'
	$(LITESTREAM) replicate -config '$(LITESTREAM_CONFIG)'

restore: $(VENV)/.installed-replica ## Bring the database back from REPLICA (server stopped)
	$(need_replica)
	@if [ -e '$(DATABASE)' ]; then \
	  echo 'A database is already at $(DATABASE): stop the server and move it (with its -wal and'; \
	  echo '-shm files) away first, or restore elsewhere with DATABASE=/some/other/file.sqlite.'; \
	  exit 2; fi
	@mkdir -p '$(dir $(abspath $(DATABASE)))'
	$(LITESTREAM) restore -config '$(LITESTREAM_CONFIG)' -integrity-check full \
	  -o '$(abspath $(DATABASE))' '$(abspath $(DATABASE))'
	@echo 'Restored $(DATABASE); it passed SQLite'"'"'s integrity check. Start the server (make run),'
	@echo 'then the copy (make replicate REPLICA=...) again.'

# axe-core for the accessibility checks of the browser tests: loaded into the page by Playwright
# only, never served by the app; fetched once from the npm registry, kept out of git.
AXE := tests/.axe/axe.min.js
$(AXE):
	mkdir -p tests/.axe
	cd tests/.axe && npm pack --silent axe-core@4 >/dev/null && tar -xzf axe-core-*.tgz package/axe.min.js \
	  && mv package/axe.min.js . && rm -rf package axe-core-*.tgz

test: $(VENV)/.installed-test $(AXE) ## Install what the tests need, then lint, type-check and run every test
	$(call install_debs,$(TEST_DEBS),Tests that need them will fail.)
	$(BIN)/pybabel -q compile -d translations
	$(BIN)/ruff check scorekeeper tests benchmarks
	$(BIN)/ruff format --check scorekeeper tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	@# The rules (rules, bidding, scoring) wholly covered by their own tests, then every test on
	@# every core; see README, "Tests".
	$(BIN)/pytest -q -p no:xdist --hypothesis-profile=ci --cov --cov-report=term-missing --cov-fail-under=100 tests/test_rules_*.py
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal --hypothesis-profile=ci --durations=10

coverage: $(VENV)/.installed-test $(AXE) ## Every test, with the coverage of the whole package (slower)
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal --hypothesis-profile=ci --cov=scorekeeper --cov-branch --cov-report=term-missing:skip-covered

lint: $(VENV)/.installed-test ## ruff, mypy and the import contracts only
	$(BIN)/ruff check scorekeeper tests benchmarks
	$(BIN)/ruff format --check scorekeeper tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

fmt: $(VENV)/.installed-test ## Format and fix what ruff can
	$(BIN)/ruff format scorekeeper tests benchmarks
	$(BIN)/ruff check --fix scorekeeper tests benchmarks

messages: $(VENV)/.installed ## Extract every message into messages.pot and update the catalogues
	$(BIN)/pybabel -q extract -w 100 -F babel.cfg -k N_ -k NP_:1,2 -k P_:1c,2 -k _l -c Translators: --no-location --sort-output \
		-o messages.pot .
	$(BIN)/pybabel -q update -w 100 -N --ignore-obsolete -i messages.pot -d translations

bench: $(VENV)/.installed-test ## Measure speed and size; writes docs/benchmarks.md
	$(call install_debs,$(TEST_DEBS) wrk,Benchmarks that need them will fail.)
	$(BIN)/python -m benchmarks

# A fresh environment takes the newest versions pyproject.toml allows; its list is the lock.
lock: ## Update requirements.lock to the newest versions pyproject.toml allows
	@rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv && .lock-venv/bin/pip install --quiet --upgrade pip
	@PYTHONWARNINGS='ignore:Editable installation' .lock-venv/bin/pip install --quiet -e '.[test,speed]'
	@{ echo "# Exact versions for make run, make test and CI (pip's constraints file): \`make lock\` writes it."; \
	  .lock-venv/bin/pip freeze --exclude-editable; } > $(LOCK)
	@rm -rf .lock-venv
	@echo "$(LOCK) updated: run make test, then commit it."

clean: ## Remove the virtual environment and caches (keeps instance/)
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage
