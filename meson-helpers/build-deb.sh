#!/usr/bin/env bash
# Builds GoodsDesk's Debian packages (debian/: debhelper, dh with meson) from a pristine copy of
# the tree, so the tree gets none of dpkg-buildpackage's files, runs lintian on them (an error
# fails), and puts the .deb files in OUTPUT. The Swift toolchain comes from PATH.
#   build-deb.sh OUTPUT
set -euo pipefail
cd "$(dirname "$0")/.."
output=$(realpath -m "${1:?build-deb.sh OUTPUT}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./meson-helpers/pristine-copy.sh "$work/src"
# The package's version is VERSION's (debian/changelog must say the same).
version=$(head -n 1 VERSION)
changelog=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$changelog" = "$version" ] || { echo "build-deb: debian/changelog is at $changelog, VERSION is $version" >&2; exit 1; }
(cd "$work/src" && dpkg-buildpackage -us -uc -b) > "$work/build.log" 2>&1 \
    || { tail -n 80 "$work/build.log" >&2; echo "build-deb: dpkg-buildpackage failed (log above)" >&2; exit 1; }
changes=("$work"/goodsdesk_*.changes)
# lintian's errors fail the build; its warnings are printed for the record.
lintian --fail-on error --info "${changes[0]}" || { echo "build-deb: lintian found errors" >&2; exit 1; }
mkdir -p "$output"
cp "$work"/*.deb "$output/"
for deb in "$output"/*.deb; do
    echo "build-deb: $(basename "$deb"): $(du -h "$deb" | cut -f1), installed $(dpkg-deb -f "$deb" Installed-Size) KB; Depends: $(dpkg-deb -f "$deb" Depends)"
done
