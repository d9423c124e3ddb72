"""Step 4's menu, actions and shortcuts: the primary menu opens with F10 and shows its
commands as menu items, Ctrl+Q quits, Ctrl+? shows the shortcuts window, Ctrl+Shift+P the 插件
dialog. Written once for both languages (T)."""
import subprocess

import pyatspi

from harness import Scenario, StepFailed, T, all_nodes, name_of
from scenarios import login_with_fill


def key(name):
    subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True)


def visible(node):
    try:
        return node is not None and node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def menu_is_open(app):
    """Whether the primary menu (a GtkPopoverMenu: role "menu") is open. GTK 4.8 does not say
    "showing" for what a popover holds: the popover's own visible state tells."""
    return any(visible(node) for node in all_nodes(app.root(), "menu"))


def menu_items(app):
    """The primary menu's items, by name."""
    return {name_of(node): node for node in all_nodes(app.root(), "menu item")}


def texts_under(node):
    """Every label's text under `node` (a menu item shows its accelerator in one)."""
    return [name_of(label) for label in all_nodes(node, "label")] + [name_of(node)]


# The commands the menu lists on the goods list, with the accelerator GTK shows beside each
# (None: no accelerator). GTK writes accelerators the same in every language here (C.UTF-8).
COMMANDS = [("刷新", "F5"), ("注销", None), ("插件", "Shift+Ctrl+P"), ("关于 GoodsDesk", None),
            ("键盘快捷键", "Ctrl+?"), ("关闭窗口", "Ctrl+W"), ("退出", "Ctrl+Q")]


def f10_opens_the_menu_and_escape_closes_it(app):
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("focus the list", lambda: app.wait_for("label", "推荐商品"))
    s.step("F10", lambda: key("F10"))
    s.step("menu open", lambda: app.wait_until(lambda: menu_is_open(app) and T("刷新") in menu_items(app), 10,
                                               "F10 opens the primary menu, with its 刷新 menu item"))

    def every_command():
        items = menu_items(app)
        missing = [T(name) for name, _ in COMMANDS if T(name) not in items]
        if missing:
            raise StepFailed(f"the menu lists {missing} as menu items; it shows {sorted(n for n in items if n)}")
        # AT-SPI shows an item's accelerator as a label inside it, where GTK exposes one.
        exposed = any(len(texts_under(items[T(name)])) > 1 for name, _ in COMMANDS)
        for name, accelerator in COMMANDS:
            texts = texts_under(items[T(name)])
            if exposed and accelerator is not None and not any(text and accelerator in text for text in texts):
                raise StepFailed(f"{T(name)} shows its accelerator {accelerator}; it shows {texts}")
        sensitive = [T(name) for name in ("刷新", "注销") if items[T(name)].getState().contains(pyatspi.STATE_SENSITIVE)]
        if len(sensitive) != 2:
            raise StepFailed(f"刷新 and 注销 enabled on the goods list; enabled: {sensitive}")
    s.step("every command", every_command)
    s.step("Escape", lambda: key("Escape"))
    s.step("menu closed", lambda: app.wait_until(lambda: not menu_is_open(app), 10, "Escape closes the menu"))
    s.step("window still there", lambda: app.wait_for("label", "推荐商品", expect="the goods list after closing the menu"))


def ctrl_q_quits_cleanly(app):
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("Ctrl+Q", lambda: key("ctrl+q"))
    # The runner's check then fails the scenario on an exit status other than 0 or a CRITICAL.
    s.step("quit", lambda: app.wait_exit(15))


def ctrl_question_shows_the_shortcuts(app):
    s = Scenario(app)
    s.step("Ctrl+?", lambda: key("ctrl+question"))
    s.step("shortcuts window", lambda: app.wait_for("frame", "键盘快捷键", expect="Ctrl+? opens the 键盘快捷键 window"))
    s.step("lists quit", lambda: app.wait_until(lambda: T("退出") in app.labels() and T("刷新") in app.labels(), 10,
                                                f"the shortcuts window lists 退出 and 刷新; labels: {app.labels()}"))
    s.step("Escape", lambda: key("Escape"))
    s.step("closed", lambda: app.wait_until(lambda: not visible(app.find("frame", "键盘快捷键")), 10, "Escape closes it"))
    s.step("from the menu", lambda: app.choose("键盘快捷键"))
    s.step("shortcuts again", lambda: app.wait_for("frame", "键盘快捷键", expect="the menu's 键盘快捷键 opens it too"))


def ctrl_shift_p_shows_the_plugins(app):
    s = Scenario(app)
    s.step("Ctrl+Shift+P", lambda: key("ctrl+shift+p"))
    s.step("dialog", lambda: app.wait_for("frame", "插件", expect="Ctrl+Shift+P opens the 插件 dialog"))
    s.step("close", lambda: key("Escape"))
    s.step("closed", lambda: app.wait_until(lambda: app.find("frame", "插件") is None, 10, "the dialog closes on Escape"))


SCENARIOS = [
    ("26-f10-menu", f10_opens_the_menu_and_escape_closes_it),
    ("27-ctrl-q-quits", ctrl_q_quits_cleanly),
    ("28-shortcuts-window", ctrl_question_shows_the_shortcuts),
    ("29-ctrl-shift-p-plugins", ctrl_shift_p_shows_the_plugins),
]
