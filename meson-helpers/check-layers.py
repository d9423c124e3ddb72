"""Checks the layering rules of README "Architecture" on the package as it is.

    check-layers.py [--update]

Absolute rules (a violation fails at once):
  - The pure layers (Reactive, ViewModelKit, GoodsDomain, GoodsViewModels) depend, directly or not,
    on nothing of GTK: not CGtk, GtkShim, GtkReactive, PluginKit or GoodsUI.
  - A pure layer's sources import none of those modules either (SwiftPM puts every module in one
    folder, so an undeclared import can still compile).
  - A framework target (the library products: Reactive, Localization, ViewModelKit, GtkReactive,
    PluginKit, and the C modules under them) neither depends on nor imports an app target
    (GoodsDomain, GoodsViewModels, GoodsUI, goodsdesk…). Test targets may: they test the two together.
  - ViewModelKit holds no text: it neither depends on nor imports Localization (the app's
    presenters supply default titles).
Before the package is checked, the script checks these rules on small made-up graphs, so a rule
that stopped catching its crossing fails too.

Ratchet rules, on the way to Step 3's framework (meson-helpers/layer-baseline.json holds today's
figures; a figure above its baseline fails, one below it asks for the baseline to be lowered with
--update, so the figures only ever go down):
  - gtk_ calls in Swift outside GtkReactive (GoodsUI, the app, plugins);
  - MainActor.assumeIsolated in GoodsUI and plugins;
  - translated strings (screens) in GtkShim's C.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BASELINE = os.path.join(ROOT, "meson-helpers", "layer-baseline.json")

FRAMEWORK = {"Reactive", "Localization", "CIntl", "ViewModelKit", "CGtk", "CSoup", "GtkShim", "GtkReactive", "PluginKit"}
PURE = {"Reactive", "ViewModelKit", "GoodsDomain", "GoodsViewModels"}
GTK_SIDE = {"CGtk", "GtkShim", "GtkReactive", "PluginKit", "GoodsUI"}
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?(\w+)", re.M)
GTK_CALL = re.compile(r"\bgtk_\w+\s*\(")


def targets():
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    graph = {}
    for target in json.loads(dump)["targets"]:
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


def count(pattern, folders, suffix):
    total = 0
    for folder in folders:
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if name.endswith(suffix):
                    with open(os.path.join(base, name), encoding="utf-8") as file:
                        total += len(pattern.findall(file.read()))
    return total


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
    wrong = []
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
    graph = targets()
    failures = absolute_failures(graph, lambda name: imports(f"Sources/{name}"))

    figures = {
        "gtk_ calls in Swift outside GtkReactive": count(GTK_CALL, ["Sources/GoodsUI", "Sources/goodsdesk", "plugins"], ".swift"),
        "MainActor.assumeIsolated in GoodsUI and plugins": count(re.compile(r"MainActor\.assumeIsolated"), ["Sources/GoodsUI", "plugins"], ".swift"),
        "translated strings in GtkShim's C": count(re.compile(r"\b_\("), ["Sources/GtkShim"], ".c"),
    }

    if "--update" in sys.argv:
        with open(BASELINE, "w", encoding="utf-8") as file:
            json.dump(figures, file, indent=2, ensure_ascii=False)
            file.write("\n")
        print(f"check-layers: baseline written to {os.path.relpath(BASELINE, ROOT)}")
        return 0 if not failures else report(failures)

    with open(BASELINE, encoding="utf-8") as file:
        baseline = json.load(file)
    lowered = []
    for key, value in figures.items():
        allowed = baseline.get(key)
        if isinstance(value, list):
            new = sorted(set(value) - set(allowed or []))
            if new:
                failures.append(f"{key}: new {', '.join(new)} (allowed: {', '.join(allowed or []) or 'none'})")
            elif set(allowed or []) - set(value):
                lowered.append(key)
        elif allowed is None or value > allowed:
            failures.append(f"{key}: {value}, more than the {allowed} allowed")
        elif value < allowed:
            lowered.append(key)
        print(f"check-layers: {key}: {len(value) if isinstance(value, list) else value}")
    if lowered:
        failures.append(f"lower than the baseline, so lower it (meson-helpers/check-layers.py --update): {', '.join(lowered)}")
    return report(failures) if failures else 0


def report(failures):
    for failure in failures:
        print(f"check-layers: {failure}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
