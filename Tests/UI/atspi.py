"""Small helpers to drive GoodsDesk through AT-SPI (the accessibility bus), as a person would:
find widgets by role and accessible name, act through their actions, wait with deadlines."""
import subprocess
import time

import pyatspi


def find(node, role, name):
    """The first descendant of `node` with `role` and accessible `name`, or None."""
    try:
        if node.getRoleName() == role and node.name == name:
            return node
        for index in range(node.childCount):
            found = find(node.getChildAtIndex(index), role, name)
            if found is not None:
                return found
    except Exception:
        return None
    return None


def application(name="goodsdesk"):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and name in (app.name or ""):
            return app
    return None


def wait_for(role, name, timeout=15.0):
    """Waits until a widget with `role` and `name` exists; fails with what was looked for."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        app = application()
        if app is not None:
            found = find(app, role, name)
            if found is not None:
                return found
        time.sleep(0.1)
    raise AssertionError(f"no {role} named {name!r} within {timeout:.0f} s")


def actionable(node):
    """`node`, or its first descendant, that has an action (a GtkMenuButton's inner button)."""
    try:
        if node.queryAction().nActions > 0:
            return node
    except NotImplementedError:
        pass
    for index in range(node.childCount):
        found = actionable(node.getChildAtIndex(index))
        if found is not None:
            return found
    return None


def press(role, name):
    node = wait_for(role, name)
    target = actionable(node)
    if target is None:
        raise AssertionError(f"{role} {name!r} has no action to perform")
    target.queryAction().doAction(0)


def editable(node):
    """`node`'s EditableText, or its first descendant's (an entry's text lives in a child), or None."""
    try:
        return node.queryEditableText()
    except NotImplementedError:
        for index in range(node.childCount):
            found = editable(node.getChildAtIndex(index))
            if found is not None:
                return found
    except Exception:
        pass
    return None


def screenshot(path):
    subprocess.run(["import", "-window", "root", path], check=True)
