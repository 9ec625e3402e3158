# Developer entry points. Each target creates .venv and installs what it needs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# AGAINST=REV (e.g. main): each bench also runs REV's copy in the same run, figure beside figure
AGAINST ?=
AGAINST_TURNS ?= 1
VERSUS := $(if $(AGAINST),--against $(AGAINST) --turns $(AGAINST_TURNS))

.PHONY: serve test bench bench-service bench-analytics

serve: $(VENV)/.installed
	$(BIN)/combatlog serve

test: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy domain projections api
	$(BIN)/lint-imports
	$(BIN)/pytest $$($(BIN)/python -c 'import xdist' 2>/dev/null && printf '%s' '-n 2')

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/replay.py $(VERSUS)

bench-service: $(VENV)/.installed
	$(BIN)/python benchmarks/service.py $(VERSUS)
	$(BIN)/python benchmarks/memory.py
	$(BIN)/python benchmarks/scaleout.py

bench-analytics: $(VENV)/.installed
	$(BIN)/python benchmarks/analytics.py $(VERSUS)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# A stamp file, so a second run skips pip unless pyproject.toml changed.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@
