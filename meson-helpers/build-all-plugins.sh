#!/usr/bin/env bash
# Builds every plugin the tests load, for one configuration (debug or release): the example
# plugins, the README's plugin and its tutorial ("Your first screen"), and the broken fixtures the
# loader's tests need. Plugins carry the build identifier of the layers they were built against, so
# rebuild them after changing one.
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:-debug}
./meson-helpers/build-plugins.sh "$config"
./meson-helpers/build-readme-plugin.sh "$config"
./meson-helpers/build-tutorial-plugin.sh "$config"
for fixture in Tests/PluginFixtures/*/; do
    ./meson-helpers/build-plugins.sh "$config" "$(swift build -c "$config" --show-bin-path)/plugin-fixtures/$(basename "$fixture")" "$fixture"
done
