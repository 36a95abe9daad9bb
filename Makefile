# Tactus — make run: set up, build, start the daemon; make test: set up, build, run every test.
SWIFT ?= swift
SWIFT_FLAGS ?=
# Recordings made by others (evemu captures, the $1 data set), beside the repository.
SHARED_DATA ?= ../shared/data
PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/X11Session/Daemon/Daemon.swift)
# The release binary links the Swift runtime statically: it runs on a Debian machine with
# no Swift toolchain (the .deb depends only on Debian's libraries). Every symbol is bound at
# start-up (-z now): the first touch after a quiet hour does not wait for the dynamic
# linker, and its lookup tables leave the idle daemon's memory with the rest of start-up.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker -z -Xlinker now

# Debian packages: to build, to run the X integration tests (real Xvfb + openbox, real Xorg
# with the dummy video and inputtest input drivers), and to run.
BUILD_PACKAGES := libx11-dev libxi-dev libxtst-dev libxrandr-dev libxext-dev libxfixes-dev libyaml-dev libgtk-4-dev
TEST_PACKAGES := $(BUILD_PACKAGES) xvfb openbox x11-utils x11-xserver-utils x11-xkb-utils x11-apps netpbm xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev xinput \
	lintian dpkg-dev man-db desktop-file-utils systemd fluxbox xfwm4 marco mate-settings-daemon-common dbus-daemon gtk-3-examples qtbase5-examples mousepad python3-gi gir1.2-gtk-3.0 \
	xterm tk gtk2.0-examples chromium firefox-esr i3-wm muffin cinnamon-settings-daemon mutter \
	at-spi2-core python3-pyatspi appstream
# KWin without what it recommends: the whole Plasma desktop (plasma-desktop, 428 packages) that
# the tests never start; its title bars need the breeze decoration, named here.
TEST_PACKAGES_WITHOUT_RECOMMENDS := kwin-x11 kwin-style-breeze
RUN_PACKAGES := $(BUILD_PACKAGES)

.PHONY: fuzz fuzz-build soak xorg-touch-repro
.PHONY: release-settings
.PHONY: all build release test test-engine run deps-build deps-test bench bench-build bench-daemon bench-touch bench-scroll bench-memory bench-overlay profile clean install uninstall deb package-check readme-check stroke-templates stroke-templates-cv

all: build

# Installs what is missing, as root or through sudo when it may; otherwise says what to install.
# $(2): more apt-get options.
define install_packages
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else \
	    echo "Missing Debian packages:$$missing"; echo "Install them with: sudo apt-get install$$missing"; exit 1; fi; \
	  echo "Installing:$$missing"; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(2) $$missing >/dev/null || \
	  { $$SUDO apt-get update -q >/dev/null && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(2) $$missing >/dev/null; }; \
	fi
endef

deps-build:
	$(call install_packages,$(BUILD_PACKAGES))

deps-test:
	$(call install_packages,$(TEST_PACKAGES))
	$(call install_packages,$(TEST_PACKAGES_WITHOUT_RECOMMENDS),--no-install-recommends)

build: deps-build
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product tactus

## The settings application (GTK 4), built as the daemon is.
release-settings: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product tactus-settings

## Every test, the X integration tests included (they start their own X servers; the
## comparisons with programs alone run the release daemon, as users do), each
## benchmark command once in its short form, then the package checks (the .deb, lintian, the
## installed binary, man pages, the systemd unit).
test: deps-test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory release
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory bench-short
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=10
	$(MAKE) --no-print-directory package-check
	$(MAKE) --no-print-directory readme-check

## The commands the README and the user guide under docs/ give, as printed there (make deb and
## apt install of the .deb, make install/uninstall, the profile tutorial, make run, the import,
## the command synopsis, the replay examples), each block found by the <!-- readme-check: NAME -->
## marker before it; run as root in a throw-away root: an overlay of / in a private mount namespace.
## The test window stands in for a browser there (built by make test; built here when run alone).
readme-check: release
	$(SWIFT) build $(SWIFT_FLAGS) --product tactus-test-window
	packaging/readme-check.sh "$(VERSION)"

## make install PREFIX=/usr/local DESTDIR=: the binary, man pages, completions, the systemd
## user unit, the autostart entry and the example profiles.
install: release release-settings
	packaging/install.sh "$(DESTDIR)" "$(PREFIX)" "$(SYSCONFDIR)" .build/release/tactus "$(VERSION)"
	packaging/install-settings.sh "$(DESTDIR)" "$(PREFIX)" .build/release/tactus-settings "$(VERSION)"

uninstall:
	packaging/install.sh --uninstall "$(DESTDIR)" "$(PREFIX)" "$(SYSCONFDIR)" .build/release/tactus "$(VERSION)"
	packaging/install-settings.sh --uninstall "$(DESTDIR)" "$(PREFIX)" .build/release/tactus-settings "$(VERSION)"

## The Debian packages, in .build/deb/: tactus (the daemon and its tools) and tactus-settings
## (the settings application, which needs GTK 4).
deb: release release-settings
	@mkdir -p .build/deb
	packaging/build-settings-deb.sh .build/release/tactus-settings "$(VERSION)" .build/deb
	packaging/build-deb.sh .build/release/tactus "$(VERSION)" .build/deb

package-check: release release-settings
	packaging/check.sh .build/release/tactus "$(VERSION)" .build/release/tactus-settings

test-engine:
	$(SWIFT) test $(SWIFT_FLAGS) --filter GestureEngineTests

## The daemon on $$DISPLAY with your profile (~/.config/tactus/config.yaml) or the built-in one.
run: release
	@if [ -z "$$DISPLAY" ]; then echo "DISPLAY is not set: run 'make run' inside your X session (or DISPLAY=:0 make run)"; exit 1; fi
	.build/release/tactus run --verbose

## libFuzzer targets (Fuzz/): the profile loader, each trace reader and the engine, built with
## -sanitize=fuzzer,address in .build/fuzz; each runs FUZZ_RUNS inputs or FUZZ_SECONDS,
## whichever comes first (make test runs each for 10 s).
FUZZ_TARGETS := profile-loader jsonl evemu libinput-record engine
FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 1800

fuzz-build:
	TACTUS_FUZZ=1 $(SWIFT) build -c release --build-path .build/fuzz -Xswiftc -sanitize=fuzzer,address --product tactus-fuzz

fuzz: fuzz-build
	SHARED_DATA=$(SHARED_DATA) Fuzz/run.sh .build/fuzz/release/tactus-fuzz $(FUZZ_RUNS) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

## The daemon's long life (Tools/Soak): on Xorg with inputtest devices, SOAK_ROUNDS rounds of
## about 100 touch events and a reload, a window opened and closed every other round; its
## memory and descriptors are sampled and must stay flat after the warm-up. Not in make test.
## From the environment: SOAK_WM=openbox|fluxbox|marco|xfwm4|xfwm4-compositor runs that window
## manager (unset: none); SOAK_PACE=finger (default: touch events at least 5 ms apart, as
## fingers go) or full (as fast as they can be injected); DAEMON_LOG=1 keeps the daemon's event
## and debug logs in .build/soak/WM-PACE (runs side by side do not mix). SOAK_WINDOWS (10000)
## windows churn after the rounds without SOAK_WM: touches must reach their window within
## 250 ms meanwhile. A stall (a touch with no verdict, or the touches handed back
## no longer reaching the windows) or an X server crash is reported there and fails the run.
SOAK_ROUNDS ?= 10000

soak: release deps-test
	$(SWIFT) build $(SWIFT_FLAGS) --product tactus-soak
	.build/debug/tactus-soak .build/release/tactus $(SOAK_ROUNDS)

## What Xorg 21.1 does with a touch owner's rejections, shown without Tactus
## (Tools/XorgTouchRepro: an owner, a window manager and an application as plain Xlib clients
## on Xorg + inputtest): REPRO=control, queued (a rejection while a window manager's
## synchronous grab holds the pointer: frozen for good), queued-destroyed, destroyed (a
## rejection replayed into the grab of a window destroyed meanwhile), accepted and
## destroyed-accepted (the same touches accepted instead: nothing freezes), all these by default;
## killed and its variants (the owner dying with touches held: the server crashes), stranded
## and stranded-spaced (real xfwm4, taps in one millisecond: a touch stranded, button 1 held).
xorg-touch-repro: deps-test
	$(SWIFT) build $(SWIFT_FLAGS) --product xorg-touch-repro
	.build/debug/xorg-touch-repro $(REPRO)

## Benchmarks (package-benchmark) are only part of the package when TACTUS_BENCHMARKS is set,
## so that the tactus build never depends on package-benchmark (make test runs them once,
## short). `make profile` runs the plain driver under callgrind.
## The two suites are named: package-benchmark takes every executable target under
## Benchmarks/ for one, the daemon's overlay benchmarks included (those run on an X server:
## make bench-overlay). They build in a folder of their own, as the fuzz targets do: built in
## .build, their package graph made the next release build of tactus compile every module again
## (3.5 min here), and make test runs both.
bench:
	TACTUS_BENCHMARKS=1 $(SWIFT) package --scratch-path .build/bench --disable-sandbox benchmark --target EngineBenchmarks --target ReplayBenchmarks

## Every benchmark command the docs give, each once with BENCH_SHORT=1: fewer iterations,
## drags, frames or idle seconds through the same code, so that each figure in docs/ can be
## measured again as written (make test runs it; the figures need the full commands). About
## 1.5 minutes once built: see docs/performance.md.
BENCH_COMMANDS := bench bench-daemon bench-touch bench-scroll bench-overlay bench-memory
.PHONY: bench-short
bench-short:
	@for b in $(BENCH_COMMANDS); do \
	  start=$$(date +%s); echo "== make $$b BENCH_SHORT=1"; \
	  $(MAKE) --no-print-directory $$b BENCH_SHORT=1 || exit 1; \
	  echo "== make $$b BENCH_SHORT=1: $$(( $$(date +%s) - start )) s"; \
	done

## The benchmarks compiled (debug, beside the tests' build), without running them.
bench-build:
	TACTUS_BENCHMARKS=1 $(SWIFT) build $(SWIFT_FLAGS) --product EngineBenchmarks
	TACTUS_BENCHMARKS=1 $(SWIFT) build $(SWIFT_FLAGS) --product ReplayBenchmarks

## Chooses the built-in stroke templates from $(SHARED_DATA)/dollar1 (every subject) and, for
## the leave-one-subject-out test, each fold's (the other five subjects); prints the
## leave-one-subject-out accuracy per speed and the trade-off against the drags of
## GestureTraces.DragSet and $(SHARED_DATA)/evemu. `stroke-templates-cv` prints without writing.
stroke-templates:
	$(SWIFT) run -c release stroke-templates $(SHARED_DATA)

stroke-templates-cv:
	$(SWIFT) run -c release stroke-templates --report $(SHARED_DATA)

## Touch to application on Xorg + inputtest with the default profile (p50, p99), and the same
## with no daemon. Needs root (Xorg), like make test.
bench-touch: deps-test
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product tactus
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product tactus-test-window
	Benchmarks/daemon/touch-latency.sh

## The daemon's CPU while a finger scrolls a program without touch (Xorg + inputtest, as root).
bench-scroll: deps-test
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product tactus
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product tactus-test-window
	Benchmarks/daemon/scroll-cpu.sh

## The running daemon on Xvfb: X event -> action flushed latency, and idle wake-ups.
bench-daemon: release deps-test
	Benchmarks/daemon/run.sh

## The feedback overlay's cost per frame on a 1920x1080 Xvfb, without and with a compositor, then
## its frame rate with the release daemon and three fingers moving on Xorg, then a touchpad's
## three-finger swipe (root, like make test). The drawing benchmark is built as the daemon is
## (RELEASE_FLAGS): built otherwise, every module beneath it is compiled again, and again for
## the daemon's next release build.
bench-overlay: deps-test
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product tactus
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product tactus-overlay-bench
	$(SWIFT) build $(SWIFT_FLAGS) --product tactus-overlay-live
	Benchmarks/overlay/run.sh

## The weight: the binary, the .deb, the idle daemon's resident memory (on Xvfb + openbox, with
## two test windows).
bench-memory: deb deps-test
	$(SWIFT) build $(SWIFT_FLAGS) --product tactus-test-window
	Benchmarks/daemon/memory.sh

profile:
	TACTUS_BENCHMARKS=1 $(SWIFT) build -c release --product EngineProfile
	valgrind --tool=callgrind --callgrind-out-file=.build/callgrind.out .build/release/EngineProfile 5000
	callgrind_annotate .build/callgrind.out | head -40

clean:
	rm -rf .build
