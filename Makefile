# Klass: the two commands a newcomer needs are `make run` and `make test`.
# Everything else here is a step of those two, or a helper (openapi, bench).

CARGO ?= cargo
NPM ?= npm
DEMO_DIR ?= data-demo
TMP := $(shell mktemp -d 2>/dev/null || echo /tmp/klass-make)

.PHONY: run test build ui ui-deps lint rust-test ui-test e2e screenshots conformance openapi check-openapi bench pi clean

## Build the UI and the release binary, then serve a demo school at http://127.0.0.1:8080
run: build
	./target/release/klass --data-dir $(DEMO_DIR) serve --demo

## Every test: format, lints, Rust unit + integration tests, OpenAPI drift, UI types, unit and browser tests, API conformance
test: ui lint rust-test check-openapi ui-test e2e conformance

## The release binary with the UI embedded
build: ui
	$(CARGO) build --release --locked --bin klass

ui-deps: ui/node_modules/.package-lock.json

ui/node_modules/.package-lock.json: ui/package.json ui/package-lock.json
	cd ui && $(NPM) ci --no-audit --no-fund
	@touch $@

## The UI bundle in ui/dist (embedded by the next cargo build), built again only when a source
## changed: a new bundle has a new build id, which makes cargo compile klass again (~6 min)
UI_SOURCES := $(shell find ui/src ui/public ui/vite-plugins ui/index.html ui/vite.config.ts ui/tsconfig.json ui/package-lock.json 2>/dev/null)

ui: ui/dist/build.json

ui/dist/build.json: ui/node_modules/.package-lock.json $(UI_SOURCES)
	cd ui && $(NPM) run build

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets --locked -- -D warnings

rust-test:
	$(CARGO) test --locked

ui-test: ui-deps
	cd ui && $(NPM) run typecheck
	cd ui && $(NPM) test

## Playwright specs in Debian's Chromium against the real (debug) binary
e2e: ui
	$(CARGO) build --locked --bin klass
	cd ui && KLASS_BIN=$(CURDIR)/target/debug/klass $(NPM) run e2e

## The same specs, taking pictures of every screen light and dark, wide and at 360 px, into
## ui/e2e/screenshots (`make test` walks those screens on the phone in dark, without pictures)
screenshots: ui
	$(CARGO) build --locked --bin klass
	cd ui && KLASS_SCREENSHOTS=1 KLASS_BIN=$(CURDIR)/target/debug/klass $(NPM) run e2e

## Regenerate the committed OpenAPI document and the UI's TypeScript types from the server
openapi: ui-deps
	$(CARGO) run --quiet --locked --bin klass -- openapi > ui/src/api/openapi.json
	cd ui && $(NPM) run --silent gen:api

## Fail when the committed OpenAPI document or the UI's types drift from the server
check-openapi: ui-deps
	$(CARGO) run --quiet --locked --bin klass -- openapi > $(TMP)/openapi.json
	@cmp -s $(TMP)/openapi.json ui/src/api/openapi.json || { \
	  diff -u ui/src/api/openapi.json $(TMP)/openapi.json | head -40; \
	  echo "ui/src/api/openapi.json is out of date: run 'make openapi' and commit"; exit 1; }
	cd ui && npx openapi-typescript src/api/openapi.json -o $(TMP)/schema.d.ts >/dev/null
	@cmp -s $(TMP)/schema.d.ts ui/src/api/schema.d.ts || { \
	  echo "ui/src/api/schema.d.ts is out of date: run 'make openapi' and commit"; exit 1; }

## Speed and memory figures into bench/report.md (budgets: DESIGN.md §7)
bench: ui
	bench/run.sh

## The release binary for a Raspberry Pi (aarch64), started under qemu: health, a sign-in, its size
pi: ui
	scripts/pi.sh

clean:
	$(CARGO) clean
	rm -rf ui/dist ui/node_modules

## The API answers what its OpenAPI document says: schemathesis over every operation (conformance/run.py)
conformance: .venv-conformance/.installed
	$(CARGO) build --locked --bin klass
	.venv-conformance/bin/python conformance/run.py target/debug/klass

.venv-conformance/.installed: conformance/requirements.txt
	python3 -m venv .venv-conformance
	.venv-conformance/bin/pip install --quiet --disable-pip-version-check -r conformance/requirements.txt
	@touch $@
