#!/usr/bin/env bash
# Compiles every catalogue (meson-helpers/po-folders.sh: the app's po/*.po, each plugin's
# plugins/<name>/po/*.po) into OUTPUT/<language>/LC_MESSAGES/<domain>.mo (default .build/locale),
# where the uninstalled app finds them, and binds a plugin's domain to when the plugin ships none
# of its own. With a po folder and its domain, compiles that one only (build-plugins.sh does, for
# the locale/ folder it puts beside a plugin). `meson install` compiles and installs them on its own.
#   compile-translations.sh [OUTPUT [PO_FOLDER DOMAIN]]
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/locale}
compile() {
    for po in "$1"/*.po; do
        language=$(basename "$po" .po)
        mkdir -p "$output/$language/LC_MESSAGES"
        msgfmt --check -o "$output/$language/LC_MESSAGES/$2.mo" "$po"
    done
}
if [ $# -ge 3 ]; then
    compile "$2" "$3"
else
    ./meson-helpers/po-folders.sh | while read -r folder domain; do compile "$folder" "$domain"; done
fi
