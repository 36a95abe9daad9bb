#!/bin/sh
# The README's commands, as printed there, run by `make test`: the install (make deb, then
# apt install of the .deb), make install / uninstall, the profile tutorial (tactus check,
# windows, monitor against a running daemon), make run, and the replay examples.
#   readme-check.sh VERSION
#
# Installing touches the system, so everything runs in a throw-away root: a private mount
# namespace (unshare) in which an overlay of / takes every write, chrooted into. apt, dpkg and
# make install work there as on the machine, and nothing reaches the machine itself: the
# overlay's upper folder is deleted at the end. Needs root (make test runs as root or sudo).
set -eu
[ $# -ge 1 ] || { echo "usage: readme-check.sh VERSION" >&2; exit 2; }
version=$1
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")

case "${2:-}" in
"")
  [ "$(id -u)" = 0 ] || { echo "readme-check.sh: the README's install commands run in a throw-away root, which needs root (run make test as root, or with sudo)" >&2; exit 1; }
  sandbox=$(mktemp -d /tmp/tactus-readme.XXXXXX)
  trap 'rm -rf "$sandbox"' EXIT
  mkdir -p "$sandbox/upper" "$sandbox/work" "$sandbox/root"
  unshare --mount --propagation private sh "$0" "$version" --mount "$sandbox"
  exit $?
  ;;
--mount)
  sandbox=$3 root=$3/root
  mount -t overlay overlay -o "lowerdir=/,upperdir=$sandbox/upper,workdir=$sandbox/work" "$root"
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mount -t tmpfs tmpfs "$root/run"
  mount -t tmpfs tmpfs "$root/tmp"
  # A clone under /tmp (CI clones there) would be hidden by the fresh /tmp: bring it back.
  case "$repo" in /tmp/*) mkdir -p "$root$repo" && mount --bind "$repo" "$root$repo" ;; esac
  exec chroot "$root" sh "$here/readme-check.sh" "$version" --inside
  ;;
--inside) ;;
*) echo "readme-check.sh: unknown stage $2" >&2; exit 2 ;;
esac

# From here on: inside the throw-away root.
cd "$repo"
failures=0
work=$(mktemp -d /tmp/readme.XXXXXX)
pids=""
cleanup() { for p in $pids; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
pass() { echo "  ok    $1"; }
fail() { echo "  FAIL  $1"; failures=$((failures + 1)); [ -n "${2:-}" ] && sed 's/^/        /' "$2" | tail -20; return 0; }

# The lines of the N-th fenced block of LANG under the heading HEADING (a whole line).
block() {
  awk -v heading="$1" -v lang="$2" -v n="${3:-1}" '
    $0 == heading { inside = 1; next }
    inside && /^## / { exit }
    inside && !fence && $0 == "```" lang { count++; if (count == n) fence = 1; next }
    fence && $0 == "```" { exit }
    fence { print }' README.md
}
# The backquoted commands of a numbered list under HEADING ("1. `tactus check` — …").
listed() {
  awk -v heading="$1" '
    $0 == heading { inside = 1; next }
    inside && /^## / { exit }
    inside && /^[0-9]+\. `/ { sub(/^[0-9]+\. `/, ""); sub(/`.*/, ""); print }' README.md
}
# Waits (bounded) until FILE has a line matching the extended regex PATTERN.
await() {
  n=0
  until grep -Eq -- "$2" "$1" 2>/dev/null; do
    n=$((n + 1)); [ $n -le 1200 ] || return 1
    sleep 0.05
  done
}

# The user's shell: a fresh home, the commands on PATH, and no sudo needed (root already).
home=$work/home runtime=$work/runtime
mkdir -p "$home" "$runtime" "$work/bin" && chmod 700 "$runtime"
printf '#!/bin/sh\n# root in the throw-away root: sudo runs the command as it is\nexec "$@"\n' > "$work/bin/sudo"
chmod 755 "$work/bin/sudo"
export HOME="$home" XDG_RUNTIME_DIR="$runtime" PATH="$work/bin:/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin:${PATH:-}"
export DEBIAN_FRONTEND=noninteractive
run() { # run DESCRIPTION LINE: the line through sh, as typed; output in $work/out
  if sh -c "$2" > "$work/out" 2>&1 < /dev/null; then pass "$1"; else fail "$1 (exit $?)" "$work/out"; fi
}
# printed FILE N COMMAND: line N of the README block in FILE is COMMAND, word for word (so the
# command run below is the one a user reads); a README that changed it fails here.
printed() {
  [ "$(sed -n "${2}p" "$1" | sed 's/ *#.*//')" = "$3" ] || fail "the README no longer prints '$3' (line $2 of its block: '$(sed -n "${2}p" "$1")')"
}

echo "README commands (in a throw-away root)"

# Install: make deb, then apt install of the .deb.
block "## Install" sh > "$work/install"
[ "$(wc -l < "$work/install")" = 3 ] || fail "README's install block changed: $(cat "$work/install")"
printed "$work/install" 1 "make deb"
run "make deb" "make deb"
printed "$work/install" 2 "sudo apt install ./.build/deb/tactus_*.deb"
run "sudo apt install ./.build/deb/tactus_*.deb" "sudo apt install ./.build/deb/tactus_*.deb"
[ "$(dpkg-query -W -f='${Status} ${Version}' tactus 2>/dev/null)" = "install ok installed $version-1" ] && pass "dpkg: tactus $version-1 installed" || fail "dpkg does not list tactus $version-1 as installed"
[ "$(/usr/bin/tactus --version 2>&1)" = "$version" ] && pass "/usr/bin/tactus --version: $version" || fail "/usr/bin/tactus --version"
# The third line starts the systemd user unit; there is no systemd user manager here, so the
# session's other way is taken, as the line's comment says: the autostart entry's command.
autostart=$(sed -n 's/^Exec=//p' /etc/xdg/autostart/tactus.desktop)
echo "  --    not run here: '$(sed -n 3p "$work/install" | sed 's/ *#.*//')' (no systemd user manager in a throw-away root); the autostart entry's '$autostart' is run below instead"

# make install / make uninstall into the prefix the README names.
block "## Install" sh 2 > "$work/prefix"
printed "$work/prefix" 1 "make install PREFIX=/usr/local"
run "make install PREFIX=/usr/local" "make install PREFIX=/usr/local"
[ -x /usr/local/bin/tactus ] && [ -f /usr/local/share/man/man1/tactus.1 ] && [ -f /usr/local/lib/systemd/user/tactus.service ] \
  && pass "make install put the binary, tactus(1) and the unit under /usr/local" || fail "make install: files missing under /usr/local"
printed "$work/prefix" 2 "make uninstall PREFIX=/usr/local"
run "make uninstall PREFIX=/usr/local" "make uninstall PREFIX=/usr/local"
left=$(find /usr/local -name '*tactus*' 2>/dev/null)
[ -z "$left" ] && pass "make uninstall left nothing of tactus under /usr/local" || fail "make uninstall left: $left"

# An X session for what follows: Xvfb, openbox, and a browser-like window.
Xvfb -displayfd 3 -nolisten tcp -screen 0 1280x800x24 3>"$work/display" >/dev/null 2>&1 & pids="$pids $!"
await "$work/display" '^[0-9]+$' || fail "Xvfb did not start"
export DISPLAY=":$(cat "$work/display")"
openbox --sm-disable >/dev/null 2>&1 & pids="$pids $!"
n=0; until xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; do n=$((n + 1)); [ $n -le 400 ] || break; sleep 0.05; done
# A stand-in for the browser: it selects touch events, as Firefox with XInput 2 does (TOUCH own).
.build/debug/tactus-test-window --class firefox --instance Navigator --title "Tactus — Mozilla Firefox" --geometry 600x400+100+100 --touch > "$work/firefox" 2>&1 & pids="$pids $!"
await "$work/firefox" '^ready ' || fail "the test window did not start (DISPLAY=$DISPLAY)" "$work/firefox"
firefox=$(printf '0x%x' "$(sed -n 's/^ready //p' "$work/firefox")")
n=0; until xprop -root _NET_CLIENT_LIST 2>/dev/null | grep -q "$firefox"; do n=$((n + 1)); [ $n -le 400 ] || break; sleep 0.05; done

# The profile tutorial: the default profile first, the daemon started as the session's
# autostart starts it, then the README's profile saved over it.
block "## A profile in five minutes" sh > "$work/tutorial"
while IFS= read -r line; do run "$line" "$line"; done < "$work/tutorial"
config=$home/.config/tactus/config.yaml
tactus check --print-default | cmp -s - "$config" && pass "the default profile is in $config" || fail "$config is not the default profile"
sh -c "exec $autostart" > "$work/daemon" 2>&1 & daemon=$!; pids="$pids $daemon"
await "$work/daemon" "running on $DISPLAY" && pass "the autostart entry's '$autostart' started the daemon" || fail "the daemon did not start" "$work/daemon"
block "## A profile in five minutes" yaml > "$config"
await "$work/daemon" "configuration reloaded: $config" && pass "saving the README's profile reloaded the daemon" || fail "the daemon did not reload $config" "$work/daemon"
listed "## A profile in five minutes" > "$work/listed"
[ "$(tr '\n' ' ' < "$work/listed")" = "tactus check tactus windows tactus monitor " ] || fail "the tutorial's commands changed: $(tr '\n' ' ' < "$work/listed")"
run "tactus check" "$(sed -n 1p "$work/listed")"
grep -q "^$config: OK, 2 profiles" "$work/out" && pass "tactus check: $(cat "$work/out")" || fail "tactus check did not say OK" "$work/out"
run "tactus windows" "$(sed -n 2p "$work/listed")"
grep -Eq "^$firefox\*? +firefox +Navigator +normal +browser +own +Tactus — Mozilla Firefox$" "$work/out" && pass "tactus windows: the browser window gets the profile browser" || fail "tactus windows does not show the browser profile" "$work/out"
grep -q "^profiles from the running daemon (pid $daemon): $config " "$work/out" && pass "tactus windows: the running daemon's profiles, from $config" || fail "tactus windows does not name the daemon's file" "$work/out"
sh -c "exec $(sed -n 3p "$work/listed")" > "$work/monitor" 2>&1 & monitor=$!; pids="$pids $monitor"
await "$work/monitor" "^tactus $version on $DISPLAY \(pid $daemon\): $config, 2 profiles" && pass "tactus monitor: connected to the daemon" || fail "tactus monitor did not connect" "$work/monitor"
kill -INT "$monitor" 2>/dev/null || true
kill -TERM "$daemon"; wait "$daemon" 2>/dev/null && pass "the daemon stopped on SIGTERM with status 0" || fail "the daemon did not exit 0 on SIGTERM" "$work/daemon"

# make run: builds, and starts the daemon on $DISPLAY (stopped once it runs).
block "## The two commands" sh > "$work/two"
grep -q '^make run  *#' "$work/two" || fail "the README no longer prints 'make run' under The two commands"
setsid sh -c "make run" > "$work/run" 2>&1 & make_run=$!; pids="$pids -$make_run"
await "$work/run" "running on $DISPLAY" && pass "make run" || fail "make run did not start the daemon" "$work/run"
kill -TERM "-$make_run" 2>/dev/null || true
await "$work/run" "stopping: releasing" && pass "make run's daemon stopped on SIGTERM" || fail "make run's daemon did not stop" "$work/run"
echo "  --    'make test' is the command running this check"

# The replay examples, from the repository (their paths are relative to it).
block "## Commands" sh 2 > "$work/replay"
if sh "$work/replay" > "$work/out" 2>&1 && grep -q recognized "$work/out"; then pass "the replay examples ($(grep -c '^tactus replay' "$work/replay") commands) print recognized gestures"; else fail "the replay examples" "$work/out"; fi

if [ "$failures" -gt 0 ]; then echo "README commands: $failures failed"; exit 1; fi
echo "README commands: all passed"
