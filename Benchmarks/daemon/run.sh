#!/bin/sh
# The running daemon, release build, on a private Xvfb: latency from an X event read to the
# action's requests flushed (p50, p99) over 200 drags, then the wake-ups of 10 idle seconds.
set -eu
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'kill $daemon $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
gcc -O2 -o "$work/inject" Benchmarks/daemon/inject.c -lX11 -lXtst
Xvfb :97 -nolisten tcp -screen 0 1280x800x24 >/dev/null 2>&1 & xvfb=$!
sleep 0.5
DISPLAY=:97 XDG_RUNTIME_DIR="$work" .build/release/tactus run --config Benchmarks/daemon/bench.yaml --stats 2>"$work/log" & daemon=$!
sleep 1
DISPLAY=:97 "$work/inject" 200 30
echo "idle for 10 s…"
sleep 10
kill -TERM $daemon
wait $daemon || true
grep "stats:" "$work/log" | sed 's/.*stats: /tactus run: /'
