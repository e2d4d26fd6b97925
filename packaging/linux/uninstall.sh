#!/bin/sh
# Remove a Patrician installed by install.sh: the app folder, the command, the menu entry,
# the icons and the AppStream data, and the folders install.sh created for them when they
# are empty. Your games, autosaves and settings are kept (they are yours, not the app's).
#
#   ~/.local/lib/patrician/uninstall.sh      (the installed copy), or
#   ./uninstall.sh [--prefix DIR]            from the unpacked archive
set -eu

quiet=""
prefix=""
while [ $# -gt 0 ]; do
    case $1 in
        --quiet) quiet=1; shift ;;
        --prefix) [ $# -ge 2 ] || { echo "uninstall.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "uninstall.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd)
if [ -f "$here/.install-manifest" ]; then
    appdir=$here
else
    # Run from the unpacked archive: find the installed copy.
    appdir=${prefix:-$HOME/.local}/lib/patrician
    if [ ! -f "$appdir/.install-manifest" ]; then
        echo "uninstall.sh: no Patrician installed by install.sh in $appdir" >&2
        exit 1
    fi
fi
manifest=$appdir/.install-manifest
case $appdir in
    */lib/patrician) ;;
    *) echo "uninstall.sh: refusing to remove $appdir (not a .../lib/patrician folder)" >&2; exit 1 ;;
esac

# Read the manifest before the folder holding it goes.
list=$(cat "$manifest")

printf '%s\n' "$list" | while IFS= read -r line; do
    case $line in
        "f "*) rm -f -- "${line#f }" ;;
    esac
done

rm -rf -- "$appdir"

# The MIME database: generated from $mime/packages. If install.sh created it and no other type
# is left in it, it goes whole; otherwise it is generated again without ours.
created_mime=$(printf '%s\n' "$list" | sed -n 's/^m //p' | head -n 1)
data_mime=$(printf '%s\n' "$list" | sed -n 's|^f \(.*/mime\)/packages/io.github.patrician.Patrician.xml$|\1|p' | head -n 1)
if [ -n "$created_mime" ] && [ -d "$created_mime" ] && [ -z "$(ls -A "$created_mime/packages" 2>/dev/null)" ]; then
    case $created_mime in */mime) rm -rf -- "$created_mime" ;; esac
elif [ -n "$data_mime" ] && [ -d "$data_mime" ] && command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$data_mime" || true
fi

# Folders install.sh created, innermost first, if nothing else has moved in since.
printf '%s\n' "$list" | awk '/^d /{ a[n++] = substr($0, 3) } END { for (i = n - 1; i >= 0; i--) print a[i] }' |
while IFS= read -r dir; do
    if [ -d "$dir" ]; then rmdir -- "$dir" 2>/dev/null || true; fi
done

data=$(dirname "$(dirname "$appdir")")/share
[ -n "${XDG_DATA_HOME:-}" ] && [ "$appdir" = "$HOME/.local/lib/patrician" ] && data=$XDG_DATA_HOME
if [ -f "$data/icons/hicolor/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t -f "$data/icons/hicolor" || true
fi

[ -n "$quiet" ] || echo "Patrician removed from $appdir (your saved games and settings are kept)"
