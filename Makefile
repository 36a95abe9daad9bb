# Tactus — make run: set up, build, start the daemon; make test: set up, build, run every test.
SWIFT ?= swift
SWIFT_FLAGS ?=
PREFIX ?= /usr/local

.PHONY: all build release test test-engine run bench profile clean

all: build

build:
	$(SWIFT) build $(SWIFT_FLAGS)

release:
	$(SWIFT) build -c release $(SWIFT_FLAGS)

## Every test. Later stages (X servers) install their packages here first.
test:
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)

test-engine:
	$(SWIFT) test $(SWIFT_FLAGS) --filter GestureEngineTests

## The daemon does not exist yet: the X session is issue 4's work.
run: build
	@echo "tactus: the gesture engine is built and tested (make test), but the daemon"
	@echo "(tactus run: X session, profiles) is not written yet. Nothing to start."
	@exit 1

## Benchmarks (package-benchmark) are only part of the package when TACTUS_BENCHMARKS is set,
## so make test never builds them. `make profile` runs the plain driver under callgrind.
bench:
	TACTUS_BENCHMARKS=1 $(SWIFT) package --disable-sandbox benchmark

profile:
	TACTUS_BENCHMARKS=1 $(SWIFT) build -c release --product EngineProfile
	valgrind --tool=callgrind --callgrind-out-file=.build/callgrind.out .build/release/EngineProfile 5000
	callgrind_annotate .build/callgrind.out | head -40

clean:
	rm -rf .build
