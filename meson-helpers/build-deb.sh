#!/usr/bin/env bash
# Builds GoodsDesk's Debian packages (debian/: debhelper, dh with meson) from a pristine copy of
# the tree, so the tree gets none of dpkg-buildpackage's files, runs lintian on them (an error
# fails), and puts the .deb files in OUTPUT. The Swift toolchain comes from PATH.
#   build-deb.sh OUTPUT [COPY]   COPY: a pristine copy made already (pristine-copy.sh), built in
#                                instead of a new one; with GOODSDESK_SWIFT_SCRATCH naming the
#                                SwiftPM scratch folder a release build of COPY filled, the
#                                package reuses that build (install-smoke.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
output=$(realpath -m "${1:?build-deb.sh OUTPUT [COPY]}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$work/src
if [ -n "${2:-}" ]; then
    src=$(realpath "$2")
else
    ./meson-helpers/pristine-copy.sh "$src"
fi
# dpkg-buildpackage writes its files beside the source folder.
built=$(dirname "$src")
# The package's version is VERSION's (debian/changelog must say the same).
version=$(head -n 1 VERSION)
changelog=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$changelog" = "$version" ] || { echo "build-deb: debian/changelog is at $changelog, VERSION is $version" >&2; exit 1; }
(cd "$src" && dpkg-buildpackage -us -uc -b) > "$work/build.log" 2>&1 \
    || { tail -n 80 "$work/build.log" >&2; echo "build-deb: dpkg-buildpackage failed (log above)" >&2; exit 1; }
changes=("$built"/goodsdesk_*.changes)
# lintian's errors fail the build; its warnings are printed for the record.
lintian --fail-on error --info "${changes[0]}" || { echo "build-deb: lintian found errors" >&2; exit 1; }
mkdir -p "$output"
cp "$built"/*.deb "$output/"
for deb in "$output"/*.deb; do
    echo "build-deb: $(basename "$deb"): $(du -h "$deb" | cut -f1), installed $(dpkg-deb -f "$deb" Installed-Size) KB; Depends: $(dpkg-deb -f "$deb" Depends)"
done
