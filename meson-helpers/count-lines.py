#!/usr/bin/env python3
"""Counts an app's lines as the todo example's README compares them: the non-blank lines of its
Swift and .ui files that are not only a comment (`//`, `///`, `/* … */` in Swift; `<!-- … -->`
in .ui), under FOLDER's Sources/ (tests, Package.swift, desktop, metainfo and po are not in it).

    count-lines.py [FOLDER] [--max N]    (default: examples/todo; fails above N)

Prints `todo: 280 lines (190 Swift + 90 .ui)` and, per file, its count.
"""
import argparse
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def code_lines(text, suffix):
    """The lines of `text` that hold code, with comments (line and block) taken out."""
    if suffix == ".swift":
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        lines = [re.sub(r"^\s*//.*$", "", line) for line in text.split("\n")]
    else:
        text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        lines = text.split("\n")
    return sum(1 for line in lines if line.strip())


def main(arguments):
    parser = argparse.ArgumentParser(description="Counts an app's lines of Swift and .ui under FOLDER/Sources.")
    parser.add_argument("folder", nargs="?", default="examples/todo")
    parser.add_argument("--max", type=int, help="fail when the total is above this")
    options = parser.parse_args(arguments)
    folder = os.path.join(ROOT, options.folder)
    counts = {".swift": 0, ".ui": 0}
    files_counted = 0
    for base, _, files in sorted(os.walk(os.path.join(folder, "Sources"))):
        for name in sorted(files):
            suffix = os.path.splitext(name)[1]
            if suffix in counts:
                path = os.path.join(base, name)
                with open(path, encoding="utf-8") as file:
                    count = code_lines(file.read(), suffix)
                counts[suffix] += count
                files_counted += 1
                print(f"  {count:4d}  {os.path.relpath(path, folder)}")
    if files_counted == 0:
        # A wrong folder must not pass as a small app.
        print(f"count-lines: no Swift or .ui file under {os.path.join(folder, 'Sources')}", file=sys.stderr)
        return 1
    total = counts[".swift"] + counts[".ui"]
    limit = options.max
    verdict = "" if limit is None else (f" (≤ {limit})" if total <= limit else f" — more than {limit}")
    print(f"{os.path.basename(folder)}: {total} lines ({counts['.swift']} Swift + {counts['.ui']} .ui){verdict}")
    return 1 if limit is not None and total > limit else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
