#!/usr/bin/env python3
"""Checks that the manual page (data/man/goodsdesk.1) and the bash completion
(data/completion/goodsdesk) know every option and environment variable `goodsdesk --help-all`
prints, and no option it does not.

    check-man-page.py PATH/TO/goodsdesk
"""
import os
import re
import subprocess
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
program = sys.argv[1]
environment = dict(os.environ, LANG="C.UTF-8", LANGUAGE="en")
help_text = subprocess.run([program, "--help-all"], capture_output=True, text=True, env=environment, check=True).stdout
options = set(re.findall(r"^\s+(?:-\w, )?(--[\w-]+)", help_text, re.M))
variables = set(re.findall(r"^\s+([A-Z][A-Z_]+)\s", help_text, re.M))
if not options or not variables:
    sys.exit(f"check-man-page: found no options or variables in --help-all:\n{help_text}")

with open(os.path.join(root, "data/man/goodsdesk.1"), encoding="utf-8") as file:
    man = file.read().replace("\\-", "-")
with open(os.path.join(root, "data/completion/goodsdesk"), encoding="utf-8") as file:
    completion = file.read()

problems = [f"the manual page lacks {name}" for name in sorted(options | variables) if name not in man]
problems += [f"the bash completion lacks {name}" for name in sorted(options) if name not in completion]
documented = set(re.findall(r"(--[a-z][\w-]+)", man))
problems += [f"the manual page documents {name}, which --help-all does not list" for name in sorted(documented - options)]
completed = set(re.findall(r"(--[a-z][\w-]+)", completion))
problems += [f"the bash completion offers {name}, which --help-all does not list" for name in sorted(completed - options)]
if problems:
    sys.exit("check-man-page: " + "\n  ".join(problems))
print(f"check-man-page: {len(options)} options and {len(variables)} environment variables in the manual page and the completion")
