#!/usr/bin/env bash
# Builds plugins as shared libraries that load into GoodsDesk at run time.
#
#   build-plugins.sh [debug|release] [OUTPUT] [PLUGIN_FOLDER...]
#
# Each plugin folder holds one `*.plugin` manifest, the plugin's Swift sources and any `*.ui`
# layouts (compiled into the library as `UIResourceBundle.module`, prefix /plugins/<Id>, each
# with its typed layout from the app build's layout-codegen: `echo.ui` → `EchoLayout`), and may
# hold its own catalogue (`po/`, for the manifest's `Gettext-Domain`); its library (`lib<Module>.so`),
# manifest and compiled catalogues (`locale/`) land in OUTPUT (default `.build/<config>/plugins`).
# Only the folder's own `*.swift` are compiled (a `Tests/` folder in it is SwiftPM's). Default
# folders: every folder under `plugins/`.
#
# A plugin that needs more than the app's layers says so in a `build.conf` beside its manifest:
#   Packages=webkitgtk-6.0                 pkg-config packages it is compiled and linked against
#   Modules=CWebKit GtkReactiveWebKit      framework modules under Sources/ only plugins use: a C
#                                          module (a folder with module.modulemap) is put on the
#                                          module path; a Swift one is compiled (once per run) into
#                                          a static library linked into the plugin alone
# (the web plugin's WebKit: the app never links it, so it runs without WebKit installed).
#
# A plugin links none of the app's layers: it compiles against the app's module interfaces from
# the same build and binds to the app's own copy of them when loaded (the app exports its
# symbols), so there is one `PluginKit`, one `Reactive`… in the process. Build the app first,
# with the same configuration.
#
# Environment (meson's build, meson-helpers/build-swift.sh, sets them):
#   GOODSDESK_SWIFT_SCRATCH=DIR   the app's SwiftPM scratch path (default: the tree's .build)
#   GOODSDESK_PLUGIN_RPATH=PATH   the plugins' only RUNPATH (e.g. '$ORIGIN/..', the installed
#                                 runtime folder) instead of the toolchain's runtime folder
set -euo pipefail
cd "$(dirname "$0")/.."

config=${1:-debug}
scratch=()
[ -z "${GOODSDESK_SWIFT_SCRATCH:-}" ] || scratch=(--scratch-path "$GOODSDESK_SWIFT_SCRATCH")
rpath=()
[ -z "${GOODSDESK_PLUGIN_RPATH:-}" ] || rpath=(-no-toolchain-stdlib-rpath -Xlinker -rpath -Xlinker "$GOODSDESK_PLUGIN_RPATH")
bin=$(swift build -c "$config" ${scratch[@]+"${scratch[@]}"} --show-bin-path)
output=${2:-$bin/plugins}
shift $(( $# > 2 ? 2 : $# ))
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=(plugins/*/)

case $config in
    debug) optimisation=(-Onone -g) ;;
    release) optimisation=(-O) ;;
    *) echo "build-plugins.sh: configuration must be debug or release, not '$config'" >&2; exit 2 ;;
esac
[ -d "$bin/Modules" ] || { echo "build-plugins.sh: build the app first (swift build -c $config ${scratch[*]:-})" >&2; exit 1; }
# The typed layouts' generator, as the app's build made it (a build of one product may not have).
[ -x "$bin/layout-codegen" ] || swift build -c "$config" ${scratch[@]+"${scratch[@]}"} --product layout-codegen >&2

# The C modules the layers import, as SwiftPM hands them to the compiler.
clang_modules=(
    -Xcc "-fmodule-map-file=$PWD/Sources/CGtk/module.modulemap"
    -Xcc "-fmodule-map-file=$PWD/Sources/CSQLite/module.modulemap"
    -Xcc "-fmodule-map-file=$PWD/Sources/CIntl/module.modulemap"
    -Xcc "-fmodule-map-file=$bin/GtkShim.build/module.modulemap" -Xcc -I -Xcc "$PWD/Sources/GtkShim/include"
)
for flag in $(pkg-config --cflags-only-I gtk4 libadwaita-1); do clang_modules+=(-Xcc "$flag"); done

# Every plugin carries the build identifier of the layers it is compiled against (PluginBuild in
# PluginKit, written by the BuildIdentifier package plugin), returned by a C symbol the loader
# reads before running any other code of the plugin: a plugin from another build is refused. The
# symbol is GoodsDesk's host's identifierSymbol (GoodsDeskApp.pluginHost).
stamp_folder=$(mktemp -d)
trap 'rm -rf "$stamp_folder"' EXIT
cat > "$stamp_folder/GoodsDeskBuildStamp.swift" <<'SWIFT'
// Added by meson-helpers/build-plugins.sh: this plugin's copy of PluginBuild.compiledIdentifier.
import PluginKit

@_cdecl("goodsdesk_plugin_build_identifier") public func pluginBuildStamp() -> UnsafePointer<UInt8> { PluginBuild.compiledIdentifier.utf8Start }
SWIFT

# Builds Swift framework module $1 (Sources/$1) for plugins, once: its interface and a static
# library in $stamp_folder/modules, compiled with the extra flags that follow.
build_module() {
    local name=$1; shift
    [ -f "$stamp_folder/modules/lib$name.a" ] && return 0
    mkdir -p "$stamp_folder/modules"
    echo "build-plugins.sh: Sources/$name → (linked into the plugins that use it)"
    swiftc -emit-library -static -emit-module -module-name "$name" -parse-as-library \
        -swift-version 6 -enable-upcoming-feature ExistentialAny "${optimisation[@]}" \
        -emit-module-path "$stamp_folder/modules/$name.swiftmodule" \
        -I "$bin/Modules" "${clang_modules[@]}" "$@" \
        Sources/"$name"/*.swift -o "$stamp_folder/modules/lib$name.a"
}

mkdir -p "$output"
for folder in "${folders[@]}"; do
    folder=${folder%/}
    manifests=("$folder"/*.plugin)
    [ -f "${manifests[0]}" ] || { echo "build-plugins.sh: no .plugin manifest in $folder" >&2; exit 1; }
    library=$(sed -n 's/^Module=//p' "${manifests[0]}")
    # The Swift module's name: the library name in CamelCase (goods-detail → GoodsDetail).
    module=$(echo "$library" | sed -E 's/(^|[-_.])([a-z])/\U\2/g; s/[^A-Za-z0-9]//g')Plugin
    echo "build-plugins.sh: $folder → $output/lib$library.so"
    # A plugin's layouts (`*.ui` in its folder) are compiled into it with their typed layouts, as the
    # EmbedGResource package plugin does for the app's targets: `EchoLayout()` loads echo.ui from
    # /plugins/<Id>/, and a renamed id fails this compile where the code uses it.
    extra=()
    # What the plugin's build.conf adds: packages' include folders and libraries, modules.
    needs=()
    if [ -f "$folder/build.conf" ]; then
        packages=$(sed -n 's/^Packages=//p' "$folder/build.conf")
        modules=$(sed -n 's/^Modules=//p' "$folder/build.conf")
        if [ -n "$packages" ]; then
            pkg-config --exists $packages || { echo "build-plugins.sh: $folder needs $packages (pkg-config); see meson-helpers/setup-deps.sh" >&2; exit 1; }
            for flag in $(pkg-config --cflags-only-I $packages); do needs+=(-Xcc "$flag"); done
        fi
        for name in $modules; do
            case $name in ''|*[!A-Za-z0-9_]*) echo "build-plugins.sh: $folder/build.conf: '$name' is not a module name" >&2; exit 1 ;; esac
            if [ -f "Sources/$name/module.modulemap" ]; then
                needs+=(-Xcc "-fmodule-map-file=$PWD/Sources/$name/module.modulemap")
            elif [ -d "Sources/$name" ]; then
                build_module "$name" "${needs[@]}"
                needs+=(-I "$stamp_folder/modules")
                extra+=("$stamp_folder/modules/lib$name.a")
            else
                echo "build-plugins.sh: $folder/build.conf: no module Sources/$name" >&2; exit 1
            fi
        done
        if [ -n "$packages" ]; then
            for flag in $(pkg-config --libs-only-l $packages); do extra+=("$flag"); done
        fi
    fi
    layouts=("$folder"/*.ui)
    if [ -f "${layouts[0]}" ]; then
        id=$(sed -n 's/^Id=//p' "${manifests[0]}")
        case $id in ''|*[!A-Za-z0-9._-]*) echo "build-plugins.sh: ${manifests[0]}: Id '$id' cannot name a resource prefix" >&2; exit 1 ;; esac
        resources=$stamp_folder/$module.gresource.xml
        { echo '<?xml version="1.0" encoding="UTF-8"?>'; echo "<gresources><gresource prefix=\"/plugins/$id\">"
          for layout in "${layouts[@]}"; do echo "<file compressed=\"true\">$(basename "$layout")</file>"; done
          echo '</gresource></gresources>'; } > "$resources"
        glib-compile-resources --sourcedir "$folder" --target "$stamp_folder/$module.gresource" "$resources"
        cat > "$stamp_folder/${module}GResource.swift" <<SWIFT
// Added by meson-helpers/build-plugins.sh from the plugin's *.ui files. Do not edit.
import GtkReactive

extension UIResourceBundle {
    /// This plugin's compiled GResource (its .ui files), registered on first use.
    static let module = UIResourceBundle(base64: "$(base64 -w0 "$stamp_folder/$module.gresource")", prefix: "/plugins/$id")
}
SWIFT
        "$bin/layout-codegen" "$resources" "$folder" "$stamp_folder/${module}Layouts.swift"
        extra+=("$stamp_folder/${module}GResource.swift" "$stamp_folder/${module}Layouts.swift")
    fi
    swiftc -emit-library -module-name "$module" -parse-as-library \
        -swift-version 6 -enable-upcoming-feature ExistentialAny "${optimisation[@]}" \
        -I "$bin/Modules" "${clang_modules[@]}" ${needs[@]+"${needs[@]}"} \
        -Xlinker --allow-shlib-undefined ${rpath[@]+"${rpath[@]}"} \
        "$folder"/*.swift "$stamp_folder/GoodsDeskBuildStamp.swift" ${extra[@]+"${extra[@]}"} -o "$output/lib$library.so"
    cp "${manifests[0]}" "$output/"
    # A plugin with a catalogue of its own (`Gettext-Domain=` in its manifest, po/*.po in its
    # folder) ships it beside its manifest, in locale/<language>/LC_MESSAGES/<domain>.mo, where the
    # loader binds its domain. (Installed by meson, the catalogues go to share/locale instead.)
    domain=$(sed -n 's/^Gettext-Domain=//p' "${manifests[0]}")
    if [ -n "$domain" ] && [ -d "$folder/po" ]; then
        ./meson-helpers/compile-translations.sh "$output/locale" "$folder/po" "$domain"
    fi
done
# Plugins and their folder must not be writable by others, or the app refuses them; nor may the
# folders and catalogues under locale/.
chmod go-w "$output" "$output"/*
if [ -d "$output/locale" ]; then chmod -R go-w "$output/locale"; fi
