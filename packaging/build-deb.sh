#!/bin/sh
# Builds the Debian package from a release binary: build-deb.sh BINARY VERSION OUTDIR.
# Prints the path of the .deb on its last line.
set -eu
[ $# -eq 3 ] || { echo "usage: build-deb.sh BINARY VERSION OUTDIR" >&2; exit 2; }
binary=$1 upstream=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/deb-package.sh"
deb_start tactus "$upstream" "$3"
"$here/install.sh" --compress-man "$root" /usr /etc "$binary" "$upstream" >/dev/null
deb_strip "$root/usr/bin/tactus"
deb_docs tactus
echo /etc/xdg/autostart/tactus.desktop > "$root/DEBIAN/conffiles"
deb_finish tactus usr/bin/tactus "$here/debian/control.in"
