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


def all_nodes(node, role=None):
    """Every descendant of `node` (with `role`, if given)."""
    found = []
    try:
        if role is None or node.getRoleName() == role:
            found.append(node)
        for index in range(node.childCount):
            found += all_nodes(node.getChildAtIndex(index), role)
    except Exception:
        pass
    return found


def tree(node, depth=0, limit=6, out=None):
    """The accessible tree under `node` as indented `role 'name'` lines (what a failing step shows)."""
    out = [] if out is None else out
    try:
        state = node.getState()
        flags = "" if state.contains(pyatspi.STATE_SENSITIVE) else " [insensitive]"
        flags += "" if state.contains(pyatspi.STATE_VISIBLE) else " [hidden]"
        out.append("  " * depth + f"{node.getRoleName()} {node.name!r}{flags}")
        if depth < limit:
            for index in range(min(node.childCount, 40)):
                tree(node.getChildAtIndex(index), depth + 1, limit, out)
    except Exception as error:  # a node can vanish while we read it
        out.append("  " * depth + f"(gone: {error})")
    return out


def text_of(node):
    """The text of `node`'s Text interface, or its first descendant's that has one (an entry's
    lives in a child)."""
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except NotImplementedError:
        for index in range(node.childCount):
            found = text_of(node.getChildAtIndex(index))
            if found is not None:
                return found
    except Exception:
        pass
    return None


def poll_until(predicate, timeout):
    """Asks `predicate` every 0.1 s until it holds (True) or `timeout` seconds pass (False); a
    predicate that raises (a node vanished while it was read) counts as not holding yet."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if predicate():
                return True
        except Exception:
            pass
        time.sleep(0.1)
    return False


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
