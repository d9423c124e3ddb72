#!/usr/bin/env bash
# After changing user-visible text: extracts the marked strings (po/POTFILES) and merges them
# into every po/<language>.po; then translate what msgmerge marks new or fuzzy.
set -euo pipefail
cd "$(dirname "$0")/.."
template=$(mktemp --suffix=.pot)
trap 'rm -f "$template"' EXIT
./meson-helpers/extract-strings.sh "$template"
for language in $(cat po/LINGUAS); do
    msgmerge --quiet --update --no-wrap --backup=none "po/$language.po" "$template"
done
