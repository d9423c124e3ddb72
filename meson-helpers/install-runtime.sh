#!/usr/bin/env bash
# meson's install script: copies the Swift runtime libraries that the built program and plugins
# actually link (the closure `ldd` finds, only what resolves into the toolchain's runtime folder)
# into <prefix>/LIBDIR/goodsdesk, where their $ORIGIN-relative RUNPATHs find them (build-swift.sh
# links them so). Debian has no Swift runtime package; the toolchain's own libraries find each
# other through their RUNPATH $ORIGIN. Honours DESTDIR (MESON_INSTALL_DESTDIR_PREFIX).
#   install-runtime.sh LIBDIR        (run by `meson install`)
#   install-runtime.sh --list        the libraries, one path a line (from MESON_BUILD_ROOT)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${MESON_BUILD_ROOT:?install-runtime.sh runs from meson install}

# The toolchain's runtime folder (e.g. /opt/swift/usr/lib/swift/linux), as the compiler says.
toolchain=$(swiftc -print-target-info | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeLibraryPaths"][0])')
[ -f "$toolchain/libswiftCore.so" ] || { echo "install-runtime.sh: no libswiftCore.so in $toolchain" >&2; exit 1; }

binaries=("$build/goodsdesk")
for file in $(./meson-helpers/plugin-files.sh); do
    case $file in *.so) binaries+=("$build/$file") ;; esac
done
# The built binaries' RUNPATHs name the install folder, not the toolchain: ldd resolves the
# runtime through LD_LIBRARY_PATH here. A library that is "not found" fails the install.
libraries=$(for binary in "${binaries[@]}"; do
    LD_LIBRARY_PATH=$toolchain ldd "$binary"
done | awk -v folder="$toolchain/" '
    /not found/ { print "MISSING " $1; next }
    $2 == "=>" && index($3, folder) == 1 { print $3 }' | sort -u)
if grep -q '^MISSING' <<< "$libraries"; then
    echo "install-runtime.sh: libraries not found: $(grep '^MISSING' <<< "$libraries" | cut -d' ' -f2 | tr '\n' ' ')" >&2
    exit 1
fi
if [ "${1:-}" = "--list" ]; then printf '%s\n' "$libraries"; exit 0; fi

libdir=${1:?install-runtime.sh LIBDIR}
target=${MESON_INSTALL_DESTDIR_PREFIX:?install-runtime.sh runs from meson install}/$libdir/goodsdesk
mkdir -p "$target"
for library in $libraries; do
    install -m 644 "$library" "$target/"
    echo "Installing $library to $target (the Swift runtime)"
done
