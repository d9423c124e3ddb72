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
# build serves every check. Run under a display and a D-Bus session (the test command does).
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
# The pristine copy: the tree's files as the developer has them (tracked and new, not ignored),
# committed in a repository of their own, so that anything the build writes shows in git status.
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] || [ -L "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | { mkdir "$work/src"; tar -xf - -C "$work/src"; }
git -C "$work/src" init -q
git -C "$work/src" add -A
git -C "$work/src" -c user.name=install-smoke -c user.email=install-smoke@localhost -c commit.gpgsign=false commit -qm pristine

meson setup "$work/build" "$work/src" --prefix="$work/prefix" --buildtype="$buildtype" --libdir="$libdir" \
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
    "$pkglib/libswiftCore.so" "$pkglib/libFoundation.so")
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

mv "$prefix" "$work/moved"
moved=$work/moved
# One version everywhere: the program and VERSION (meson test checked the metainfo).
[ "$("$moved/bin/goodsdesk" --version)" = "goodsdesk $version" ] || fail "goodsdesk --version is not VERSION's $version"

# With the toolchain out of reach: every library resolves (into the prefix), and the smoke
# scenarios (login, the goods list, a detail page from the installed plugins) run in both languages.
export INSTALL_SMOKE_TOOLCHAIN=$toolchain INSTALL_SMOKE_PREFIX=$moved INSTALL_SMOKE_LIBDIR=$pkglib INSTALL_SMOKE_ARTIFACTS=$artifacts
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
    echo "install-smoke: the installed app and plugins resolve every library without the toolchain"
    "$INSTALL_SMOKE_PREFIX/bin/goodsdesk" --version > /dev/null || fail "goodsdesk --version does not run"
    for language in zh_CN en; do
        GOODSDESK_UI_SUITE=installed GOODSDESK_UI_LANGUAGE=$language GOODSDESK_UI_LOCALE_DIR="$INSTALL_SMOKE_PREFIX/share/locale" \
            /usr/bin/python3 Tests/UI/run.py "$INSTALL_SMOKE_PREFIX/bin/goodsdesk" "$INSTALL_SMOKE_ARTIFACTS/$language"
    done
'
echo "install-smoke: installed ($buildtype, libdir $libdir): $(du -sh "$moved" | cut -f1) in all, of which the Swift runtime $(du -ch "$moved/$pkglib"/*.so | tail -n 1 | cut -f1)"
