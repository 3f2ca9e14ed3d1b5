# Everything runs from a project virtualenv in .venv, made on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8866
HOST   ?= 127.0.0.1
LAB_PORT ?= 8888
STATIC_PORT ?= 8867

.PHONY: install serve lab site serve-static test lint browser bench bench-site bench-static \
	bench-class clean

install: $(STAMP)

$(STAMP): pyproject.toml site/install_assets.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python site/install_assets.py
	touch $(STAMP)

# The tutorial site: Voila on http://$(HOST):$(PORT), landing on the welcome chapter.
# For a class: make serve CLASS=30 CHAPTER=06-class-quiz (HOST=0.0.0.0 for the room's network).
serve: install
	$(BIN)/python site/serve.py --port=$(PORT) --host=$(HOST) \
	    $(if $(CLASS),--class-size=$(CLASS)) $(if $(CHAPTER),--chapter=$(CHAPTER))

# The static site: every chapter as plain files in _site/ (Voici; Python runs in the browser).
# Its tools and downloads are cached under build/static/, so a second build is fast and offline.
site: install
	$(BIN)/python site/build_static.py

# The static site from a plain file server on http://$(HOST):$(STATIC_PORT).
serve-static: site
	$(BIN)/python -m http.server --bind $(HOST) --directory _site $(STATIC_PORT)

# The same notebooks in JupyterLab, for teachers who want to edit them (token-protected).
lab: install
	JUPYTER_PATH="$(CURDIR)/site" $(BIN)/jupyter lab notebooks --ip=127.0.0.1 \
	    --port=$(LAB_PORT) --no-browser --allow-root

lint: install
	$(BIN)/ruff check calypso tests benchmarks site
	$(BIN)/mypy

# Debian's Chromium drives the browser tests (Playwright never downloads a browser here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

test: lint browser
	$(BIN)/pytest

bench: install
	$(BIN)/python benchmarks/engine.py

bench-site: install browser
	$(BIN)/python benchmarks/site.py

# A class of $(STUDENTS) opening one chapter at once: the classroom server (browsers niced, then
# not), the plain server, and the static site (built first). Takes about half an hour.
STUDENTS ?= 30
bench-class: install browser site
	$(BIN)/python benchmarks/classroom.py --server class --students $(STUDENTS)
	$(BIN)/python benchmarks/classroom.py --server class --students $(STUDENTS) \
	    --normal-priority --linger 0
	$(BIN)/python benchmarks/classroom.py --server plain --students $(STUDENTS) --linger 0
	$(BIN)/python benchmarks/classroom.py --server static --students $(STUDENTS)

bench-static: site browser
	$(BIN)/python benchmarks/static_site.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis test-artifacts \
	    site/voila/templates/calypso/static/fontawesome build _site
