"""Checks the layering rules of README "Architecture" on the package as it is.

    check-layers.py [--update]

Absolute rules (a violation fails at once):
  - The pure layers (Reactive, ViewModelKit, GoodsDomain, GoodsViewModels) depend, directly or not,
    on nothing of GTK: not CGtk, GtkShim, GtkReactive, PluginKit or GoodsUI.
  - A pure layer's sources import none of those modules either (SwiftPM puts every module in one
    folder, so an undeclared import can still compile).

Ratchet rules, on the way to Step 3's framework (meson-helpers/layer-baseline.json holds today's
figures; a figure above its baseline fails, one below it asks for the baseline to be lowered with
--update, so the figures only ever go down):
  - framework → app: dependencies and imports of a framework target on an app target;
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


def main():
    graph = targets()
    modules = set(graph)
    failures = []

    for name in sorted(PURE):
        reached = closure(graph, name) & GTK_SIDE
        if reached:
            failures.append(f"{name} depends on {', '.join(sorted(reached))}: the pure layers never reach GTK")
        imported = imports(f"Sources/{name}") & GTK_SIDE
        if imported:
            failures.append(f"Sources/{name} imports {', '.join(sorted(imported))}: the pure layers never import GTK")

    app = modules - FRAMEWORK
    crossings = set()
    for name in sorted(FRAMEWORK & modules):
        crossings.update(f"{name} → {dependency}" for dependency in graph[name] if dependency in app)
        crossings.update(f"{name} imports {module}" for module in imports(f"Sources/{name}") if module in app)

    figures = {
        "framework → app": sorted(crossings),
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
