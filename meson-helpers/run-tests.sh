#!/usr/bin/env bash
# Sets up what the tests need, builds everything, and runs every test. The README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."

./meson-helpers/setup-deps.sh
swift build --build-tests
swift test
# Release mode too: the optimiser releases values early, which debug builds never show.
swift test -c release
# The benchmark must keep building and running (its numbers are read by `swift run -c release reactive-bench`).
swift run -c release reactive-bench --quick
