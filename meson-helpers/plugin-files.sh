#!/usr/bin/env bash
# The example plugins' installed files, one a line: for every folder under plugins/ (the rule
# build-plugins.sh builds by), its library (lib<Module>.so, Module= of its manifest) and its
# manifest. The one plugin list: meson.build's outputs, build-swift.sh's copies and
# install-smoke.sh's checks all come from here. (Add a plugin folder: re-run `meson setup --reconfigure`.)
#   plugin-files.sh          the installed files
#   plugin-files.sh --po     the plugins' catalogue folders (plugins/<name>/po), for meson's subdir()
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--po" ]; then
    for folder in plugins/*/po/; do [ -f "$folder/meson.build" ] && echo "${folder%/}"; done
    exit 0
fi
for folder in plugins/*/; do
    manifests=("$folder"*.plugin)
    [ -f "${manifests[0]}" ] || { echo "plugin-files.sh: no .plugin manifest in $folder" >&2; exit 1; }
    library=$(sed -n 's/^Module=//p' "${manifests[0]}")
    case $library in ''|*[!A-Za-z0-9._-]*) echo "plugin-files.sh: ${manifests[0]}: Module '$library' cannot name a library" >&2; exit 1 ;; esac
    echo "lib$library.so"
    basename "${manifests[0]}"
done
