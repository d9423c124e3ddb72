"""Takes the README's screenshots from the real app: python3 screenshots.py FOLDER KIND.

KIND narrow: the login window, the goods list and the detail page (the goods-detail plugin), one
pane at a time; wide: the list and the detail page side by side, then search results, the first
item's comments beside the list and a banner's page (the web plugin); dark: the list and detail
page in the dark style."""
import subprocess
import sys
import time

from atspi import press, screenshot, wait_for

folder, kind = sys.argv[1], sys.argv[2]


def key(name):
    subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True)


wait_for("push button", "填充")
press("push button", "填充")
time.sleep(0.5)  # let the avatar and the enabled button draw before the picture
if kind == "narrow":
    screenshot(f"{folder}/login.png")
press("push button", "登录")
wait_for("label", "推荐商品")
time.sleep(1.5)  # the first page arrives after the simulated latency
if kind == "narrow":
    screenshot(f"{folder}/goods.png")
key("Home")
key("Return")
wait_for("label", "商品详情")
time.sleep(1.0)  # the detail page's pictures
screenshot(f"{folder}/{'detail' if kind == 'narrow' else kind}.png")

if kind == "wide":
    import json
    import os

    from atspi import application, editable

    def node_named(node, name, roles):
        """The first descendant of `node` named `name` with one of `roles`, or None."""
        try:
            if node.name == name and node.getRoleName() in roles:
                return node
            for index in range(node.childCount):
                found = node_named(node.getChildAtIndex(index), name, roles)
                if found is not None:
                    return found
        except Exception:
            return None
        return None

    # The search: a two-character query, its matches highlighted in the titles.
    search = node_named(application(), "输入你要找的宝贝", ("entry", "text", "search box"))
    editable(search).setTextContents("罗技")
    wait_for("list", "搜索结果")
    time.sleep(1.5)  # the results' pictures
    screenshot(f"{folder}/search.png")
    editable(search).setTextContents("")
    wait_for("label", "推荐商品")
    # The first item's comments (its reply button shows the count), beside the list.
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "data", "dataset", "pages", "page-1.json")) as file:
        first = json.load(file)["data"][0]
    press("push button", f"留言 {first['messages']}")
    wait_for("label", f"商品{first['id']}的评论列表")
    time.sleep(1.5)  # the comments arrive after the simulated latency, then their avatars
    screenshot(f"{folder}/comments.png")
    # The banner's page, in the web plugin.
    press("push button", "广告")
    wait_for("push button", "关闭")
    time.sleep(2.0)  # WebKit lays the page out
    screenshot(f"{folder}/web.png")
