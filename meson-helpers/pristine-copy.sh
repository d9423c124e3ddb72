#!/usr/bin/env bash
# Copies the tree as the developer has it (tracked and new files, not ignored ones) into DEST and
# commits it there in a repository of its own, so a build from DEST starts clean and anything it
# writes into its source shows in `git status`.
#   pristine-copy.sh DEST
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:?pristine-copy.sh DEST}
mkdir -p "$dest"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] || [ -L "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$dest"
git -C "$dest" init -q
git -C "$dest" add -A
git -C "$dest" -c user.name=pristine-copy -c user.email=pristine-copy@localhost -c commit.gpgsign=false commit -qm pristine
