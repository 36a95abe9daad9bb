#!/bin/sh
# Touch to application on a real X server (make bench-touch; run as root: Xorg with the
# dummy video and inputtest input drivers, as the integration tests use it). The release
# daemon with the built-in default profile decides every touch; a touch-selecting window
# reports when it gets each TouchBegin. The same drags are then sent under a bare owner that
# rejects each touch on its first update and asks the server nothing (bare-owner.c: the least
# any owner deciding on motion costs), and with no daemon running, for X's own latency. See
# touch-latency.c for what is measured. DRAGS (200) each way; BENCH_SHORT=1 (make test): 20.
set -eu
[ -n "${TRACE:-}" ] && set -x
cd "$(dirname "$0")/../.."
if [ -n "${BENCH_SHORT:-}" ]; then drags=${DRAGS:-20}; else drags=${DRAGS:-200}; fi
work=$(mktemp -d)
display=:${BENCH_DISPLAY:-93}
cleanup() { kill $daemon $owner $xorg 2>/dev/null || true; sleep 0.2; rm -rf "$work"; }
daemon=""; owner=""; xorg=""
trap cleanup EXIT
gcc -O2 -o "$work/touch-latency" Benchmarks/daemon/touch-latency.c
gcc -O2 -o "$work/bare-owner" Benchmarks/daemon/bare-owner.c -lX11 -lXi
sed "s|@DIR@|$work|g" Tests/X11SessionTests/xorg-inputtest.conf > "$work/xorg.conf"
window=".build/release/tactus-test-window --class Bench --title bench --geometry 800x600+100+100 --touch --timestamps"

run() {  # $1: label
    Xorg "$display" -config "$work/xorg.conf" -logfile "$work/Xorg.log" -noreset -nolisten tcp -novtswitch -sharevts >/dev/null 2>&1 & xorg=$!
    while [ ! -S "$work/touch.sock" ] || ! DISPLAY=$display xdpyinfo >/dev/null 2>&1; do sleep 0.1; done
    if [ "$1" = "tactus" ]; then
        DISPLAY=$display XDG_RUNTIME_DIR="$work" .build/release/tactus run --config "$work/config/default.yaml" 2>"$work/daemon.log" & daemon=$!
        until grep -q "touch grab on root taken" "$work/daemon.log" 2>/dev/null; do sleep 0.1; done
    elif [ "$1" = "bare owner" ]; then
        DISPLAY=$display "$work/bare-owner" >"$work/owner.out" & owner=$!
        until grep -q ready "$work/owner.out" 2>/dev/null; do sleep 0.1; done
    fi
    echo "$1:"
    DISPLAY=$display "$work/touch-latency" "$work/touch.sock" "$drags" $window
    kill $daemon $owner $xorg 2>/dev/null || true
    wait $xorg 2>/dev/null || true
    daemon=""; owner=""; xorg=""
    rm -f "$work"/*.sock
}

# In a folder of its own: the daemon watches its configuration's folder, and Xorg writes its
# log beside the sockets while touches come (each write would wake the daemon).
mkdir "$work/config"
.build/release/tactus check --print-default > "$work/config/default.yaml"
run tactus
run "bare owner"
run "no daemon (X alone)"
