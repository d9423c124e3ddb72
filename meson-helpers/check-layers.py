"""Checks the layering rules of README "Architecture" on the package as it is.

    check-layers.py [--update]

Absolute rules (a violation fails at once):
  - The pure layers (Reactive, ViewModelKit, GoodsDomain, GoodsViewModels) depend, directly or not,
    on nothing of GTK: not CGtk, GtkShim, GtkReactive, PluginKit or GoodsUI.
  - A pure layer's sources import none of those modules either (SwiftPM puts every module in one
    folder, so an undeclared import can still compile).
  - A framework target (the library products: Reactive, Localization, ViewModelKit, GtkReactive,
    PluginKit, AppShell, and the C modules under them) neither depends on nor imports an app target
    (GoodsDomain, GoodsViewModels, GoodsUI, goodsdesk…). Test targets may: they test the two together.
  - ViewModelKit holds no text: it neither depends on nor imports Localization (the app's
    presenters supply default titles).
Before the package is checked, the script checks these rules on small made-up graphs, so a rule
that stopped catching its crossing fails too.

The view layer's rules (issue #13's "done when"):
  - No raw C call (gtk_…, g_…, goods_…) and no import of CGtk or GtkShim in the app's Swift
    (GoodsUI, goodsdesk) or in plugins/: widgets are reached through GtkReactive's wrappers.
  - No MainActor.assumeIsolated in GoodsUI or plugins/: the main-actor observation helpers do it.
  - GtkShim builds no screen: its C holds no translated text and none of the calls that assemble
    a widget tree (gtk_box_append, gtk_grid_attach, gtk_header_bar_pack_…, gtk_overlay_add_overlay,
    gtk_stack_add_…); no .ui file connects a <signal> (handlers are bound in Swift).
  - README.md's target list (between <!-- layers --> markers) names exactly the package's
    targets, framework and app apart, and the framework's are the library products' targets.

WebKit is for plugins only (the app runs without WebKit installed):
  - The plugin-only framework modules (CWebKit, GtkReactiveWebKit, under Sources/ but not SwiftPM
    targets) are no target of the package, and no target depends on them or names WebKit.
  - No Swift under Sources/ outside them imports them; GtkReactiveWebKit imports only framework
    modules (never an app target).
  - A plugin imports GtkReactiveWebKit only if its build.conf's Modules= lists it (build-plugins.sh
    links it into that plugin alone); no raw webkit_/jsc_ call and no import of CWebKit in plugins.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

FRAMEWORK = {"Reactive", "ReactiveTesting", "Localization", "CIntl", "ViewModelKit", "CGtk", "CSoup", "GtkShim", "GtkReactive", "PluginKit", "AppShell"}
PURE = {"Reactive", "ReactiveTesting", "ViewModelKit", "GoodsDomain", "GoodsViewModels"}
GTK_SIDE = {"CGtk", "GtkShim", "GtkReactive", "PluginKit", "GoodsUI"}
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?(\w+)", re.M)
RAW_CALL = re.compile(r"\b(?:gtk|g|goods|gdk|webkit|jsc)_\w+\s*\(")
C_MODULES = {"CGtk", "GtkShim", "CWebKit"}
# Framework modules only plugins build (meson-helpers/build-plugins.sh), and what they may import.
PLUGIN_ONLY = {"CWebKit", "GtkReactiveWebKit"}
PLUGIN_ONLY_IMPORTS = {"GtkReactiveWebKit": {"CWebKit", "CGtk", "GtkReactive", "ViewModelKit", "Reactive", "Foundation"}}
BRIDGING = re.compile(r"MainActor\.assumeIsolated")
SCREEN_CALL = re.compile(r"\b(?:_\(|g_dgettext\s*\(|gtk_box_append|gtk_grid_attach|gtk_header_bar_pack_\w+|gtk_overlay_add_overlay|gtk_stack_add_\w+)")
UI_SIGNAL = re.compile(r"<signal\b")
APP_SWIFT = ["Sources/GoodsUI", "Sources/goodsdesk", "plugins"]


def package():
    import json
    return json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)


def targets(dump):
    graph = {}
    for target in dump["targets"]:
        if target["type"] in ("test", "plugin"):
            continue
        names = []
        for dependency in target.get("dependencies", []):
            for value in dependency.values():
                names.append(value[0] if isinstance(value, list) else value)
        graph[target["name"]] = names
    return graph


def closure(graph, name):
    seen, stack = set(), list(graph.get(name, []))
    while stack:
        current = stack.pop()
        if current not in seen:
            seen.add(current)
            stack.extend(graph.get(current, []))
    return seen


def swift_files(folder):
    for base, _, files in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def imports(folder):
    found = set()
    for path in swift_files(folder):
        with open(path, encoding="utf-8") as file:
            found.update(IMPORT.findall(file.read()))
    return found


def sources(folders, suffixes):
    """(path relative to the root, text) of every file under `folders` ending in one of `suffixes`."""
    for folder in folders:
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(files):
                if name.endswith(suffixes):
                    path = os.path.join(base, name)
                    with open(path, encoding="utf-8") as file:
                        yield os.path.relpath(path, ROOT), file.read()


def view_failures(app_swift, shim_c, ui_files):
    """The view layer's violations, from (path, text) pairs of the app's Swift, GtkShim's C and
    the .ui files."""
    failures = []
    for path, text in app_swift:
        calls = sorted(set(RAW_CALL.findall(text)))
        if calls:
            failures.append(f"{path} calls {', '.join(call.rstrip('( ') for call in calls)}: the app reaches GTK through GtkReactive")
        modules = sorted(set(IMPORT.findall(text)) & C_MODULES)
        if modules:
            failures.append(f"{path} imports {', '.join(modules)}: the app reaches GTK through GtkReactive")
        if BRIDGING.search(text):
            failures.append(f"{path} uses MainActor.assumeIsolated: observe with the @MainActor helpers instead")
    for path, text in shim_c:
        found = sorted(set(SCREEN_CALL.findall(text)))
        if found:
            failures.append(f"{path} has {', '.join(found)}: GtkShim builds no screen (layouts are .ui files)")
    for path, text in ui_files:
        if UI_SIGNAL.search(text):
            failures.append(f"{path} connects a <signal>: handlers are bound in Swift")
    return failures


def listed_targets(readme):
    """The README's target list: {"framework": [...], "app": [...], "tools": [...]} from the lines
    `Framework: …`, `App: …` and `Tools: …` between the <!-- layers --> markers."""
    block = re.search(r"<!-- layers -->(.*?)<!-- /layers -->", readme, re.S)
    if not block:
        return None
    lists = {}
    for kind in ("framework", "app", "tools"):
        line = re.search(rf"^\s*{kind}:\s*(.+)$", block.group(1), re.M | re.I)
        lists[kind] = sorted(re.findall(r"[\w-]+", line.group(1))) if line else []
    return lists


def readme_failures(dump, readme):
    graph = targets(dump)
    listed = listed_targets(readme)
    if listed is None:
        return ["README.md has no <!-- layers --> … <!-- /layers --> block"]
    failures = []
    products = set()
    for product in dump["products"]:
        if "library" in product["type"]:
            products.update(product["targets"])
    framework = sorted(name for name in graph if name in FRAMEWORK)
    if listed["framework"] != framework:
        failures.append(f"README's framework targets {listed['framework']} are not the package's {framework}")
    rest = sorted(set(graph) - FRAMEWORK)
    if sorted(listed["app"] + listed["tools"]) != rest:
        failures.append(f"README's app and tool targets {sorted(listed['app'] + listed['tools'])} are not the package's {rest}")
    swift_framework = {name for name in framework if not name.startswith("C")}
    missing = sorted(swift_framework - products)
    if missing:
        failures.append(f"framework targets without a library product: {', '.join(missing)}")
    app_products = sorted(products - FRAMEWORK)
    if app_products:
        failures.append(f"library products of app targets: {', '.join(app_products)}")
    return failures


def absolute_failures(graph, imports_of):
    """The absolute rules' violations in `graph` (target → its direct dependencies), with
    `imports_of(name)` the modules a target's sources import."""
    modules = set(graph)
    failures = []
    for name in sorted(PURE & modules):
        reached = closure(graph, name) & GTK_SIDE
        if reached:
            failures.append(f"{name} depends on {', '.join(sorted(reached))}: the pure layers never reach GTK")
        imported = imports_of(name) & GTK_SIDE
        if imported:
            failures.append(f"Sources/{name} imports {', '.join(sorted(imported))}: the pure layers never import GTK")

    app = modules - FRAMEWORK
    for name in sorted(FRAMEWORK & modules):
        crossings = sorted({f"{name} → {dependency}" for dependency in graph[name] if dependency in app}
                           | {f"{name} imports {module}" for module in imports_of(name) if module in app})
        if crossings:
            failures.append(f"{', '.join(crossings)}: a framework target never depends on or imports an app target")

    if "ViewModelKit" in modules:
        if "Localization" in closure(graph, "ViewModelKit") or "Localization" in imports_of("ViewModelKit"):
            failures.append("ViewModelKit reaches Localization: it holds no text, the app's presenters supply it")
    return failures


def plugin_only_failures(dump_targets, swift_imports, plugin_imports, plugin_modules):
    """Violations of "WebKit for plugins only". `dump_targets`: the package's targets as
    (name, dependency names, settings text); `swift_imports`: Sources/<folder> → modules its Swift
    imports; `plugin_imports`: plugin folder → modules imported; `plugin_modules`: plugin folder →
    the Modules= of its build.conf."""
    failures = []
    for name, dependencies, settings in dump_targets:
        if name in PLUGIN_ONLY:
            failures.append(f"{name} is a package target: it is built for plugins only (build-plugins.sh)")
        reached = sorted(set(dependencies) & PLUGIN_ONLY)
        if reached:
            failures.append(f"{name} depends on {', '.join(reached)}: only plugins build WebKit's modules")
        if "webkit" in settings.lower():
            failures.append(f"{name} names WebKit in its settings: the app must run without WebKit")
    for folder, modules in sorted(swift_imports.items()):
        if folder in PLUGIN_ONLY:
            extra = sorted(modules - PLUGIN_ONLY_IMPORTS.get(folder, set()) - {folder})
            if extra:
                failures.append(f"Sources/{folder} imports {', '.join(extra)}: a plugin-only framework module imports framework modules only")
            continue
        reached = sorted(modules & PLUGIN_ONLY)
        if reached:
            failures.append(f"Sources/{folder} imports {', '.join(reached)}: only plugins use WebKit")
    for folder, modules in sorted(plugin_imports.items()):
        unlisted = sorted((modules & PLUGIN_ONLY) - set(plugin_modules.get(folder, [])))
        if unlisted:
            failures.append(f"{folder} imports {', '.join(unlisted)} without listing it in its build.conf's Modules=")
    return failures


def plugin_only_inputs(dump):
    """The inputs of `plugin_only_failures` from the package and the tree."""
    import json
    dump_targets = []
    for target in dump["targets"]:
        names = []
        for dependency in target.get("dependencies", []):
            for value in dependency.values():
                names.append(value[0] if isinstance(value, list) else value)
        dump_targets.append((target["name"], names, json.dumps(target.get("settings", [])) + (target.get("pkgConfig") or "")))
    sources_root = os.path.join(ROOT, "Sources")
    swift_imports = {name: imports(f"Sources/{name}") for name in sorted(os.listdir(sources_root))
                     if os.path.isdir(os.path.join(sources_root, name))}
    plugin_imports, plugin_modules = {}, {}
    for name in sorted(os.listdir(os.path.join(ROOT, "plugins"))):
        folder = f"plugins/{name}"
        if not os.path.isdir(os.path.join(ROOT, folder)):
            continue
        plugin_imports[folder] = imports(folder)
        conf = os.path.join(ROOT, folder, "build.conf")
        if os.path.exists(conf):
            with open(conf, encoding="utf-8") as file:
                plugin_modules[folder] = [m for line in file if line.startswith("Modules=") for m in line[len("Modules="):].split()]
    return dump_targets, swift_imports, plugin_imports, plugin_modules


def self_test():
    """The absolute rules, each on a made-up package that breaks it (and one that breaks none)."""
    clean = {"Reactive": [], "Localization": ["CIntl"], "CIntl": [], "ViewModelKit": ["Reactive"],
             "CGtk": [], "GtkShim": ["CGtk"], "GtkReactive": ["Reactive", "GtkShim", "CGtk"],
             "PluginKit": ["ViewModelKit", "GtkReactive", "Localization"],
             "GoodsDomain": ["Reactive", "Localization"], "GoodsViewModels": ["ViewModelKit", "GoodsDomain"],
             "GoodsUI": ["GoodsViewModels", "PluginKit"], "goodsdesk": ["GoodsUI"]}
    no_imports = lambda name: set()
    cases = [
        ("a clean package", clean, no_imports, None),
        ("PluginKit → GoodsDomain", dict(clean, PluginKit=clean["PluginKit"] + ["GoodsDomain"]), no_imports,
         "PluginKit → GoodsDomain: a framework target never depends on or imports an app target"),
        ("GtkReactive importing GoodsUI", clean, lambda name: {"GoodsUI"} if name == "GtkReactive" else set(),
         "GtkReactive imports GoodsUI: a framework target never depends on or imports an app target"),
        ("ViewModelKit → Localization", dict(clean, ViewModelKit=["Reactive", "Localization"]), no_imports,
         "ViewModelKit reaches Localization"),
        ("ViewModelKit importing Localization", clean, lambda name: {"Localization"} if name == "ViewModelKit" else set(),
         "ViewModelKit reaches Localization"),
        ("GoodsViewModels → PluginKit", dict(clean, GoodsViewModels=["ViewModelKit", "PluginKit"]), no_imports,
         "GoodsViewModels depends on"),
    ]
    view_cases = [
        ("a clean app", [("a.swift", "import GtkReactive\nlabel.reactive.text <~ title\n")], [("s.c", "g_object_ref(x);")],
         [("a.ui", "<object/>")], None),
        ("a raw call", [("a.swift", "gtk_widget_show(w)")], [], [], "a.swift calls gtk_widget_show"),
        ("a GLib call", [("a.swift", "let q = g_quark_from_string(\"x\")")], [], [], "a.swift calls g_quark_from_string"),
        ("a C import", [("a.swift", "import CGtk\n")], [], [], "a.swift imports CGtk"),
        ("bridging by hand", [("a.swift", "MainActor.assumeIsolated { }")], [], [], "a.swift uses MainActor.assumeIsolated"),
        ("a screen in C", [], [("s.c", "gtk_box_append(GTK_BOX(b), w);")], [], "s.c has gtk_box_append"),
        ("text in C", [], [("s.c", "gtk_label_new(_(\"登录\"));")], [], "s.c has _("),
        ("a signal in a layout", [], [], [("a.ui", '<signal name="clicked" handler="x"/>')], "a.ui connects a <signal>"),
    ]
    plugin_only_cases = [
        ("WebKit in a plugin that lists it", [("goodsdesk", ["GoodsUI"], "")], {"GtkReactiveWebKit": {"CWebKit", "GtkReactive"}},
         {"plugins/web": {"GtkReactiveWebKit"}}, {"plugins/web": ["CWebKit", "GtkReactiveWebKit"]}, None),
        ("the app depending on it", [("goodsdesk", ["GoodsUI", "GtkReactiveWebKit"], "")], {}, {}, {}, "goodsdesk depends on GtkReactiveWebKit"),
        ("a package target for it", [("CWebKit", [], "")], {}, {}, {}, "CWebKit is a package target"),
        ("a target linking WebKit", [("GoodsUI", [], '[{"name":"linkedLibrary","value":["webkitgtk-6.0"]}]')], {}, {}, {}, "GoodsUI names WebKit"),
        ("the app importing it", [], {"GoodsUI": {"GtkReactiveWebKit"}}, {}, {}, "Sources/GoodsUI imports GtkReactiveWebKit"),
        ("the wrapper importing the app", [], {"GtkReactiveWebKit": {"GoodsViewModels"}}, {}, {}, "Sources/GtkReactiveWebKit imports GoodsViewModels"),
        ("a plugin not listing it", [], {}, {"plugins/x": {"GtkReactiveWebKit"}}, {}, "plugins/x imports GtkReactiveWebKit"),
    ]
    wrong = []
    for what, dump_targets, swift_imports, plugin_imports, plugin_modules, expected in plugin_only_cases:
        found = plugin_only_failures(dump_targets, swift_imports, plugin_imports, plugin_modules)
        if expected is None and found:
            wrong.append(f"{what}: unexpected {found}")
        elif expected is not None and not any(failure.startswith(expected) for failure in found):
            wrong.append(f"{what}: not caught (found {found or 'nothing'})")
    if not view_failures([("a.swift", "webkit_web_view_load_uri(v, u)")], [], []):
        wrong.append("a raw WebKit call in a plugin: not caught")
    if not view_failures([("a.swift", "import CWebKit\n")], [], []):
        wrong.append("a plugin importing CWebKit: not caught")
    for what, app_swift, shim_c, ui_files, expected in view_cases:
        found = view_failures(app_swift, shim_c, ui_files)
        if expected is None and found:
            wrong.append(f"{what}: unexpected {found}")
        elif expected is not None and not any(failure.startswith(expected) for failure in found):
            wrong.append(f"{what}: not caught (found {found or 'nothing'})")
    dump = {"targets": [{"name": n, "type": "regular", "dependencies": []} for n in ("Reactive", "GoodsUI", "goodsdesk-bench")],
            "products": [{"type": {"library": ["automatic"]}, "targets": ["Reactive"]}]}
    readme = "<!-- layers -->\nFramework: Reactive\nApp: GoodsUI\nTools: goodsdesk-bench\n<!-- /layers -->"
    if readme_failures(dump, readme):
        wrong.append(f"a matching README: unexpected {readme_failures(dump, readme)}")
    if not readme_failures(dump, readme.replace("App: GoodsUI", "App: GoodsUI, GoodsOld")):
        wrong.append("a README naming a target the package lacks: not caught")
    if not readme_failures(dict(dump, products=[]), readme):
        wrong.append("a framework target without a product: not caught")
    for what, graph, imports_of, expected in cases:
        found = absolute_failures(graph, imports_of)
        if expected is None and found:
            wrong.append(f"{what}: unexpected {found}")
        elif expected is not None and not any(failure.startswith(expected) for failure in found):
            wrong.append(f"{what}: not caught (found {found or 'nothing'})")
    return [f"self-test: {line}" for line in wrong]


def main():
    failures = self_test()
    if failures:
        return report(failures)
    dump = package()
    failures = absolute_failures(targets(dump), lambda name: imports(f"Sources/{name}"))
    failures += view_failures(sources(APP_SWIFT, (".swift",)), sources(["Sources/GtkShim"], (".c", ".h")),
                              sources(["data/ui", "plugins"], (".ui",)))
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        failures += readme_failures(dump, file.read())
    failures += plugin_only_failures(*plugin_only_inputs(dump))
    if failures:
        return report(failures)
    print("check-layers: the layers hold (pure layers without GTK, framework without app, the app through GtkReactive, WebKit for plugins only)")
    return 0


def report(failures):
    for failure in failures:
        print(f"check-layers: {failure}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
