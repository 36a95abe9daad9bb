#!/bin/sh
# Builds the settings application's Debian package (tactus-settings, beside the daemon's
# tactus package, so that the daemon alone does not pull GTK in) from a release binary:
#   build-settings-deb.sh BINARY VERSION OUTDIR
# Prints the path of the .deb on its last line.
set -eu
[ $# -eq 3 ] || { echo "usage: build-settings-deb.sh BINARY VERSION OUTDIR" >&2; exit 2; }
binary=$1 upstream=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
arch=$(dpkg --print-architecture)
version="$upstream-1"
root="$out/tactus-settings_${version}_$arch"
rm -rf "$root"
mkdir -p "$root/DEBIAN" "$root/usr/share/doc/tactus-settings"
"$here/install-settings.sh" --compress-man "$root" /usr "$binary" "$upstream" >/dev/null
# The Exec line of a package's desktop entry names the program, found on PATH.
sed -i "s|^Exec=/usr/bin/tactus-settings|Exec=tactus-settings|" "$root/usr/share/applications/org.tactus.Settings.desktop"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/tactus-settings"
install -m 0644 "$here/debian/copyright" "$root/usr/share/doc/tactus-settings/copyright"
sed -e "s/@VERSION@/$version/" "$here/debian/changelog" | gzip -9n > "$root/usr/share/doc/tactus-settings/changelog.Debian.gz"
chmod 0644 "$root/usr/share/doc/tactus-settings/changelog.Debian.gz"
scratch=$(mktemp -d)
mkdir -p "$scratch/debian"
printf 'Source: tactus\n\nPackage: tactus-settings\nArchitecture: any\n' > "$scratch/debian/control"
depends=$(cd "$scratch" && dpkg-shlibdeps -O -e "$root/usr/bin/tactus-settings" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm -rf "$scratch"
[ -n "$depends" ] || { echo "build-settings-deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/g" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    "$here/settings/control.in" > "$root/DEBIAN/control"
find "$root" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/tactus-settings_${version}_$arch.deb" >/dev/null
echo "$out/tactus-settings_${version}_$arch.deb"
