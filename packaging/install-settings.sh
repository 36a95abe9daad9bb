#!/bin/sh
# Installs (or with --uninstall removes) the settings application under DESTDIR/PREFIX, as
# `make install`, `make uninstall` and the settings package call it: the binary, its man page,
# its desktop entry (the desktop's settings menu), its icon and its AppStream metadata.
#   install-settings.sh [--uninstall] [--compress-man] DESTDIR PREFIX BINARY VERSION
set -eu
uninstall=no compress=no
while [ $# -gt 0 ]; do
  case "$1" in
    --uninstall) uninstall=yes; shift ;;
    --compress-man) compress=yes; shift ;;
    *) break ;;
  esac
done
[ $# -eq 4 ] || { echo "usage: install-settings.sh [--uninstall] [--compress-man] DESTDIR PREFIX BINARY VERSION" >&2; exit 2; }
destdir=$1 prefix=$2 binary=$3 version=$4
here=$(cd "$(dirname "$0")" && pwd)
id=org.tactus.Settings

bin="$destdir$prefix/bin"
man1="$destdir$prefix/share/man/man1"
applications="$destdir$prefix/share/applications"
icons="$destdir$prefix/share/icons/hicolor/scalable/apps"
metainfo="$destdir$prefix/share/metainfo"

if [ "$uninstall" = yes ]; then
  rm -f "$bin/tactus-settings" "$man1/tactus-settings.1" "$man1/tactus-settings.1.gz" \
        "$applications/$id.desktop" "$icons/$id.svg" "$metainfo/$id.metainfo.xml"
  echo "Tactus Settings removed from $destdir$prefix."
  exit 0
fi

[ -x "$binary" ] || { echo "install-settings.sh: $binary is not built (make release-settings)" >&2; exit 1; }
install -d "$bin" "$man1" "$applications" "$icons" "$metainfo"
install -m 0755 "$binary" "$bin/tactus-settings"
sed "s/@VERSION@/$version/g" "$here/settings/tactus-settings.1" > "$man1/tactus-settings.1"
chmod 0644 "$man1/tactus-settings.1"
if [ "$compress" = yes ]; then gzip -9nf "$man1/tactus-settings.1"; fi
sed "s|^Exec=tactus-settings|Exec=$prefix/bin/tactus-settings|" "$here/settings/$id.desktop" > "$applications/$id.desktop"
install -m 0644 "$here/settings/$id.svg" "$icons/$id.svg"
sed "s/@VERSION@/$version/g" "$here/settings/$id.metainfo.xml" > "$metainfo/$id.metainfo.xml"
chmod 0644 "$applications/$id.desktop" "$metainfo/$id.metainfo.xml"
echo "Tactus Settings $version installed in $destdir$prefix."
