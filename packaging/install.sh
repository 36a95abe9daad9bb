#!/bin/sh
# Installs (or with --uninstall removes) Tactus under DESTDIR/PREFIX, as `make install`,
# `make uninstall` and `make deb` call it.
#   install.sh [--uninstall] [--compress-man] DESTDIR PREFIX SYSCONFDIR BINARY VERSION
set -eu
uninstall=no compress=no
while [ $# -gt 0 ]; do
  case "$1" in
    --uninstall) uninstall=yes; shift ;;
    --compress-man) compress=yes; shift ;;
    *) break ;;
  esac
done
[ $# -eq 5 ] || { echo "usage: install.sh [--uninstall] [--compress-man] DESTDIR PREFIX SYSCONFDIR BINARY VERSION" >&2; exit 2; }
destdir=$1 prefix=$2 sysconfdir=$3 binary=$4 version=$5
here=$(cd "$(dirname "$0")" && pwd)

bin="$destdir$prefix/bin"
man1="$destdir$prefix/share/man/man1"
man5="$destdir$prefix/share/man/man5"
bash_completions="$destdir$prefix/share/bash-completion/completions"
zsh_completions="$destdir$prefix/share/zsh/vendor-completions"
fish_completions="$destdir$prefix/share/fish/vendor_completions.d"
doc="$destdir$prefix/share/doc/tactus"
user_units="$destdir$prefix/lib/systemd/user"
autostart="$destdir$sysconfdir/xdg/autostart"

if [ "$uninstall" = yes ]; then
  rm -f "$bin/tactus" "$man1/tactus.1" "$man1/tactus.1.gz" "$man5/tactus.yaml.5" "$man5/tactus.yaml.5.gz" \
        "$bash_completions/tactus" "$zsh_completions/_tactus" "$fish_completions/tactus.fish" \
        "$user_units/tactus.service" "$autostart/tactus.desktop"
  rm -rf "$doc"
  echo "Tactus removed from $destdir$prefix (your ~/.config/tactus is left alone)."
  exit 0
fi

[ -x "$binary" ] || { echo "install.sh: $binary is not built (make release)" >&2; exit 1; }
install -d "$bin" "$man1" "$man5" "$bash_completions" "$zsh_completions" "$fish_completions" "$doc/examples" "$user_units" "$autostart"
install -m 0755 "$binary" "$bin/tactus"
for page in "$here/man/tactus.1:$man1" "$here/man/tactus.yaml.5:$man5"; do
  src=${page%%:*} dir=${page#*:} name=$(basename "${page%%:*}")
  sed "s/@VERSION@/$version/g" "$src" > "$dir/$name"
  chmod 0644 "$dir/$name"
  if [ "$compress" = yes ]; then gzip -9nf "$dir/$name"; fi
done
# Completions come from the argument parser itself, so they always match the binary.
# bash-completion sources its files: no #! line.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$bash_completions/tactus"
"$binary" --generate-completion-script zsh > "$zsh_completions/_tactus"
"$binary" --generate-completion-script fish > "$fish_completions/tactus.fish"
chmod 0644 "$bash_completions/tactus" "$zsh_completions/_tactus" "$fish_completions/tactus.fish"
sed "s|@BINDIR@|$prefix/bin|g" "$here/tactus.service" > "$user_units/tactus.service"
sed "s|^Exec=tactus |Exec=$prefix/bin/tactus |" "$here/tactus.desktop" > "$autostart/tactus.desktop"
chmod 0644 "$user_units/tactus.service" "$autostart/tactus.desktop"
install -m 0644 "$here"/examples/*.yaml "$doc/examples/"
echo "Tactus $version installed in $destdir$prefix."
