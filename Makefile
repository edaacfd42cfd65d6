# The two commands: `make serve` and `make test`. Both install what is missing first.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/e2e/node_modules/.bin:$(PATH)
export CHROMEDRIVER ?= /usr/bin/chromedriver
PORT ?= 8080
E2E_PORT ?= 8091
BROWSERS_PORT ?= 8110

.PHONY: setup build serve test test-native modules markers test-browser test-e2e test-other-browsers lint fmt size clean measure fuzz

setup:
	@bash scripts/setup.sh

# Release build of the site into dist/: three pages with their own code (scripts/build_site.sh;
# size-tuned profile, wasm-opt -Oz from binaryen 132).
# `cargo fetch` first: trunk's --offline (it must not download tools) reaches cargo too, so
# the crates must already be in the registry cache on a fresh machine.
build: setup
	cargo fetch
	bash scripts/build_site.sh
	python3 scripts/service_worker.py dist
	bash scripts/compress.sh

# The room server (`worlds serve`): the site and its rooms on one port.
serve: build
	cargo build --release -p worlds-cli
	target/release/worlds serve --site dist --port $(PORT)

test: setup
	$(MAKE) --no-print-directory test-native
	$(MAKE) --no-print-directory test-browser
	$(MAKE) --no-print-directory build
	bash scripts/size.sh --check
	$(MAKE) --no-print-directory test-e2e
	$(MAKE) --no-print-directory test-other-browsers
	@echo "make test: every suite passed"

# Engine, CLI and the table protocol, natively; and the shape of the code: no import circles
# in any crate, and each page's folder of the app uses only itself and common/.
test-native: modules markers
	cargo fmt --all -- --check
	cargo test --workspace --exclude monopoly-worlds

# No merge conflict left behind in any tracked file.
markers:
	@if git grep -nE '^(<<<<<<<|>>>>>>>)( |$$)' -- . ':!*.md' 2>/dev/null; then echo "merge conflict markers above"; exit 1; else echo "no merge conflict markers"; fi

modules:
	python3 scripts/check_modules.py --self-test
	python3 scripts/check_modules.py engine/src
	python3 scripts/check_modules.py cli/src
	python3 scripts/check_modules.py table/src
	python3 scripts/check_modules.py models/src
	python3 scripts/check_modules.py server/src
	python3 scripts/check_modules.py src
	python3 scripts/check_modules.py --pages src
	python3 scripts/fnlen.py --max 100 table/src server/src models/src

# Component tests with wasm-bindgen-test in headless Chromium. Each test binary's Chromium
# leaves its ~120 MB profile in the temporary folder (wasm-bindgen-test-runner ends chromedriver
# without removing it), so the run gets its own folder, removed afterwards: a full disk made
# wasm-bindgen fail to write its output in CI.
test-browser:
	@tmp=$$(mktemp -d); TMPDIR=$$tmp cargo test -p monopoly-worlds --target wasm32-unknown-unknown; status=$$?; rm -rf "$$tmp"; exit $$status

# Playwright journeys against the release build served on loopback (the room journeys start
# their own `worlds serve`), then rooms across two homes behind NAT routers in network
# namespaces.
test-e2e:
	cargo build --release -p worlds-cli
	bash scripts/e2e.sh $(E2E_PORT)
	bash scripts/netns_rooms.sh

# The hot-seat game (12 turns, reload, Continue) and a friend joining a room, in Firefox ESR
# (puppeteer-core over WebDriver BiDi) and WebKit (WebKitWebDriver driving MiniBrowser under
# xvfb-run) against the release build; each test's title names its browser. A browser that is
# not installed fails the run (`make setup` installs them).
test-other-browsers:
	cargo build --release -p worlds-cli
	bash e2e/browsers/run.sh $(BROWSERS_PORT)

lint: modules markers
	cargo fmt --all -- --check
	cargo clippy --workspace --exclude monopoly-worlds --all-targets -- -D warnings
	cargo clippy -p monopoly-worlds --all-targets --target wasm32-unknown-unknown -- -D warnings
	# The game's code without online play (the code a new game starts in: scripts/build_site.sh).
	cargo clippy -p monopoly-worlds --lib --bins --no-default-features --target wasm32-unknown-unknown -- -D warnings
	# The light first code with the game's app as its chunk (the split build of bin front).
	cargo clippy -p monopoly-worlds --bin front --no-default-features --features split --target wasm32-unknown-unknown -- -D warnings

fmt:
	cargo fmt --all

# 100,000 fuzzed games (rule variations, legal and illegal actions), invariants checked
# after every action; prints games, actions, panics and violations, fails on any.
fuzz:
	cargo run --release -p worlds-cli -- fuzz --games 100000

# The first load on a phone, measured (never asserted): `e2e/measure/load.mjs` over the
# release build served with gzip; figures in e2e/artifacts/load.json.
measure: build
	bash scripts/measure.sh

# Sizes of the release build, raw and gzip (the README quotes these).
size:
	@bash scripts/size.sh --check

clean:
	cargo clean
	rm -rf dist e2e/artifacts
