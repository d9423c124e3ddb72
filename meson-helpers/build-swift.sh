#!/usr/bin/env bash
# meson's build step: builds goodsdesk with SwiftPM in release mode, and the example plugins
# against it, and copies them into OUTPUT (meson's build folder) for `meson install`.
set -euo pipefail
output=$(realpath "$1")
cd "$(dirname "$0")/.."
swift build -c release --product goodsdesk
bin=$(swift build -c release --show-bin-path)
./meson-helpers/build-plugins.sh release "$bin/plugins"
cp "$bin/goodsdesk" "$output/goodsdesk"
for file in libgoods-detail.so goods-detail.plugin libmhdemo.so mhdemo.plugin libweb.so web.plugin; do
    cp "$bin/plugins/$file" "$output/$file"
done
