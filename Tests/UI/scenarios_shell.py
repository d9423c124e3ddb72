"""UI scenarios for the window shell (issue #14): the two-pane layout of a wide window, back by
keyboard on a narrow one, and the 注销 confirmation (libadwaita's message dialog)."""
import json
import os
import subprocess

import pyatspi

from atspi import find
from harness import Scenario, StepFailed, T, all_nodes, name_of
from plugin_scenarios import DATASET, examples
from scenarios import key, login_with_fill, row_titles


def titles(count):
    with open(os.path.join(DATASET, "pages", "page-1.json")) as file:
        return [item["title"] for item in json.load(file)["data"][:count]]


def window_size(width, height):
    """Runs the scenario's app with a window of width × height (the size GSettings remembers,
    written into the throw-away home's keyfile before the start) and the example plugins."""
    def arguments(app):
        # GSETTINGS_BACKEND=keyfile's file, and the app's own when GSettings has no backend.
        for folder, name in (("glib-2.0/settings", "keyfile"), ("goodsdesk", "settings.ini")):
            os.makedirs(os.path.join(app.home, "config", folder), exist_ok=True)
            with open(os.path.join(app.home, "config", folder, name), "w") as file:
                file.write(f"[io/github/goodsdesk/GoodsDesk]\nwindow-width={width}\nwindow-height={height}\n")
        return examples(app)

    def mark(scenario):
        scenario.arguments = arguments
        return scenario
    return mark


def showing(node):
    """Whether `node` is shown (GTK 4.8 sets VISIBLE, rarely SHOWING; a leaflet's folded-away
    pane stays VISIBLE: compare extents for that)."""
    try:
        return node is not None and node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return box.x, box.y, box.width, box.height


def side_by_side(app):
    """The 推荐商品 list and the detail pane both on screen, the pane to the right of the list."""
    lst, pane = goods_list(app), detail_pane(app)
    if lst is None or pane is None:
        return False
    (lx, _, lw, lh), (px, _, pw, ph) = extents(lst), extents(pane)
    return lw > 100 and lh > 100 and pw > 100 and ph > 100 and lx + lw <= px + 2


def detail_pane(app):
    """The detail pane or page (a panel named 商品详情), if it shows."""
    nodes = [n for n in all_nodes(app.root(), "panel") if name_of(n) == T("商品详情") and showing(n)]
    return nodes[0] if nodes else None


def pane_shows(app, title):
    pane = detail_pane(app)
    return pane is not None and find(pane, "label", title) is not None


def goods_list(app):
    lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == T("推荐商品")]
    return lists[0] if lists else None


def click_row(app, index):
    """Clicks the list's row `index` (the list activates rows on a single click), at the centre
    of its extents: the window is at the screen's corner (Xvfb, no window manager)."""
    item = goods_list(app).getChildAtIndex(index)
    extents = item.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = extents.x + extents.width // 2, extents.y + min(extents.height // 2, 40)
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)


@window_size(1280, 900)
def two_panes_on_a_wide_window(app):
    s = Scenario(app)
    first, second = titles(2)
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: row_titles(app)[:2] == [first, second], 15, f"the rows {first!r}, {second!r}"))
    s.step("placeholder", lambda: app.wait_for("label", "选择一件商品",
                                               expect="the empty detail pane says 选择一件商品 beside the list"))
    s.step("open the first row", lambda: (key("Home"), key("Return")))
    s.step("detail beside the list", lambda: app.wait_until(
        lambda: pane_shows(app, first) and side_by_side(app), 10,
        f"the detail pane 商品详情 showing {first!r} while the 推荐商品 list still shows"))
    s.step("no back button", lambda: app.wait_until(lambda: app.find("push button", "返回") is None, 5,
                                                    "no back button beside the list: nothing to go back to in this fold"))
    s.step("refresh reachable", lambda: app.wait_until(lambda: showing(app.find("push button", "刷新")), 5,
                                                       "the list's 刷新 still in reach while the detail shows"))
    s.step("select the second row", lambda: click_row(app, 1))
    s.step("detail replaced", lambda: app.wait_until(
        lambda: pane_shows(app, second) and not pane_shows(app, first) and side_by_side(app), 10,
        f"the detail pane now shows {second!r} (not {first!r}), the list still beside it"))
    s.step("escape", lambda: key("Escape"))
    s.step("placeholder again", lambda: app.wait_until(
        lambda: not pane_shows(app, second) and app.find("label", "选择一件商品") is not None, 10,
        "Escape closes the detail beside the list: 选择一件商品 again"))


def open_first_detail(app, s, title):
    s.step("open the first row", lambda: (key("Home"), key("Return")))
    s.step("detail page", lambda: app.wait_for("frame", "商品详情", expect="the window titled 商品详情 after Enter on a row"))
    s.step("its title", lambda: app.wait_until(lambda: pane_shows(app, title), 10, f"the detail page shows {title!r}"))


@window_size(420, 720)
def back_by_keyboard_on_a_narrow_window(app):
    s = Scenario(app)
    first = titles(1)[0]
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: row_titles(app)[:1] == [first], 15, f"the first row {first!r}"))
    for keys in ("Escape", "alt+Left", "BackSpace"):
        open_first_detail(app, s, first)
        s.step(f"back by {keys}", lambda keys=keys: key(keys))
        s.step(f"list after {keys}", lambda keys=keys: app.wait_until(
            lambda: app.find("frame", "首页") is not None and goods_list(app) is not None and detail_pane(app) is None, 10,
            f"{keys} goes back from the detail page to the list (首页)"))


def logout_dialog(app):
    """The open confirmation: the toplevel (not the main window) that asks 确定要注销当前用户吗?."""
    root = app.root()
    for index in range(root.childCount):
        window = root.getChildAtIndex(index)
        if find(window, "label", T("确定要注销当前用户吗?")) is not None:
            return window
    return None


def ask_to_log_out(app, s):
    s.step("menu", lambda: app.press("push button", "菜单"))

    def choose_logout():
        def press():
            for role in ("push button", "menu item"):
                for node in all_nodes(app.root(), role):
                    if name_of(node) == T("注销") and logout_dialog(app) is None:
                        node.queryAction().doAction(0)
                        return True
            return False
        app.wait_until(press, 10, "the menu's 注销")
    s.step("注销 in the menu", choose_logout)
    s.step("dialog", lambda: app.wait_until(lambda: logout_dialog(app) is not None, 10, "the 确定要注销当前用户吗? dialog"))


def dialog_button(app, name):
    dialog = logout_dialog(app)
    return find(dialog, "push button", T(name)) if dialog is not None else None


def the_logout_dialog_names_its_action(app):
    s = Scenario(app)
    login_with_fill(app, s)
    ask_to_log_out(app, s)
    s.step("heading", lambda: app.wait_until(lambda: find(logout_dialog(app), "label", T("注销？")) is not None, 5,
                                             "the dialog is headed 注销？"))
    s.step("buttons", lambda: app.wait_until(
        lambda: dialog_button(app, "注销") is not None and dialog_button(app, "取消") is not None
        and dialog_button(app, "确定") is None, 5, "the dialog's buttons are 取消 and 注销 (not 确定)"))
    s.step("cancel", lambda: dialog_button(app, "取消").queryAction().doAction(0))
    s.step("still logged in", lambda: app.wait_until(
        lambda: logout_dialog(app) is None and goods_list(app) is not None and app.find("push button", "填充") is None, 10,
        "取消 closes the dialog and stays on the goods list"))
    ask_to_log_out(app, s)
    s.step("log out", lambda: dialog_button(app, "注销").queryAction().doAction(0))
    s.step("login again", lambda: app.wait_for("push button", "填充", expect="注销 returns to the login window"))


SCENARIOS = [
    ("21-two-panes", two_panes_on_a_wide_window),
    ("22-back-by-keyboard", back_by_keyboard_on_a_narrow_window),
    ("23-logout-dialog", the_logout_dialog_names_its_action),
]
