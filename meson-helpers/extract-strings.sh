#!/usr/bin/env bash
# Writes the template of every string marked for translation (po/POTFILES) to OUTPUT: `tr("…")`
# in Swift (read as C: xgettext has no Swift parser), `_("…")` in C, and the desktop file,
# metainfo, schema and GtkBuilder layouts (data/ui/*.ui, translatable="yes", through gettext's
# gtk4builder.its from libgtk-4-dev) through their gettext rules. The one place these flags live for the scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
xgettext --from-code=UTF-8 --keyword=tr --keyword=_ --add-comments=TRANSLATORS --package-name=goodsdesk \
    --msgid-bugs-address=https://github.com/goodsdesk/goodsdesk/issues --files-from=po/POTFILES -o "$1" 2>/dev/null
