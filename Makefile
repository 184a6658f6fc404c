# The two commands of the README: `make play` builds and serves the site,
# `make test` runs every check. Both install what they need on a fresh machine.

VENV    := .venv
PY      := $(VENV)/bin/python
# The environment is made from the system's own CPython where it can make one: Debian's
# 3.11 (its interpreter linked statically) runs the solver about 1.18 times as fast as the
# 3.11 on a shared library that `python3` names here (docs/decisions.md). Else `python3`.
PYTHON  ?= $(shell /usr/bin/python3 -c 'import ensurepip, venv' 2>/dev/null && echo /usr/bin/python3 || echo python3)
PY_OK   := $(VENV)/.installed
NODE_OK := node_modules/.installed
PORT    ?= 8000

.PHONY: play build test screenshots compiled chromium valgrind bench bench-rates clean

play: build
	$(PY) -m tools.site serve --port $(PORT)

build: $(PY_OK) $(NODE_OK)
	$(PY) -m tools.site build

test: $(PY_OK) $(NODE_OK) chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict pygame_engine rules tools web/pasyansy_web
	$(VENV)/bin/pytest

# Every game at every screen size, into build/screenshots/, for a person to look at.
screenshots: build chromium
	$(PY) -m tools.screenshots

$(PY_OK): pyproject.toml Makefile
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

$(NODE_OK): package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Сложный коврик's and Строптивые дамы's rules compiled to C from the same source
# (tools/compiled.py), for long batch runs in CPython: PASYANSY_COMPILED=build/compiled
# python -m tools.batch … The site and the tests use the source.
COMPILED := build/compiled/rules/hard_rug.py.built-from

compiled: $(COMPILED)

$(COMPILED): $(PY_OK) rules/hard_rug.py rules/hard_rug_board.py rules/shrewish_queens.py rules/shrewish_search.py rules/shrewish_stuck.py \
		$(wildcard pygame_engine/*.py) tools/compiled.py
	$(PY) -m tools.compiled build/compiled

# Benchmarks: measurements, not tests (see benchmarks/).
bench: $(PY_OK) $(NODE_OK) chromium valgrind
	PYTHONPATH=web $(PY) -m benchmarks.browser
	$(PY) -m benchmarks.startup
	$(PY) -m benchmarks.solver --chromium
	$(PY) -m benchmarks.midgame
	$(PY) -m benchmarks.whole_search
	$(PY) -m benchmarks.instructions
	$(PY) -m benchmarks.memory

# The solve-rate table of docs/figures.md: every game and rule set, deals 1-1000 (about an hour).
bench-rates: $(PY_OK)
	$(PY) -m benchmarks.solve_rates

# The browser tests' Chromium: PASYANSY_CHROMIUM names one, else Playwright's own (downloaded
# where that works), else Debian's, installed as root on Debian (tools/browser.py).
chromium: $(PY_OK)
	$(PY) -m tools.browser

# Instructions counted rather than seconds timed (benchmarks/instructions.py).
valgrind:
	@command -v valgrind >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y valgrind; }

clean:
	rm -rf build $(VENV) node_modules
