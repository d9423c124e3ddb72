#!/usr/bin/env bash
# Compiles po/*.po into OUTPUT/<language>/LC_MESSAGES/goodsdesk.mo (default .build/locale), where
# the uninstalled app finds them. `meson install` compiles and installs them on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/locale}
for po in po/*.po; do
    language=$(basename "$po" .po)
    mkdir -p "$output/$language/LC_MESSAGES"
    msgfmt --check -o "$output/$language/LC_MESSAGES/goodsdesk.mo" "$po"
done
