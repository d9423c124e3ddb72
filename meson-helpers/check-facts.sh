#!/usr/bin/env bash
# meson test "one version, one id": the facts the metadata files must repeat (they are read by
# desktops and software centres as they are) agree with VERSION and APP_ID, the one source
# meson's project() and the Swift side (Plugins/ProjectFacts) read.
#   check-facts.sh VERSION APP_ID METAINFO DESKTOP_FILE GSCHEMA
set -euo pipefail
version=$1 id=$2 metainfo=$3 desktop=$4 schema=$5
failed=0
fail() { echo "check-facts: $*" >&2; failed=1; }
# The latest release is the first <release> (AppStream lists them newest first).
latest=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "$metainfo" | head -n 1)
[ "$latest" = "$version" ] || fail "$metainfo: the latest <release> is '$latest', VERSION is '$version' (add a <release> for it)"
grep -q "<id>$id</id>" "$metainfo" || fail "$metainfo: <id> is not $id"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$metainfo" || fail "$metainfo: the launchable is not $id.desktop"
grep -qx "Icon=$id" "$desktop" || fail "$desktop: Icon is not $id"
path="/$(echo "$id" | tr . /)/"
grep -q "<schema id=\"$id\" path=\"$path\">" "$schema" || fail "$schema: the schema is not $id at $path"
exit $failed
