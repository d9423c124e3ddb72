#!/usr/bin/env bash
# Writes the template of every string marked for translation in one catalogue to OUTPUT:
#   extract-strings.sh OUTPUT [PO_FOLDER [DOMAIN]]   (default: po, goodsdesk: the app's)
# The files are PO_FOLDER/POTFILES: `tr("…")` in Swift (read as C: xgettext has no Swift parser),
# `_("…")` in C, and the desktop file, metainfo, schema and GtkBuilder layouts (*.ui,
# translatable="yes", through gettext's gtk4builder.its from libgtk-4-dev) through their gettext
# rules. A plugin's folder (meson-helpers/po-folders.sh) gives its own domain. The one place
# these flags live for the scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
folder=${2:-po}
domain=${3:-goodsdesk}
xgettext --from-code=UTF-8 --keyword=tr --keyword=_ --add-comments=TRANSLATORS --package-name="$domain" \
    --msgid-bugs-address=https://github.com/goodsdesk/goodsdesk/issues --files-from="$folder/POTFILES" -o "$1" 2>/dev/null
