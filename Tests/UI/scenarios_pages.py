"""The row's pages as the original demo's (issue #15, s5-pages): a row's avatar and nickname open a
page titled with the nickname, its place a page titled with the place, its reply button (the message
count, even 0) the comment list 商品N的评论列表; a comment added there shows, and the row's count is
one higher when back. The same three from the detail page."""
import json
import os
import subprocess

import pyatspi

from atspi import find
from harness import Scenario, StepFailed, T, all_nodes, name_of
from scenarios import dataset_titles, key, login_with_fill, row_titles
from scenarios_shell import window_size


def first_item():
    """The data set's first goods item, as its page file has it."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "data", "dataset", "pages", "page-1.json")
    with open(path, encoding="utf-8") as file:
        return json.load(file)["data"][0]


def showing(node):
    try:
        return node is not None and node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def rows_shown(app, s):
    expected = dataset_titles()
    s.step("rows", lambda: app.wait_until(lambda: row_titles(app)[:1] == expected[:1], 15, f"the first row {expected[0]!r}"))


def title_is(app, title):
    """The window is titled `title` (already in this run's language) and no detail page opened."""
    return app.find("frame", title) is not None


def reply_name(count):
    return T("留言 {0}", count)


def comments_title(goods_id):
    return T("商品{0}的评论列表", goods_id)


def click(node):
    """A real click at the centre of `node` (the window is at the screen's corner: Xvfb, no window
    manager), so the list sees it too: a button in a row must take it alone."""
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2), "click", "1"], check=True)


def no_detail_page(app):
    if app.find("frame", "商品详情") is not None:
        raise StepFailed("the row's button must not also open the detail page (商品详情)")
    return True


def go_back(app):
    """返回 when it shows (a narrow window), else Escape (closes what stands beside the list)."""
    back = app.find("push button", "返回")
    if showing(back):
        app.press("push button", "返回")
    else:
        key("Escape")


def seller_opens_a_page_titled_with_the_nickname(app):
    s = Scenario(app)
    item = first_item()
    login_with_fill(app, s)
    rows_shown(app, s)
    s.step("click the seller", lambda: click(app.wait_for("push button", item["nickName"],
                                                          expect=f"the first row's seller button {item['nickName']!r}")))
    s.step("seller page", lambda: app.wait_until(lambda: title_is(app, item["nickName"]), 10,
                                                 f"a page titled with the nickname {item['nickName']!r}"))
    s.step("row not activated", lambda: no_detail_page(app))
    s.step("the seller's goods", lambda: app.wait_until(
        lambda: any(name_of(n) == item["nickName"] for n in all_nodes(app.root(), "list")), 10,
        f"the seller page's list named {item['nickName']!r}"))


def place_opens_a_page_titled_with_the_place(app):
    s = Scenario(app)
    item = first_item()
    place = item["locationAreaName"]
    login_with_fill(app, s)
    rows_shown(app, s)
    s.step("click the place", lambda: click(app.wait_for("push button", place, expect=f"the first row's place button {place!r}")))
    s.step("place page", lambda: app.wait_until(lambda: title_is(app, place), 10, f"a page titled with the place {place!r}"))
    s.step("row not activated", lambda: no_detail_page(app))


def open_comments_from_the_row(app, s, item):
    count = int(item["messages"])
    s.step("reply button", lambda: app.wait_for("push button", reply_name(count),
                                                expect=f"the first row's reply button {reply_name(count)!r} (even for 0)"))
    s.step("click reply", lambda: click(app.find("push button", reply_name(count))))
    s.step("comments page", lambda: app.wait_until(lambda: title_is(app, comments_title(item["id"])), 10,
                                                   f"the comment list {comments_title(item['id'])!r}"))
    s.step("row not activated", lambda: no_detail_page(app))


def comments(app):
    return [name_of(n) for n in all_nodes(app.root(), "list item") if name_of(n)]


@window_size(1280, 900)
def reply_opens_the_comment_list(app):
    """On a wide window: the comment list beside the rows."""
    s = Scenario(app)
    item = first_item()
    login_with_fill(app, s)
    rows_shown(app, s)
    open_comments_from_the_row(app, s, item)
    expected = [T("{0}：{1}", c["nickName"], c["text"]) for c in item.get("comments", [])]
    if expected:
        s.step("its comments", lambda: app.wait_until(lambda: set(expected) <= set(comments(app)), 10,
                                                      f"the data set's comments {expected[:2]!r}…"))
    else:
        s.step("empty status", lambda: app.wait_for("label", "还没有留言", expect="还没有留言 for an item without comments"))


def send_comment(app, s, text, by_enter=False):
    s.step("type", lambda: app.type_into("写留言", text))
    if by_enter:
        s.step("enter", lambda: (app.wait_until(lambda: app.sensitive("push button", "发送"), 5, "发送 enabled by the draft"),
                                  key("Return")))
    else:
        s.step("send", lambda: (app.wait_until(lambda: app.sensitive("push button", "发送"), 5, "发送 enabled by the draft"),
                                 app.press("push button", "发送")))
    s.step("shown", lambda: app.wait_until(lambda: any(name.endswith(text) for name in comments(app)), 10,
                                           f"the comment {text!r} in the list after sending"))


def adding_a_comment_raises_the_rows_count(app):
    s = Scenario(app)
    item = first_item()
    count = int(item["messages"])
    login_with_fill(app, s)
    rows_shown(app, s)
    open_comments_from_the_row(app, s, item)
    send_comment(app, s, "还能便宜点吗？")
    s.step("back", lambda: go_back(app))
    s.step("count + 1", lambda: app.wait_for("push button", reply_name(count + 1),
                                             expect=f"the row's reply button {reply_name(count + 1)!r} after one comment"))


def open_detail(app, s, title):
    s.step("open the first row", lambda: (key("Home"), key("Return")))
    s.step("detail page", lambda: app.wait_for("frame", "商品详情", expect="the detail page 商品详情 after Enter on the first row"))


def detail_pane(app):
    nodes = [n for n in all_nodes(app.root(), "panel") if name_of(n) == T("商品详情") and showing(n)]
    if not nodes:
        raise StepFailed("the detail page (a panel named 商品详情)")
    return nodes[0]


def press_in_detail(app, name):
    node = find(detail_pane(app), "push button", name)
    if node is None:
        raise StepFailed(f"a push button {name!r} on the detail page")
    node.queryAction().doAction(0)


@window_size(420, 720)
def detail_opens_seller_and_place(app):
    s = Scenario(app)
    item = first_item()
    login_with_fill(app, s)
    rows_shown(app, s)
    open_detail(app, s, item["title"])
    s.step("seller", lambda: press_in_detail(app, item["nickName"]))
    s.step("seller page", lambda: app.wait_until(lambda: title_is(app, item["nickName"]), 10,
                                                 f"the detail page's seller opens {item['nickName']!r}"))
    s.step("back", lambda: go_back(app))
    s.step("detail again", lambda: app.wait_for("frame", "商品详情", expect="back on the detail page"))
    s.step("place", lambda: press_in_detail(app, item["locationAreaName"]))
    s.step("place page", lambda: app.wait_until(lambda: title_is(app, item["locationAreaName"]), 10,
                                                f"the detail page's place opens {item['locationAreaName']!r}"))


@window_size(1280, 900)
def detail_comment_raises_both_counts(app):
    s = Scenario(app)
    item = first_item()
    count = int(item["messages"])
    login_with_fill(app, s)
    rows_shown(app, s)
    open_detail(app, s, item["title"])
    s.step("reply", lambda: press_in_detail(app, reply_name(count)))
    s.step("comments page", lambda: app.wait_until(lambda: title_is(app, comments_title(item["id"])), 10,
                                                   f"the detail page's reply opens {comments_title(item['id'])!r}"))
    send_comment(app, s, "今天可以自提吗", by_enter=True)
    s.step("back", lambda: go_back(app))
    s.step("detail count + 1", lambda: app.wait_until(lambda: find(detail_pane(app), "push button", reply_name(count + 1)) is not None,
                                                      10, f"the detail page's {reply_name(count + 1)!r}"))
    s.step("row count + 1", lambda: app.wait_for("push button", reply_name(count + 1), showing=False,
                                                 expect=f"the row's reply button {reply_name(count + 1)!r} too"))


def named_list(app, name):
    lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == name and showing(n)]
    if not lists:
        raise StepFailed(f"a list named {name!r}")
    return lists[0]


def seller_pages_rows_are_the_lists_rows(app):
    """The seller page's rows are the goods list's: the first (the seller's newest, the data set's
    first item) has the same reply button, which opens its comment list."""
    s = Scenario(app)
    item = first_item()
    count = int(item["messages"])
    login_with_fill(app, s)
    rows_shown(app, s)
    s.step("seller", lambda: app.press("push button", item["nickName"]))
    s.step("seller page", lambda: app.wait_until(lambda: title_is(app, item["nickName"]), 10,
                                                 f"a page titled with the nickname {item['nickName']!r}"))
    s.step("its row's reply", lambda: app.wait_until(
        lambda: find(named_list(app, item["nickName"]), "push button", reply_name(count)) is not None, 10,
        f"the seller page's first row with the reply button {reply_name(count)!r}"))
    s.step("press it", lambda: find(named_list(app, item["nickName"]), "push button", reply_name(count)).queryAction().doAction(0))
    s.step("comments page", lambda: app.wait_until(lambda: title_is(app, comments_title(item["id"])), 10,
                                                   f"the comment list {comments_title(item['id'])!r} from the seller page"))


SCENARIOS = [
    ("55-seller-page", seller_opens_a_page_titled_with_the_nickname),
    ("56-place-page", place_opens_a_page_titled_with_the_place),
    ("57-comments-page", reply_opens_the_comment_list),
    ("58-add-comment", adding_a_comment_raises_the_rows_count),
    ("59-detail-seller-place", detail_opens_seller_and_place),
    ("60-detail-comment", detail_comment_raises_both_counts),
    ("61-seller-page-rows", seller_pages_rows_are_the_lists_rows),
]
