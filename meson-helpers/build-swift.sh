#!/usr/bin/env bash
# meson's build step: builds goodsdesk with SwiftPM, and the example plugins against it, and
# copies them into OUTPUT (meson's build folder) for `meson install`.
#
#   build-swift.sh OUTPUT debug|release LIBDIR SCRATCH
#
# SwiftPM builds in SCRATCH (its --scratch-path, inside meson's build folder), never in the
# source tree's .build/. LIBDIR (meson's, relative to the prefix) is linked into the program as
# `goodsdesk_install_libdir` (GoodsDomain's InstallLayout): the app finds its plugins in
# <prefix>/LIBDIR/goodsdesk/plugins. The program's and plugins' RUNPATHs point, relative to
# where they are installed ($ORIGIN), at <prefix>/LIBDIR/goodsdesk, where meson-helpers/
# install-runtime.sh puts the Swift runtime: no toolchain path in any RUNPATH.
set -euo pipefail
output=$(realpath "$1")
config=$2
libdir=$3
scratch=$4
case $config in debug|release) ;; *) echo "build-swift.sh: configuration must be debug or release, not '$config'" >&2; exit 2 ;; esac
case $libdir in /*|*..*|'') echo "build-swift.sh: libdir must be relative to the prefix, not '$libdir'" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
mkdir -p "$scratch"
scratch=$(realpath "$scratch")

# The libdir as a C string in the program, which exports its symbols (PluginKit's --export-dynamic).
cat > "$scratch/install-layout.c.new" <<C
/* Written by meson-helpers/build-swift.sh: the libdir meson installs to (InstallLayout.libdir). */
__attribute__((used, visibility("default"))) const char goodsdesk_install_libdir[] = "$libdir";
C
# Rewritten only when it changes, so an unchanged build relinks nothing.
if ! cmp -s "$scratch/install-layout.c.new" "$scratch/install-layout.c"; then
    mv "$scratch/install-layout.c.new" "$scratch/install-layout.c"
    "${CC:-cc}" -c -fPIC -O2 -o "$scratch/install-layout.o" "$scratch/install-layout.c"
else
    rm "$scratch/install-layout.c.new"
fi

# The app's RUNPATH: its private runtime folder, from bin/ (bindir is bin for this layout; the
# toolchain's own rpath and SwiftPM's $ORIGIN are left out). The build's own tool (layout-codegen,
# which EmbedGResource and build-plugins.sh run) is linked the same way, so while building it finds
# the toolchain's runtime by LD_LIBRARY_PATH; nothing installed uses it.
toolchain_runtime=$(dirname "$(realpath "$(command -v swift)")")/../lib/swift/linux
export LD_LIBRARY_PATH="$(realpath "$toolchain_runtime")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
swift build -c "$config" --scratch-path "$scratch" --product goodsdesk \
    --disable-local-rpath -Xswiftc -no-toolchain-stdlib-rpath \
    -Xlinker -rpath -Xlinker "\$ORIGIN/../$libdir/goodsdesk" -Xlinker "$scratch/install-layout.o"
bin=$(swift build -c "$config" --scratch-path "$scratch" --show-bin-path)
# The plugins' RUNPATH: the same runtime folder, one up from plugins/ (they bind to the app's
# copy of each runtime library anyway, being loaded into it).
GOODSDESK_SWIFT_SCRATCH=$scratch GOODSDESK_PLUGIN_RPATH='$ORIGIN/..' \
    ./meson-helpers/build-plugins.sh "$config" "$bin/plugins"
cp "$bin/goodsdesk" "$output/goodsdesk"
for file in $(./meson-helpers/plugin-files.sh); do
    cp "$bin/plugins/$file" "$output/$file"
done
