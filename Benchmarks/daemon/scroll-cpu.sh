#!/bin/sh
# The daemon's CPU while a finger scrolls a program without touch (make bench-scroll; run as
# root: Xorg with the dummy video and inputtest input drivers, as the integration tests use
# it). The release daemon with the built-in default profile scrolls a test window that
# selects no touch events; see scroll-cpu.c for what is measured. DRAGS (100) and FLICKS (20);
# BENCH_SHORT=1 (make test): 10 and 2.
set -eu
[ -n "${TRACE:-}" ] && set -x
cd "$(dirname "$0")/../.."
if [ -n "${BENCH_SHORT:-}" ]; then drags=${DRAGS:-10} flicks=${FLICKS:-2}; else drags=${DRAGS:-100} flicks=${FLICKS:-20}; fi
work=$(mktemp -d)
display=:${BENCH_DISPLAY:-94}
cleanup() { kill $daemon $wm $xorg 2>/dev/null || true; sleep 0.2; [ -n "${KEEP_LOG:-}" ] && cp "$work/daemon.log" "$KEEP_LOG"; rm -rf "$work"; }
daemon=""; xorg=""; wm=""
trap cleanup EXIT
gcc -O2 -o "$work/scroll-cpu" Benchmarks/daemon/scroll-cpu.c
sed "s|@DIR@|$work|g" Tests/X11SessionTests/xorg-inputtest.conf > "$work/xorg.conf"
# The profile in a folder of its own: the daemon watches the profile's folder, and its log
# beside it would wake it at every line.
mkdir "$work/config"
.build/release/tactus check --print-default > "$work/config/default.yaml"
Xorg "$display" -config "$work/xorg.conf" -logfile "$work/Xorg.log" -noreset -nolisten tcp -novtswitch -sharevts >/dev/null 2>&1 & xorg=$!
while [ ! -S "$work/touch.sock" ] || ! DISPLAY=$display xdpyinfo >/dev/null 2>&1; do sleep 0.1; done
# A window manager: Tactus follows the windows it lists (EWMH).
DISPLAY=$display openbox >/dev/null 2>&1 & wm=$!
until DISPLAY=$display xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; do sleep 0.1; done
DISPLAY=$display XDG_RUNTIME_DIR="$work" ${TACTUS:-.build/release/tactus} run ${DAEMON_ARGS:-} --config "$work/config/default.yaml" 2>"$work/daemon.log" & daemon=$!
until grep -q "touch grab on root taken" "$work/daemon.log" 2>/dev/null; do sleep 0.1; done
DISPLAY=$display "$work/scroll-cpu" "$work/touch.sock" "$daemon" "$drags" "$flicks" \
    .build/release/tactus-test-window --class Reader --title "a program without touch" --geometry 800x700+100+50
