#!/usr/bin/env bash
# Lists every translation catalogue of the tree as "FOLDER DOMAIN" lines: the app's (po,
# goodsdesk), then each plugin's own (plugins/<name>/po, the Gettext-Domain of its manifest).
# A plugin without a po folder or a Gettext-Domain translates through the app's catalogue. The
# translation scripts loop over this list; meson lists the same folders with subdir().
set -euo pipefail
cd "$(dirname "$0")/.."
echo "po goodsdesk"
for folder in plugins/*/po; do
    [ -d "$folder" ] || continue
    domain=$(sed -n 's/^Gettext-Domain=//p' "$(dirname "$folder")"/*.plugin 2>/dev/null | head -n 1)
    [ -n "$domain" ] || { echo "po-folders.sh: $folder has no Gettext-Domain in its plugin's manifest" >&2; exit 1; }
    echo "$folder $domain"
done
