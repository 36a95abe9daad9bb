#!/bin/sh
# The feedback overlay's cost per frame (release build) on a private 1920x1080 Xvfb: first
# under openbox (no compositor: the overlay is shaped and opaque), then under xfwm4 with its
# compositor on (the overlay is ARGB and the compositor repaints what it covers); each as fast
# as it goes, then paced at 60 frames a second. Pinned to the machine's first two cores, as
# the 2-core target says. FRAMES (1200) as fast as it goes, PACED_FRAMES (600) at 60 a second,
# LIVE_SECONDS (10) of fingers for the end-to-end part; BENCH_SHORT=1 (make test): 120, 60 and 2.
set -eu
cd "$(dirname "$0")/../.."
bench=.build/release/tactus-overlay-bench
if [ -n "${BENCH_SHORT:-}" ]; then frames=${FRAMES:-120} paced=${PACED_FRAMES:-60} seconds=${LIVE_SECONDS:-2}
else frames=${FRAMES:-1200} paced=${PACED_FRAMES:-600} seconds=${LIVE_SECONDS:-10}; fi
display=:96
work=$(mktemp -d)
wm=
trap 'kill $wm $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
cores=0-1
[ "$(nproc)" -ge 2 ] || cores=0
taskset -c $cores Xvfb $display -nolisten tcp -screen 0 1920x1080x24 >/dev/null 2>&1 & xvfb=$!
# Wait for the server itself (a client that connects), not for a duration.
until DISPLAY=$display xdpyinfo >/dev/null 2>&1; do sleep 0.05; done
echo "== openbox, no compositor"
DISPLAY=$display taskset -c $cores openbox >/dev/null 2>&1 & wm=$!
until DISPLAY=$display xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q window; do sleep 0.05; done
DISPLAY=$display XSERVER_PID=$xvfb taskset -c $cores $bench "$frames"
DISPLAY=$display XSERVER_PID=$xvfb PACE_60HZ=1 taskset -c $cores $bench "$paced"
kill $wm; wait $wm 2>/dev/null || true
echo "== xfwm4, compositor on"
DISPLAY=$display HOME="$work" taskset -c $cores dbus-run-session xfwm4 --compositor=on >/dev/null 2>&1 & wm=$!
until xfwm=$(pgrep -P $wm -x xfwm4); do sleep 0.05; done
# The bench waits until the compositor owns _NET_WM_CM_S0 (WAIT_FOR_COMPOSITOR).
DISPLAY=$display XSERVER_PID=$xvfb COMPOSITOR_PID=$xfwm WAIT_FOR_COMPOSITOR=1 taskset -c $cores $bench "$frames"
DISPLAY=$display XSERVER_PID=$xvfb COMPOSITOR_PID=$xfwm WAIT_FOR_COMPOSITOR=1 PACE_60HZ=1 taskset -c $cores $bench "$paced"
kill $wm; wait $wm 2>/dev/null || true; wm=
# End to end: the release daemon with the built-in profile on Xorg + inputtest (as root), three
# fingers moving at 60 frames a second with the next-desktop preview showing.
echo "== the daemon, three fingers moving on Xorg"
.build/debug/tactus-overlay-live .build/release/tactus "$seconds"
.build/debug/tactus-overlay-live .build/release/tactus "$seconds" --compositor
# The same with a touchpad's three-finger swipe and the touchpad-next-desktop preview.
echo "== the daemon, a touchpad swipe on Xorg"
.build/debug/tactus-overlay-live .build/release/tactus "$seconds" --touchpad
.build/debug/tactus-overlay-live .build/release/tactus "$seconds" --touchpad --compositor

