"""The end-to-end scenarios: what a person sees, each from a fresh home."""
import os
import subprocess
import time

import pyatspi

from atspi import find

from harness import App, Scenario, StepFailed, T, all_nodes, name_of

PHONE, CODE = "13874389438", "5858"


# The like toggles' names (the checks' contract): 收藏… while not liked, 已收藏… while liked,
# with the count.
LIKE, LIKED = "收藏，{0} 人收藏", "已收藏，{0} 人收藏"


def says_liked(name):
    """Whether a like toggle's name says liked (已收藏…)."""
    return bool(name) and name.startswith(T(LIKED).split("{0}")[0])


def says_not_liked(name):
    """Whether a like toggle's name says not liked (收藏…)."""
    return bool(name) and name.startswith(T(LIKE).split("{0}")[0])


def says_count(name, template):
    """Whether `name` is `template` (LIKE or LIKED) with a count filled in."""
    head, _, tail = T(template).partition("{0}")
    return bool(name) and name.startswith(head) and name.endswith(tail) and name[len(head):len(name) - len(tail)].isdigit()


def like_toggles(app, liked=None):
    """The like toggles on screen (rows and detail page): all, or only the liked (True) or not
    liked (False) ones. GTK 4.8 has no toggle-button role: a GtkToggleButton is a "push button"
    with the pressed state (ARIA's toggle button); later GTKs say "toggle button"."""
    found = [n for n in all_nodes(app.root(), "push button") + all_nodes(app.root(), "toggle button")
             if says_liked(name_of(n)) or says_not_liked(name_of(n))]
    if liked is None:
        return found
    return [n for n in found if (says_liked if liked else says_not_liked)(name_of(n))]


def is_pressed(node):
    """Whether a toggle is exposed as pressed in (GTK 4.8 says pressed, later ones checked)."""
    try:
        states = node.getState()
        return states.contains(pyatspi.STATE_PRESSED) or states.contains(pyatspi.STATE_CHECKED)
    except Exception:
        return False


def login_with_fill(app, s):
    s.step("fill", lambda: app.press("push button", "填充"))
    s.step("login enabled", lambda: app.wait_for("push button", "登录", condition=lambda n: n.getState().contains(pyatspi.STATE_SENSITIVE),
                                                   expect="登录 enabled after 填充"))
    s.step("log in", lambda: app.press("push button", "登录"))
    # The goods page (its title, 首页): its 推荐商品 header shows only above rows (issue #15), so
    # not over page 1's spinner or an error page.
    s.step("goods list", lambda: app.wait_for("frame", "首页", expect="the goods page 首页 after logging in"))


def first_start(app):
    s = Scenario(app)
    s.step("login window", lambda: app.wait_for("frame", "登录"))
    s.step("login disabled", lambda: app.wait_until(lambda: not app.sensitive("push button", "登录"), 5, "登录 disabled at first"))
    s.step("type phone", lambda: app.type_into("手机号", PHONE))
    s.step("still disabled", lambda: app.wait_until(lambda: not app.sensitive("push button", "登录"), 5, "登录 disabled with only a phone"))
    s.step("type code", lambda: app.type_into("验证码", CODE))
    s.step("enabled", lambda: app.wait_until(lambda: app.sensitive("push button", "登录"), 5, "登录 enabled with phone and code"))


def fill_enables_login(app):
    s = Scenario(app)
    s.step("fill", lambda: app.press("push button", "填充"))
    s.step("enabled", lambda: app.wait_until(lambda: app.sensitive("push button", "登录"), 5, "登录 enabled after 填充"))


def wrong_input_shows_toasts(app):
    s = Scenario(app)
    s.step("wrong phone", lambda: (app.type_into("手机号", "123"), app.type_into("验证码", CODE)))
    s.step("submit", lambda: app.press("push button", "登录"))
    s.step("phone toast", lambda: app.wait_for("label", "请输入正确的手机号码", expect="toast 请输入正确的手机号码"))
    s.step("short code", lambda: (app.type_into("手机号", PHONE), app.type_into("验证码", "585")))
    s.step("submit again", lambda: app.press("push button", "登录"))
    s.step("code toast", lambda: app.wait_for("label", "验证码错误", expect="toast 验证码错误"))
    s.step("still usable", lambda: app.wait_until(lambda: app.sensitive("push button", "登录") and app.find("frame", "登录"), 5,
                                                    "the login window stays usable"))


def slow(latency_ms):
    """Runs a scenario with a longer simulated latency (to see what shows while waiting)."""
    def mark(scenario):
        scenario.latency_ms = latency_ms
        return scenario
    return mark


def environment(variables):
    """Runs a scenario's app with these environment variables (on top of the harness's own)."""
    def mark(scenario):
        scenario.env = variables
        return scenario
    return mark


def wait_logging_in(app):
    """Waits until 登录 shows the login running: busy (with its 登录中… label) and still
    sensitive, with no window-wide Loading... HUD."""
    app.wait_for("push button", "登录", timeout=5, condition=lambda n: n.getState().contains(pyatspi.STATE_BUSY),
                 expect="登录 busy while logging in")
    app.wait_for("label", "登录中…", timeout=5, expect="登录中… in the button while logging in")
    if app.find("label", "Loading...") is not None:
        raise StepFailed("the window-wide Loading... HUD shows while logging in")


def has_focus(node):
    """Whether `node` or a node inside it (an entry's text) has the keyboard focus."""
    try:
        if node.getState().contains(pyatspi.STATE_FOCUSED):
            return True
        return any(child is not None and has_focus(child) for child in node)
    except Exception:
        return False


def focused(app, role, name):
    node = app.find(role, name)
    return node is not None and has_focus(node)


@slow(1500)
def login_busy_keeps_focus(app):
    """Logging in is busy on 登录 alone: the page stays usable and keeps its focus, and after a
    failed login the focus is in the field to fix (the phone for a bad number, the code for a
    wrong code)."""
    s = Scenario(app)

    def submit():
        app.press("push button", "登录")

    s.step("phone focused at first", lambda: app.wait_until(lambda: focused(app, "text", "手机号"), 5,
                                                              "the focus in the empty 手机号 at first"))
    s.step("short code", lambda: (app.type_into("手机号", PHONE), app.type_into("验证码", "585")))
    s.step("submit", submit)
    s.step("code focused", lambda: app.wait_until(lambda: focused(app, "text", "验证码"), 5,
                                                    "the focus in 验证码 after 验证码错误"))
    s.step("wrong phone", lambda: (app.type_into("手机号", "123"), app.type_into("验证码", CODE)))
    s.step("submit again", submit)
    s.step("phone focused", lambda: app.wait_until(lambda: focused(app, "text", "手机号"), 5,
                                                     "the focus in 手机号 after 请输入正确的手机号码"))
    s.step("valid phone", lambda: app.type_into("手机号", PHONE))
    s.step("log in", submit)
    s.step("logging in", lambda: wait_logging_in(app))

    def usable_while_busy():
        if not focused(app, "text", "手机号"):
            raise StepFailed("the focus left 手机号 while logging in")
        for name in ("手机号", "验证码", "登录"):
            role = "push button" if name == "登录" else "text"
            if not app.sensitive(role, name):
                raise StepFailed(f"{T(name)} insensitive while logging in")
    s.step("usable while busy", usable_while_busy)
    s.step("goods list", lambda: app.wait_for("label", "推荐商品", expect="the goods list 推荐商品"))


@slow(1500)
def valid_login_shows_goods(app):
    s = Scenario(app)
    s.step("fill", lambda: app.press("push button", "填充"))
    s.step("login enabled", lambda: app.wait_until(lambda: app.sensitive("push button", "登录"), 5, "登录 enabled after 填充"))
    s.step("log in", lambda: app.press("push button", "登录"))
    s.step("logging in", lambda: wait_logging_in(app))
    s.step("goods list", lambda: app.wait_for("label", "推荐商品", expect="the goods list 推荐商品"))

    def rows_and_banners():
        def enough():
            lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == T("推荐商品")]
            if not lists:
                return False
            titles = [name_of(item) for item in all_nodes(lists[0], "panel") if name_of(item)]
            return len(set(titles)) >= 2 and len(lists[0].childCount and titles) >= 2
        app.wait_until(enough, 15, "rows named by their titles in the 推荐商品 list")
        app.wait_for("push button", "广告", expect="the banner carousel")
        app.wait_for("push button", T("第%u个广告").replace("%u", "1"), expect="banner dots")
    s.step("rows and banners", rows_and_banners)


def like_and_unlike_persist(app):
    s = Scenario(app)
    login_with_fill(app, s)

    def press_first(liked=None):
        """Presses the first like toggle (liked or not, if given); False while there is none.
        Rows can be rebound between reading the tree and acting: the wait simply tries again."""
        buttons = like_toggles(app, liked)
        if not buttons:
            return False
        buttons[0].queryAction().doAction(0)
        return True

    def like_first():
        app.wait_until(press_first, 15, "a like button on the rows")
    s.step("like", like_first)
    s.step("liked toast", lambda: app.wait_for("label", "收藏商品成功", expect="toast 收藏商品成功"))
    s.step("pressed in", lambda: app.wait_until(
        lambda: any(is_pressed(b) and says_count(name_of(b), LIKED) for b in like_toggles(app, True)), 10,
        f"a pressed-in like toggle named {T(LIKED, 'N')!r}"))

    def unlike_first():
        app.wait_until(lambda: press_first(True), 10, "a liked row (已收藏…) to unlike")
    s.step("unlike", unlike_first)
    s.step("unliked toast", lambda: app.wait_for("label", "取消收藏商品", expect="toast 取消收藏商品"))

    def like_again():
        app.wait_until(lambda: like_toggles(app) and all(says_not_liked(name_of(b)) and not is_pressed(b) for b in like_toggles(app)), 10,
                       "no row liked (收藏…, not pressed) after unliking")
        app.wait_until(press_first, 10, "a like button to press again")
        app.wait_for("label", "收藏商品成功", expect="toast 收藏商品成功 again")
    s.step("like again", like_again)

    def restart_keeps_like():
        # The goods list comes back by itself after the restart (the screens are kept).
        app.stop()
        app.start(frame="首页")
        app.wait_until(lambda: bool(like_toggles(app, True)), 15, "the like survived a restart (已收藏…)")
    s.step("restart", restart_keeps_like)


def press_last(app, role, name):
    """Presses the first widget with `role` and `name` in the app's last window (a dialog, after
    the window it belongs to); False if there is none."""
    root = app.root()
    if root.childCount < 2:
        return False
    node = find(root.getChildAtIndex(root.childCount - 1), role, T(name))
    if node is None:
        return False
    node.queryAction().doAction(0)
    return True


def logout_returns_to_login(app):
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("menu", lambda: app.press("push button", "菜单"))
    s.step("logout", lambda: app.press("push button", "注销"))
    s.step("confirmation", lambda: app.wait_for("label", "确定要注销当前用户吗?", expect="the 确定要注销当前用户吗? confirmation"))
    # The dialog's destructive button says what it does (注销); the menu's 注销 is the first match.
    s.step("confirm", lambda: app.wait_until(lambda: press_last(app, "push button", "注销"), 10, "the dialog's 注销 button"))
    s.step("login again", lambda: app.wait_for("push button", "填充", expect="back on the login window"))


def restart_restores_phone_and_avatar(app):
    s = Scenario(app)
    login_with_fill(app, s)
    # Without the screens the last run kept, the next start shows the login.
    s.step("restart", lambda: (app.stop(), app.forget_screens(), app.start()))
    # Entries' text does not read back over AT-SPI on GTK 4.8: the restored phone shows as the
    # known account's avatar, which only a restored, valid, known number brings.
    s.step("avatar shown", lambda: app.wait_until(lambda: avatar_is_picture(app), 10,
                                                  "the known account's avatar (not the placeholder)"))
    s.step("code empty, login disabled", lambda: app.wait_until(lambda: not app.sensitive("push button", "登录"), 5,
                                                                "登录 disabled: the code is never restored"))


def avatar_is_picture(app):
    """The avatar shows a picture, not the placeholder (its accessible description says which)."""
    node = app.find("image", "头像")
    return node is not None and node.description == T("图片")


def corrupt_database_is_rebuilt(app):
    s = Scenario(app)
    database = os.path.join(app.home, "data", "goodsdesk", "goodsdesk.sqlite")

    def corrupt():
        app.stop()
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(database + suffix) and suffix:
                os.remove(database + suffix)
        with open(database, "wb") as file:
            file.write(b"this is not a database " * 400)
        open(app.log_path, "w").close()
        # The login again, not the list the last run kept: this is about the rebuild.
        app.forget_screens()
    s.step("corrupt", corrupt)
    s.step("start", lambda: app.start())
    s.step("one clear line", lambda: check_rebuild_log(app))
    login_with_fill(app, s)


def check_rebuild_log(app):
    with open(app.log_path) as file:
        lines = [line for line in file if "rebuilding it from the data set" in line]
    if len(lines) != 1:
        raise StepFailed(f"exactly one log line saying the database is rebuilt, found {len(lines)}")


def dataset_titles():
    """The data set's titles in order (what the list must show, each exactly once)."""
    import json
    folder = os.path.join(os.path.dirname(__file__), "..", "..", "data", "dataset", "pages")
    pages = sorted((int(name[5:-5]), name) for name in os.listdir(folder) if name.startswith("page-"))
    titles = []
    for _, name in pages:
        with open(os.path.join(folder, name)) as file:
            titles += [item["title"] for item in json.load(file)["data"]]
    return titles


def row_titles(app):
    """Titles of the rows the list has realized, in list order."""
    lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == T("推荐商品")]
    if not lists:
        return []
    rows = []
    for index in range(lists[0].childCount):
        item = lists[0].getChildAtIndex(index)
        # A row's panel carries the item's title as its accessible name.
        name = name_of(item) or (name_of(item.getChildAtIndex(0)) if item.childCount else "")
        if name:
            rows.append(name)
    return rows


def key(name):
    subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True)


def merge(collected, window):
    """Appends `window` to `collected`, skipping the longest overlap between them."""
    for overlap in range(min(len(collected), len(window)), -1, -1):
        if overlap == 0 or collected[-overlap:] == window[:overlap]:
            return collected + window[overlap:]
    return collected + window


def goods_list(app):
    lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == T("推荐商品")]
    if not lists:
        raise StepFailed("the 推荐商品 list")
    return lists[0]


def footer_of(goods):
    """The footer label below the list (found once; its name follows the footer state): the last
    label beside the list's nearest ancestor that has labels."""
    node = goods.parent
    while node is not None:
        labels = [child for child in (node.getChildAtIndex(i) for i in range(node.childCount))
                  if child.getRoleName() == "label"]
        if labels:
            return labels[-1]
        node = node.parent
    raise StepFailed("a footer label below the list")


def footer_node(goods, role, name):
    """The footer below the list `goods` if it shows a `role` named `name` (translated), else
    None: a child of one of the list's ancestors (the footer is a label, 正在加载更多的数据... or
    已经到底了, or the 点击或上拉加载更多 button, whichever shows; read from the list up, not the
    whole tree, which holds hundreds of rows)."""
    node = goods.parent
    while node is not None:
        try:
            for index in range(node.childCount):
                child = node.getChildAtIndex(index)
                if (child.getRoleName() == role and child.name == T(name)
                        and child.getState().contains(pyatspi.STATE_VISIBLE)):
                    return child
        except Exception:
            return None
        node = node.parent
    return None


def footer_shows(goods, role, name):
    """Whether the footer below the list `goods` shows a `role` named `name` (see footer_node)."""
    return footer_node(goods, role, name) is not None


def scrolling_loads_every_page(app):
    s = Scenario(app)
    login_with_fill(app, s)
    expected = dataset_titles()

    def scroll_to_the_end():
        app.wait_until(lambda: row_titles(app), 15, "rows in the list")
        deadline = time.time() + 180
        # The footer is a label (正在加载更多的数据..., 已经到底了) or the 点击或上拉加载更多 button,
        # so it is looked for by its last text each time, not found once.
        goods = goods_list(app)
        while not footer_shows(goods, "label", "已经到底了"):
            if time.time() > deadline:
                raise StepFailed("已经到底了 in the footer after scrolling to the end of every page")
            key("End")
            time.sleep(0.1)
    s.step("scroll to the end", scroll_to_the_end)

    def every_row_once_in_order():
        # The list exposes a window of a couple of hundred rows around the focus, in order:
        # read it at the top and at the end; the two windows must overlap and together be
        # exactly the data set's titles.
        key("Home")
        app.wait_until(lambda: row_titles(app)[:1] == expected[:1], 15, "the first row after Home")
        collected = row_titles(app)
        key("End")
        app.wait_until(lambda: row_titles(app)[-1:] == expected[-1:], 15, "the last row after End")
        window = row_titles(app)
        overlap = max((k for k in range(1, min(len(collected), len(window)) + 1) if collected[-k:] == window[:k]), default=0)
        if overlap == 0 and collected + window != expected:
            raise StepFailed(f"overlapping windows of rows; the top one ends {collected[-1:]} and the end one starts {window[:1]}")
        collected = collected + window[overlap:]
        if collected != expected:
            first = next((i for i, (a, b) in enumerate(zip(collected, expected)) if a != b), min(len(collected), len(expected)))
            raise StepFailed(f"the {len(expected)} titles of the data set, in order, each once; found {len(collected)}, "
                             f"first difference at row {first + 1}: {collected[first:first + 2]} vs {expected[first:first + 2]}")
    s.step("every row once", every_row_once_in_order)


def close_window(app):
    """Clicks the window's own close button (GTK's window controls, named in GTK's catalogue)."""
    import gettext
    names = {"Close", gettext.translation("gtk40", languages=[T.language], fallback=True).gettext("Close")}
    buttons = [b for b in all_nodes(app.root(), "push button") if name_of(b) in names]
    if not buttons:
        raise StepFailed(f"the window's close button (one of {sorted(names)})")
    buttons[0].queryAction().doAction(0)


@slow(1500)
def closing_mid_work_ends_cleanly(app):
    """Closing the window while a login, a page or a like is under way quits the app at once and
    cleanly: no critical (the harness runs it with G_DEBUG=fatal-criticals), exit status 0."""
    s = Scenario(app)

    def close_and_quit():
        close_window(app)
        app.wait_exit()
        app.check_clean_exits()

    s.step("fill", lambda: app.press("push button", "填充"))
    s.step("login enabled", lambda: app.wait_until(lambda: app.sensitive("push button", "登录"), 5, "登录 enabled after 填充"))
    s.step("log in", lambda: app.press("push button", "登录"))
    s.step("logging in", lambda: wait_logging_in(app))
    s.step("close mid-login", close_and_quit)

    s.step("start again", app.start)
    login_with_fill(app, s)
    s.step("page loading", lambda: app.wait_for("label", "正在加载更多的数据...", timeout=5,
                                                expect="the footer's 正在加载更多的数据... while page 1 loads"))
    s.step("close mid-page-load", close_and_quit)

    # The login again, not the list the last run kept: this is about closing mid-work.
    s.step("start again for a like", lambda: (app.forget_screens(), app.start()))
    login_with_fill(app, s)

    def like_first_row():
        def press():
            buttons = like_toggles(app, False)
            if not buttons:
                return False
            buttons[0].queryAction().doAction(0)
            return True
        app.wait_until(press, 15, "a like button on the rows")
    s.step("like", like_first_row)
    s.step("close mid-like", close_and_quit)


def data_held_by_another_instance_opens_read_only(app):
    """Another GoodsDesk (on any D-Bus session) holds the data folder: this one opens it
    read-only and says so in the window, and rebuilds nothing."""
    import fcntl
    s = Scenario(app)
    database = os.path.join(app.home, "data", "goodsdesk", "goodsdesk.sqlite")
    held = {}

    def hold():
        app.stop()
        before = os.stat(database)
        held["lock"] = open(database + ".lock", "a+")
        fcntl.flock(held["lock"], fcntl.LOCK_EX | fcntl.LOCK_NB)
        held["before"] = (before.st_ino, before.st_size, before.st_mtime_ns)
    s.step("another holds the data", hold)
    s.step("start", app.start)
    s.step("says it is read-only", lambda: app.wait_for(
        "label", "另一个 GoodsDesk 正在使用这些数据：本窗口只能查看，收藏不会保存。",
        expect="the read-only notice in the window"))
    login_with_fill(app, s)

    def untouched():
        after = os.stat(database)
        if (after.st_ino, after.st_size, after.st_mtime_ns) != held["before"]:
            raise StepFailed("the database held by the other instance was changed")
        held["lock"].close()
    s.step("its file untouched", untouched)


# Mean luminance (0 black … 1 white) of the whole window: Adwaita's dark window background is
# #242424 (0.14) and its light one #fafafa (0.98); text moves it a little either way. The goods
# list's pictures (the banner, the rows' strips) are light in both styles, so its dark bound is
# looser (measured: 0.38 dark, light well above 0.7).
DARK_AT_MOST, LIGHT_AT_LEAST = 0.3, 0.7
GOODS_DARK_AT_MOST = 0.5


def luminance_between(app, label, low, high, expect):
    """The window's mean luminance, asserted to lie in [low, high]."""
    mean = app.window_luminance(label)
    assert low <= mean <= high, f"{expect}: mean luminance {mean:.3f}, not within {low}…{high}"
    return mean


@environment({"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"})
def dark_style_follows_the_system(app):
    """Adwaita's style manager follows the colour scheme asked for (here by libadwaita's debug
    variable, as a desktop's dark preference would): the login window and the goods list are
    dark. Then, restarted with no preference, the same window is light: the styles differ."""
    s = Scenario(app)
    means = {}
    s.step("login window", lambda: app.wait_for("frame", "登录"))
    s.step("login dark", lambda: means.update(dark=luminance_between(
        app, "login-dark", 0.0, DARK_AT_MOST, "the login window is dark under prefer-dark")))
    login_with_fill(app, s)
    s.step("first page", lambda: app.wait_until(lambda: row_titles(app), 15, "the first page of goods"))
    s.step("goods dark", lambda: luminance_between(
        app, "goods-dark", 0.0, GOODS_DARK_AT_MOST, "the goods list is dark under prefer-dark"))
    app.extra_env = {"ADW_DEBUG_COLOR_SCHEME": "prefer-light"}
    s.step("restart light", lambda: (app.stop(), app.forget_screens(), app.start()))
    s.step("login light", lambda: means.update(light=luminance_between(
        app, "login-light", LIGHT_AT_LEAST, 1.0, "the login window is light with a light preference")))
    login_with_fill(app, s)
    s.step("first page again", lambda: app.wait_until(lambda: row_titles(app), 15, "the first page of goods"))
    s.step("goods light", lambda: luminance_between(
        app, "goods-light", LIGHT_AT_LEAST, 1.0, "the goods list is light with a light preference"))
    s.step("styles differ", lambda: styles_differ(means["dark"], means["light"]))


def styles_differ(dark, light):
    """The light login window is much brighter than the dark one (their text contrasts either way)."""
    assert light - dark >= 0.5, f"light ({light:.3f}) and dark ({dark:.3f}) login windows differ by less than 0.5"
def focused_row(app):
    """Which realized row (0, 1, …) holds the keyboard focus, itself or in one of its
    widgets, and the focused node's role; (None, role) when the focus is outside the rows."""
    lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == T("推荐商品")]
    if not lists:
        return None, None
    for index in range(lists[0].childCount):
        try:
            for node in all_nodes(lists[0].getChildAtIndex(index)):
                if node.getState().contains(pyatspi.STATE_FOCUSED):
                    return index, node.getRoleName()
        except Exception:
            continue
    return None, None


def tab_moves_between_rows(app):
    """Tab from the first row reaches the second row: nothing in a row (its picture strip
    least of all) keeps the focus, and the pictures never take it."""
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: len(row_titles(app)) >= 2, 15, "two rows in the 推荐商品 list"))
    s.step("first row focused", lambda: (key("Home"), app.wait_until(lambda: focused_row(app)[0] == 0, 5,
                                                                      "the first row focused after Home")))

    def rows_read_well():
        lists = [n for n in all_nodes(app.root(), "list") if name_of(n) == T("推荐商品")]
        item = lists[0].getChildAtIndex(0)
        panel = item.getChildAtIndex(0)
        title = name_of(panel)
        if not title or name_of(item) != title:
            raise StepFailed(f"the first list item is named {name_of(item)!r}, its panel {title!r}: both should be the title")
        seller = T("卖家 {0}").split("{0}")[0].strip()
        if seller.lower() not in (panel.description or "").lower():
            raise StepFailed(f"the row's description {panel.description!r} names no seller ({seller!r})")
        announced = [n.getRoleName() for n in all_nodes(item) if n.getRoleName() in ("image", "icon")]
        if announced:
            raise StepFailed(f"decorative pictures are announced in a row: {announced}")
    s.step("rows read well", rows_read_well)

    def press_and_follow(keys, before):
        """Presses `keys` and returns where the focus went, once it has moved (2 s at most)."""
        key(keys)
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and focused_row(app) == before:
            time.sleep(0.05)
        return focused_row(app)

    def tab_to_the_second_row():
        seen = []
        for _ in range(6):
            row, role = press_and_follow("Tab", seen[-1] if seen else focused_row(app))
            seen.append((row, role))
            if role in ("image", "icon", "scroll pane"):
                raise StepFailed(f"Tab stopped on a row's {role}: {seen}")
            if row == 1:
                return
            if row not in (0, None):
                raise StepFailed(f"Tab skipped the second row: {seen}")
        raise StepFailed(f"six Tabs from the first row never reached the second: {seen}")
    s.step("tab to the second row", tab_to_the_second_row)

    def shift_tab_back():
        where = focused_row(app)
        for _ in range(6):
            where = press_and_follow("shift+Tab", where)
            if where[0] == 0:
                return
        raise StepFailed("six Shift+Tabs from the second row never reached the first")
    s.step("shift+tab back", shift_tab_back)


SCENARIOS = [
    ("1-first-start", first_start),
    ("2-fill", fill_enables_login),
    ("3-wrong-input", wrong_input_shows_toasts),
    ("4-valid-login", valid_login_shows_goods),
    ("5-scroll-to-the-end", scrolling_loads_every_page),
    ("6-like-unlike", like_and_unlike_persist),
    ("7-logout", logout_returns_to_login),
    ("8-restart-restores", restart_restores_phone_and_avatar),
    ("9-corrupt-database", corrupt_database_is_rebuilt),
    ("15-close-mid-work", closing_mid_work_ends_cleanly),
    ("16-data-held-elsewhere", data_held_by_another_instance_opens_read_only),
    ("18-dark-style", dark_style_follows_the_system),
    ("19-tab-between-rows", tab_moves_between_rows),


    ("20-login-busy-keeps-focus", login_busy_keeps_focus),
]
