# Everything goes through a project virtualenv in .venv, made on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
HOST   := 127.0.0.1
PORT   ?= 8866

.PHONY: install serve test lint bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

serve: install
	$(BIN)/voila notebooks --no-browser --Voila.ip=$(HOST) --port=$(PORT) \
	    --Voila.port_retries=0 --Voila.root_dir=notebooks

lint: install
	$(BIN)/ruff check calypso tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

bench: install
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
