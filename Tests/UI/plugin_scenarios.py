"""UI scenarios for run-time plugins: the example plugins, the README's tutorial and the broken
fixtures are copied into plugin folders inside the scenario's throw-away home and given with
--plugin-dir.

The built plugins come from GOODSDESK_UI_PLUGINS (examples), GOODSDESK_UI_TUTORIAL (the README's
"Your first screen", built by meson-helpers/build-tutorial-plugin.sh) and GOODSDESK_UI_FIXTURES
(one folder per broken fixture), as meson-helpers/run-tests.sh builds them."""
import json
import os
import shutil

import pyatspi

from harness import Scenario, StepFailed, T, all_nodes, name_of
from scenarios import LIKED, is_pressed, key, like_toggles, login_with_fill, row_titles, says_liked

EXAMPLES = os.environ.get("GOODSDESK_UI_PLUGINS", ".build/debug/plugins")
FIXTURES = os.environ.get("GOODSDESK_UI_FIXTURES", ".build/debug/plugin-fixtures")
TUTORIAL = os.environ.get("GOODSDESK_UI_TUTORIAL", ".build/debug/tutorial-plugin")
REFERENCE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "reference-data", "mhdemo")
DATASET = os.path.join(os.path.dirname(__file__), "..", "..", "data", "dataset")


def plugin_folder(app, name, source, modules):
    """A plugin folder `name` in the app's home holding `modules` (library and manifest) from `source`."""
    folder = os.path.join(app.home, "plugins", name)
    if not os.path.isdir(folder):
        os.makedirs(folder, mode=0o755)
        for module in modules:
            for file in (f"lib{module}.so", f"{module}.plugin"):
                path = os.path.join(source, file)
                if not os.path.exists(path):
                    raise StepFailed(f"{path} is missing: build the plugins first (meson-helpers/build-plugins.sh)")
                shutil.copy(path, folder)
    return folder


def examples(app):
    return ["--plugin-dir", os.path.abspath(plugin_folder(app, "examples", EXAMPLES, ["goods-detail", "mhdemo"]))]


def examples_and_broken(app):
    arguments = examples(app)
    for fixture in ("throwing", "no-entry", "duplicate-route"):
        folder = plugin_folder(app, fixture, os.path.join(FIXTURES, fixture), [fixture])
        arguments += ["--plugin-dir", os.path.abspath(folder)]
    return arguments


def tutorial(app):
    return ["--plugin-dir", os.path.abspath(plugin_folder(app, "tutorial", TUTORIAL, ["echo"]))]


def with_arguments(arguments):
    def mark(scenario):
        scenario.arguments = arguments
        return scenario
    return mark


def open_first_row(app, s, title):
    """Opens the first row's detail page with the keyboard (Home, then Enter), as a person would."""
    s.step("rows", lambda: app.wait_until(lambda: row_titles(app)[:1] == [title], 15, f"the first row {title!r}"))
    s.step("open the first row", lambda: (key("Home"), key("Return")))


def first_title():
    with open(os.path.join(DATASET, "pages", "page-1.json")) as file:
        return json.load(file)["data"][0]["title"]


@with_arguments(examples)
def detail_page_opens_from_the_plugin(app):
    detail_page_opens(app)


def detail_page_opens(app):
    """Opens a row's detail page (the goods-detail plugin), likes there, comes back."""
    s = Scenario(app)
    title = first_title()
    login_with_fill(app, s)
    open_first_row(app, s, title)
    s.step("detail page", lambda: app.wait_for("frame", "商品详情", expect="the window titled 商品详情 after Enter on a row"))
    s.step("title shown", lambda: app.wait_for("label", title, expect=f"the item's title {title!r} on the detail page"))
    s.step("large pictures", lambda: app.wait_until(
        lambda: any(node.description == T("图片") for node in all_nodes(app.root(), "image")), 10,
        "the item's pictures (not placeholders) on the detail page"))
    def like_on_the_page():
        def press():
            toggles = like_toggles(app, False)
            if not toggles:
                return False
            toggles[0].queryAction().doAction(0)
            return True
        app.wait_until(press, 10, "the page's like toggle (收藏…)")
    s.step("like", like_on_the_page)
    s.step("liked toast", lambda: app.wait_for("label", "收藏商品成功", expect="toast 收藏商品成功 from the detail page"))
    s.step("button follows", lambda: app.wait_until(
        lambda: any(is_pressed(node) for node in like_toggles(app, True)), 10,
        "the like toggle now says 已收藏… and is pressed in"))
    s.step("back", lambda: app.press("push button", "返回"))
    s.step("list again", lambda: app.wait_for("frame", "首页", expect="back on the list (首页) after 返回"))
    s.step("row liked too", lambda: app.wait_until(
        lambda: any(says_liked(name_of(node)) for node in like_toggles(app)), 10,
        "the row shows the like made on the detail page"))


@with_arguments(examples_and_broken)
def broken_plugins_are_listed_and_the_app_works(app):
    s = Scenario(app)
    s.step("menu", lambda: app.press("push button", "菜单"))
    s.step("plugins", lambda: app.press("push button", "插件"))
    s.step("dialog", lambda: app.wait_for("frame", "插件", expect="the 插件 dialog"))
    expected = [
        T("商品详情"), T("原版演示数据"), T("已加载"),
        T("未加载：{0}", "registration failed: the fixture refuses to register"),
        T("未加载：{0}", "libno-entry.so has no entry point goodsdesk_plugin_entry"),
        T("未加载：{0}", "registration failed: route goods.detail is already registered by io.github.goodsdesk.detail"),
    ]

    def listed():
        labels = app.labels()
        return all(text in labels for text in expected) and any(
            text and text.startswith(T("版本 {0} · {1}", "1.0", "/")) and text.endswith("goods-detail.plugin") for text in labels)

    def every_plugin_listed():
        try:
            app.wait_until(listed, 10, "")
        except StepFailed:
            labels = app.labels()
            raise StepFailed(f"the dialog lists {[t for t in expected if t not in labels]} and the detail plugin's "
                             f"版本 1.0 · …/goods-detail.plugin; it shows {labels}") from None
    s.step("every plugin listed", every_plugin_listed)
    s.step("rows named", lambda: app.wait_for("list item", "商品详情", expect="the 商品详情 row named for screen readers"))
    s.step("close", lambda: key("Escape"))
    s.step("closed", lambda: app.wait_until(lambda: app.find("frame", "插件") is None, 10, "the dialog closes on Escape"))
    s.step("shortcut", lambda: key("ctrl+shift+p"))
    s.step("dialog again", lambda: app.wait_for("frame", "插件", expect="Ctrl+Shift+P opens the 插件 dialog"))
    s.step("close again", lambda: key("Escape"))
    login_with_fill(app, s)
    open_first_row(app, s, first_title())
    s.step("detail still opens", lambda: app.wait_for("frame", "商品详情", expect="the detail page despite the broken plugins"))


@with_arguments(examples)
def a_disabled_plugin_stays_off_after_restart(app):
    s = Scenario(app)
    s.step("menu", lambda: app.press("push button", "菜单"))
    s.step("plugins", lambda: app.press("push button", "插件"))
    s.step("turn off", lambda: app.press("check box", T("启用 {0}", T("商品详情"))))
    s.step("next start", lambda: app.wait_for("label", "下次启动时停用", expect="下次启动时停用 after turning it off"))
    s.step("close", lambda: key("Escape"))
    s.step("restart", lambda: (app.stop(), app.start()))
    login_with_fill(app, s)
    open_first_row(app, s, first_title())
    s.step("no detail page", lambda: app.wait_for("label", T("没有插件提供此页面（{0}）", "goods.detail"),
                                                  expect="a toast saying no plugin provides goods.detail"))
    s.step("menu", lambda: app.press("push button", "菜单"))
    s.step("plugins", lambda: app.press("push button", "插件"))
    s.step("listed as off", lambda: app.wait_for("label", "已停用", expect="商品详情 listed as 已停用"))
    s.step("turn on", lambda: app.press("check box", T("启用 {0}", T("商品详情"))))
    s.step("on at next start", lambda: app.wait_for("label", "已停用，下次启动时启用"))
    s.step("close", lambda: key("Escape"))
    # The goods list the user left comes back by itself.
    s.step("restart", lambda: (app.stop(), app.start(frame="首页")))
    open_first_row(app, s, first_title())
    s.step("detail again", lambda: app.wait_for("frame", "商品详情", expect="the detail page once the plugin is back on"))


def demo_folder(app):
    """The original demo's files where this machine has them; else our data set under the demo's names."""
    if os.path.isdir(REFERENCE):
        return os.path.abspath(REFERENCE)
    folder = os.path.join(app.home, "mhdemo")
    if not os.path.isdir(folder):
        os.makedirs(folder)
        for name in os.listdir(os.path.join(DATASET, "pages")):
            number = name[len("page-"):-len(".json")]
            shutil.copy(os.path.join(DATASET, "pages", name), os.path.join(folder, f"SUGoodsData_{number}.data"))
        shutil.copy(os.path.join(DATASET, "banners.json"), os.path.join(folder, "SUBannerData.data"))
    return folder


def demo_arguments(app):
    return examples(app) + ["--data-source", f"mhdemo:{demo_folder(app)}"]


@with_arguments(demo_arguments)
def the_demo_data_source_is_browsed(app):
    s = Scenario(app)
    folder = demo_folder(app)
    with open(os.path.join(folder, "SUGoodsData_1.data")) as file:
        titles = [item["title"] for item in json.load(file)["data"]]
    login_with_fill(app, s)
    s.step("demo rows", lambda: app.wait_until(lambda: row_titles(app)[:3] == titles[:3], 20,
                                               f"the demo's first titles {titles[:3]}"))


@with_arguments(tutorial)
def the_tutorials_first_screen_works(app):
    """The README's "Your first screen" plugin, as built from the README: opened from the menu, a
    message typed, counted and sent. Its texts are English and untranslated, so T() passes them
    through and the scenario reads the same in both languages."""
    s = Scenario(app)

    def entry_text():
        node = app.find("text", "Message")
        return node.queryText().getText(0, -1) if node is not None else None

    s.step("menu", lambda: app.press("push button", "菜单"))
    s.step("open", lambda: app.press("push button", "Your first screen"))
    s.step("screen", lambda: app.wait_for("frame", "Your first screen",
                                          expect="the window titled Your first screen after the menu item"))
    s.step("entry", lambda: app.wait_for("text", "Message", expect="the entry named Message"))
    s.step("count at zero", lambda: app.wait_for("label", "0 characters", expect="the count 0 characters at first"))
    s.step("send disabled", lambda: app.wait_until(lambda: app.find("push button", "Send") is not None
                                                   and not app.sensitive("push button", "Send"), 5,
                                                   "Send insensitive while the entry is empty"))
    s.step("type", lambda: app.type_into("Message", "hello"))
    s.step("counted", lambda: app.wait_for("label", "5 characters", expect="the count 5 characters after typing hello"))
    s.step("send enabled", lambda: app.wait_until(lambda: app.sensitive("push button", "Send"), 5,
                                                  "Send sensitive once the entry has text"))
    s.step("send", lambda: app.press("push button", "Send"))

    def busy():
        node = app.find("push button", "Send")
        state = node.getState()
        return state.contains(pyatspi.STATE_BUSY) or not state.contains(pyatspi.STATE_SENSITIVE)
    s.step("sending", lambda: app.wait_until(busy, 1, "Send busy or insensitive while it sends (one second)"))
    s.step("toast", lambda: app.wait_for("label", "Sent: hello", expect="the toast Sent: hello after sending"))
    s.step("entry cleared", lambda: app.wait_until(lambda: entry_text() == "", 5,
                                                   f"the entry empty after sending; it holds {entry_text()!r}"))
    s.step("count again", lambda: app.wait_for("label", "0 characters", expect="the count back to 0 characters"))
    s.step("send disabled again", lambda: app.wait_until(lambda: not app.sensitive("push button", "Send"), 5,
                                                         "Send insensitive again once the entry is cleared"))
    s.step("back", lambda: app.press("push button", "返回"))
    s.step("login again", lambda: app.wait_until(lambda: app.find("push button", "Send") is None
                                                 and app.find("frame", "登录") is not None, 10,
                                                 "back on the login screen (登录), the tutorial's page gone, after 返回"))


PLUGIN_SCENARIOS = [
    ("10-detail-page", detail_page_opens_from_the_plugin),
    ("11-broken-plugins", broken_plugins_are_listed_and_the_app_works),
    ("12-disable-plugin", a_disabled_plugin_stays_off_after_restart),
    ("13-demo-data-source", the_demo_data_source_is_browsed),
]

# The smoke run of an installed GoodsDesk (meson install into a temporary prefix, then moved): it
# loads the example plugins from its prefix, with no --plugin-dir.
INSTALLED_SCENARIOS = [
    ("installed-detail-page-from-the-prefix", detail_page_opens),
]


def one_instance_and_about(app):
    """A second launch raises the running window and leaves; About names the app and version."""
    import subprocess
    import pyatspi
    s = Scenario(app)

    def second_launch():
        second = subprocess.run([app.binary], env=app.environment(), capture_output=True, text=True, timeout=30)
        if second.returncode != 0:
            raise StepFailed(f"the second launch exits with 0; it exited {second.returncode}: {second.stderr}")
        def running():
            desktop = pyatspi.Registry.getDesktop(0)
            nodes = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
            return sum(1 for node in nodes if node is not None and "goodsdesk" in (node.name or ""))
        app.wait_until(lambda: running() == 1, 10, "one goodsdesk on the accessibility bus after a second launch")
    s.step("second launch", second_launch)
    s.step("still there", lambda: app.wait_for("frame", "登录", expect="the first window still there"))
    s.step("menu", lambda: app.press("push button", "菜单"))
    s.step("about", lambda: app.press("push button", "关于 GoodsDesk"))
    s.step("about dialog", lambda: app.wait_for("label", "GoodsDesk", expect="the About dialog naming GoodsDesk"))
    version = subprocess.run([app.binary, "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]
    s.step("version", lambda: app.wait_for("label", version, expect=f"the version {version} in the About dialog"))


PLUGIN_SCENARIOS.append(("14-one-instance-and-about", one_instance_and_about))
PLUGIN_SCENARIOS.append(("17-first-screen", the_tutorials_first_screen_works))
