# gardensim: `make demo` and `make test` work on a fresh machine (they create .venv).
# the interpreter .venv is built from: scripts/pick-python.sh says which and why
PYTHON ?= $(shell bash scripts/pick-python.sh)
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
JOBS ?= 2

.PHONY: demo test bench lab lint clean install

$(PY):
	@test -n "$(PYTHON)" || { echo "make: no interpreter for .venv (see above)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(STAMP_RUN): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dask]'
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test,lab]'
	bash scripts/install-browser.sh
	touch $@ $(STAMP_RUN)

install: $(STAMP_RUN)

demo: $(STAMP_RUN)
	$(VENV)/bin/gardensim demo

test: $(STAMP_TEST)
	$(PY) -m pytest -n $(JOBS) -q

bench: $(STAMP_RUN)
	$(PY) benchmarks/run.py

lab: $(STAMP_TEST)
	$(VENV)/bin/jupyter lab notebooks/

lint: $(STAMP_TEST)
	$(VENV)/bin/ruff check gardensim tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
