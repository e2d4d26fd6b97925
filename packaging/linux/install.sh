#!/bin/sh
# Install Patrician for the current user, from the unpacked .tar.xz folder this script is in.
#
#   ./install.sh                 -> ~/.local/lib/patrician, ~/.local/bin/patrician,
#                                   menu entry, icons and AppStream data in ~/.local/share
#   ./install.sh --prefix DIR    -> DIR/lib/patrician, DIR/bin, DIR/share
#
# Everything it creates is listed in <app dir>/.install-manifest, which uninstall.sh reads;
# running it again upgrades in place. Needs only POSIX sh and coreutils; no root.
set -eu

APP_ID=io.github.patrician.Patrician
here=$(cd "$(dirname "$0")" && pwd)

prefix=""
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ -n "$prefix" ]; then
    case $prefix in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
    data=$prefix/share
else
    prefix=$HOME/.local
    data=${XDG_DATA_HOME:-$HOME/.local/share}
fi
appdir=$prefix/lib/patrician
bindir=$prefix/bin

[ -x "$here/patrician" ] || { echo "install.sh: no patrician executable beside this script ($here)" >&2; exit 1; }
# shellcheck disable=SC1003  # '\' is a backslash pattern, not an escaped quote
case $appdir in
    *'"'*|*'`'*|*'$'*|*'\'*|*'%'*) echo "install.sh: cannot install under a path with \" \` \$ \\ or %: $appdir" >&2; exit 1 ;;
esac
if [ "$here" = "$appdir" ]; then
    echo "install.sh: run it from the unpacked archive, not from the installed copy" >&2; exit 1
fi

# An earlier install: remove it first (its manifest says what it put where).
if [ -f "$appdir/.install-manifest" ]; then
    sh "$appdir/uninstall.sh" --quiet
elif [ -e "$appdir" ]; then
    echo "install.sh: $appdir exists but was not made by install.sh; move it away first" >&2; exit 1
fi

manifest_tmp=$(mktemp)
trap 'rm -f "$manifest_tmp"' EXIT

# mkdir -p that records the folders it creates, outermost first.
mkdirs() {
    missing=""
    d=$1
    while [ ! -d "$d" ]; do
        missing="$d
$missing"
        d=$(dirname "$d")
    done
    printf '%s' "$missing" | while IFS= read -r m; do
        [ -n "$m" ] || continue
        mkdir "$m"
        printf 'd %s\n' "$m" >> "$manifest_tmp"
    done
}

# put SRC DEST: copy one file, recorded
put() {
    mkdirs "$(dirname "$2")"
    cp "$1" "$2"
    chmod 0644 "$2"
    printf 'f %s\n' "$2" >> "$manifest_tmp"
}

# The app itself.
mkdirs "$(dirname "$appdir")"
cp -R "$here" "$appdir"
printf 'd %s\n' "$appdir" >> "$manifest_tmp"

# Command on the PATH (~/.local/bin is on it in most distributions).
mkdirs "$bindir"
if [ -e "$bindir/patrician" ] || [ -L "$bindir/patrician" ]; then
    echo "install.sh: $bindir/patrician already exists, left alone (the menu entry works without it)" >&2
else
    ln -s "$appdir/patrician" "$bindir/patrician"
    printf 'f %s\n' "$bindir/patrician" >> "$manifest_tmp"
fi

# Menu entry, with the absolute path (the menu does not read the shell's PATH).
desktop=$data/applications/$APP_ID.desktop
mkdirs "$data/applications"
sed -e "s|^Exec=.*|Exec=\"$appdir/patrician\" %f|" -e "s|^TryExec=.*|TryExec=$appdir/patrician|" \
    "$here/share/applications/$APP_ID.desktop" > "$desktop"
chmod 0644 "$desktop"
printf 'f %s\n' "$desktop" >> "$manifest_tmp"

# Icons (hicolor theme) and AppStream metadata.
for icon in "$here"/share/icons/hicolor/*/apps/*; do
    rel=${icon#"$here/share/"}
    put "$icon" "$data/$rel"
done
put "$here/share/metainfo/$APP_ID.metainfo.xml" "$data/metainfo/$APP_ID.metainfo.xml"

# The file type of game records and saves (*.patrician.json, shared-mime-info), so that a file
# manager opens them with the game (the menu entry's MimeType). The MIME database in $data/mime is
# generated from its packages/ folder: when this install creates it, uninstall.sh removes it again.
mime=$data/mime
if [ ! -d "$mime" ]; then printf 'm %s\n' "$mime" >> "$manifest_tmp"; fi
put "$here/share/mime/packages/$APP_ID.xml" "$mime/packages/$APP_ID.xml"
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$mime" || true
fi

# Refresh caches only where the desktop already keeps them (creating one would leave a file behind).
if [ -f "$data/icons/hicolor/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t -f "$data/icons/hicolor" || true
fi
if [ -f "$data/applications/mimeinfo.cache" ] && command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$data/applications" || true
fi

cp "$manifest_tmp" "$appdir/.install-manifest"
echo "Patrician installed in $appdir"
echo "  start it from the menu (Games), or run: $bindir/patrician"
echo "  remove it with: $appdir/uninstall.sh"
