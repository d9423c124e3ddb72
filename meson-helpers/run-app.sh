#!/usr/bin/env bash
# Sets up what the app needs, builds it and runs it. The README's run command.
set -euo pipefail
cd "$(dirname "$0")/.."

./meson-helpers/setup-deps.sh
exec swift run goodsdesk "$@"
