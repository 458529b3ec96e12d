# Two commands do everything on a fresh machine with Python 3.11+ and make:
#   make run   - virtual environment, install, migrate, reference catalogs, demo data, serve :8000
#                (uvicorn, one process: the API, the web app and the live match streams;
#                production splits them, docs/operations.md "Serving")
#   make test  - virtual environment, install, run the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1:8000
# Message catalogs: the .po files are the source, the .mo files are built here (docs/i18n.md).
CATALOGS := $(patsubst %.po,%.mo,$(wildcard companion/locale/*/LC_MESSAGES/django.po))

.PHONY: run test install lint worker beat bench bench-load clean messages examples

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/pybabel compile --domain django --directory companion/locale --statistics
	touch $(STAMP)

# a changed .po is compiled again without a reinstall
$(CATALOGS): %.mo: %.po | $(STAMP)
	$(BIN)/pybabel compile --domain django --input-file $< --output-file $@

# The web app's npm dependencies (Pyodide for the phone's referee, the TypeScript client test's
# tools), from package-lock.json; skipped where npm is missing (the app then referees server-only).
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP); \
	else echo "npm not found: the phone app will referee on the server only"; fi

# The phone referee's standard library, cut from Pyodide's to what Pyodide's start and the engines
# import (webapp/referee_stdlib.mjs, tried by playing each game on the cut; webapp/runtime.py
# serves it); made again when Pyodide or the engines change. Without Pyodide: nothing to cut.
REFEREE_STDLIB := var/referee/python_stdlib.json
$(REFEREE_STDLIB): $(NODE_STAMP) webapp/referee_stdlib.mjs $(shell find matches/engine -name '*.py' 2>/dev/null)
	@if [ -f node_modules/pyodide/pyodide.mjs ]; then node webapp/referee_stdlib.mjs; fi

# The engines' bytecode for the phone's referee, compiled by Pyodide's Python
# (webapp/referee_bytecode.mjs; webapp/engine_bundle.py ships a module's bytecode in place of
# its source while the source is the one compiled); made again when Pyodide or the engines change.
REFEREE_BYTECODE := var/referee/bytecode.json
$(REFEREE_BYTECODE): $(NODE_STAMP) webapp/referee_bytecode.mjs matches/__init__.py $(shell find matches/engine -name '*.py' 2>/dev/null)
	@if [ -f node_modules/pyodide/pyodide.mjs ]; then node webapp/referee_bytecode.mjs; fi

install: $(STAMP) $(CATALOGS) $(NODE_STAMP) $(REFEREE_STDLIB) $(REFEREE_BYTECODE)

# Refresh the catalog template and the .po files from the marked sentences in the code.
messages: $(STAMP)
	$(BIN)/pybabel extract --mapping-file babel.cfg --keywords gettext_lazy --keywords gettext_noop --keywords tr \
	  --no-location --sort-output --omit-header --output-file companion/locale/django.pot .
	$(BIN)/pybabel update --domain django --input-file companion/locale/django.pot \
	  --output-dir companion/locale --no-fuzzy-matching --omit-header

# The schema's examples: the tour of the API (companion/examples/tour.py) played on a fresh test
# database, written to companion/openapi_examples.json (docs/api.md, "Examples"). Run it when an
# answer changes; tests/api/test_schema_examples.py replays the file.
examples: $(STAMP) $(CATALOGS)
	DJANGO_SETTINGS_MODULE=companion.settings.test $(BIN)/python manage.py record_api_examples

run: $(STAMP) $(CATALOGS) $(NODE_STAMP) $(REFEREE_STDLIB) $(REFEREE_BYTECODE)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo --host $(HOST)
	DJANGO_SETTINGS_MODULE=companion.settings.dev $(BIN)/uvicorn companion.asgi:application \
		--no-proxy-headers --host $(firstword $(subst :, ,$(HOST))) --port $(lastword $(subst :, ,$(HOST)))

# The suite runs on every core (pytest-xdist, TEST_WORKERS=auto); each worker has its own test
# database. With a broker configured (CI's PostgreSQL + Redis run), the tests marked `worker`
# hand jobs to a Celery worker that reads the one database named by DATABASE_TEST_NAME, so they
# run afterwards in a single process on that database. A pass that its marker leaves empty
# passes (tests/conftest.py). MARKERS narrows every pass by a marker expression, joined to the
# pass's own (`make test MARKERS="not slow"`: the quick run; a `-m` in PYTEST_ARGS would
# replace the pass's marker instead).
TEST_WORKERS ?= auto
MARKERS ?=
test: $(STAMP) $(CATALOGS) $(NODE_STAMP) $(REFEREE_STDLIB) $(REFEREE_BYTECODE)
ifeq ($(CELERY_BROKER_URL)$(REDIS_URL),)
	$(BIN)/pytest -n $(TEST_WORKERS) $(if $(MARKERS),-m "$(MARKERS)") $(PYTEST_ARGS)
else
	$(BIN)/pytest -n $(TEST_WORKERS) -m "not worker$(if $(MARKERS), and ($(MARKERS)))" $(PYTEST_ARGS)
	$(BIN)/pytest -n 0 -m "worker$(if $(MARKERS), and ($(MARKERS)))" $(PYTEST_ARGS)
endif

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

worker: $(STAMP)
	$(BIN)/celery -A companion worker --loglevel=info

beat: $(STAMP)
	$(BIN)/celery -A companion beat --loglevel=info

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

# The load test at full size (PostgreSQL on 127.0.0.1:5432 and redis-server needed).
bench-load: $(STAMP)
	$(BIN)/python bench/load.py --phones 24 --matches 96 --web-workers 4 --worker-concurrency 2

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache node_modules
