#!/usr/bin/env bash
# After changing user-visible text: extracts the marked strings of every catalogue (the app's
# po/POTFILES and each plugin's plugins/<name>/po/POTFILES, meson-helpers/po-folders.sh) and
# merges them into every <folder>/<language>.po; then translate what msgmerge marks new or fuzzy.
set -euo pipefail
cd "$(dirname "$0")/.."
template=$(mktemp --suffix=.pot)
trap 'rm -f "$template"' EXIT
./meson-helpers/po-folders.sh | while read -r folder domain; do
    ./meson-helpers/extract-strings.sh "$template" "$folder" "$domain"
    for language in $(cat "$folder/LINGUAS"); do
        msgmerge --quiet --update --no-wrap --backup=none "$folder/$language.po" "$template"
    done
done
