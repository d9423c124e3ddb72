#!/usr/bin/env bash
# Builds GoodsDesk with meson from a pristine copy of the tree (the source tree must stay clean:
# nothing written into it, `git status --porcelain --ignored` empty afterwards), installs it into
# a temporary prefix with Debian's libdir (lib/x86_64-linux-gnu), validates what it installs
# (meson test: desktop-file-validate, appstreamcli validate --no-net, glib-compile-schemas
# --strict --dry-run, the version and id against VERSION and APP_ID), checks that the Swift
# runtime is installed with it and that no RUNPATH points into the toolchain, moves the prefix
# elsewhere (the app must find its data, schema, translations and plugins from where it is, never
# from the checkout), and drives the installed binary through the UI smoke scenarios in both
# languages with the Swift toolchain hidden (an empty tmpfs over its folder, in a private mount
# namespace: needs root or user namespaces; fails, never skips, where it cannot). One meson
# build serves every check of the prefix; before the move, a private session bus starts the app
# by D-Bus activation from its installed service file. Then the Debian packages
# (meson-helpers/build-deb.sh: dpkg-buildpackage and lintian) are built, their dependencies
# checked installable, and their files, unpacked into a scratch root, run the same scenarios
# without the toolchain. Run under a display and a D-Bus session (the test command does).
#   install-smoke.sh [ARTIFACTS]   GOODSDESK_INSTALL_BUILDTYPE=debug for a quicker debug build
set -euo pipefail
cd "$(dirname "$0")/.."
tree=$PWD
artifacts=$(realpath -m "${1:-.build/ui-artifacts/installed}")
buildtype=${GOODSDESK_INSTALL_BUILDTYPE:-release}
libdir=lib/x86_64-linux-gnu
app_id=$(head -n 1 APP_ID)
version=$(head -n 1 VERSION)
fail() { echo "install-smoke: $*" >&2; exit 1; }

# The Swift toolchain's folder, to hide: /opt/swift for /opt/swift/usr/bin/swift (→ swift-driver).
swift=$(realpath "$(command -v swift)")
toolchain=${swift%/usr/bin/*}
case $toolchain in /|/usr|/usr/*|"$swift") fail "the toolchain ($swift) is not in a folder of its own that can be hidden" ;; esac
unshare --mount --propagation private true \
    || fail "unshare --mount is not permitted here (run as root, or allow user namespaces): the toolchain-free run cannot be done"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The pristine copy: anything the build writes into its source shows in git status.
./meson-helpers/pristine-copy.sh "$work/src"

# SwiftPM builds in a scratch folder of its own, outside both meson build folders: the Debian
# package below is built from this same copy and reuses it, so the Swift code is compiled once.
meson setup "$work/build" "$work/src" --prefix="$work/prefix" --buildtype="$buildtype" --libdir="$libdir" -Dswiftpm_scratch="$work/swiftpm" \
    > "$work/setup.log" || { cat "$work/setup.log"; exit 1; }
meson compile -C "$work/build"
meson test -C "$work/build" --print-errorlogs
meson install -C "$work/build" --quiet
written=$(git -C "$work/src" status --porcelain --ignored)
[ -z "$written" ] || fail "meson setup, compile, test and install wrote into the source tree:"$'\n'"$written"

prefix=$work/prefix
pkglib=$libdir/goodsdesk
expected=(bin/goodsdesk share/goodsdesk/dataset/web/banner-1.html share/goodsdesk/dataset/banners.json
    "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml"
    "share/icons/hicolor/scalable/apps/$app_id.svg" "share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
    share/glib-2.0/schemas/gschemas.compiled share/locale/en/LC_MESSAGES/goodsdesk.mo
    share/locale/en/LC_MESSAGES/goodsdesk-detail.mo share/locale/en/LC_MESSAGES/goodsdesk-web.mo
    "$pkglib/libswiftCore.so" "$pkglib/libFoundation.so"
    "share/dbus-1/services/$app_id.service" share/man/man1/goodsdesk.1 share/bash-completion/completions/goodsdesk)
for file in $(./meson-helpers/plugin-files.sh); do expected+=("$pkglib/plugins/$file"); done
for file in "${expected[@]}"; do
    [ -e "$prefix/$file" ] || fail "meson install did not install $file"
done
[ ! -e "$prefix/lib/goodsdesk" ] || fail "meson install used lib/goodsdesk, not the libdir $libdir"
# Only what is linked: nothing of the toolchain's test libraries.
for unneeded in libXCTest.so libTesting.so libFoundationXML.so; do
    [ ! -e "$prefix/$pkglib/$unneeded" ] || fail "$unneeded is installed, but nothing links it"
done
# No RUNPATH into the toolchain: the program's and the plugins' are $ORIGIN-relative.
elves=("$prefix/bin/goodsdesk" "$prefix/$pkglib"/*.so "$prefix/$pkglib"/plugins/*.so)
for elf in "${elves[@]}"; do
    runpath=$(readelf -d "$elf" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p')
    case $runpath in *"$toolchain"*) fail "${elf#"$prefix/"} has RUNPATH $runpath, into the toolchain" ;; esac
done
[ "$(readelf -d "$prefix/bin/goodsdesk" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')" = "\$ORIGIN/../$pkglib" ] \
    || fail "bin/goodsdesk's RUNPATH is not \$ORIGIN/../$pkglib"
for plugin in "$prefix/$pkglib"/plugins/*.so; do
    [ "$(readelf -d "$plugin" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')" = "\$ORIGIN/.." ] \
        || fail "${plugin#"$prefix/"}'s RUNPATH is not \$ORIGIN/.."
done

# D-Bus activation, as a desktop launches a DBusActivatable app: a session bus that knows the
# prefix's services starts GoodsDesk (--gapplication-service) when asked to Activate it, and its
# app.quit action ends it. (Before the move: the service file names the installed program.)
object_path=/$(tr . / <<< "$app_id")
mkdir -p "$work/activation-home"
XDG_DATA_DIRS="$prefix/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" XDG_DATA_HOME="$work/activation-home" \
    XDG_CONFIG_HOME="$work/activation-home" XDG_CACHE_HOME="$work/activation-home" XDG_STATE_HOME="$work/activation-home" \
    dbus-run-session -- bash -euo pipefail -c '
    id=$1 path=$2
    fail() { echo "install-smoke (D-Bus activation): $*" >&2; exit 1; }
    owned() { gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner "$id" | grep -q true; }
    ! owned || fail "$id runs before it is activated"
    gdbus call --session --dest "$id" --object-path "$path" --method org.freedesktop.Application.Activate "{}" > /dev/null \
        || fail "Activate on $id did not start GoodsDesk"
    owned || fail "$id is not on the bus after Activate"
    gdbus call --session --dest "$id" --object-path "$path" --method org.freedesktop.Application.ActivateAction quit "[]" "{}" > /dev/null
    for _ in $(seq 100); do owned || exit 0; sleep 0.1; done
    fail "GoodsDesk did not quit on app.quit"
' activation "$app_id" "$object_path"
echo "install-smoke: D-Bus activation starts GoodsDesk from its service file"

mv "$prefix" "$work/moved"
moved=$work/moved
# One version everywhere: the program and VERSION (meson test checked the metainfo).
[ "$("$moved/bin/goodsdesk" --version)" = "goodsdesk $version" ] || fail "goodsdesk --version is not VERSION's $version"

# With the toolchain out of reach: every library resolves (into the prefix), and the smoke
# scenarios (login, the goods list, a detail page from the installed plugins) run in both languages.
#   run_without_toolchain PREFIX LIBDIR ARTIFACTS
run_without_toolchain() {
    INSTALL_SMOKE_TOOLCHAIN=$toolchain INSTALL_SMOKE_PREFIX=$1 INSTALL_SMOKE_LIBDIR=$2 INSTALL_SMOKE_ARTIFACTS=$3 \
    unshare --mount --propagation private -- bash -euo pipefail -c '
        fail() { echo "install-smoke (toolchain hidden): $*" >&2; exit 1; }
        mount -t tmpfs tmpfs "$INSTALL_SMOKE_TOOLCHAIN"
        [ -z "$(ls -A "$INSTALL_SMOKE_TOOLCHAIN")" ] || fail "$INSTALL_SMOKE_TOOLCHAIN is still visible"
        ! command -v swift > /dev/null || fail "swift is still on PATH: $(command -v swift)"
        for elf in "$INSTALL_SMOKE_PREFIX/bin/goodsdesk" "$INSTALL_SMOKE_PREFIX/$INSTALL_SMOKE_LIBDIR"/plugins/*.so; do
            libraries=$(ldd "$elf")
            ! grep -q "not found" <<< "$libraries" || fail "ldd ${elf#"$INSTALL_SMOKE_PREFIX/"}: $(grep "not found" <<< "$libraries")"
            core=$(sed -n "s/^\s*libswiftCore\.so => \(.*\) (0x.*/\1/p" <<< "$libraries")
            [ -n "$core" ] && [ "$(realpath "$core")" = "$(realpath "$INSTALL_SMOKE_PREFIX/$INSTALL_SMOKE_LIBDIR/libswiftCore.so")" ] \
                || fail "${elf#"$INSTALL_SMOKE_PREFIX/"} does not find libswiftCore.so in the prefix but at ${core:-nowhere}"
        done
        echo "install-smoke: $INSTALL_SMOKE_PREFIX: the app and plugins resolve every library without the toolchain"
        "$INSTALL_SMOKE_PREFIX/bin/goodsdesk" --version > /dev/null || fail "goodsdesk --version does not run"
        for language in zh_CN en; do
            GOODSDESK_UI_SUITE=installed GOODSDESK_UI_LANGUAGE=$language GOODSDESK_UI_LOCALE_DIR="$INSTALL_SMOKE_PREFIX/share/locale" \
                /usr/bin/python3 Tests/UI/run.py "$INSTALL_SMOKE_PREFIX/bin/goodsdesk" "$INSTALL_SMOKE_ARTIFACTS/$language"
        done
    '
}
run_without_toolchain "$moved" "$pkglib" "$artifacts/prefix"

# The Debian packages (debian/, built by dpkg-buildpackage and checked by lintian): what they
# depend on can be installed here, and their files, unpacked into a scratch root, run the same
# smoke scenarios without the toolchain.
# From the pristine copy built above (found clean after it was installed), with its Swift build.
GOODSDESK_SWIFT_SCRATCH=$work/swiftpm ./meson-helpers/build-deb.sh "$work/deb" "$work/src"
apt-get install --simulate --no-install-recommends "$work"/deb/*.deb > "$work/apt.log" 2>&1 \
    || { cat "$work/apt.log" >&2; fail "the packages' dependencies cannot be installed"; }
for deb in "$work"/deb/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
[ -x "$work/root/usr/bin/goodsdesk" ] || fail "the goodsdesk package has no usr/bin/goodsdesk"
[ -e "$work/root/usr/$pkglib/plugins/libweb.so" ] || fail "the web plugin's package has no $pkglib/plugins/libweb.so"
run_without_toolchain "$work/root/usr" "$pkglib" "$artifacts/deb"
echo "install-smoke: installed ($buildtype, libdir $libdir): $(du -sh "$moved" | cut -f1) in all, of which the Swift runtime $(du -ch "$moved/$pkglib"/*.so | tail -n 1 | cut -f1)"
