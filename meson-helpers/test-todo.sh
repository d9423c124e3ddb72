#!/usr/bin/env bash
# The todo example (examples/todo), end to end: builds its package (the framework by path),
# runs its headless view-model tests, checks it uses the framework only (no app module, no raw
# GTK/GLib call, no C module, no MainActor.assumeIsolated, no unsafe flags or pkg-config helper
# in its Package.swift), holds its size to 300 lines (count-lines.py), compiles its catalogue,
# desktop file and metainfo, and drives it through AT-SPI in English and in Chinese.
#   meson-helpers/test-todo.sh [ARTIFACTS]     (default: /tmp/todo-ui-artifacts)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
example=$root/examples/todo
artifacts=${1:-/tmp/todo-ui-artifacts}
started=$SECONDS
phase() { echo "== $1 ($((SECONDS - started)) s so far)"; }
fail() { echo "test-todo: $*" >&2; exit 1; }

phase "rules: the framework only"
sources=$example/Sources
if grep -rnE '^\s*(@\w+\s+)*import\s+(GoodsDomain|GoodsViewModels|GoodsUI|CGtk|GtkShim|CSoup|CIntl)\b' "$sources"; then
    fail "the example imports an app or C module"
fi
if grep -rnE '\b(gtk|g|gdk|adw)_[a-z_]+\s*\(' --include='*.swift' "$sources"; then fail "a raw GTK/GLib call"; fi
if grep -rn 'assumeIsolated' "$sources" "$example/Tests"; then fail "MainActor.assumeIsolated"; fi
if grep -v '^\s*//' "$example/Package.swift" | grep -nE 'unsafeFlags|pkgConfig|Process\('; then fail "unsafe flags or a pkg-config helper in Package.swift"; fi
if grep -rnE 'fatalError|try!' --include='*.swift' "$sources"; then fail "fatalError or try! in the example"; fi
/usr/bin/python3 "$root/meson-helpers/count-lines.py" examples/todo --max 300

phase "build"
# SwiftPM names a path dependency after its folder: in a checkout whose folder is itself called
# `todo`, the framework and the example are both `todo`, and SwiftPM cannot tell them apart. There
# the script builds a copy of the example (in the root's .build) that names the framework by its
# absolute path; elsewhere, the example itself.
package=$example
if [ "$(basename "$root" | tr '[:upper:]' '[:lower:]')" = todo ]; then
    package=$root/.build/todo-example
    mkdir -p "$package"
    find "$package" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
    cp -r "$example/Package.swift" "$example/Sources" "$example/Tests" "$example/po" "$example/data" "$package/"
    sed -i "s|path: \"../..\"|path: \"$root\"|" "$package/Package.swift"
fi
cd "$package"
log=$(mktemp)
swift build > "$log" 2>&1 || { grep -v 'prohibited flag' "$log" | tail -40; fail "the build failed"; }
bin=$(swift build --show-bin-path)
[ -x "$bin/goodsdesk-todo" ] || fail "no $bin/goodsdesk-todo"

phase "translations, desktop file, metainfo"
for language in $(cat po/LINGUAS); do
    mkdir -p "$bin/locale/$language/LC_MESSAGES"
    msgfmt --check -o "$bin/locale/$language/LC_MESSAGES/goodsdesk-todo.mo" "po/$language.po"
done
msgfmt --desktop -d po --template data/io.github.goodsdesk.Todo.desktop.in -o "$bin/io.github.goodsdesk.Todo.desktop"
msgfmt --xml -d po --template data/io.github.goodsdesk.Todo.metainfo.xml.in -o "$bin/io.github.goodsdesk.Todo.metainfo.xml"
grep -q '^Name\[zh_CN\]=待办事项' "$bin/io.github.goodsdesk.Todo.desktop" || fail "the desktop file has no Chinese name"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$bin/io.github.goodsdesk.Todo.desktop"; fi
if command -v appstreamcli >/dev/null; then appstreamcli validate --no-net --explain "$bin/io.github.goodsdesk.Todo.metainfo.xml" >/dev/null || \
    appstreamcli validate --no-net "$bin/io.github.goodsdesk.Todo.metainfo.xml"; fi

phase "headless view-model tests"
swift test > "$log" 2>&1 || { grep -v 'prohibited flag' "$log" | tail -60; fail "the view-model tests failed"; }
grep -E '^(✔|✘|􁁛|􀢄).*(Test run|Suite)|Test run with' "$log" | tail -12 || true
rm -f "$log"

phase "UI scenario (English, then Chinese)"
for language in en zh_CN; do
    TODO_UI_LANGUAGE=$language xvfb-run -a -s "-screen 0 1280x900x24 -noreset" dbus-run-session -- \
        env GDK_BACKEND=x11 GSK_RENDERER=cairo /usr/bin/python3 "$example/Tests/UI/todo_scenarios.py" "$bin/goodsdesk-todo" "$artifacts/$language"
done
phase "done"
echo "test-todo: passed in $((SECONDS - started)) s"
