"""The screens come back after a restart (issue #23 item 1): the goods list of the account that
was logged in, its search query with the results, and the item open beside it — after a clean
quit and after `kill -9` — and, when the item's page has no plugin any more, the list with one
toast saying so."""
import subprocess

import pyatspi

from harness import Scenario, T
from scenarios_search import known_title, result_item, result_titles, rows_then_query
from scenarios_shell import pane_shows, window_size

MISSING = "没有插件提供此页面（{0}）"


def click(item):
    """Clicks a list item on its title, below the seller's and above the place's buttons (the
    list activates rows on a single click)."""
    extents = item.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = extents.x + extents.width // 2, extents.y + extents.height * 2 // 3
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)


@window_size(1280, 900)
def screens_come_back_after_a_restart(app):
    s = Scenario(app)
    title = known_title()
    query = title[:3]
    rows_then_query(app, s, query, title)
    s.step("open the result", lambda: app.wait_until(
        lambda: result_item(app, title) is not None and (click(result_item(app, title)) or True), 10, f"the result {title!r}"))
    s.step("detail beside the results", lambda: app.wait_until(lambda: pane_shows(app, title), 10,
                                                               f"the detail pane showing {title!r}"))

    def restored(how):
        s.step(f"query back ({how})", lambda: app.wait_until(lambda: title in result_titles(app), 15,
                                                              f"the results for {query!r} again, with {title!r}"))
        s.step(f"item back ({how})", lambda: app.wait_until(lambda: pane_shows(app, title), 15,
                                                             f"the detail pane showing {title!r} again"))

    s.step("quit and start again", lambda: (app.stop(), app.start(frame="商品详情")))
    restored("after quitting")
    s.step("kill -9 and start again", lambda: (app.kill(), app.start(frame="商品详情")))
    restored("after kill -9")

    # The detail page's plugin is gone at the next start: the list and its results come back,
    # and one toast says why the item did not.
    app.arguments = []
    s.step("start without the plugin", lambda: (app.stop(), app.start(frame="首页")))
    s.step("results without the item", lambda: app.wait_until(lambda: title in result_titles(app), 15,
                                                               f"the results for {query!r}, the item's page gone"))
    s.step("one toast", lambda: app.wait_for("label", T(MISSING, "goods.detail"),
                                             expect="a toast saying no plugin provides goods.detail"))
    s.step("no detail", lambda: app.wait_until(lambda: not pane_shows(app, title), 5, "no detail page for the item"))


SCENARIOS = [
    ("66-screens-come-back", screens_come_back_after_a_restart),
]
