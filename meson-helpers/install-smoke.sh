#!/usr/bin/env bash
# Installs GoodsDesk with meson into a temporary prefix, validates what it installs (meson test:
# desktop-file-validate, appstreamcli validate --no-net, glib-compile-schemas --strict --dry-run),
# moves the prefix elsewhere (the app must find its data, schema, translations and plugins from
# where it is, never from the checkout), and drives the installed binary through the UI smoke
# scenarios. Run under a display and a D-Bus session (the test command does).
set -euo pipefail
cd "$(dirname "$0")/.."
artifacts=${1:-.build/ui-artifacts/installed}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
meson setup "$work/build" --prefix="$work/prefix" > "$work/setup.log" || { cat "$work/setup.log"; exit 1; }
meson compile -C "$work/build"
meson test -C "$work/build" --print-errorlogs
meson install -C "$work/build" --quiet
for expected in bin/goodsdesk lib/goodsdesk/plugins/libgoods-detail.so lib/goodsdesk/plugins/mhdemo.plugin \
    lib/goodsdesk/plugins/libweb.so lib/goodsdesk/plugins/web.plugin share/goodsdesk/dataset/web/banner-1.html \
    share/goodsdesk/dataset/banners.json \
    share/applications/io.github.goodsdesk.GoodsDesk.desktop share/metainfo/io.github.goodsdesk.GoodsDesk.metainfo.xml \
    share/icons/hicolor/scalable/apps/io.github.goodsdesk.GoodsDesk.svg \
    share/icons/hicolor/symbolic/apps/io.github.goodsdesk.GoodsDesk-symbolic.svg \
    share/glib-2.0/schemas/gschemas.compiled share/locale/en/LC_MESSAGES/goodsdesk.mo \
    share/locale/en/LC_MESSAGES/goodsdesk-detail.mo share/locale/en/LC_MESSAGES/goodsdesk-web.mo; do
    [ -e "$work/prefix/$expected" ] || { echo "install-smoke: meson install did not install $expected" >&2; exit 1; }
done
mv "$work/prefix" "$work/moved"
# One version everywhere: the program, meson's project and the metainfo's latest release.
version=$(sed -n "s/^  version: '\(.*\)',$/\1/p" meson.build)
[ "$("$work/moved/bin/goodsdesk" --version)" = "goodsdesk $version" ] \
    || { echo "install-smoke: goodsdesk --version is not meson.build's $version" >&2; exit 1; }
grep -q "<release version=\"$version\"" "$work/moved/share/metainfo/io.github.goodsdesk.GoodsDesk.metainfo.xml" \
    || { echo "install-smoke: the metainfo has no release $version" >&2; exit 1; }
for language in zh_CN en; do
    GOODSDESK_UI_SUITE=installed GOODSDESK_UI_LANGUAGE=$language GOODSDESK_UI_LOCALE_DIR="$work/moved/share/locale" \
        /usr/bin/python3 Tests/UI/run.py "$work/moved/bin/goodsdesk" "$artifacts/$language"
done
