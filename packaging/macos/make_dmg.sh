#!/bin/sh
# Make packaging/dist/patrician-<version>-macos-<arch>.dmg from the .app that
# `python packaging/build.py` left in packaging/dist/pyinstaller/Patrician.app (macOS only).
#
#   sh packaging/macos/make_dmg.sh                 # ad-hoc signed (runs after right-click > Open)
#   CODESIGN_IDENTITY="Developer ID Application: NAME (TEAMID)" sh packaging/macos/make_dmg.sh
#   # then, optionally: xcrun notarytool submit <dmg> --keychain-profile PROFILE --wait
#   #                   xcrun stapler staple <dmg>
set -eu

here=$(cd "$(dirname "$0")" && pwd)
dist=$here/../dist
app=$dist/pyinstaller/Patrician.app
[ -d "$app" ] || { echo "make_dmg.sh: no $app; run python packaging/build.py first" >&2; exit 1; }
version=$(/usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$app/Contents/Info.plist")
arch=$(uname -m)
dmg=$dist/patrician-$version-macos-$arch.dmg

identity=${CODESIGN_IDENTITY:--}
if [ "$identity" = "-" ]; then
    codesign --force --deep --sign - "$app"
else
    # Hardened runtime is required for notarization; Python needs no extra entitlements here.
    codesign --force --deep --options runtime --timestamp --sign "$identity" "$app"
fi
codesign --verify --deep --strict "$app"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
rm -f "$dmg"
hdiutil create -volname "Patrician $version" -srcfolder "$stage" -fs HFS+ -format UDZO -imagekey zlib-level=9 \
    -ov "$dmg"
if [ "$identity" != "-" ]; then
    codesign --force --sign "$identity" --timestamp "$dmg"
fi
echo "$dmg"
