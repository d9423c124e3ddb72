"""The goods list's chrome as the original demo's (issue #15, s5-list): 回到顶部 over the rows
after a screen of scrolling, MJRefresh's footer (点击或上拉加载更多 as a button, 正在加载更多的数据...
while a page loads, 已经到底了 on the last page), and the 推荐商品 header and the banners hidden
until they have something to show."""
import time

import pyatspi

from harness import Scenario, StepFailed, T, name_of
from scenarios import dataset_titles, footer_node, footer_shows, goods_list, key, login_with_fill, row_titles, slow


def showing(node):
    try:
        return node is not None and node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def top_button(app):
    """回到顶部, if it shows."""
    node = app.find("push button", "回到顶部")
    return node if showing(node) else None


def page_down_until_top_button(app):
    """Page Down in the list until 回到顶部 shows (one screen scrolled), 20 s at most."""
    deadline = time.time() + 20
    while top_button(app) is None:
        if time.time() > deadline:
            raise StepFailed("回到顶部 (a push button) after scrolling down more than a screen with Page Down")
        key("Page_Down")
        time.sleep(0.2)


def row_on_screen(app, title):
    """Whether the row titled `title` lies inside the list's visible extents."""
    goods = goods_list(app)
    for index in range(goods.childCount):
        item = goods.getChildAtIndex(index)
        name = name_of(item) or (name_of(item.getChildAtIndex(0)) if item.childCount else "")
        if name != title:
            continue
        row = item.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        view = goods.parent.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return row.height > 0 and view.y - 1 <= row.y < view.y + view.height
    return False


def rows_shown(app, s):
    expected = dataset_titles()
    s.step("rows", lambda: app.wait_until(lambda: row_titles(app)[:1] == expected[:1], 15, f"the first row {expected[0]!r}"))
    return expected


def scroll_to_top_after_a_screen(app):
    """No 回到顶部 at the top; Page Down past a screen shows it; pressing it brings the first row
    back on screen and hides it again."""
    s = Scenario(app)
    login_with_fill(app, s)
    expected = rows_shown(app, s)
    s.step("first row on screen", lambda: app.wait_until(lambda: row_on_screen(app, expected[0]), 10,
                                                          f"the first row {expected[0]!r} on screen at the top"))
    s.step("no button at the top", lambda: app.wait_until(lambda: top_button(app) is None, 5,
                                                           "no 回到顶部 before any scrolling"))

    s.step("scroll down", lambda: page_down_until_top_button(app))
    s.step("first row gone", lambda: app.wait_until(lambda: not row_on_screen(app, expected[0]), 5,
                                                     f"the first row {expected[0]!r} scrolled off screen"))
    s.step("press 回到顶部", lambda: app.press("push button", "回到顶部"))
    s.step("first row back", lambda: app.wait_until(lambda: row_on_screen(app, expected[0]), 10,
                                                     f"the first row {expected[0]!r} back on screen after 回到顶部"))
    s.step("button hides", lambda: app.wait_until(lambda: top_button(app) is None, 5, "回到顶部 hidden back at the top"))


def footer_button_loads_the_next_page(app):
    """With more pages, the footer is the push button 点击或上拉加载更多; pressing it loads page 2
    (its first title appears) and the button is back for page 3."""
    s = Scenario(app)
    login_with_fill(app, s)
    expected = rows_shown(app, s)
    more = "点击或上拉加载更多"
    s.step("footer button", lambda: app.wait_until(lambda: footer_shows(goods_list(app), "push button", more), 10,
                                                    f"the footer's push button {T(more)!r} under page 1"))
    s.step("press it", lambda: app.press("push button", more))
    s.step("page 2", lambda: app.wait_until(lambda: expected[20] in row_titles(app), 10,
                                             f"page 2's first row {expected[20]!r} after pressing {T(more)!r}"))
    s.step("button again", lambda: app.wait_until(lambda: footer_shows(goods_list(app), "push button", more), 10,
                                                   f"{T(more)!r} again: page 3 remains"))
    s.step("not at the end", lambda: app.wait_until(lambda: not footer_shows(goods_list(app), "label", "已经到底了"), 2,
                                                     "no 已经到底了 before the last page"))


def footer_says_the_end(app):
    """Pressing 点击或上拉加载更多 page after page ends with the label 已经到底了 and no button."""
    s = Scenario(app)
    login_with_fill(app, s)
    expected = rows_shown(app, s)
    more = "点击或上拉加载更多"

    def press_to_the_end():
        deadline = time.time() + 120
        goods = goods_list(app)  # found once: the whole tree holds hundreds of rows
        while not footer_shows(goods, "label", "已经到底了"):
            if time.time() > deadline:
                raise StepFailed(f"已经到底了 after pressing {T(more)!r} for every page")
            node = footer_node(goods, "push button", more)
            if node is not None:
                node.queryAction().doAction(0)
            time.sleep(0.2)
    s.step("press to the end", press_to_the_end)
    s.step("no button at the end", lambda: app.wait_until(lambda: not footer_shows(goods_list(app), "push button", more), 5,
                                                          f"no {T(more)!r} once the last page came"))
    s.step("to the last row", lambda: key("End"))
    s.step("last row", lambda: app.wait_until(lambda: row_titles(app)[-1:] == expected[-1:], 10,
                                               f"the data set's last row {expected[-1]!r} last in the list"))


@slow(2500)
def header_and_banners_wait_for_content(app):
    """While page 1 and the banners load, neither the 推荐商品 header nor a banner band shows (the
    footer says 正在加载更多的数据...); both show once they came."""
    s = Scenario(app)
    s.step("fill", lambda: app.press("push button", "填充"))
    s.step("login enabled", lambda: app.wait_until(lambda: app.sensitive("push button", "登录"), 5, "登录 enabled after 填充"))
    s.step("log in", lambda: app.press("push button", "登录"))
    s.step("page loading", lambda: app.wait_for("label", "正在加载更多的数据...", timeout=10,
                                                expect="the footer's 正在加载更多的数据... while page 1 loads"))

    def nothing_yet():
        header = app.find("label", "推荐商品")
        banner = app.find("push button", "广告")
        if showing(header):
            raise StepFailed("no 推荐商品 header while page 1 loads")
        if showing(banner):
            raise StepFailed("no banner band (广告) before the banners came")
        return True
    s.step("no header, no banners", nothing_yet)
    s.step("header", lambda: app.wait_for("label", "推荐商品", timeout=15, expect="推荐商品 above the rows once they came"))
    s.step("banners", lambda: app.wait_for("push button", "广告", timeout=15, expect="the banners (广告) once they came"))


def focused_row(app):
    """The title of the list's row that has the keyboard focus (itself or a widget in it), or None."""
    goods = goods_list(app)
    for index in range(goods.childCount):
        item = goods.getChildAtIndex(index)
        try:
            focused = any(node.getState().contains(pyatspi.STATE_FOCUSED) for node in [item] + [
                item.getChildAtIndex(k) for k in range(item.childCount)])
        except Exception:
            continue
        if focused:
            return name_of(item) or (name_of(item.getChildAtIndex(0)) if item.childCount else "")
    return None


def home_key_hides_scroll_to_top(app):
    """A keyboard user (Tab cycles through the rows' own buttons, so 回到顶部 is the pointer's and
    the screen reader's way): Page Down until 回到顶部 shows, then Home brings the first row back,
    focused, and 回到顶部 hides, as after pressing it."""
    s = Scenario(app)
    login_with_fill(app, s)
    expected = rows_shown(app, s)

    s.step("scroll down", lambda: page_down_until_top_button(app))
    s.step("home", lambda: key("Home"))
    s.step("first row back", lambda: app.wait_until(lambda: row_on_screen(app, expected[0]), 10,
                                                     f"the first row {expected[0]!r} on screen after Home"))
    s.step("focus on the first row", lambda: app.wait_until(lambda: focused_row(app) == expected[0], 5,
                                                             f"the focus on the first row {expected[0]!r}"))
    s.step("button hides", lambda: app.wait_until(lambda: top_button(app) is None, 5, "回到顶部 hidden at the top"))


SCENARIOS = [
    ("40-scroll-to-top", scroll_to_top_after_a_screen),
    ("41-footer-button-loads-more", footer_button_loads_the_next_page),
    ("42-footer-says-the-end", footer_says_the_end),
    ("43-header-and-banners-wait", header_and_banners_wait_for_content),
    ("44-home-hides-scroll-to-top", home_key_hides_scroll_to_top),
]
