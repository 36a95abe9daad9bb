#!/bin/sh
# Builds the Debian package from a release binary: build-deb.sh BINARY VERSION OUTDIR.
# Prints the path of the .deb on its last line.
set -eu
[ $# -eq 3 ] || { echo "usage: build-deb.sh BINARY VERSION OUTDIR" >&2; exit 2; }
binary=$1 upstream=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
# Every path below is used from other working directories (dpkg-shlibdeps runs in a scratch
# folder): the output folder is made absolute once, here.
mkdir -p "$out"
out=$(cd "$out" && pwd)
arch=$(dpkg --print-architecture)
version="$upstream-1"
root="$out/tactus_${version}_$arch"
rm -rf "$root"
mkdir -p "$root/DEBIAN"
"$here/install.sh" --compress-man "$root" /usr /etc "$binary" "$upstream" >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/tactus"
install -m 0644 "$here/debian/copyright" "$root/usr/share/doc/tactus/copyright"
sed "s/@VERSION@/$version/" "$here/debian/changelog" | gzip -9n > "$root/usr/share/doc/tactus/changelog.Debian.gz"
chmod 0644 "$root/usr/share/doc/tactus/changelog.Debian.gz"
# Runtime dependencies from the libraries the binary links (dpkg-shlibdeps wants a
# debian/control to run from).
scratch=$(mktemp -d)
mkdir -p "$scratch/debian"
printf 'Source: tactus\n\nPackage: tactus\nArchitecture: any\n' > "$scratch/debian/control"
depends=$(cd "$scratch" && dpkg-shlibdeps -O -e "$root/usr/bin/tactus" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm -rf "$scratch"
[ -n "$depends" ] || { echo "build-deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    "$here/debian/control.in" > "$root/DEBIAN/control"
echo /etc/xdg/autostart/tactus.desktop > "$root/DEBIAN/conffiles"
find "$root" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/tactus_${version}_$arch.deb" >/dev/null
echo "$out/tactus_${version}_$arch.deb"
