# Schotten Totten pocket game.  `make sim` and `make test` set everything up.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

A ?= hard
B ?= medium
GAMES ?= 400
VARIANT ?= classic

.PHONY: sim sim-link test bench tournament bundle clean

sim: $(VENV)/.installed
	$(PY) -m sim $(ARGS)

# Two windows linked by a virtual serial cable (a pty pair).
sim-link: $(VENV)/.installed
	$(PY) tools/sim_link.py $(ARGS)

test: $(VENV)/.installed node_modules/.installed
	$(VENV)/bin/pytest

# With CIRCUITPYTHON and CIRCUITPY_MPY_CROSS set, also the bundle's figures on
# CircuitPython's own interpreter (tools/bench/board_bench.py).
bench: $(VENV)/.installed node_modules/.installed
	$(PY) tools/bench/bench.py
	$(PY) tools/bench/board_bench.py

# Two opponents (levels or outside commands), GAMES games, seats swapped.
tournament: $(VENV)/.installed
	$(PY) tools/tournament.py "$(A)" "$(B)" --games $(GAMES) --variant $(VARIANT)

# A folder to copy onto CIRCUITPY, compiled by CircuitPython's mpy-cross:
# MPY_CROSS=path/to/mpy-cross (or CIRCUITPY_MPY_CROSS in the environment).
bundle: $(VENV)/.installed
	$(PY) tools/bundle.py $(if $(MPY_CROSS),--mpy-cross $(MPY_CROSS),)

$(VENV)/.installed: requirements-dev.txt
	@$(PYTHON) -c 'import sys; sys.exit("Python 3.11 or newer is needed (PYTHON=%s is %d.%d)" % ((sys.executable,) + sys.version_info[:2]) if sys.version_info < (3, 11) else 0)'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(VENV)/bin/circuitpython_setboard pybadge
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) node_modules .pytest_cache .hypothesis build
