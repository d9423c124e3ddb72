#!/usr/bin/env bash
# Sets up what the tests need, builds everything, and runs every test. The README's test command.
#   run-tests.sh [--quick]   --quick: the debug build, its unit tests and the smoke UI scenarios,
#                            for the edit loop; CI and the README always run everything.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
case "${1:-}" in
    "") ;;
    --quick) quick=true ;;
    *) echo "run-tests.sh: unknown argument '$1' (usage: run-tests.sh [--quick])" >&2; exit 2 ;;
esac

# Each phase's wall-clock time goes to stderr, so a slow run says where its minutes went.
started=$SECONDS
phase() { echo "run-tests: [$(( (SECONDS - started) / 60 ))m$(( (SECONDS - started) % 60 ))s] $*" >&2; }

phase "system packages"
./meson-helpers/setup-deps.sh
# The layering rules (README "Architecture"): the pure layers never reach GTK, the framework never
# reaches the app, the app reaches GTK only through GtkReactive, and GtkShim builds no screen.
/usr/bin/python3 meson-helpers/check-layers.py
# One configuration per run, built once and shared by every step: release for the full run (what
# users run, and the optimiser releases values early, which a debug build never shows), debug
# for --quick (what the edit loop rebuilds fastest). The code has no debug-only path (no assert,
# no #if DEBUG), so the two test the same code.
config=release
$quick && config=debug
# Built programs are run from the build folder, never through `swift run`: one SwiftPM process
# less per program, and a SwiftPM crash (seen once in CI, in libdispatch) cannot fail a test run.
bin=.build/$config
phase "build ($config: the package with its tests, the plugins)"
# With testing enabled, as `swift test` builds (the tests' @testable imports need it; SwiftPM's
# `swift build` enables it by itself only in debug, where adding it would change the command
# lines and rebuild everything run-app.sh built): the tests then run on this build (--skip-build).
testing=()
[ "$config" = release ] && testing=(-Xswiftc -enable-testing)
swift build -c "$config" --build-tests ${testing[@]+"${testing[@]}"}
# The example plugins, and the broken ones the loader's tests need, as run-time libraries.
./meson-helpers/build-all-plugins.sh "$config"
glib-compile-schemas --strict data/
# Every marked string translated in every language; the catalogues compiled for the uninstalled app.
./meson-helpers/check-translations.sh
./meson-helpers/compile-translations.sh
# The code the README quotes (marked excerpts) is still the code the test command builds.
/usr/bin/python3 meson-helpers/check-doc-excerpts.py
# The manual page and the bash completion know every option and variable --help-all lists.
/usr/bin/python3 meson-helpers/check-man-page.py "$bin/goodsdesk"
# The committed data set must be exactly what the deterministic generator writes.
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
"$bin/goodsdesk-data" --output "$generated"
diff -r data/dataset "$generated" > /dev/null || { echo "data/dataset is not what goodsdesk-data writes: run 'swift run goodsdesk-data'" >&2; exit 1; }
# GTK tests need a display: everything runs under a private Xvfb server and D-Bus session.
export GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1
# The unit tests never reach the user's dconf: whichever test first touches GSettings, the
# process's default backend is the memory one (the stores under test keep their key files).
unit_env=(G_DEBUG=fatal-criticals GSETTINGS_BACKEND=memory)
# A GLib critical fails the unit tests as it fails the UI runs (GtkTestSupport's log writer
# aborts on one too, whatever G_DEBUG says).
phase "unit tests ($config)"
env "${unit_env[@]}" xvfb-run -a dbus-run-session -- swift test -c "$config" --skip-build
# End-to-end: the real app, driven through AT-SPI under Xvfb, one throw-away home per scenario,
# in the seeds' Chinese and in English; a screenshot per step goes to the artifacts folder.
# The two languages run at once, each on a display and a session bus of its own (the scenarios
# mostly wait on the app, so two share the machine's cores well); their reports follow in turn.
# --quick runs the smoke scenarios only (start, log in, the list, a plugin's detail page).
artifacts=${GOODSDESK_UI_ARTIFACTS:-.build/ui-artifacts}
rm -rf "$artifacts"
mkdir -p "$artifacts"
suite=all
$quick && suite=smoke
phase "UI scenarios ($suite, zh_CN and en side by side)"
ui_runs=()
display=90
for language in zh_CN en; do
    GOODSDESK_UI_SUITE=$suite GOODSDESK_UI_LANGUAGE=$language GOODSDESK_UI_PLUGINS=$bin/plugins GOODSDESK_UI_FIXTURES=$bin/plugin-fixtures GOODSDESK_UI_TUTORIAL=$bin/tutorial-plugin \
        xvfb-run -a -n "$display" -s "-screen 0 1280x900x24 -noreset" dbus-run-session -- \
        /usr/bin/python3 Tests/UI/run.py "$bin/goodsdesk" "$artifacts/$language" > "$artifacts/$language.log" 2>&1 &
    ui_runs+=("$!")
    display=$((display + 10))
done
ui_failed=0
for run in "${ui_runs[@]}"; do wait "$run" || ui_failed=1; done
cat "$artifacts/zh_CN.log" "$artifacts/en.log"
[ "$ui_failed" -eq 0 ] || { echo "run-tests: UI scenarios failed (reports above; screenshots in $artifacts)" >&2; exit 1; }
$quick && { phase "done (quick)"; exit 0; }
# The second app, on the framework alone: its package built by path, its rules (no app module, no
# raw C call, 300 lines), its view-model tests, its UI scenario in both languages.
phase "the todo example (examples/todo)"
./meson-helpers/test-todo.sh "$artifacts/todo"
# Installed like a GNOME app: one release meson build from a pristine copy of the tree (which must stay
# clean), installed into a temporary prefix with Debian's libdir, validated, moved, and smoke-tested with
# the Swift toolchain hidden (as root: unshare --mount).
phase "install smoke"
xvfb-run -a -s "-screen 0 1280x900x24 -noreset" dbus-run-session -- ./meson-helpers/install-smoke.sh "$artifacts/installed"
# The benchmark must keep building and running (its numbers are read by `swift run -c release reactive-bench`).
phase "benchmarks (quick)"
"$bin/reactive-bench" --quick
xvfb-run -a -s "-screen 0 1280x900x24" "$bin/goodsdesk-bench" --quick
phase "done"
