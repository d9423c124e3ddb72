#!/usr/bin/python3
"""Drives the todo example (goodsdesk-todo) through AT-SPI, as a person would, in one language:

    todo_scenarios.py BINARY ARTIFACTS        (TODO_UI_LANGUAGE=en, the default, or zh_CN)

under `xvfb-run -a -s "-screen 0 1280x900x24 -noreset" dbus-run-session --`. The app runs in a
throw-away XDG home with G_DEBUG=fatal-criticals; each step saves a screenshot in ARTIFACTS, and a
failing step says what it expected, with the accessible tree. Covers: add (a blank title adds
nothing), check → counter, Mark all, the filters (Active hides a checked to-do), Clear completed,
edit by F2 + Enter and by Enter on the row, Escape cancels, the delete button, a restart keeps
the to-dos and the filter, `kill -9` keeps the file."""
import gettext
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "Tests", "UI"))
import pyatspi  # noqa: E402
from atspi import actionable, all_nodes, application, editable, find, poll_until, text_of, tree  # noqa: E402

LANGUAGE = os.environ.get("TODO_UI_LANGUAGE", "en")
# The app's words as it shows them: its catalogue, compiled beside the program (test-todo.sh);
# English is the source. Loaded in main(), once the program's folder is known.
catalogue = gettext.NullTranslations()


def T(text, *arguments):
    text = catalogue.gettext(text)
    for index, argument in enumerate(arguments):
        text = text.replace("{%d}" % index, str(argument))
    return text


def left(count):
    return catalogue.ngettext("{0} item left", "{0} items left", count).replace("{0}", str(count))


class Failed(AssertionError):
    pass


class Todo:
    """One run of the app in its own home (kept across restarts)."""

    def __init__(self, binary, artifacts):
        self.binary, self.artifacts = binary, artifacts
        self.home = tempfile.mkdtemp(prefix="todo-ui-")
        self.process, self.step_number, self.problems = None, 0, []
        self.log = os.path.join(artifacts, "app.log")
        self.file = os.path.join(self.home, "data", "goodsdesk-todo", "todos.json")

    def start(self):
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(self.home, "data"), XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                   XDG_CACHE_HOME=os.path.join(self.home, "cache"), GDK_BACKEND="x11", GSK_RENDERER="cairo",
                   LANG="C.UTF-8", LANGUAGE=LANGUAGE, G_DEBUG="fatal-criticals", SWIFT_BACKTRACE="enable=no",
                   GSETTINGS_BACKEND="memory")
        env.pop("LC_ALL", None)
        self.process = subprocess.Popen([self.binary], env=env, stdout=open(self.log, "a"), stderr=subprocess.STDOUT)
        self.wait(lambda: self.find("text", T("What needs to be done?")), 30, "the window with its entry")
        subprocess.run(["xdotool", "mousemove", "10", "10"], check=False)  # the keyboard follows the pointer (no WM)

    def stop(self, kill=False):
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        code = self.process.wait(timeout=30)
        if not kill and code != 0:
            self.problems.append(f"exit status {code}")
        self.process = None

    def app(self):
        return application("goodsdesk-todo")

    # GTK 4.8 has no toggle-button role: a GtkToggleButton is a "push button" with the pressed
    # state; later GTKs say "toggle button".
    ROLES = {"toggle button": ("toggle button", "push button")}

    def find(self, role, name, showing=True):
        app = self.app()
        node = None
        for each in self.ROLES.get(role, (role,)):
            node = node or (find(app, each, name) if app is not None else None)
        try:
            if node is not None and (not showing or node.getState().contains(pyatspi.STATE_VISIBLE)):
                return node
        except Exception:
            pass
        return None

    def wait(self, predicate, timeout, expect):
        if not poll_until(predicate, timeout):
            raise Failed(expect)

    def shows(self, role, name):
        self.wait(lambda: self.find(role, name), 10, f"a showing {role} {name!r}")

    def hides(self, role, name):
        self.wait(lambda: not self.find(role, name), 10, f"no showing {role} {name!r}")

    def press(self, role, name):
        """Acts on the widget: its action, or (GTK 4.8's check buttons have none) a click."""
        self.shows(role, name)
        node = self.find(role, name)
        target = actionable(node)
        if target is not None:
            return target.queryAction().doAction(0)
        self.click(node)

    def checked(self, role, name):
        node = self.find(role, name)
        states = node.getState() if node is not None else None
        return states is not None and (states.contains(pyatspi.STATE_CHECKED) or states.contains(pyatspi.STATE_PRESSED))

    def click(self, node):
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2), "click", "1",
                        "mousemove", "10", "10"], check=True)
        time.sleep(0.2)

    def add(self, title):
        """Types `title` into the entry (clicked first: the focus may be on a row) and presses Enter."""
        entry = self.find("text", T("What needs to be done?"))
        self.click(entry)
        editable(entry).setTextContents(title)
        self.key("Return")
        self.wait(lambda: text_of(entry) == "", 10, "the entry cleared after Enter")

    def key(self, *names):
        subprocess.run(["xdotool", "key", "--delay", "60"] + list(names), check=True)
        time.sleep(0.3)

    def type(self, text):
        subprocess.run(["xdotool", "type", "--delay", "30", text], check=True)
        time.sleep(0.3)

    def row_count(self):
        """The to-do rows shown: their check buttons, whatever their names."""
        return sum(1 for node in all_nodes(self.app(), "check box")
                   if node.name != T("Mark all as complete") and node.getState().contains(pyatspi.STATE_VISIBLE))

    def titles(self):
        return sorted(node.name for node in all_nodes(self.app(), "check box")
                      if node.name and node.name != T("Mark all as complete") and node.getState().contains(pyatspi.STATE_VISIBLE))

    def step(self, label, action):
        self.step_number += 1
        shot = os.path.join(self.artifacts, f"{self.step_number:02d}-{label}")
        try:
            action()
        except Exception as error:
            subprocess.run(["import", "-window", "root", shot + "-FAILED.png"], check=False)
            around = "\n".join(tree(self.app(), limit=14)) if self.app() is not None else "(no application)"
            raise Failed(f"step {self.step_number} '{label}' failed: {error}\n  screenshot: {shot}-FAILED.png\n"
                         f"  app log: {self.log}\n{around}") from None
        subprocess.run(["import", "-window", "root", shot + ".png"], check=False)
        print(f"  ok  {self.step_number:2d} {label}")


def focused(node):
    """Whether the row of check button `node` has the focus: the row itself (it is focusable) or
    its check button."""
    try:
        return node is not None and (node.getState().contains(pyatspi.STATE_FOCUSED)
                                     or node.parent.getState().contains(pyatspi.STATE_FOCUSED))
    except Exception:
        return False


def focus_row(todo, title):
    """Puts the keyboard focus on `title`'s row as a keyboard user does: Tab until the focus is
    in the list, then Home and Down to the row."""
    for _ in range(12):
        rows = [n for n in all_nodes(todo.app(), "check box") if n.name != T("Mark all as complete")]
        if any(focused(row) for row in rows):
            break
        todo.key("Tab")
    todo.key("Home")
    for _ in range(len(rows) + 1):
        if focused(todo.find("check box", title)):
            return
        todo.key("Down")
    raise Failed(f"the focus on {title!r}")


def scenario(binary, artifacts):
    todo = Todo(binary, artifacts)
    s = todo.step
    try:
        s("start-empty", lambda: (todo.start(), todo.hides("check box", T("Mark all as complete")),
                                  todo.hides("toggle button", T("All")), todo.hides("label", left(0))))
        s("add", lambda: (todo.add("Buy milk"), todo.shows("check box", "Buy milk"), todo.shows("label", left(1)),
                          todo.shows("push button", T("Delete {0}", "Buy milk"))))
        # Nothing must appear: a short settle, then every row counted, named or not.
        s("blank-adds-nothing", lambda: (todo.add("   "), time.sleep(0.5),
                                         todo.wait(lambda: todo.row_count() == 1, 5, "still one to-do")))
        s("add-more", lambda: (todo.add("Walk the dog"), todo.add("Read a book"), todo.shows("label", left(3)),
                               todo.hides("push button", T("Clear completed"))))
        s("check-counts", lambda: (todo.press("check box", "Buy milk"), todo.shows("label", left(2)),
                                   todo.shows("push button", T("Clear completed"))))
        s("mark-all", lambda: (todo.press("check box", T("Mark all as complete")), todo.shows("label", left(0)),
                               todo.wait(lambda: todo.checked("check box", "Read a book"), 5, "every to-do checked"),
                               todo.wait(lambda: todo.checked("check box", T("Mark all as complete")), 5, "Mark all checked")))
        s("unmark-all", lambda: (todo.press("check box", T("Mark all as complete")), todo.shows("label", left(3)),
                                 todo.wait(lambda: not todo.checked("check box", T("Mark all as complete")), 5, "Mark all unchecked")))
        s("active-hides-checked", lambda: (todo.press("toggle button", T("Active")), todo.press("check box", "Walk the dog"),
                                           todo.hides("check box", "Walk the dog"), todo.shows("label", left(2))))
        s("completed-filter", lambda: (todo.press("toggle button", T("Completed")), todo.shows("check box", "Walk the dog"),
                                       todo.hides("check box", "Buy milk")))
        s("all-filter", lambda: (todo.press("toggle button", T("All")),
                                 todo.wait(lambda: todo.titles() == sorted(["Buy milk", "Walk the dog", "Read a book"]), 5, "all three")))
        s("clear-completed", lambda: (todo.press("push button", T("Clear completed")), todo.hides("check box", "Walk the dog"),
                                      todo.hides("push button", T("Clear completed")), todo.shows("label", left(2))))
        s("edit-f2-enter", lambda: (focus_row(todo, "Buy milk"), todo.key("F2"), todo.shows("text", "Buy milk"),
                                    todo.key("ctrl+a"), todo.type("Buy oat milk"), todo.key("Return"),
                                    todo.shows("check box", "Buy oat milk"), todo.hides("check box", "Buy milk")))
        s("escape-cancels", lambda: (focus_row(todo, "Read a book"), todo.key("Return"), todo.shows("text", "Read a book"),
                                     todo.key("ctrl+a"), todo.type("Nothing"), todo.key("Escape"),
                                     todo.shows("check box", "Read a book"), todo.hides("check box", "Nothing"),
                                     todo.wait(lambda: not todo.checked("check box", "Read a book"), 5, "Enter edited, it did not toggle")))
        s("delete", lambda: (todo.press("push button", T("Delete {0}", "Read a book")), todo.hides("check box", "Read a book"),
                             todo.shows("label", left(1))))
        s("restart-keeps-todos-and-filter", lambda: (
            todo.add("Call mum"), todo.press("check box", "Call mum"), todo.press("toggle button", T("Active")),
            todo.hides("check box", "Call mum"), todo.stop(), todo.start(),
            todo.shows("check box", "Buy oat milk"), todo.hides("check box", "Call mum"),
            todo.wait(lambda: todo.checked("toggle button", T("Active")), 5, "Active still chosen"),
            todo.press("toggle button", T("All")), todo.shows("check box", "Call mum"),
            todo.wait(lambda: todo.checked("check box", "Call mum"), 5, "Call mum still done")))

        def kill_keeps_file():
            todo.add("Survive kill -9")
            todo.wait(lambda: "Survive kill -9" in open(todo.file).read(), 5, "the new to-do written")
            todo.stop(kill=True)
            with open(todo.file) as file:
                saved = json.load(file)  # whole: never torn
            titles = sorted(t["title"] for t in saved["todos"])
            if titles != sorted(["Buy oat milk", "Call mum", "Survive kill -9"]):
                raise Failed(f"the file after kill -9 holds {titles}")
            todo.start()
            todo.shows("check box", "Survive kill -9")
        s("kill-9-keeps-file", kill_keeps_file)
        s("quit", lambda: todo.stop())
        if todo.problems:
            raise Failed("runs did not end cleanly: " + ", ".join(todo.problems))
        with open(todo.log, errors="replace") as file:
            criticals = [line.strip() for line in file if "CRITICAL" in line]
        if criticals:
            raise Failed("criticals in the log:\n  " + "\n  ".join(criticals))
    finally:
        if todo.process is not None:
            todo.process.kill()
        shutil.rmtree(todo.home, ignore_errors=True)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary, artifacts = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    global catalogue
    catalogue = gettext.translation("goodsdesk-todo", os.path.join(os.path.dirname(binary), "locale"),
                                    languages=[LANGUAGE], fallback=LANGUAGE == "en")
    os.makedirs(artifacts, exist_ok=True)
    print(f"todo UI scenario ({LANGUAGE})")
    try:
        scenario(binary, artifacts)
    except Failed as failure:
        print(f"FAILED {failure}")
        return 1
    print(f"todo UI scenario ({LANGUAGE}): passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
