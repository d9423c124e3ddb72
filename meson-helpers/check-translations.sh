#!/usr/bin/env bash
# Fails when a translation is missing or stale, in every catalogue (meson-helpers/po-folders.sh:
# the app's po, each plugin's plugins/<name>/po): every string its POTFILES marks for translation
# must be translated in every language of its LINGUAS, with its {0}-style placeholders kept; and
# every file that marks strings (tr/_ in code, translatable="yes" in *.ui) must be listed in its
# catalogue's POTFILES — a plugin's own when the plugin has a po folder, else the app's — and in
# no other.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
# The po folder a file's strings belong to.
catalogue_of() {
    case $1 in
        plugins/*/*)
            local own
            own=plugins/$(echo "$1" | cut -d/ -f2)/po
            if [ -f "$own/POTFILES" ]; then echo "$own"; return; fi ;;
    esac
    echo po
}
catalogues=$(./meson-helpers/po-folders.sh)
marking=$( { grep -rlE '\btr\("|\b_\("' Sources plugins --include=*.swift --include=*.c | grep -v '^Sources/Localization/';
             grep -rlE 'translatable="(yes|true|1)"' data/ui plugins --include=*.ui || true; } | sort)
for file in $marking; do
    folder=$(catalogue_of "$file")
    if ! grep -qxF "$file" "$folder/POTFILES"; then
        echo "check-translations: $file marks strings but is missing from $folder/POTFILES" >&2
        status=1
    fi
done
while read -r folder domain; do
    for listed in $(cat "$folder/POTFILES"); do
        owner=$(catalogue_of "$listed")
        if [ "$owner" != "$folder" ]; then
            echo "check-translations: $folder/POTFILES lists $listed, whose strings belong to $owner ($domain is the wrong domain for them)" >&2
            status=1
        fi
    done
done <<< "$catalogues"
template=$(mktemp --suffix=.pot)
trap 'rm -f "$template"' EXIT
while read -r folder domain; do
    ./meson-helpers/extract-strings.sh "$template" "$folder" "$domain"
    for language in $(cat "$folder/LINGUAS"); do
        po=$folder/$language.po
        if ! msgcmp "$po" "$template" 2>/tmp/msgcmp.$$; then
            echo "check-translations: $po lacks strings the sources use (run meson-helpers/update-translations.sh):" >&2
            cat /tmp/msgcmp.$$ >&2
            status=1
        fi
        rm -f /tmp/msgcmp.$$
        statistics=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1)
        case $statistics in
            *untranslated*|*fuzzy*) echo "check-translations: $po: $statistics" >&2; status=1 ;;
        esac
        python3 - "$po" <<'PY' || status=1
import re, sys
entries = re.findall(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', open(sys.argv[1], encoding="utf-8").read(), re.M)
join = lambda block: "".join(eval(line) for line in block.strip().split("\n"))
bad = [join(i) for i, s in entries if sorted(re.findall(r"\{\d+\}", join(i))) != sorted(re.findall(r"\{\d+\}", join(s)))]
if bad:
    sys.exit(f"check-translations: {sys.argv[1]} changes the placeholders of {bad}")
PY
    done
done <<< "$catalogues"
exit $status
