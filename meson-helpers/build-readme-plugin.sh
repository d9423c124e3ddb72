#!/usr/bin/env bash
# Builds the plugin the README's "Write a plugin" section walks through, from the README itself,
# into OUTPUT (default .build/<config>/readme-plugin), so a test can load it: the README's
# example must keep working as written.
#
#   build-readme-plugin.sh [debug|release] [OUTPUT]
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:-debug}
output=${2:-$(swift build -c "$config" --show-bin-path)/readme-plugin}
source=$(mktemp -d)
trap 'rm -rf "$source"' EXIT
python3 - "$source" <<'PY'
import re, sys, textwrap
readme = open("README.md", encoding="utf-8").read()
section = readme[readme.index("### A complete external plugin, step by step"):]
manifest = re.search(r"```ini\n(.*?)```", section, re.S)
code = re.search(r"```swift\n(.*?)```", section, re.S)
if not manifest or not code:
    sys.exit("build-readme-plugin: the README's plugin section lost its ini or swift block")
open(f"{sys.argv[1]}/hello.plugin", "w", encoding="utf-8").write(textwrap.dedent(manifest.group(1)))
open(f"{sys.argv[1]}/HelloPlugin.swift", "w", encoding="utf-8").write(textwrap.dedent(code.group(1)))
PY
./meson-helpers/build-plugins.sh "$config" "$output" "$source"
