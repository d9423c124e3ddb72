#!/usr/bin/env bash
# Sets up what the tests need, builds everything, and runs every test. The README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."

./meson-helpers/setup-deps.sh
swift build --build-tests
# The committed data set must be exactly what the deterministic generator writes.
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
swift run goodsdesk-data --output "$generated"
diff -r data/dataset "$generated" > /dev/null || { echo "data/dataset is not what goodsdesk-data writes: run 'swift run goodsdesk-data'" >&2; exit 1; }
swift test
# Release mode too: the optimiser releases values early, which debug builds never show.
swift test -c release
# The benchmark must keep building and running (its numbers are read by `swift run -c release reactive-bench`).
swift run -c release reactive-bench --quick
