# The steps both Debian packages share (tactus and tactus-settings), sourced by build-deb.sh
# and build-settings-deb.sh after they set `here` (this folder).

# deb_start PACKAGE UPSTREAM OUTDIR: sets `out` (absolute: dpkg-shlibdeps runs in a scratch
# folder), `arch`, `version` and `root` (the package's tree, emptied, with DEBIAN/ and its
# doc folder).
deb_start() {
    mkdir -p "$3"
    out=$(cd "$3" && pwd)
    arch=$(dpkg --print-architecture)
    version="$2-1"
    root="$out/$1_${version}_$arch"
    rm -rf "$root"
    mkdir -p "$root/DEBIAN" "$root/usr/share/doc/$1"
}

# deb_docs PACKAGE: the copyright file and the Debian changelog.
deb_docs() {
    install -m 0644 "$here/debian/copyright" "$root/usr/share/doc/$1/copyright"
    sed "s/@VERSION@/$version/" "$here/debian/changelog" | gzip -9n > "$root/usr/share/doc/$1/changelog.Debian.gz"
    chmod 0644 "$root/usr/share/doc/$1/changelog.Debian.gz"
}

# deb_strip FILE: a binary without its symbols and notes.
deb_strip() { strip --strip-unneeded --remove-section=.comment --remove-section=.note "$1"; }

# deb_finish PACKAGE BINARY CONTROL_IN: the runtime dependencies from the libraries BINARY
# (in the tree) links (dpkg-shlibdeps wants a debian/control to run from), the control file
# from CONTROL_IN, the .deb; prints its path.
deb_finish() {
    scratch=$(mktemp -d)
    mkdir -p "$scratch/debian"
    printf 'Source: tactus\n\nPackage: %s\nArchitecture: any\n' "$1" > "$scratch/debian/control"
    depends=$(cd "$scratch" && dpkg-shlibdeps -O -e "$root/$2" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
    rm -rf "$scratch"
    [ -n "$depends" ] || { echo "$1: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
    size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
    sed -e "s/@VERSION@/$version/g" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
        "$3" > "$root/DEBIAN/control"
    find "$root" -type d -exec chmod 0755 {} +
    dpkg-deb --root-owner-group -Zxz --build "$root" "$out/$1_${version}_$arch.deb" >/dev/null
    echo "$out/$1_${version}_$arch.deb"
}
