#!/bin/sh
# The weight of Tactus: the release binary, the .deb, and the resident memory of the idle
# daemon (release build, built-in profile) on a private Xvfb with openbox and two windows.
#   Benchmarks/daemon/memory.sh [BINARY [DEB]]
# What the daemon costs is its anonymous memory (RssAnon of /proc/PID/status: heap, stacks,
# relocated data, what no other process shares) and its proportional share Pss (smaps_rollup:
# each page shared with other processes counted in part); RssFile (code and libraries
# mapped, shared with the page cache) and VmRSS are given for reference, VmHWM is the
# resident peak during start-up. IDLE (3) seconds after start; BENCH_SHORT=1 (make test): 1.
set -eu
cd "$(dirname "$0")/../.."
binary=${1:-.build/release/tactus}
if [ -n "${BENCH_SHORT:-}" ]; then idle=${IDLE:-1}; else idle=${IDLE:-3}; fi
deb=${2:-$(ls .build/deb/tactus_*.deb 2>/dev/null | tail -1)}
work=$(mktemp -d)
pids=""
trap 'for p in $pids; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
echo "binary: $(du -k "$binary" | cut -f1) KiB ($binary, not stripped)"
strip -o "$work/stripped" "$binary"
echo "binary, stripped as the .deb installs it: $(du -k "$work/stripped" | cut -f1) KiB"
[ -n "$deb" ] && echo ".deb: $(du -k "$deb" | cut -f1) KiB ($deb)"
# A display of our own; -displayfd says when it is ready.
Xvfb -displayfd 3 -nolisten tcp -screen 0 1280x800x24 3>"$work/display" >/dev/null 2>&1 & pids="$pids $!"
while [ ! -s "$work/display" ]; do sleep 0.05; done
export DISPLAY=":$(cat "$work/display")"
HOME="$work" openbox --sm-disable >/dev/null 2>&1 & pids="$pids $!"
until xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; do sleep 0.05; done
# The desktop runs before the daemon starts, as when the session's autostart starts it: two
# windows (the test window asks for its map again while openbox is still starting).
.build/debug/tactus-test-window --class One --title one --geometry 300x200+50+50 > "$work/one" 2>&1 & pids="$pids $!"
.build/debug/tactus-test-window --class Two --title two --geometry 300x200+400+50 > "$work/two" 2>&1 & pids="$pids $!"
until grep -q '^ready' "$work/one" 2>/dev/null && grep -q '^ready' "$work/two" 2>/dev/null; do sleep 0.05; done
mkdir -p "$work/runtime" && chmod 700 "$work/runtime"
HOME="$work" XDG_RUNTIME_DIR="$work/runtime" "$work/stripped" run 2>"$work/log" & daemon=$!; pids="$pids $daemon"
until grep -q "running on" "$work/log" 2>/dev/null; do sleep 0.05; done
sleep "$idle"
status=/proc/$daemon/status
echo "idle daemon, $idle s after start: anonymous memory (RssAnon) $(awk '/^RssAnon/ {print $2}' $status) KiB, proportional share (Pss) $(awk '/^Pss:/ {print $2}' /proc/$daemon/smaps_rollup) KiB, of which anonymous (Pss_Anon) $(awk '/^Pss_Anon:/ {print $2}' /proc/$daemon/smaps_rollup) KiB (for reference: VmRSS $(awk '/^VmRSS/ {print $2}' $status) KiB, code and libraries mapped RssFile $(awk '/^RssFile/ {print $2}' $status) KiB, peak during start-up VmHWM $(awk '/^VmHWM/ {print $2}' $status) KiB)"
