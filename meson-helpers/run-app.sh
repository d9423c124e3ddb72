#!/usr/bin/env bash
# Sets up what the app needs, builds it and runs it. The README's run command.
set -euo pipefail
cd "$(dirname "$0")/.."

./meson-helpers/setup-deps.sh
# The settings schema, compiled beside its source so the uninstalled app finds it.
glib-compile-schemas data/
# The translations, compiled where the uninstalled app finds them (.build/locale).
./meson-helpers/compile-translations.sh
swift build --product goodsdesk
# The example plugins (the goods detail page, the mhdemo data source), loaded at run time.
./meson-helpers/build-plugins.sh debug
exec "$(swift build --show-bin-path)/goodsdesk" --plugin-dir "$(swift build --show-bin-path)/plugins" "$@"
