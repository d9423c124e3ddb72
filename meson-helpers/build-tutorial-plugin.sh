#!/usr/bin/env bash
# Builds the README's tutorial ("### Your first screen") from the README itself, into OUTPUT
# (default .build/<config>/tutorial-plugin), so a test and a UI scenario can load it: the
# tutorial must keep working as written, and keep its promise of size, which this prints and
# enforces (the counting rule the README states: non-blank lines of the Swift block, comments
# included; no raw gtk_ call and no MainActor.assumeIsolated in it).
#
#   build-tutorial-plugin.sh [debug|release] [OUTPUT]
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:-debug}
output=${2:-$(swift build -c "$config" --show-bin-path)/tutorial-plugin}
max_lines=40
source=$(mktemp -d)
trap 'rm -rf "$source"' EXIT
# The section's one ini, one swift and one xml block become <Module>.plugin, <Module>Plugin.swift
# and the .ui file the section names first (`echo.ui`, whose typed layout the Swift uses).
python3 - "$source" <<'PY'
import re, sys, textwrap
readme = open("README.md", encoding="utf-8").read()
heading = "### Your first screen"
if heading not in readme:
    sys.exit(f"build-tutorial-plugin: README.md has no section {heading!r}")
section = readme[readme.index(heading) + len(heading):]
end = re.search(r"^#{2,3} ", section, re.M)
section = section[:end.start()] if end else section
blocks = {}
for language in ("ini", "swift", "xml"):
    found = re.findall(rf"^[ \t]*```{language}\n(.*?)^[ \t]*```", section, re.S | re.M)
    if len(found) != 1:
        sys.exit(f"build-tutorial-plugin: the README's tutorial has {len(found)} ```{language} blocks, not one")
    blocks[language] = textwrap.dedent(found[0])
module = re.search(r"^Module=(\S+)$", blocks["ini"], re.M)
layout = re.search(r'`([A-Za-z0-9_-]+\.ui)`', section)
if not module or not layout:
    sys.exit("build-tutorial-plugin: the tutorial's manifest names no Module=, or its text names no `….ui` file")
camel = re.sub(r"(?:^|[-_.])([a-z])", lambda m: m.group(1).upper(), module.group(1))
files = {f"{module.group(1)}.plugin": "ini", f"{camel}Plugin.swift": "swift", layout.group(1): "xml"}
for name, language in files.items():
    open(f"{sys.argv[1]}/{name}", "w", encoding="utf-8").write(blocks[language])
PY
swift_file=$(echo "$source"/*.swift)
ui_file=$(echo "$source"/*.ui)
lines=$(grep -c '[^[:space:]]' "$swift_file" || true)
ui_lines=$(grep -c '[^[:space:]]' "$ui_file" || true)
gtk_calls=$(grep -o 'gtk_' "$swift_file" | wc -l || true)
assumptions=$(grep -o 'MainActor.assumeIsolated' "$swift_file" | wc -l || true)
echo "tutorial: $lines lines of Swift (≤ $max_lines), $(basename "$ui_file") $ui_lines lines, $gtk_calls gtk_ calls, $assumptions MainActor.assumeIsolated"
if (( lines > max_lines || gtk_calls > 0 || assumptions > 0 )); then
    echo "build-tutorial-plugin: the README's tutorial broke its promise: at most $max_lines lines of Swift, no gtk_ call, no MainActor.assumeIsolated" >&2
    exit 1
fi
./meson-helpers/build-plugins.sh "$config" "$output" "$source"
