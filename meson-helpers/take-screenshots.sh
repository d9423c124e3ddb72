#!/usr/bin/env bash
# Takes the README's screenshots (docs/screenshots) from the real app under Xvfb, driven
# through AT-SPI, in a throw-away home so nothing of yours is touched.
set -euo pipefail
cd "$(dirname "$0")/.."
./meson-helpers/setup-deps.sh
swift build --product goodsdesk
./meson-helpers/build-plugins.sh debug
glib-compile-schemas data/
out=${1:-docs/screenshots}
mkdir -p "$out"
# The seeds' Chinese whatever this machine's locale (C would read English).
export LANGUAGE=zh_CN GDK_BACKEND=x11 GSK_RENDERER=cairo GOODSDESK_LATENCY_MS=300 NO_AT_BRIDGE=0 GSETTINGS_BACKEND=keyfile
# shoot KIND WIDTH HEIGHT [ENV...]: a fresh home whose window is WIDTH×HEIGHT, on a screen that size.
shoot() {
  local kind=$1 width=$2 height=$3; shift 3
  local home; home=$(mktemp -d)
  mkdir -p "$home/config/glib-2.0/settings"
  printf '[io/github/goodsdesk/GoodsDesk]\nwindow-width=%s\nwindow-height=%s\n' "$width" "$height" \
    > "$home/config/glib-2.0/settings/keyfile"
  env XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" "$@" \
    xvfb-run -a -s "-screen 0 ${width}x${height}x24 -noreset" dbus-run-session -- bash -c '
      .build/debug/goodsdesk --plugin-dir "$PWD/.build/debug/plugins" > /dev/null 2>&1 &
      app=$!
      /usr/bin/python3 Tests/UI/screenshots.py "$0" "$1"; status=$?
      kill $app 2>/dev/null; wait $app 2>/dev/null
      exit $status' "$out" "$kind"
  rm -rf "$home"
}
shoot narrow 420 720
shoot wide 1280 800
shoot dark 1280 800 ADW_DEBUG_COLOR_SCHEME=prefer-dark
# The start screen, importing a first start's large data set (the style sheets are in the binary).
big=$(mktemp -d)
trap 'rm -rf "$big"' EXIT
swift run goodsdesk-data --count 300000 --output "$big/dataset" > /dev/null
XDG_DATA_HOME="$big/home" GOODSDESK_DATA_DIR="$big/dataset" xvfb-run -a -s "-screen 0 420x720x24" bash -c '
  .build/debug/goodsdesk > /dev/null 2>&1 &
  app=$!
  sleep 4
  import -window root "'"$out"'/start.png"
  kill $app; wait $app 2>/dev/null
  exit 0'
# Small PNGs for the repository.
for shot in "$out"/*.png; do convert "$shot" -strip -colors 128 "$shot"; done
echo "screenshots in $out"
