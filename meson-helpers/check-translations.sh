#!/usr/bin/env bash
# Fails when a translation is missing or stale: every string the sources mark for translation
# (po/POTFILES) must be translated in every language of po/LINGUAS, with its {0}-style
# placeholders kept, and every file that marks strings (tr/_ in code, translatable="yes" in
# data/ui/*.ui) must be listed in po/POTFILES.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
unlisted=$( { grep -rlE '\btr\("|\b_\("' Sources plugins --include=*.swift --include=*.c | grep -v '^Sources/Localization/';
              grep -rlE 'translatable="(yes|true|1)"' data/ui --include=*.ui || true; } | sort \
    | comm -23 - <(sort po/POTFILES) || true)
if [ -n "$unlisted" ]; then
    echo "check-translations: files marking strings but missing from po/POTFILES:" $unlisted >&2
    status=1
fi
template=$(mktemp --suffix=.pot)
trap 'rm -f "$template"' EXIT
./meson-helpers/extract-strings.sh "$template"
for language in $(cat po/LINGUAS); do
    po=po/$language.po
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
exit $status
