#!/usr/bin/env bash
# Measures GoodsDesk's memory (RSS and what it is made of) and its CPU per screen of scrolling,
# driving the release build through the UI harness under a display and D-Bus session of its own.
#
#   measure-memory.sh [BIG_DATA_DIR|-]
#
# Prints RSS at the login screen, with the first page, after paging through the app's 400 goods,
# and, on a 100,000-goods set (BIG_DATA_DIR, default /tmp/big, written when missing; `-` skips
# it), after 100 and after 200 pages; then CPU ms per screen of Page Down. Every run uses a
# throw-away home. GOODSDESK_MEASURE_SCREEN sets the Xvfb screen (default 480x800x24, the UI
# tests'); GSK_RENDERER is cairo (the tests') unless set.
# GOODSDESK_MEASURE_BINARY measures another build (say, of an older commit); GOODSDESK_MEASURE_TRIM=1
# also calls malloc_trim(0) in the app through gdb after the 400 goods, to see what glibc keeps.
set -euo pipefail
cd "$(dirname "$0")/.."

big=${1:-/tmp/big}
swift build -c release --product goodsdesk >&2
swift build -c release --product goodsdesk-data >&2
bin=$(swift build -c release --show-bin-path)
if [ "$big" != - ] && [ ! -f "$big/pages/page-200.json" ]; then
    "$bin/goodsdesk-data" --count 100000 --output "$big" >&2
fi
./meson-helpers/compile-translations.sh >/dev/null 2>&1 || true

# GSK_RENDERER=default measures the renderer GTK picks by itself.
exec xvfb-run -a -s "-screen 0 ${GOODSDESK_MEASURE_SCREEN:-480x800x24} -noreset" \
    dbus-run-session -- /usr/bin/python3 meson-helpers/measure-memory.py "${GOODSDESK_MEASURE_BINARY:-$bin/goodsdesk}" "$big"
