# The two commands a newcomer runs: `make run` and `make test`; `make dev` and `make test-fast` while
# changing the code.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# How `make run` serves the LAN: no debug pages, and a secret key made once and kept in
# .secret_key (git-ignored). tables/tests/test_lan_settings.py checks these settings.
LAN_ENV := DEBUG=0 SECRET_KEY_FILE=.secret_key
# The test runs cache bytecode even where PYTHONDONTWRITEBYTECODE is set: otherwise each run
# (each xdist worker) compiles the app and rewrites every test module again, 3 to 4 CPU-seconds
# before the first test. __pycache__ is ignored by git and docker.
KEEP_BYTECODE := PYTHONDONTWRITEBYTECODE=

.PHONY: run dev test test-fast lint format clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

# https on HTTPS_PORT with the laptop's own certificate (made once, kept in .tls-*.pem, git-ignored),
# plain http on PORT only sending visitors there; `HTTPS=0 make run` serves plain http on PORT.
# homegame/launch.py starts Daphne and the timer runner, and stops both on Ctrl-C.
run: export HTTPS ?= 1
run: export HTTPS_PORT ?= 8443
run: $(VENV)/.installed
	env $(LAN_ENV) $(BIN)/python manage.py migrate --noinput
	env $(LAN_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@env $(LAN_ENV) $(BIN)/python scripts/lan_url.py $(PORT)
	env $(LAN_ENV) $(BIN)/python -m homegame.launch $(PORT)

# For developers: DEBUG on (tracebacks, the URL list on a 404), so only this computer is served.
dev: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/daphne --bind 127.0.0.1 --port $(PORT) --websocket-max-message-size 65536 --websocket-max-frame-size 65536 homegame.asgi:application

# The full run (every test, every migration, every Hypothesis example) in two pytest-xdist
# workers, each with its own PostgreSQL test database (pytest-django's _gwN suffix), its own
# Redis channel prefix and its own Chromium (tables/tests/conftest.py). Two, not `-n auto`'s
# cores+1: each browser test runs Chromium and a Daphne server beside its worker, so a third
# worker adds no core to run on, only more waiting in tests that wait on pages and timers.
FULL_RUN_WORKERS := -n 2

test: $(VENV)/.installed-dev
	@bash scripts/ensure-chromium.sh
	@bash scripts/ensure-caddy.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(KEEP_BYTECODE) $(BIN)/python -m pytest $(FULL_RUN_WORKERS) --dist worksteal $(PYTEST_ARGS)

# Lint and every test but the browser and slow ones, on all cores: the check to run
# before each commit. `make test` remains the full run. Each worker's test database is made
# from the models, not by running every migration (seconds per worker); `make test` and CI
# still migrate, and the migration tests are among the slow ones. The test-fast Hypothesis
# profile (conftest.py) runs about a third of each property test's examples; `make test` and
# CI run them all.
# The costly tests (privacy, live sockets) sit together in the collection order: with xdist's
# default scheduling one worker was left with a long run of them while the others had
# finished. With worksteal a worker that runs out takes half of another's remaining tests.
# `-n auto` starts one worker more than there are cores (conftest.py): the tests that wait on
# sockets, timers and subprocesses leave a core idle otherwise.
test-fast: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(KEEP_BYTECODE) $(BIN)/python -m pytest -q -n auto --dist worksteal --no-migrations \
		--hypothesis-profile=test-fast -m "not browser and not slow" $(PYTEST_ARGS)

lint:
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
