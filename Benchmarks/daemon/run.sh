#!/bin/sh
# The running daemon, release build, on a private Xvfb: latency from an X event read to the
# action's requests flushed (p50, p99) over DRAGS drags (200), then the wake-ups of IDLE idle
# seconds (10). BENCH_SHORT=1 (make test): 20 drags and 1 idle second, the same measures.
set -eu
cd "$(dirname "$0")/../.."
if [ -n "${BENCH_SHORT:-}" ]; then drags=${DRAGS:-20} idle=${IDLE:-1}; else drags=${DRAGS:-200} idle=${IDLE:-10}; fi
work=$(mktemp -d)
daemon="" xvfb=""
trap 'kill $daemon $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
gcc -O2 -o "$work/inject" Benchmarks/daemon/inject.c -lX11 -lXtst
# A free display of its own (-displayfd says which, once the server is ready).
Xvfb -displayfd 3 -nolisten tcp -screen 0 1280x800x24 3>"$work/display" >/dev/null 2>&1 & xvfb=$!
n=0; until [ -s "$work/display" ]; do n=$((n + 1)); [ $n -le 400 ] || { echo "Xvfb did not start"; exit 1; }; sleep 0.05; done
export DISPLAY=":$(cat "$work/display")"
XDG_RUNTIME_DIR="$work" .build/release/tactus run --config Benchmarks/daemon/bench.yaml --stats 2>"$work/log" & daemon=$!
n=0; until grep -q "running on" "$work/log"; do n=$((n + 1)); [ $n -le 400 ] || { cat "$work/log"; exit 1; }; sleep 0.05; done
"$work/inject" "$drags" 30
echo "idle for $idle s…"
sleep "$idle"
kill -TERM $daemon
wait $daemon || true
grep "stats:" "$work/log" | sed 's/.*stats: /tactus run: /'
