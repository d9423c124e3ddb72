"""The goods page as a GNOME page (issue #14, s4-goods): the banners' buttons, the error status
page with 重试 for a failing data source, and a like busy while it is stored."""
import json
import os
import sqlite3

import pyatspi

from harness import Scenario, StepFailed, T, all_nodes, name_of
from scenarios import key, like_toggles, login_with_fill, row_titles, slow

DATASET = os.path.join(os.path.dirname(__file__), "..", "..", "data", "dataset")


def banner_titles():
    """The data set's banner titles in display order (what the carousel's pages say)."""
    with open(os.path.join(DATASET, "banners.json")) as file:
        banners = json.load(file)
    return [banner["title"] for banner in sorted(banners, key=lambda b: (b["displayOrder"], b["id"]))]


def dot_name(number):
    return T("第%u个广告").replace("%u", str(number))


def has_state(node, state):
    try:
        return node.getState().contains(state)
    except Exception:
        return False


def banners_move_by_their_buttons(app):
    """The banner shown is the push button 广告 (its title as its description); 第N个广告
    buttons move between them, the shown one's selected; 第2个广告 shows the second banner."""
    s = Scenario(app)
    login_with_fill(app, s)
    titles = banner_titles()
    s.step("banner button", lambda: app.wait_for("push button", "广告", expect="the banner carousel as a push button 广告"))
    s.step("dots", lambda: [app.wait_for("push button", dot_name(n), expect=f"a push button {dot_name(n)!r}")
                            for n in range(1, len(titles) + 1)])
    s.step("first shown", lambda: app.wait_until(
        lambda: app.find("push button", "广告").description == titles[0]
        and has_state(app.find("push button", dot_name(1)), pyatspi.STATE_SELECTED), 10,
        f"the first banner ({titles[0]!r}) shown, its button selected"))
    s.step("press the second", lambda: app.press("push button", dot_name(2)))

    def second_shown():
        banner = app.find("push button", "广告")
        return (banner is not None and banner.description == titles[1]
                and has_state(app.find("push button", dot_name(2)), pyatspi.STATE_SELECTED)
                and not has_state(app.find("push button", dot_name(1)), pyatspi.STATE_SELECTED))
    # Within 4 s: the 5 s auto-advance would show the second banner by itself only later.
    s.step("second shown", lambda: app.wait_until(second_shown, 4,
                                                   f"the second banner ({titles[1]!r}) shown after 第2个广告, only its button selected"))
    def shown(title):
        banner = app.find("push button", "广告")
        return banner is not None and banner.description == title
    def focus_the_banner():
        """Shift+Tab from the list, as a keyboard user reaches the banner (GTK 4.8 has no
        accessible grab-focus)."""
        for _ in range(12):
            key("shift+Tab")
            try:
                return app.wait_until(lambda: has_state(app.find("push button", "广告"), pyatspi.STATE_FOCUSED), 0.5, "")
            except StepFailed:
                continue
        raise StepFailed("Shift+Tab never reached the banner 广告")
    s.step("focus the banner", focus_the_banner)
    def moves_by(keys, offset):
        """`keys` on the focused banner shows the banner `offset` places on (wrapping round)."""
        before = titles.index(app.find("push button", "广告").description)
        wanted = titles[(before + offset) % len(titles)]
        key(keys)
        # Read at once: the 5 s auto-advance must not be what moved it.
        app.wait_until(lambda: shown(wanted), 2, f"{keys} on the banner shows {wanted!r}")
    s.step("Left", lambda: moves_by("Left", -1))
    s.step("Right", lambda: moves_by("Right", 1))
    s.step("pages titled", lambda: app.wait_until(
        lambda: set(titles) <= {name_of(n) for n in all_nodes(app.find("push button", "广告"), "image")}, 5,
        "each carousel page named by its banner's title"))


def database(app):
    return os.path.join(app.home, "data", "goodsdesk", "goodsdesk.sqlite")


def rename_column(app, old, new):
    """Damages (or mends) the store behind the app's back: page reads need images.location."""
    connection = sqlite3.connect(database(app), timeout=10)
    try:
        connection.execute(f"ALTER TABLE images RENAME COLUMN {old} TO {new}")
        connection.commit()
    finally:
        connection.close()


def a_failing_data_source_shows_an_error_page_with_retry(app):
    """The first page cannot be read (the store's images table is damaged): an error status
    page with 重试 in place of the list; once the store is mended, 重试 shows the rows."""
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: len(row_titles(app)) >= 2, 15, "rows before the damage"))

    def damage_and_restart():
        app.stop()
        rename_column(app, "location", "location_gone")
        app.forget_screens()
        app.start()
    s.step("damage", damage_and_restart)
    login_with_fill(app, s)
    s.step("error page", lambda: app.wait_for("label", "无法加载商品", expect="the error status page 无法加载商品"))
    s.step("retry offered", lambda: app.wait_for("push button", "重试", expect="a 重试 button on the error page"))
    if row_titles(app):
        raise StepFailed(f"rows show beside the error page: {row_titles(app)}")
    s.step("mend", lambda: rename_column(app, "location_gone", "location"))
    s.step("retry", lambda: app.press("push button", "重试"))
    s.step("rows again", lambda: app.wait_until(lambda: len(row_titles(app)) >= 2, 15, "rows after 重试"))
    s.step("error page gone", lambda: app.wait_until(lambda: app.find("label", "无法加载商品") is None, 5,
                                                     "no error page once the rows show"))


# Long enough that a walk of the accessible tree (over a second in a debug build) cannot miss it.
@slow(4000)
def a_like_is_busy_while_stored(app):
    """A like toggle is busy (and takes no second press) while the like is stored, then says
    已收藏…; its name starts with 收藏 meanwhile (the contract)."""
    s = Scenario(app)
    login_with_fill(app, s)
    s.step("rows", lambda: app.wait_until(lambda: bool(like_toggles(app, False)), 20, "a like toggle (收藏…)"))
    pressed = {}

    def press():
        toggle = like_toggles(app, False)[0]
        pressed["name"] = name_of(toggle)
        toggle.queryAction().doAction(0)
    s.step("press", press)

    def busy():
        for toggle in like_toggles(app):
            if has_state(toggle, pyatspi.STATE_BUSY) and not has_state(toggle, pyatspi.STATE_SENSITIVE):
                if not name_of(toggle).startswith(T("收藏，{0} 人收藏").split("{0}")[0]):
                    raise StepFailed(f"a busy like toggle named {name_of(toggle)!r}")
                return True
        return False
    s.step("busy", lambda: app.wait_until(busy, 5, "the pressed like toggle busy and insensitive while the like is stored"))
    s.step("liked", lambda: app.wait_for("label", "收藏商品成功", timeout=10, expect="toast 收藏商品成功"))
    s.step("not busy", lambda: app.wait_until(
        lambda: like_toggles(app, True) and not any(has_state(t, pyatspi.STATE_BUSY) for t in like_toggles(app)), 10,
        "no like toggle busy once the like is stored"))


SCENARIOS = [
    ("30-banners-by-buttons", banners_move_by_their_buttons),
    ("31-error-page-retry", a_failing_data_source_shows_an_error_page_with_retry),
    ("32-like-busy", a_like_is_busy_while_stored),
]
