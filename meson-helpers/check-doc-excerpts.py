#!/usr/bin/python3
"""Checks that the code the documentation quotes is still the code: every fenced block right after
a line `<!-- excerpt: PATH -->` must be found in PATH (relative to the repository), its lines in the
same order, each equal to a line of the file once leading and trailing white space are set aside;
lines of the file may come between them (an excerpt leaves out what it does not explain). The test
command builds and tests the files themselves, so a passing check means the docs show code that runs.

    check-doc-excerpts.py [DOC...]     default: README.md
Exits 1 naming each excerpt that is no longer in its file (and the first line not found)."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARK = re.compile(r"^<!--\s*excerpt:\s*(\S+)\s*-->\s*$")


def excerpts(doc):
    """(path, first line number, lines) of each marked block in `doc`."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    found = []
    for number, line in enumerate(lines):
        mark = MARK.match(line)
        if not mark:
            continue
        if number + 1 >= len(lines) or not lines[number + 1].startswith("```"):
            found.append((mark.group(1), number + 1, None))
            continue
        block = []
        for body in lines[number + 2:]:
            if body.startswith("```"):
                break
            block.append(body)
        found.append((mark.group(1), number + 1, block))
    return found


def first_missing(block, source):
    """The first line of `block` not found, in order, in `source`; None when all are."""
    wanted = [line.strip() for line in block if line.strip()]
    have = iter(line.strip() for line in source)
    for line in wanted:
        if not any(line == candidate for candidate in have):
            return line
    return None


def main():
    docs = [pathlib.Path(name) for name in sys.argv[1:]] or [ROOT / "README.md"]
    failures = 0
    checked = 0
    for doc in docs:
        for path, number, block in excerpts(doc):
            where = f"{doc.name}:{number}"
            target = (ROOT / path).resolve()
            if ROOT not in target.parents or not target.is_file():
                print(f"check-doc-excerpts: {where}: {path} is not a file of the repository", file=sys.stderr)
                failures += 1
                continue
            if block is None:
                print(f"check-doc-excerpts: {where}: the excerpt mark is not followed by a code block", file=sys.stderr)
                failures += 1
                continue
            if not any(line.strip() for line in block):
                print(f"check-doc-excerpts: {where}: the excerpt of {path} is empty", file=sys.stderr)
                failures += 1
                continue
            missing = first_missing(block, target.read_text(encoding="utf-8").splitlines())
            checked += 1
            if missing is not None:
                print(f"check-doc-excerpts: {where}: no longer in {path} (in this order): {missing}", file=sys.stderr)
                failures += 1
    if checked == 0 and not failures:
        # The README's walk-through quotes the todo example: no excerpt at all means the marks went.
        print("check-doc-excerpts: no excerpt found (marked `<!-- excerpt: PATH -->` before a code block)", file=sys.stderr)
        failures += 1
    if failures:
        sys.exit(1)
    print(f"check-doc-excerpts: {checked} excerpts are in their files")


if __name__ == "__main__":
    main()
