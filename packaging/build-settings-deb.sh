#!/bin/sh
# Builds the settings application's Debian package (tactus-settings, beside the daemon's
# tactus package, so that the daemon alone does not pull GTK in) from a release binary:
#   build-settings-deb.sh BINARY VERSION OUTDIR
# Prints the path of the .deb on its last line.
set -eu
[ $# -eq 3 ] || { echo "usage: build-settings-deb.sh BINARY VERSION OUTDIR" >&2; exit 2; }
binary=$1 upstream=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/deb-package.sh"
deb_start tactus-settings "$upstream" "$3"
"$here/install-settings.sh" --compress-man "$root" /usr "$binary" "$upstream" >/dev/null
# The Exec line of a package's desktop entry names the program, found on PATH.
sed -i "s|^Exec=/usr/bin/tactus-settings|Exec=tactus-settings|" "$root/usr/share/applications/org.tactus.Settings.desktop"
deb_strip "$root/usr/bin/tactus-settings"
deb_docs tactus-settings
deb_finish tactus-settings usr/bin/tactus-settings "$here/settings/control.in"
