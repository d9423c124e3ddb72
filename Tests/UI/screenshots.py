"""Takes the README's screenshots from the real app: python3 screenshots.py FOLDER KIND.

KIND narrow: the login window, the goods list and the detail page (the goods-detail plugin), one
pane at a time; wide: the list and the detail page side by side; dark: the same in the dark style."""
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
