#!/bin/sh
# The package checks of `make test`: builds the .deb, lints it, unpacks it into a
# throw-away root and runs what it installed; then make install / uninstall into a DESTDIR.
# The settings application's package (SETTINGS_BINARY) is checked after the daemon's.
#   check.sh BINARY VERSION SETTINGS_BINARY
set -eu
[ $# -eq 3 ] || { echo "usage: check.sh BINARY VERSION SETTINGS_BINARY" >&2; exit 2; }
binary=$1 version=$2 settings_binary=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/tactus-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
pass() { echo "  ok    $1"; }
fail() { echo "  FAIL  $1"; failures=$((failures + 1)); }
expect() { # expect DESCRIPTION COMMAND...: passes when the command succeeds
  what=$1; shift
  if "$@" > "$work/out" 2>&1; then pass "$what"; else fail "$what"; sed 's/^/        /' "$work/out"; fi
}

echo "package checks (tactus $version)"
deb=$("$here/build-deb.sh" "$binary" "$version" "$work" | tail -1)
[ -f "$deb" ] && pass "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)" || { fail "no .deb built"; exit 1; }
# The weight target of docs/performance.md: the package stays within 6 MB.
size=$(stat -c %s "$deb")
[ "$size" -le 6000000 ] && pass ".deb size $size bytes (at most 6,000,000)" || fail ".deb is $size bytes: more than 6,000,000 (docs/performance.md: weight)"

# lintian: no errors (warnings are printed for people to read).
lintian --no-tag-display-limit "$deb" > "$work/lintian" 2>&1 || true
if grep -q '^E:' "$work/lintian"; then fail "lintian reports errors"; sed 's/^/        /' "$work/lintian"; else pass "lintian: no errors ($(grep -c '^W:' "$work/lintian" || true) warnings)"; fi
grep '^W:' "$work/lintian" | sed 's/^/        /' || true

depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libx11-6 libxi6 libxtst6 libxrandr2 libxext6 libxfixes3 libyaml-0-2; do
  case "$depends" in *"$lib"*) ;; *) fail "Depends lacks $lib: $depends" ;; esac
done
case "$depends" in *swift*) fail "Depends names a Swift runtime: $depends" ;; *) pass "Depends: $depends" ;; esac
case "$depends" in *gtk*) fail "the daemon's package depends on GTK: $depends" ;; *) pass "the daemon's package does not pull GTK in" ;; esac

root="$work/root"
dpkg -x "$deb" "$root"
tactus="$root/usr/bin/tactus"
got=$("$tactus" --version 2>&1 || true)
[ "$got" = "$version" ] && pass "installed tactus --version prints $got" || fail "installed tactus --version printed '$got', not '$version'"
# The Swift runtime is linked in: the binary must not need the toolchain's libraries.
if ldd "$tactus" | grep -q -e 'not found' -e '/swift/'; then fail "the installed binary needs libraries outside Debian"; ldd "$tactus" | sed 's/^/        /'; else pass "the installed binary links only Debian libraries"; fi

examples=$(ls "$root/usr/share/doc/tactus/examples/"*.yaml)
[ -n "$examples" ] || fail "no example profiles installed"
for f in $examples; do
  expect "tactus check $(basename "$f")" "$tactus" check "$f"
done

for page in "$root/usr/share/man/man1/tactus.1.gz" "$root/usr/share/man/man5/tactus.yaml.5.gz"; do
  LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" > /dev/null 2> "$work/man" || echo "man exited $?" >> "$work/man"
  if [ -s "$work/man" ]; then fail "man -l $(basename "$page") has warnings"; sed 's/^/        /' "$work/man"; else pass "man -l $(basename "$page"): no warnings"; fi
done
# The manual documents every subcommand and every option the parser knows.
manual=$(zcat "$root/usr/share/man/man1/tactus.1.gz")
before=$failures
for sub in $("$tactus" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk 'NR > 1 && /^  [a-z]/ {print $1}'); do
  case "$manual" in *".SS \"tactus $sub\""*) ;; *) fail "tactus.1 has no section for 'tactus $sub'" ;; esac
  for option in $("$tactus" help "$sub" | sed -n 's/^  *\(-[a-z], \)\{0,1\}\(--[a-z-]*\).*/\2/p' | sort -u); do
    escaped=$(echo "$option" | sed 's/-/\\\\-/g')
    echo "$manual" | grep -q -- "$escaped" || fail "tactus.1 does not document $sub $option"
  done
done
[ "$failures" = "$before" ] && pass "tactus.1 documents every subcommand and option"

unit="$root/usr/lib/systemd/user/tactus.service"
if command -v systemd-analyze > /dev/null; then
  # Verified as installed, with ExecStart pointing into the throw-away root.
  sed "s|/usr/bin/tactus|$tactus|" "$unit" > "$work/tactus.service"
  mkdir -p "$work/runtime" && chmod 700 "$work/runtime"
  if XDG_RUNTIME_DIR="$work/runtime" systemd-analyze verify --user --man=no "$work/tactus.service" > "$work/verify" 2>&1 && [ ! -s "$work/verify" ]; then
    pass "systemd-analyze verify --user accepts tactus.service"
  else
    fail "systemd-analyze verify --user rejects tactus.service"; sed 's/^/        /' "$work/verify"
  fi
else
  echo "  --    systemd-analyze is not available: the unit is not verified"
fi
grep -q '^PartOf=graphical-session.target$' "$unit" && grep -q '^Restart=on-failure$' "$unit" && pass "unit: PartOf=graphical-session.target, Restart=on-failure" || fail "unit lacks PartOf/Restart"
expect "desktop-file-validate tactus.desktop" desktop-file-validate "$root/etc/xdg/autostart/tactus.desktop"
dpkg-deb -I "$deb" conffiles | grep -qx /etc/xdg/autostart/tactus.desktop && pass "the autostart entry is a conffile" || fail "the autostart entry is not a conffile"

expect "bash completion parses" bash -n "$root/usr/share/bash-completion/completions/tactus"
grep -q 'monitor' "$root/usr/share/bash-completion/completions/tactus" && grep -q 'monitor' "$root/usr/share/zsh/vendor-completions/_tactus" && grep -q 'monitor' "$root/usr/share/fish/vendor_completions.d/tactus.fish" \
  && pass "bash, zsh and fish completions know the subcommands" || fail "completions miss subcommands"

# make install / uninstall into a DESTDIR.
dest="$work/dest"
"$here/install.sh" "$dest" /opt/tactus /etc "$binary" "$version" > /dev/null
[ -x "$dest/opt/tactus/bin/tactus" ] && [ -f "$dest/opt/tactus/share/man/man1/tactus.1" ] && grep -q '^ExecStart=/opt/tactus/bin/tactus run$' "$dest/opt/tactus/lib/systemd/user/tactus.service" \
  && grep -q '^Exec=/opt/tactus/bin/tactus run --autostart$' "$dest/etc/xdg/autostart/tactus.desktop" && pass "install into DESTDIR with PREFIX=/opt/tactus" || fail "install into DESTDIR"
"$here/install.sh" --uninstall "$dest" /opt/tactus /etc "$binary" "$version" > /dev/null
left=$(find "$dest" -type f)
[ -z "$left" ] && pass "uninstall removes every file" || { fail "uninstall left files:"; echo "$left" | sed 's/^/        /'; }

# The settings application's package: its own .deb, depending on the daemon's and GTK 4.
echo "package checks (tactus-settings $version)"
settings_deb=$("$here/build-settings-deb.sh" "$settings_binary" "$version" "$work" | tail -1)
[ -f "$settings_deb" ] && pass "built $(basename "$settings_deb") ($(du -k "$settings_deb" | cut -f1) KiB)" || { fail "no tactus-settings .deb built"; exit 1; }
lintian --no-tag-display-limit "$settings_deb" > "$work/lintian-settings" 2>&1 || true
if grep -q '^E:' "$work/lintian-settings"; then fail "lintian reports errors in tactus-settings"; sed 's/^/        /' "$work/lintian-settings"; else pass "lintian tactus-settings: no errors ($(grep -c '^W:' "$work/lintian-settings" || true) warnings)"; fi
grep '^W:' "$work/lintian-settings" | sed 's/^/        /' || true
settings_depends=$(dpkg-deb -f "$settings_deb" Depends)
case "$settings_depends" in "tactus (= $version-1), "*libgtk-4-1*) pass "Depends: $settings_depends" ;; *) fail "tactus-settings Depends is not tactus (= $version-1) and GTK 4: $settings_depends" ;; esac
case "$settings_depends" in *swift*) fail "tactus-settings Depends names a Swift runtime" ;; esac
settings_root="$work/settings-root"
dpkg -x "$settings_deb" "$settings_root"
if ldd "$settings_root/usr/bin/tactus-settings" | grep -q -e 'not found' -e '/swift/'; then fail "tactus-settings needs libraries outside Debian"; else pass "tactus-settings links only Debian libraries"; fi
expect "tactus-settings --help" "$settings_root/usr/bin/tactus-settings" --help
entry="$settings_root/usr/share/applications/org.tactus.Settings.desktop"
expect "desktop-file-validate org.tactus.Settings.desktop" desktop-file-validate "$entry"
grep -q '^Categories=Settings;' "$entry" && grep -q '^Icon=org.tactus.Settings$' "$entry" && [ -f "$settings_root/usr/share/icons/hicolor/scalable/apps/org.tactus.Settings.svg" ] \
  && pass "the desktop entry is in the settings menu, with its icon installed" || fail "the desktop entry's category or icon"
expect "appstreamcli validate --no-net org.tactus.Settings.metainfo.xml" appstreamcli validate --no-net "$settings_root/usr/share/metainfo/org.tactus.Settings.metainfo.xml"
expect "the icon is well-formed SVG" /usr/bin/python3 -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" "$settings_root/usr/share/icons/hicolor/scalable/apps/org.tactus.Settings.svg"
LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$settings_root/usr/share/man/man1/tactus-settings.1.gz" > /dev/null 2> "$work/man" || echo "man exited $?" >> "$work/man"
if [ -s "$work/man" ]; then fail "man -l tactus-settings.1 has warnings"; sed 's/^/        /' "$work/man"; else pass "man -l tactus-settings.1: no warnings"; fi
"$here/install-settings.sh" "$dest" /opt/tactus "$settings_binary" "$version" > /dev/null
[ -x "$dest/opt/tactus/bin/tactus-settings" ] && grep -q '^Exec=/opt/tactus/bin/tactus-settings$' "$dest/opt/tactus/share/applications/org.tactus.Settings.desktop" \
  && pass "install tactus-settings into DESTDIR with PREFIX=/opt/tactus" || fail "install tactus-settings into DESTDIR"
"$here/install-settings.sh" --uninstall "$dest" /opt/tactus "$settings_binary" "$version" > /dev/null
left=$(find "$dest" -type f)
[ -z "$left" ] && pass "uninstall removes every file of tactus-settings" || { fail "uninstall left files:"; echo "$left" | sed 's/^/        /'; }

if [ "$failures" -gt 0 ]; then echo "package checks: $failures failed"; exit 1; fi
echo "package checks: all passed"
