# Everything runs from a project virtualenv in .venv, made on first use: `make serve` installs
# what serving needs, `make test` (and lint and the browser benchmarks) the test tools too, each
# from its lock file (below; `make lock` makes them again).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
TEST_STAMP := $(VENV)/.test-installed-stamp
PORT   ?= 8866
HOST   ?=
LAB_PORT ?= 8888
STATIC_PORT ?= 8867

.PHONY: install install-test lock serve cli lab site serve-static static-port test lint browser \
	npm bench bench-site bench-static bench-class bench-solver bench-endings bench-expert mutation clean \
	messages-extract messages-update messages-compile

install: $(STAMP)

install-test: $(TEST_STAMP)

# A stock Debian's python3 makes no virtualenv without python3-venv (no ensurepip): say so.
$(BIN)/pip:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	    echo "make: $(PYTHON) is missing or older than 3.11: install Python 3.11+ or set PYTHON="; \
	    exit 1; }
	@$(PYTHON) -m venv $(VENV) >/dev/null 2>&1 || { \
	    echo "make: $(PYTHON) -m venv failed: install python3-venv (apt-get install python3-venv)"; \
	    exit 1; }

# The locked environment: requirements/serve.txt holds every package serving installs (Binder's
# too), requirements/test.txt those and the test tools at the same versions, each pinned with its
# sha256 hashes for Python 3.11 on Linux x86_64 (pip, and setuptools, the build backend, among
# them). pip installs exactly those files, nothing it resolves itself; then the project, built
# with the locked setuptools (build isolation would fetch the newest). A changed lock reinstalls.
SERVE_LOCK := requirements/serve.txt
TEST_LOCK  := requirements/test.txt
PIP_LOCKED := $(BIN)/python -m pip install --quiet --require-hashes --no-deps -r

$(STAMP): $(BIN)/pip $(SERVE_LOCK) pyproject.toml site/install_assets.py
	$(PIP_LOCKED) $(SERVE_LOCK)
	$(BIN)/python -m pip install --quiet -e . --no-deps --no-build-isolation
	$(BIN)/python site/install_assets.py
	touch $(STAMP)

$(TEST_STAMP): $(STAMP) $(TEST_LOCK)
	$(PIP_LOCKED) $(TEST_LOCK)
	touch $(TEST_STAMP)

# make lock: the test and serve locks again from pyproject.toml's ranges (with [build-system]'s
# setuptools and pip), by uv at the version the test lock pins. A pin that still fits its range
# stays; PACKAGE=name (or PACKAGE="name other") moves those packages to the newest release the
# ranges allow, PACKAGE=all every package. The serve lock takes the test lock's versions. Then the
# static site's two locks: its build tools from requirements/static-build.in (at the test lock's
# versions where both have a package), and its kernel's wheels, pinned in static-kernel.in, with
# the sha256 of each one's pure-Python wheel (site/build_static.py --lock-kernel: pip download).
# Then make test (and make site), and commit pyproject.toml and requirements/ together.
LOCK_FOR := --python-version 3.11 --python-platform x86_64-unknown-linux-gnu
LOCK_UPGRADE = $(if $(filter all,$(PACKAGE)),--upgrade,$(addprefix --upgrade-package=,$(PACKAGE)))
LOCK_BUILD := $(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb")) \
	["build-system"]["requires"], "pip", sep="\n")'
# $(call locked,FILE,what it holds,uv's inputs[,the file it is made from]): FILE made again by
# uv, under a header (the build requirements go to uv's standard input, -, where it reads it).
define locked
$(if $(filter -,$(3)),$(LOCK_BUILD) | )$(BIN)/uv pip compile --quiet --no-header \
    --generate-hashes $(LOCK_FOR) $(3) -o $(1)
{ echo "# $(2)."; \
  echo "# Every package pinned with its sha256 hashes, for CPython 3.11 (3.11.0 or later)"; \
  echo "# on Linux x86_64. Written by make lock (uv pip compile) from $(or $(4),pyproject.toml's ranges):"; \
  echo "# change $(if $(4),that file,those) and run make lock, never this file."; \
  cat $(1); } > $(1).new && mv $(1).new $(1)
endef
STATIC_BUILD_LOCK := requirements/static-build.txt
lock: install-test
	$(call locked,$(TEST_LOCK),What make test installs,pyproject.toml --extra test - $(LOCK_UPGRADE))
	$(call locked,$(SERVE_LOCK),What make serve and Binder install (the test lock's versions),\
	    pyproject.toml - -c $(TEST_LOCK))
	$(call locked,$(STATIC_BUILD_LOCK),What site/build_static.py installs to build the static site,\
	    $(STATIC_BUILD_LOCK:.txt=.in) -c $(TEST_LOCK) $(LOCK_UPGRADE),$(STATIC_BUILD_LOCK:.txt=.in))
	$(BIN)/python site/build_static.py --lock-kernel

# Installs Debian's package $(1), needed for $(2), with apt-get; or says in one line to install it.
define apt_install
{ { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; } || { \
      echo "make: install Debian's $(1) for $(2) (sudo apt-get install $(1))"; exit 1; }; \
  echo "installing Debian's $(1) for $(2)"; \
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); }
endef

# The tutorial site: Voila on http://127.0.0.1:$(PORT) (or HOST=), landing on the welcome chapter.
# For a class: make serve CLASS=30, on the room's network unless HOST=127.0.0.1; its chapter of
# the day is the class quiz unless CHAPTER= names another.
# A taken port stops it with one line: choose another with PORT=.
CLASS_CHAPTER = $(or $(CHAPTER),08-class-quiz)
serve: install
	@$(BIN)/python site/serve.py --from-make --port=$(PORT) $(if $(HOST),--host=$(HOST)) \
	    $(if $(CLASS),--class-size=$(CLASS) --chapter=$(CLASS_CHAPTER)) \
	    $(if $(and $(CHAPTER),$(if $(CLASS),,1)),--chapter=$(CHAPTER))

# The command line as the README writes it: make cli ARGS="simulate calypso --seed 7".
ARGS ?= --help
cli: install
	@$(BIN)/calypso $(ARGS)

# The static site: every chapter as plain files in _site/ (Voici; Python runs in the browser).
# Its tools and downloads are cached under build/static/, so a second build is fast and offline.
site: install npm
	$(BIN)/python site/build_static.py

# The static site from a plain file server on http://127.0.0.1:$(STATIC_PORT) (or HOST=); a
# taken port stops it, with one line, before the build.
serve-static: static-port site
	@$(BIN)/python site/serve_static.py --from-make=serve-static --port=$(STATIC_PORT) \
	    --host=$(or $(HOST),127.0.0.1)

static-port: install
	@$(BIN)/python site/serve_static.py --check --from-make=serve-static --port=$(STATIC_PORT) \
	    --host=$(or $(HOST),127.0.0.1)

# The same notebooks in JupyterLab, for teachers who want to edit them (token-protected).
lab: install
	@$(BIN)/python site/serve_static.py --check --from-make=lab --port=$(LAB_PORT)
	JUPYTER_PATH="$(CURDIR)/site" $(BIN)/jupyter lab notebooks --ip=127.0.0.1 \
	    --port=$(LAB_PORT) --ServerApp.port_retries=0 --no-browser --allow-root

lint: install-test
	$(BIN)/ruff check calypso tests benchmarks site conftest.py
	$(BIN)/mypy
	# on its own: to mypy it is a second module named conftest, beside tests/browser/'s
	$(BIN)/mypy conftest.py

# Debian's Chromium drives the browser tests (Playwright never downloads a browser here).
browser:
	@command -v chromium >/dev/null 2>&1 || $(call apt_install,chromium,the browser tests)

# Node's npm fetches Pyodide and Font Awesome for the static site (once: build/static/ keeps them).
npm:
	@command -v npm >/dev/null 2>&1 || $(call apt_install,npm,the static site)

# Two workers (pytest-xdist): conftest.py's scheduler keeps a notebook's cells on one worker, and
# the static site's chapters (its build takes minutes) on one; every other test goes to a free one.
test: lint browser npm
	$(BIN)/pytest -n 2 --durations=25

# The learner's words in other languages (calypso/i18n.py): gettext catalogs managed by Babel.
# extract: every marked message into calypso/locale/calypso.pot; update: merge it into each
# language's calypso.po (then translate the new entries); compile: each .po into the .mo the
# package reads, and the page template's words (site/voila/templates/calypso/page_words.j2).
# Both are committed; tests/test_i18n.py fails when one is stale.
LOCALE := calypso/locale
messages-extract: install-test
	$(BIN)/pybabel -q extract -F babel.cfg -k Chapter:3 --no-location --sort-output \
	    --project=calypso-tutorial --copyright-holder="the Calypso tutorial's authors" \
	    -o $(LOCALE)/calypso.pot .

messages-update: messages-extract
	$(BIN)/pybabel -q update -D calypso -i $(LOCALE)/calypso.pot -d $(LOCALE) \
	    --no-fuzzy-matching --ignore-obsolete --width=100

messages-compile: install-test
	$(BIN)/pybabel compile --statistics -D calypso -d $(LOCALE)
	$(BIN)/python -m calypso.words.pages

# Whole games per second, before the engine's speed work and after, and beside the public
# TypeScript engine when ADBOND= names a checkout of github.com/ADBond/calypso with its tools
# installed (npm ci there); without one the ratio is skipped, and the benchmark says so.
ADBOND ?=
bench: install
	$(BIN)/python benchmarks/engine.py $(if $(ADBOND),--adbond=$(ADBOND))

bench-site: install-test browser
	$(BIN)/python benchmarks/site.py

# A class of $(STUDENTS) opening one chapter at once: the classroom server (browsers niced, then
# not), the plain server, and the static site (built first); then the live board, with the class
# quiz and a class deal answered by the whole class at once. Takes about half an hour.
STUDENTS ?= 30
bench-class: install-test browser site
	$(BIN)/python benchmarks/classroom.py --server class --students $(STUDENTS)
	$(BIN)/python benchmarks/classroom.py --server class --students $(STUDENTS) \
	    --normal-priority --linger 0
	$(BIN)/python benchmarks/classroom.py --server plain --students $(STUDENTS) --linger 0
	$(BIN)/python benchmarks/classroom.py --server static --students $(STUDENTS)
	$(BIN)/python benchmarks/board.py --students $(STUDENTS)

bench-static: install-test site browser
	$(BIN)/python benchmarks/static_site.py

# The exact solver's time to value every legal card, 4, 5 and 6 tricks from a deal's end, in
# CPython and in Pyodide under Node.js (from the files make site leaves in build/; without them
# it says so and measures CPython alone).
bench-solver: install
	$(BIN)/python benchmarks/solver.py

# How quickly chapter 06 finds an ending and answers a learner's card (CPU time, CPython and
# Pyodide).
bench-endings: install
	$(BIN)/python benchmarks/endings.py --seeds 200

# The expert bot's time a choice (CPU time, CPython and Pyodide).
bench-expert: install
	$(BIN)/python benchmarks/expert.py --seeds 4

# Mutation testing of the rules modules (mutmut 3, the non-browser tests): killed / survived per
# module; fails if a module is below 90 % killed. Slow, so not part of make test (docs/mutation.md).
mutation: install-test
	$(BIN)/python benchmarks/mutation.py

# Every build product and cache git ignores; not class-data/, the live class board (its classes
# and teacher key: rm -r class-data forgets them).
clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis test-artifacts \
	    site/voila/templates/calypso/static/fontawesome build _site dist *.egg-info mutants
	find . \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} +
