# Two commands do everything on a fresh machine with Python 3.11+ and make:
#   make run   - virtual environment, install, migrate, reference catalogs, demo data, serve :8000
#                (uvicorn, the ASGI server: live match streams need it)
#   make test  - virtual environment, install, run the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1:8000

.PHONY: run test install lint worker beat bench bench-load clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo --host $(HOST)
	DJANGO_SETTINGS_MODULE=companion.settings.dev $(BIN)/uvicorn companion.asgi:application \
		--no-proxy-headers --host $(firstword $(subst :, ,$(HOST))) --port $(lastword $(subst :, ,$(HOST)))

test: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

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
	rm -rf $(VENV) var staticfiles .pytest_cache
