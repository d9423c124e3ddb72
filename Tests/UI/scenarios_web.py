"""The in-app web page (issue #15 item 5, s5-web): a banner opens its page in the app when the web
plugin is loaded — the pane titled with the page's <title> (the banner's title, from the data set's
own web/banner-N.html), the progress bar hidden once loaded, 在浏览器中打开 disabled on a local page,
关闭 back to the list — and without the plugin it opens no page in the app (a toast says why).

WebKit runs here under Xvfb as root with the harness's GDK_BACKEND=x11 GSK_RENDERER=cairo and
G_DEBUG=fatal-criticals (it falls back from GL with a warning, no critical); its web processes'
bubblewrap sandbox works as root here. Where bwrap cannot make a namespace, these scenarios — and
only they, never the app — set WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1 (README, "The web plugin")."""
import json
import os
import shutil
import subprocess

import pyatspi

from harness import Scenario, StepFailed, T, all_nodes, name_of
from plugin_scenarios import EXAMPLES, plugin_folder, with_arguments
from scenarios import login_with_fill
from scenarios_goods import DATASET, banner_titles, dot_name, has_state



def webkit_test_env():
    """What WebKit needs in these runs, and only in them (never in the app): its web processes run
    in a bubblewrap sandbox, which needs user namespaces; where bwrap cannot make one (a container
    without the privilege), the sandbox is turned off for the test run. Here, as root with bwrap
    installed, it can, and nothing is set."""
    try:
        sandbox = subprocess.run(["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--unshare-all", "true"],
                                 capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        sandbox = False
    return {} if sandbox else {"WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "1"}


WEBKIT_TEST_ENV = webkit_test_env()


def with_web(app):
    """The detail plugin and the web plugin."""
    return ["--plugin-dir", os.path.abspath(plugin_folder(app, "web", EXAMPLES, ["goods-detail", "web"]))]


def without_web(app):
    """The detail plugin alone (no web page route)."""
    return ["--plugin-dir", os.path.abspath(plugin_folder(app, "detail-only", EXAMPLES, ["goods-detail"]))]


def with_env(env):
    def mark(scenario):
        scenario.env = env
        return scenario
    return mark


def press_banner(app, s):
    """Shows the first banner (第1个广告) and presses the carousel's push button 广告; returns the
    titles it may have shown when pressed (the first, or the second if the 5 s tick came between)."""
    titles = banner_titles()
    s.step("banner", lambda: app.wait_for("push button", "广告", expect="the banner carousel as a push button 广告"))
    s.step("first banner", lambda: (app.press("push button", dot_name(1)), app.wait_until(
        lambda: app.find("push button", "广告").description == titles[0], 5, f"the first banner {titles[0]!r} shown")))
    s.step("press the banner", lambda: app.press("push button", "广告"))
    return titles[:2]


def progress_bars(app):
    return [node for node in all_nodes(app.root(), "progress bar") if name_of(node) == T("加载进度")]


def showing(node):
    return has_state(node, pyatspi.STATE_SHOWING)


@with_env(WEBKIT_TEST_ENV)
@with_arguments(with_web)
def a_banner_opens_its_page_in_the_app(app):
    s = Scenario(app)
    login_with_fill(app, s)
    candidates = press_banner(app, s)
    found = {}

    def titled():
        for title in candidates:
            if app.find("frame", title) is not None:
                found["title"] = title
                return True
        return False
    s.step("page title", lambda: app.wait_until(titled, 30, f"the window titled with the banner's page title, one of {candidates}"))
    s.step("progress hidden", lambda: app.wait_until(
        lambda: not any(showing(bar) for bar in progress_bars(app)), 30,
        "the progress bar 加载进度 hidden once the page has loaded (a hidden bar leaves the accessible tree)"))
    s.step("close and open in browser", lambda: app.wait_for("push button", "关闭", expect="关闭 in the header"))
    s.step("local page stays in the app", lambda: app.wait_until(
        lambda: app.find("push button", "在浏览器中打开") is not None and not app.sensitive("push button", "在浏览器中打开"), 10,
        "在浏览器中打开 disabled on the data set's own page (the desktop gets http/https only)"))
    s.step("close", lambda: app.press("push button", "关闭"))
    s.step("list again", lambda: app.wait_for("frame", "首页", expect="back on the list (首页) after 关闭"))
    s.step("page gone", lambda: app.wait_until(lambda: app.find("frame", found.get("title", "")) is None, 10,
                                                 "the web page closed"))


@with_arguments(without_web)
def without_the_plugin_a_banner_opens_no_page(app):
    s = Scenario(app)
    login_with_fill(app, s)
    press_banner(app, s)
    s.step("toast", lambda: app.wait_for("label", "这个广告的页面需要网页插件才能打开",
                                         expect="a toast: the banner's local page needs the web plugin"))
    s.step("still the list", lambda: app.wait_until(
        lambda: app.find("frame", "首页") is not None and not any(app.find("frame", t) for t in banner_titles()), 5,
        "still on the list, no page titled with a banner"))


OUTSIDE = "../outside.html"


def data_set_with_an_escaping_banner(app):
    """A copy of the data set (its pages and banners) whose first banner links out of its folder,
    to a page that exists there."""
    folder = os.path.join(app.home, "escaping-dataset")
    if not os.path.isdir(folder):
        shutil.copytree(os.path.join(DATASET, "pages"), os.path.join(folder, "pages"))
        shutil.copytree(os.path.join(DATASET, "web"), os.path.join(folder, "web"))
        with open(os.path.join(DATASET, "banners.json")) as file:
            banners = json.load(file)
        first = min(banners, key=lambda b: (b["displayOrder"], b["id"]))
        first["url"] = OUTSIDE
        with open(os.path.join(folder, "banners.json"), "w") as file:
            json.dump(banners, file, ensure_ascii=False)
        with open(os.path.join(app.home, "outside.html"), "w") as file:
            file.write("<!DOCTYPE html><title>outside</title><p>not the data set's</p>")
    return with_web(app) + ["--data-source", f"dataset:{folder}"]


@with_env(WEBKIT_TEST_ENV)
@with_arguments(data_set_with_an_escaping_banner)
def a_banner_leading_out_of_the_data_set_is_refused(app):
    s = Scenario(app)
    login_with_fill(app, s)
    first = press_banner(app, s)[0]
    refusal = T("不能打开“{0}”：只能打开网页（http、https）和数据集自带的页面", OUTSIDE)
    s.step("refused", lambda: app.wait_for("label", refusal, timeout=20,
                                           expect=f"the page says why {OUTSIDE!r} does not load"))
    s.step("titled by the banner", lambda: app.wait_for("frame", first, expect="the pane keeps the banner's title (no page loaded)"))
    s.step("outside never loads", lambda: app.wait_until(lambda: app.find("frame", "outside") is None, 2,
                                                         "the page outside the data set never shows"))
    s.step("close", lambda: app.press("push button", "关闭"))
    s.step("list again", lambda: app.wait_for("frame", "首页", expect="back on the list (首页) after 关闭"))


SCENARIOS = [
    ("62-banner-opens-web-page", a_banner_opens_its_page_in_the_app),
    ("63-banner-without-web-plugin", without_the_plugin_a_banner_opens_no_page),
    ("64-banner-outside-data-set-refused", a_banner_leading_out_of_the_data_set_is_refused),
]
